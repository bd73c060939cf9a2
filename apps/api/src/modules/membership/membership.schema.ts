// Tables of the membership domain (Daily Winners): the programme's settings, its members, giveaways with their
// prizes and draw commitment, members' entries, and winners. Customers are referenced by public id (cus_…).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A prize as a giveaway template or the operator gives it. */
export interface PrizeSpec {
  kind: 'wallet_credit' | 'free_tickets';
  name: string;
  description: string;
  /** The credit, or what the tickets cost when the giveaway was made. */
  valueCents: number;
  /** free_tickets: quickpick games of one lottery, for its next draw. */
  ticket?: { productOfferKey: string; gameType: string; gameOffer: string; numGames: number } | null;
}

/** How the clock makes the programme's daily and monthly giveaways. */
export interface GiveawayTemplate {
  title: string;
  description: string;
  /** Local time (site time zone) at which each one closes and is drawn, HH:MM. */
  closesAt: string;
  prizes: PrizeSpec[];
  permits: { region: string; permitNumber: string }[];
}

export const membershipPrograms = pgTable(
  'membership_programs',
  {
    key: text('key').primaryKey(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    currency: text('currency').notNull(),
    /** Premium tier: deposits of at least this much in the calendar month (site time zone). */
    qualifyingDepositCents: bigint('qualifying_deposit_cents', { mode: 'number' }).notNull(),
    dailyTemplate: jsonb('daily_template').$type<GiveawayTemplate>().notNull(),
    monthlyTemplate: jsonb('monthly_template').$type<GiveawayTemplate>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('membership_programs_deposit_check', sql`${t.qualifyingDepositCents} > 0`),
    check('membership_programs_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
  ],
);

export const membershipMembers = pgTable(
  'membership_members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    program: text('program')
      .notNull()
      .references(() => membershipPrograms.key),
    customerId: text('customer_id').notNull(),
    /** member or non-member (opted out); pending-deposit is derived (asked for premium, no qualifying deposit yet). */
    status: text('status').notNull(),
    /** premium when the customer joined from the deposit page. */
    requestedTier: text('requested_tier').notNull().default('free'),
    entryPoint: text('entry_point'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('membership_members_customer_key').on(t.program, t.customerId),
    index('membership_members_status_idx').on(t.program, t.status),
    check('membership_members_status_check', sql`${t.status} in ('member', 'non-member')`),
    check('membership_members_tier_check', sql`${t.requestedTier} in ('free', 'premium')`),
  ],
);

export const membershipGiveaways = pgTable(
  'membership_giveaways',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    program: text('program')
      .notNull()
      .references(() => membershipPrograms.key),
    type: text('type').notNull(),
    drawNumber: integer('draw_number').notNull(),
    /** The clock's giveaways: the local date (daily) or month (monthly) they are for; null for the operator's. */
    periodKey: text('period_key'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Tiers whose members can enter: ['free', 'premium'] or ['premium']. */
    availability: jsonb('availability').$type<string[]>().notNull(),
    requiresVerified: boolean('requires_verified').notNull().default(false),
    permits: jsonb('permits').$type<{ region: string; permitNumber: string }[]>().notNull(),
    status: text('status').notNull(),
    /** Entry numbers handed out so far (entries are numbered 1, 2, … as they are made, under the giveaway's lock). */
    entryCount: integer('entry_count').notNull().default(0),
    /** SHA-256 hex of the seed, public from creation. */
    commitment: text('commitment').notNull(),
    /** 32 random bytes (hex). Never served before the draw. */
    seed: text('seed').notNull(),
    entryListHash: text('entry_list_hash'),
    /** Set once every member has been given an entry (the clock's first sync after creation). */
    populatedAt: timestamp('populated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('membership_giveaways_public_id_key').on(t.publicId),
    uniqueIndex('membership_giveaways_number_key').on(t.program, t.type, t.drawNumber),
    uniqueIndex('membership_giveaways_period_key')
      .on(t.program, t.type, t.periodKey)
      .where(sql`${t.periodKey} is not null`),
    index('membership_giveaways_status_idx').on(t.status, t.closesAt),
    check('membership_giveaways_type_check', sql`${t.type} in ('daily', 'major', 'monthly', 'preview', 'special')`),
    check('membership_giveaways_status_check', sql`${t.status} in ('open', 'closed', 'drawn', 'paid')`),
    check('membership_giveaways_times_check', sql`${t.opensAt} < ${t.closesAt}`),
    check('membership_giveaways_count_check', sql`${t.entryCount} >= 0`),
  ],
);

export const membershipPrizes = pgTable(
  'membership_prizes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    giveawayId: bigint('giveaway_id', { mode: 'number' })
      .notNull()
      .references(() => membershipGiveaways.id),
    rank: integer('rank').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    ticket: jsonb('ticket').$type<PrizeSpec['ticket']>(),
  },
  (t) => [
    uniqueIndex('membership_prizes_rank_key').on(t.giveawayId, t.rank),
    check('membership_prizes_kind_check', sql`${t.kind} in ('wallet_credit', 'free_tickets')`),
    check('membership_prizes_rank_check', sql`${t.rank} > 0`),
    check('membership_prizes_value_check', sql`${t.valueCents} >= 0`),
    check(
      'membership_prizes_ticket_check',
      sql`(${t.kind} = 'free_tickets') = (${t.ticket} is not null) and (${t.kind} <> 'wallet_credit' or ${t.valueCents} > 0)`,
    ),
  ],
);

export const membershipEntries = pgTable(
  'membership_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    giveawayId: bigint('giveaway_id', { mode: 'number' })
      .notNull()
      .references(() => membershipGiveaways.id),
    customerId: text('customer_id').notNull(),
    entryNumber: integer('entry_number').notNull(),
    /** locked entries do not take part until the member unlocks them; unlocked and guaranteed ones do. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('membership_entries_public_id_key').on(t.publicId),
    uniqueIndex('membership_entries_customer_key').on(t.giveawayId, t.customerId),
    uniqueIndex('membership_entries_number_key').on(t.giveawayId, t.entryNumber),
    index('membership_entries_customer_idx').on(t.customerId, t.giveawayId),
    check('membership_entries_status_check', sql`${t.status} in ('locked', 'unlocked', 'guaranteed')`),
    check('membership_entries_number_check', sql`${t.entryNumber} > 0`),
  ],
);

export const membershipWinners = pgTable(
  'membership_winners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    giveawayId: bigint('giveaway_id', { mode: 'number' })
      .notNull()
      .references(() => membershipGiveaways.id),
    prizeId: bigint('prize_id', { mode: 'number' })
      .notNull()
      .references(() => membershipPrizes.id),
    rank: integer('rank').notNull(),
    entryNumber: integer('entry_number').notNull(),
    customerId: text('customer_id').notNull(),
    /** chosen: drawn, not paid yet (a crash in between is resumed); paid: credited or the tickets bought. */
    status: text('status').notNull(),
    /** The published name: first name and state only. */
    firstname: text('firstname').notNull(),
    state: text('state'),
    /** What the promotions account paid for this prize. */
    paidCents: bigint('paid_cents', { mode: 'number' }),
    ledgerEntryId: text('ledger_entry_id'),
    checkoutId: text('checkout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_winners_prize_key').on(t.giveawayId, t.prizeId),
    uniqueIndex('membership_winners_entry_key').on(t.giveawayId, t.entryNumber),
    index('membership_winners_customer_idx').on(t.customerId),
    check('membership_winners_status_check', sql`${t.status} in ('chosen', 'paid')`),
    check(
      'membership_winners_paid_check',
      sql`${t.status} = 'chosen' or (${t.paidCents} is not null and (${t.ledgerEntryId} is not null or ${t.checkoutId} is not null))`,
    ),
  ],
);
