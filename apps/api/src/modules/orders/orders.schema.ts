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
    check(
      'orders_ticket_lines_mask_check',
      sql`(${t.maskLo} is null) = (${t.maskHi} is null) and (${t.maskLo} is null) = (${t.maskBonus} is null)`,
    ),
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

/**
 * One purchase of a cart (the receipt). Unique per customer and Idempotency-Key, so even a request that bypassed the
 * idempotency plugin cannot charge twice for one key.
 */
export const ordersCheckouts = pgTable(
  'orders_checkouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Sum of the items after the discount (cart total). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    bonusCreditCents: bigint('bonus_credit_cents', { mode: 'number' }).notNull(),
    /** What the wallet paid now (total less pre-orders); 0 when nothing was charged. */
    paidFromWalletCents: bigint('paid_from_wallet_cents', { mode: 'number' }).notNull(),
    depositCents: bigint('deposit_cents', { mode: 'number' }),
    depositId: text('deposit_id'),
    currency: text('currency').notNull(),
    promotionCode: text('promotion_code'),
    ledgerEntryId: text('ledger_entry_id'),
    /** Receipt analytics (core §3 Cart item analytics view), one per item. */
    tracking: jsonb('tracking').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_checkouts_public_id_key').on(t.publicId),
    uniqueIndex('orders_checkouts_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('orders_checkouts_customer_idx').on(t.customerId, t.createdAt),
    check(
      'orders_checkouts_amounts_check',
      sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0 and ${t.bonusCreditCents} >= 0 and ${t.paidFromWalletCents} >= 0`,
    ),
    check('orders_checkouts_paid_has_entry_check', sql`${t.paidFromWalletCents} = 0 or ${t.ledgerEntryId} is not null`),
  ],
);

/** One cart item bought: an offer played for one or more draws. */
export const ordersOrders = pgTable(
  'orders_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    checkoutId: bigint('checkout_id', { mode: 'number' })
      .notNull()
      .references(() => ordersCheckouts.id),
    customerId: text('customer_id').notNull(),
    productType: text('product_type').notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    offerName: text('offer_name').notNull(),
    description: text('description').notNull(),
    gameType: text('game_type'),
    gameOffer: text('game_offer'),
    gameOfferName: text('game_offer_name'),
    numDraws: integer('num_draws').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'pre_order'] }).notNull(),
    /** The priced item as bought (games with quickpicks filled, draws, recurring), for replay and support. */
    item: jsonb('item').notNull(),
    firstDrawAt: timestamp('first_draw_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_orders_public_id_key').on(t.publicId),
    index('orders_orders_checkout_idx').on(t.checkoutId),
    index('orders_orders_customer_idx').on(t.customerId, t.createdAt),
    check('orders_orders_num_draws_check', sql`${t.numDraws} > 0 and ${t.totalCents} >= 0`),
  ],
);

/** One order's play in one draw: its ticket lines (lottery) or ticket numbers (raffle). */
export const ordersTickets = pgTable(
  'orders_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ordersOrders.id),
    customerId: text('customer_id').notNull(),
    drawId: text('draw_id').notNull(),
    drawNo: integer('draw_no').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    /** Public ids of orders_ticket_lines rows (lottery). */
    lineIds: text('line_ids').array().notNull(),
    /** Quickpick flag per line, in lineIds order. */
    quickpicks: jsonb('quickpicks').notNull(),
    raffleTicketNumbers: integer('raffle_ticket_numbers').array().notNull(),
    causeKey: text('cause_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_tickets_public_id_key').on(t.publicId),
    index('orders_tickets_order_idx').on(t.orderId),
    index('orders_tickets_customer_draw_idx').on(t.customerId, t.drawId),
  ],
);

/**
 * A purchase waiting for its deposit's 3-D Secure check (deposit-and-purchase). Unique per deposit: the purchase
 * runs at most once, whoever completes it.
 */
export const ordersPendingPurchases = pgTable(
  'orders_pending_purchases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    depositId: text('deposit_id').notNull(),
    customerId: text('customer_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    purchase: jsonb('purchase').notNull(),
    status: text('status', { enum: ['waiting', 'done', 'failed'] }).notNull(),
    checkoutId: text('checkout_id'),
    failure: jsonb('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('orders_pending_purchases_deposit_key').on(t.depositId)],
);

/**
 * A checkout made with an affiliate code on the cart (core §1 aff, §7 affiliateCode): the sales side of the affiliate
 * report. Written in the purchase transaction with the checkout; one per checkout.
 */
export const ordersAffiliations = pgTable(
  'orders_affiliations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    checkoutId: bigint('checkout_id', { mode: 'number' })
      .notNull()
      .references(() => ordersCheckouts.id),
    affiliateCode: text('affiliate_code').notNull(),
    customerId: text('customer_id').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_affiliations_checkout_key').on(t.checkoutId),
    index('orders_affiliations_code_idx').on(t.affiliateCode),
  ],
);
