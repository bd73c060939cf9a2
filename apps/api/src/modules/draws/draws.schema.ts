// Tables of the draws domain: every draw of every game, its state (DESIGN §7), prize pool and result.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const drawsDraws = pgTable(
  'draws_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public id: drw_<gameKey>_<drawNo> (stable across databases, so links and seeds agree). */
    publicId: text('public_id').notNull(),
    gameKey: text('game_key').notNull(),
    drawNo: integer('draw_no').notNull(),
    stopAt: timestamp('stop_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('DRAW_OPEN'),
    /** Estimated jackpot (prize pool) in minor units of the game's currency; null while unknown. */
    jackpotCents: bigint('jackpot_cents', { mode: 'number' }),
    purchaseStatus: text('purchase_status').notNull().default('standard'),
    result: jsonb('result'),
    dividends: jsonb('dividends'),
    resultSource: text('result_source'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draws_draws_public_id_key').on(t.publicId),
    uniqueIndex('draws_draws_game_draw_no_key').on(t.gameKey, t.drawNo),
    // The clock's queries: open draws past their stop time, closed draws past their draw time.
    index('draws_draws_status_stop_idx').on(t.status, t.stopAt),
    index('draws_draws_game_draw_at_idx').on(t.gameKey, t.drawAt),
    check(
      'draws_draws_status_check',
      sql`${t.status} in ('DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED')`,
    ),
    check('draws_draws_purchase_status_check', sql`${t.purchaseStatus} in ('standard', 'pre_order')`),
    check(
      'draws_draws_result_source_check',
      sql`${t.resultSource} is null or ${t.resultSource} in ('simulated', 'import', 'manual')`,
    ),
    check('draws_draws_times_check', sql`${t.stopAt} <= ${t.drawAt}`),
    check('draws_draws_draw_no_check', sql`${t.drawNo} > 0`),
    check('draws_draws_jackpot_check', sql`${t.jackpotCents} is null or ${t.jackpotCents} >= 0`),
    // A drawn draw always carries its result; an undrawn one never does.
    check('draws_draws_result_check', sql`(${t.status} in ('DRAW_OPEN', 'DRAW_CLOSED')) = (${t.result} is null)`),
  ],
);
