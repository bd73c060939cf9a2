// Tables of the syndicates domain: operator-made syndicates (a set of system tickets for one draw, split into shares)
// and the shares customers bought. A syndicate's tickets are ordinary ticket lines (orders) owned by its public id.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One ticket of a syndicate: its game type, the games it plays (numStandardGames), its numbers and its line id. */
export interface SyndicateTicket {
  gameType: 'system' | 'standard';
  /** System size (numbers picked) or, for a standard multi-game ticket, the games it holds. */
  size: number;
  numStandardGames: number;
  /** One entry per line: the numbers of a system line, or each standard game. */
  lines: { lineId: string; sets: Record<string, number[]> }[];
}

/** A syndicate the shop runs for every draw of a lottery: the schedule creates it for the next draws (docs/syndicates.md). */
export const syndicatesTemplates = pgTable(
  'syndicates_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    offerKey: text('offer_key').notNull(),
    shares: integer('shares').notNull(),
    /** [{ gameType, size }]: `system` size = numbers picked, `standard` size = games. */
    tickets: jsonb('tickets').$type<{ gameType: 'system' | 'standard'; size: number }[]>().notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    /** How many upcoming draws have a syndicate on sale at once. */
    drawsAhead: integer('draws_ahead').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('syndicates_templates_offer_key').on(t.offerKey)],
);

export const syndicatesSyndicates = pgTable(
  'syndicates_syndicates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    /** The lottery (game key = the lottery's product offer key, e.g. oz-lotto). */
    offerKey: text('offer_key').notNull(),
    name: text('name').notNull(),
    /** The draw (draws module's public id) and its number, date and stop, copied at creation. */
    drawId: text('draw_id').notNull(),
    drawNo: integer('draw_no').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    stopAt: timestamp('stop_at', { withTimezone: true }).notNull(),
    size: integer('size').notNull(),
    sold: integer('sold').notNull().default(0),
    ticketsCostCents: bigint('tickets_cost_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    costPerShareCents: bigint('cost_per_share_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    tickets: jsonb('tickets').$type<SyndicateTicket[]>().notNull(),
    /** The template it was made from (the schedule makes one per template and draw), null when made by hand. */
    templateId: bigint('template_id', { mode: 'number' }).references(() => syndicatesTemplates.id),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('syndicates_syndicates_public_id_key').on(t.publicId),
    uniqueIndex('syndicates_syndicates_template_draw_key').on(t.templateId, t.drawId),
    index('syndicates_syndicates_draw_idx').on(t.drawId),
    check('syndicates_syndicates_sold_check', sql`${t.sold} >= 0 and ${t.sold} <= ${t.size}`),
    check('syndicates_syndicates_size_check', sql`${t.size} > 0`),
    check(
      'syndicates_syndicates_price_check',
      sql`${t.costPerShareCents} > 0 and ${t.costPerShareCents} * ${t.size} = ${t.ticketsCostCents} + ${t.feeCents}`,
    ),
  ],
);

/** A purchase of shares: one row per order item (the share page `/my-account/syndicate-tickets/share/:id`). */
export const syndicatesShares = pgTable(
  'syndicates_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    syndicateId: bigint('syndicate_id', { mode: 'number' })
      .notNull()
      .references(() => syndicatesSyndicates.id),
    customerId: text('customer_id').notNull(),
    numShares: integer('num_shares').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    orderId: text('order_id').notNull(),
    checkoutId: text('checkout_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('syndicates_shares_public_id_key').on(t.publicId),
    index('syndicates_shares_customer_idx').on(t.customerId, t.id),
    index('syndicates_shares_syndicate_idx').on(t.syndicateId, t.customerId),
    check('syndicates_shares_num_check', sql`${t.numShares} > 0`),
  ],
);

export type TemplateRow = typeof syndicatesTemplates.$inferSelect;
export type SyndicateRow = typeof syndicatesSyndicates.$inferSelect;
export type ShareRow = typeof syndicatesShares.$inferSelect;
