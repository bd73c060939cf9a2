// Tables of the raffles domain: causes, raffle offers (the catalogue lists them; these rows hold the raffle rules),
// draws with their ticket supply and draw commitment, prizes, sold tickets and winners.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const rafflesCauses = pgTable(
  'raffles_causes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    logo: text('logo'),
    website: text('website'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('raffles_causes_public_id_key').on(t.publicId),
    uniqueIndex('raffles_causes_slug_key').on(t.slug),
    check('raffles_causes_slug_check', sql`${t.slug} ~ '^[a-z0-9-]+$'`),
  ],
);

/** The raffle rules of a catalogue offer of type raffle_ticket (the offer key is the catalogue's key). */
export const rafflesOffers = pgTable(
  'raffles_offers',
  {
    offerKey: text('offer_key').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    /** Slugs of the causes a buyer chooses from (one: no choice). */
    causeSlugs: jsonb('cause_slugs').$type<string[]>().notNull(),
    /** [{ region, permitNumber }] */
    permits: jsonb('permits').$type<{ region: string; permitNumber: string }[]>().notNull(),
    excludedRegions: jsonb('excluded_regions').$type<string[]>().notNull().default([]),
    ticketPriceCents: integer('ticket_price_cents').notNull(),
    /** [{ tickets, priceCents }] ascending by tickets. */
    bundles: jsonb('bundles').$type<{ tickets: number; priceCents: number }[]>().notNull(),
    defaultEntryCount: integer('default_entry_count'),
    /** Recurring raffles: the next draw is created this many days after the last one (null: one-off draws). */
    recurrenceDays: integer('recurrence_days'),
    /** Template of the next recurring draw: cap, sales length and prizes. */
    nextDrawTemplate: jsonb('next_draw_template').$type<NextDrawTemplate | null>(),
  },
  (t) => [
    check('raffles_offers_price_check', sql`${t.ticketPriceCents} > 0`),
    check('raffles_offers_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
  ],
);

export interface PrizeTemplate {
  kind: 'first' | 'secondary' | 'early_bird' | 'bonus';
  name: string;
  description: string;
  cashCents: number | null;
  valueCents: number | null;
  /** Sub-draws: close this many days before the draw's stop. */
  closesDaysBeforeStop?: number;
}
export interface NextDrawTemplate {
  cap: number;
  salesDays: number;
  drawHoursAfterStop: number;
  prizes: PrizeTemplate[];
}

export const rafflesDraws = pgTable(
  'raffles_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    offerKey: text('offer_key')
      .notNull()
      .references(() => rafflesOffers.offerKey),
    drawNo: integer('draw_no').notNull(),
    /** Pre-orders are taken from here until salesOpenAt (null: no pre-order period). */
    preOrderFrom: timestamp('pre_order_from', { withTimezone: true }),
    salesOpenAt: timestamp('sales_open_at', { withTimezone: true }).notNull(),
    stopAt: timestamp('stop_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    cap: integer('cap').notNull(),
    sold: integer('sold').notNull().default(0),
    status: text('status').notNull(),
    /** SHA-256 hex of the seed, public from creation. */
    commitment: text('commitment').notNull(),
    /** 32 random bytes (hex). Never served before the draw: the repository's public reads leave it out until drawn. */
    seed: text('seed').notNull(),
    soldListHash: text('sold_list_hash'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('raffles_draws_public_id_key').on(t.publicId),
    uniqueIndex('raffles_draws_offer_draw_key').on(t.offerKey, t.drawNo),
    index('raffles_draws_status_idx').on(t.status, t.stopAt),
    check('raffles_draws_supply_check', sql`${t.sold} >= 0 and ${t.sold} <= ${t.cap} and ${t.cap} > 0`),
    check(
      'raffles_draws_status_check',
      sql`${t.status} in ('pre_order', 'open', 'sold_out', 'closed', 'drawn', 'paid')`,
    ),
    check('raffles_draws_times_check', sql`${t.salesOpenAt} < ${t.stopAt} and ${t.stopAt} <= ${t.drawAt}`),
  ],
);

export const rafflesPrizes = pgTable(
  'raffles_prizes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesDraws.id),
    rank: integer('rank').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    cashCents: bigint('cash_cents', { mode: 'number' }),
    valueCents: bigint('value_cents', { mode: 'number' }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Sub-draws: the draw's sold count when the sub-draw closed (tickets 1..cutoff take part). */
    cutoffTicket: integer('cutoff_ticket'),
  },
  (t) => [
    uniqueIndex('raffles_prizes_draw_rank_key').on(t.drawId, t.rank),
    check('raffles_prizes_kind_check', sql`${t.kind} in ('first', 'secondary', 'early_bird', 'bonus')`),
    check('raffles_prizes_rank_check', sql`${t.rank} > 0`),
  ],
);

/** One purchase (or postal entry, or pre-order) of tickets in a draw. */
export const rafflesEntries = pgTable(
  'raffles_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesDraws.id),
    customerId: text('customer_id').notNull(),
    orderId: text('order_id'),
    checkoutId: text('checkout_id'),
    causeSlug: text('cause_slug'),
    numTickets: integer('num_tickets').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    postal: boolean('postal').notNull().default(false),
    /** allocated: tickets numbered; pre_order: waiting for the draw to open; failed: the pre-order could not be filled. */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    /** State of the buyer at purchase (winners' locality when the profile has none). */
    region: text('region'),
    firstTicket: integer('first_ticket'),
    lastTicket: integer('last_ticket'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('raffles_entries_draw_idx').on(t.drawId, t.status),
    index('raffles_entries_customer_idx').on(t.customerId),
    index('raffles_entries_cause_idx').on(t.causeSlug),
    check('raffles_entries_status_check', sql`${t.status} in ('allocated', 'pre_order', 'failed')`),
    check('raffles_entries_tickets_check', sql`${t.numTickets} > 0 and ${t.amountCents} >= 0`),
  ],
);

export const rafflesTickets = pgTable(
  'raffles_tickets',
  {
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesDraws.id),
    ticketNumber: integer('ticket_number').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesEntries.id),
    customerId: text('customer_id').notNull(),
    orderId: text('order_id'),
    causeSlug: text('cause_slug'),
    postal: boolean('postal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.ticketNumber] }),
    index('raffles_tickets_customer_idx').on(t.customerId, t.drawId),
    check('raffles_tickets_number_check', sql`${t.ticketNumber} > 0`),
  ],
);

export const rafflesWinners = pgTable(
  'raffles_winners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesDraws.id),
    prizeId: bigint('prize_id', { mode: 'number' })
      .notNull()
      .references(() => rafflesPrizes.id),
    /** main (first and secondary prizes) or sub (early-bird and bonus sub-draws): a ticket wins once per series. */
    series: text('series').notNull(),
    ticketNumber: integer('ticket_number').notNull(),
    customerId: text('customer_id').notNull(),
    ledgerEntryId: text('ledger_entry_id'),
    /** paid: cash credited; to_fulfil: a prize to deliver; fulfilled: delivered. */
    status: text('status').notNull(),
    displayName: text('display_name').notNull(),
    locality: text('locality').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('raffles_winners_prize_key').on(t.drawId, t.prizeId),
    uniqueIndex('raffles_winners_ticket_key').on(t.drawId, t.series, t.ticketNumber),
    check('raffles_winners_series_check', sql`${t.series} in ('main', 'sub')`),
    check('raffles_winners_status_check', sql`${t.status} in ('paid', 'to_fulfil', 'fulfilled')`),
  ],
);
