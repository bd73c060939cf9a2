// Tables of the orders domain: the ticket lines customers hold in a draw, and the prize each winning line earned.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const ordersTicketLines = pgTable(
  'orders_ticket_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    drawId: text('draw_id').notNull(),
    gameKey: text('game_key').notNull(),
    gameType: text('game_type').notNull(),
    /** The picks per number set, as bought: { numbers: [...], powerball: [...] }. */
    numbers: jsonb('numbers').notNull(),
    /**
     * The engine's bitmask of a single game line (standard, random, strike_standard): its three 32-bit words (main
     * numbers 0-31, main numbers 32-63, bonus set), each stored as a signed int4, so settlement scores a batch
     * without parsing JSON or big integers. Null for entries that play many games (systems, PowerHit, Box 24).
     */
    maskLo: integer('mask_lo'),
    maskHi: integer('mask_hi'),
    maskBonus: integer('mask_bonus'),
    /** Games this line plays (System 10 of Oz Lotto: 120). */
    games: integer('games').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_ticket_lines_public_id_key').on(t.publicId),
    // Settlement walks a draw's lines in id order (keyset pagination).
    index('orders_ticket_lines_draw_id_idx').on(t.drawId, t.id),
    index('orders_ticket_lines_customer_idx').on(t.customerId, t.drawId),
    check('orders_ticket_lines_games_check', sql`${t.games} > 0`),
    check('orders_ticket_lines_mask_check', sql`(${t.maskLo} is null) = (${t.maskHi} is null) and (${t.maskLo} is null) = (${t.maskBonus} is null)`),
  ],
);

export const ordersPrizes = pgTable(
  'orders_prizes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lineId: bigint('line_id', { mode: 'number' })
      .notNull()
      .references(() => ordersTicketLines.id),
    drawId: text('draw_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** The best division the line won (a system entry can win several: see `divisions`). */
    division: integer('division').notNull(),
    /** Winning games per division: { "1": 1, "4": 6 }. */
    divisions: jsonb('divisions').notNull(),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The wallet ledger entry that paid it (null for a prize of no money, e.g. a free entry). */
    ledgerEntryId: text('ledger_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once: a re-run of settlement after a crash cannot record a line's prize twice.
    uniqueIndex('orders_prizes_line_draw_key').on(t.lineId, t.drawId),
    index('orders_prizes_draw_idx').on(t.drawId, t.division),
    index('orders_prizes_customer_idx').on(t.customerId),
    check('orders_prizes_amount_check', sql`${t.prizeCents} >= 0 and ${t.division} > 0`),
  ],
);
