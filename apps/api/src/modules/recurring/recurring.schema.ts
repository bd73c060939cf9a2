// Tables of the recurring domain (docs/recurring.md): recurring purchases (autoplay per draw, subscription per period;
// several under one combined id), the attempts the processor made for each occasion (a draw or a period), and
// scheduled purchases (one future purchase: kind scheduled_purchase at a set time, or pre_order when sales open).
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

export const recurringPurchases = pgTable(
  'recurring_purchases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** rcp_…: the autoplayId of the spec. */
    publicId: text('public_id').notNull(),
    /** The combined recurring purchase this one belongs to (its first member's public id); null when alone. */
    combinedId: text('combined_id'),
    customerId: text('customer_id').notNull(),
    /** autoplay: every draw of the offer; subscription: once per period. */
    type: text('type').notNull(),
    productType: text('product_type').notNull(),
    offerKey: text('offer_key').notNull(),
    /** The game whose draws an autoplay follows (lottery offers); null for raffles. */
    gameKey: text('game_key'),
    /** The cart item input bought each time (one draw, no pinned draw); quickpick blanks stay null. */
    template: jsonb('template').notNull(),
    description: text('description').notNull(),
    /** Re-pick every game's numbers each draw (set-quickpick), instead of the template's own numbers. */
    quickpickEachDraw: boolean('quickpick_each_draw').notNull().default(false),
    minimumJackpotCents: bigint('minimum_jackpot_cents', { mode: 'number' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Subscriptions: weekly, monthly, quarterly, biannually, annually. */
    period: text('period'),
    /** Subscriptions: when the next period's purchase is due. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    /** Subscriptions: the number of the next period (1 was bought with the first order). */
    nextPeriod: integer('next_period').notNull().default(2),
    status: text('status').notNull(),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Autoplay: the last draw bought or deliberately skipped (minimum jackpot); the next one after it is due. */
    lastDrawNo: integer('last_draw_no'),
    /** A draw whose purchase failed hard: not retried by the processor, only by the customer's retry. */
    hardFailedOccasion: text('hard_failed_occasion'),
    lastAttemptStatus: text('last_attempt_status'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastFailureReason: text('last_failure_reason'),
    lastCheckoutId: text('last_checkout_id'),
    consecutiveHardFailures: integer('consecutive_hard_failures').notNull().default(0),
    /** wallet, or cc with the saved card's fund id (charged when the wallet is short). */
    fundKind: text('fund_kind').notNull().default('wallet'),
    fundId: text('fund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('recurring_purchases_public_id_key').on(t.publicId),
    index('recurring_purchases_customer_idx').on(t.customerId, t.id),
    index('recurring_purchases_due_idx').on(t.status, t.type),
    check('recurring_purchases_type_check', sql`${t.type} in ('autoplay', 'subscription')`),
    check('recurring_purchases_status_check', sql`${t.status} in ('active', 'paused', 'timed_paused', 'cancelled')`),
    check(
      'recurring_purchases_attempt_check',
      sql`${t.lastAttemptStatus} is null or ${t.lastAttemptStatus} in ('purchased', 'soft_failure', 'hard_failure')`,
    ),
    check(
      'recurring_purchases_period_check',
      sql`${t.period} is null or ${t.period} in ('weekly', 'monthly', 'quarterly', 'biannually', 'annually')`,
    ),
    check('recurring_purchases_fund_check', sql`${t.fundKind} in ('wallet', 'cc')`),
    check('recurring_purchases_jackpot_check', sql`${t.minimumJackpotCents} is null or ${t.minimumJackpotCents} > 0`),
  ],
);

/**
 * One row per (recurring purchase, occasion) the processor decided: purchased (with its checkout) or skipped. The
 * unique index is the last line of defence: an occasion is bought at most once even if everything else went wrong;
 * the first is the purchase's own idempotency key (rcp:{publicId}:{occasion}) on the checkout.
 */
export const recurringOccasions = pgTable(
  'recurring_occasions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recurringId: bigint('recurring_id', { mode: 'number' }).notNull(),
    /** draw:{drawId} for an autoplay, period:{n} for a subscription. */
    occasion: text('occasion').notNull(),
    outcome: text('outcome').notNull(),
    checkoutId: text('checkout_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('recurring_occasions_key').on(t.recurringId, t.occasion),
    check('recurring_occasions_outcome_check', sql`${t.outcome} in ('purchased', 'skipped')`),
  ],
);

export const recurringScheduled = pgTable(
  'recurring_scheduled',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** sch_…: the encodedId of the spec. */
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    kind: text('kind').notNull(),
    productType: text('product_type').notNull(),
    offerKey: text('offer_key').notNull(),
    item: jsonb('item').notNull(),
    description: text('description').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** When it is bought: the time chosen, or for a pre-order the time its draw's sales open. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    lastAttemptStatus: text('last_attempt_status'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastFailureReason: text('last_failure_reason'),
    /** Purchases tried and refused (the give-up rule stops after MAX_SCHEDULED_ATTEMPTS). */
    attempts: integer('attempts').notNull().default(0),
    checkoutId: text('checkout_id'),
    /** Set when it was bought, or given up (its draw closed, the offer ended): the processor leaves it alone. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The checkout this pre-order was taken with (nothing was charged then). */
    sourceCheckoutId: text('source_checkout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('recurring_scheduled_public_id_key').on(t.publicId),
    index('recurring_scheduled_customer_idx').on(t.customerId, t.id),
    index('recurring_scheduled_due_idx')
      .on(t.dueAt)
      .where(sql`${t.finishedAt} is null and ${t.status} = 'active'`),
    check('recurring_scheduled_kind_check', sql`${t.kind} in ('scheduled_purchase', 'pre_order')`),
    check('recurring_scheduled_status_check', sql`${t.status} in ('active', 'cancelled')`),
  ],
);
