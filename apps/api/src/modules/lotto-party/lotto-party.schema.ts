// Tables of Lotto Party (docs/lotto-party.md): groups with their members and invite token, sessions (one per group
// and draw, shares sold under a cap) and the share purchases that are the holders settlement pays.
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

export const lottoPartyGroups = pgTable(
  'lotto_party_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    publicityStatus: text('publicity_status').notNull(),
    organiserId: text('organiser_id').notNull(),
    inviteToken: text('invite_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lotto_party_groups_public_id_key').on(t.publicId),
    // Features §5: a duplicate name is a conflict, whatever its case.
    uniqueIndex('lotto_party_groups_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('lotto_party_groups_invite_token_key').on(t.inviteToken),
    check('lotto_party_groups_publicity_check', sql`${t.publicityStatus} in ('private', 'promoted', 'public')`),
    check('lotto_party_groups_name_check', sql`char_length(${t.name}) between 1 and 50`),
  ],
);

export const lottoPartyMembers = pgTable(
  'lotto_party_members',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => lottoPartyGroups.id),
    customerId: text('customer_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerId] }),
    index('lotto_party_members_customer_idx').on(t.customerId),
  ],
);

export const lottoPartySessions = pgTable(
  'lotto_party_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => lottoPartyGroups.id),
    /** The draw (draws_draws public id) and its number, game and sales stop when the session was made. */
    drawId: text('draw_id').notNull(),
    drawNo: integer('draw_no').notNull(),
    gameKey: text('game_key').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    offerName: text('offer_name').notNull(),
    gameOffer: text('game_offer').notNull(),
    gameOfferName: text('game_offer_name').notNull(),
    numGames: integer('num_games').notNull(),
    currency: text('currency').notNull(),
    ticketCostCents: integer('ticket_cost_cents').notNull(),
    sharePriceCents: integer('share_price_cents').notNull(),
    numShares: integer('num_shares').notNull(),
    sharesSold: integer('shares_sold').notNull().default(0),
    status: text('status').notNull().default('open'),
    autosessionStatus: text('autosession_status').notNull(),
    inviteAllExistingMembers: boolean('invite_all_existing_members').notNull().default(false),
    createdBy: text('created_by').notNull(),
    previousSessionId: text('previous_session_id'),
    /** Set once the autosession step has run for this closed session (the next session's id, or null if none). */
    nextSessionId: text('next_session_id'),
    autosessionDone: boolean('autosession_done').notNull().default(false),
    /** The ticket's lines (orders_ticket_lines, owned by this session's public id), written when it filled. */
    lines: jsonb('lines')
      .$type<{ id: number; lineId: string; sets: Record<string, number[]> }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lotto_party_sessions_public_id_key').on(t.publicId),
    // One session per group and draw: the autosession step can run twice and still make one.
    uniqueIndex('lotto_party_sessions_group_draw_key').on(t.groupId, t.drawId),
    index('lotto_party_sessions_status_idx').on(t.status, t.closesAt),
    index('lotto_party_sessions_draw_idx').on(t.drawId),
    check('lotto_party_sessions_status_check', sql`${t.status} in ('open', 'closed', 'paid', 'cancelled')`),
    check('lotto_party_sessions_autosession_check', sql`${t.autosessionStatus} in ('on', 'paused', 'off')`),
    // Never more shares sold than the session has (the handler's conditional update relies on it too).
    check('lotto_party_sessions_shares_check', sql`${t.sharesSold} between 0 and ${t.numShares}`),
    check('lotto_party_sessions_price_check', sql`${t.sharePriceCents} * ${t.numShares} = ${t.ticketCostCents}`),
  ],
);

/** One purchase of shares (an order's item): the holders of a session are the sums of its unrefunded rows. */
export const lottoPartyShares = pgTable(
  'lotto_party_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => lottoPartySessions.id),
    customerId: text('customer_id').notNull(),
    shares: integer('shares').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    orderId: text('order_id').notNull(),
    checkoutId: text('checkout_id').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    /** The wallet entry of the refund when the session was cancelled (null: not refunded). */
    refundEntryId: text('refund_entry_id'),
  },
  (t) => [
    index('lotto_party_shares_session_idx').on(t.sessionId, t.customerId),
    index('lotto_party_shares_customer_idx').on(t.customerId),
    check('lotto_party_shares_shares_check', sql`${t.shares} > 0`),
  ],
);
