// Recurring and scheduled purchases (core §3 Autoplay, §4 Recurring status / Payment resolution; features §3 Recurring
// and scheduled, §4, §7 Recurring and scheduled calls, §8 autoplay texts).
import { z } from 'zod';
import { Money } from './common.ts';
import { FORM_MESSAGES } from './messages.ts';
import { FormAmountInput } from './payments.ts';
import { CartItemInput, RECURRING_PERIODS } from './cart.ts';

export const RECURRING_STATUSES = ['active', 'paused', 'timed_paused', 'cancelled'] as const;
export const RecurringStatus = z.enum(RECURRING_STATUSES);
export type RecurringStatus = z.infer<typeof RecurringStatus>;
export const LAST_ATTEMPT_STATUSES = ['purchased', 'soft_failure', 'hard_failure'] as const;
export const LastAttemptStatus = z.enum(LAST_ATTEMPT_STATUSES);
export type LastAttemptStatus = z.infer<typeof LastAttemptStatus>;
export const RecurringPeriod = z.enum(RECURRING_PERIODS);
export type RecurringPeriod = z.infer<typeof RecurringPeriod>;
/** How often a subscription buys, in words (the subscription screens and the recurring purchases list). */
export const RECURRING_PERIOD_LABELS: Record<RecurringPeriod, string> = {
  weekly: 'Every week',
  monthly: 'Every month',
  quarterly: 'Every 3 months',
  biannually: 'Every 6 months',
  annually: 'Every year',
};
export const FUND_KINDS = ['unfunded', 'wallet', 'cc', 'paypal', 'bank'] as const;
export const FundKind = z.enum(FUND_KINDS);
export type FundKind = z.infer<typeof FundKind>;

/** Features §8. */
export const AUTOPLAY_MESSAGES = {
  cannotUnpause: 'Cannot Unpause AutoPlay',
  cannotUpdateTitle: 'Cannot update AutoPlay status',
  cannotUpdate: 'Sorry, there was an unexpected error while updating your autoplay. Please try again.',
} as const;

const PublicRef = (prefix: string, what: string) =>
  z
    .string()
    .min(5)
    .max(64)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `This is not ${what} id (${prefix}_…).`);
const RecurringRef = PublicRef('rcp', 'an autoplay or subscription');
export const AutoplayParams = z.object({ id: RecurringRef }).strict();
export const ScheduledParams = z.object({ id: PublicRef('sch', 'a scheduled purchase') }).strict();

/** A boolean form field (quickpick) that is missing or not one of its words. */
const onOffError = (issue: { input?: unknown }) =>
  issue.input === undefined ? FORM_MESSAGES.required : 'Must be true or false.';
/** A minimum jackpot that is neither an amount nor empty (a boolean, an object). */
const minimumJackpotError = (issue: { input?: unknown }) =>
  issue.input === undefined ? FORM_MESSAGES.required : 'Enter an amount, or leave it empty for no minimum.';

export const RecurringNextDraw = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  stop: z.string(),
  jackpot: Money.nullable(),
});

/** Autoplay / subscription (features §3 "Subscription (autoplay) keyed by autoplayId"). */
export const Autoplay = z.object({
  autoplayId: z.string(),
  combinedId: z.string().nullable(),
  type: z.enum(['autoplay', 'subscription']),
  productType: z.string(),
  lotteryKey: z.string(),
  productOfferKey: z.string(),
  lotteryId: z.string(),
  gameOffer: z.string().nullable(),
  gameOfferName: z.string().nullable(),
  numGames: z.number().int(),
  numberOfGames: z.number().int(),
  numberOfTickets: z.number().int().nullable(),
  numberOfShares: z.number().int().nullable(),
  causeKey: z.string().nullable(),
  description: z.string(),
  games: z.array(z.object({ sets: z.record(z.string(), z.array(z.number().nullable())), quickpick: z.boolean() })),
  quickpick: z.boolean(),
  price: Money,
  minimumJackpotAmount: Money.nullable(),
  status: RecurringStatus,
  pausedUntil: z.string().nullable(),
  period: RecurringPeriod.nullable(),
  nextDueAt: z.string().nullable(),
  nextDraw: RecurringNextDraw.nullable(),
  lastAttemptStatus: LastAttemptStatus.nullable(),
  lastAttemptAt: z.string().nullable(),
  lastFailureReason: z.string().nullable(),
  lastCheckoutId: z.string().nullable(),
  defaultFund: z.object({ kind: FundKind, id: z.string().nullable() }),
  recurringPurchase: z.object({
    type: z.enum(['autoplay', 'subscription']),
    availability: z.enum(['never', 'optional', 'always']),
    enabled: z.boolean(),
  }),
  createdAt: z.string(),
});
export type Autoplay = z.infer<typeof Autoplay>;

/** GET /recurring_purchases: combined recurring purchases keyed by autoplayId (a lone one is its own group). */
export const RecurringPurchaseGroup = z.object({
  autoplayId: z.string(),
  type: z.enum(['autoplay', 'subscription']),
  status: RecurringStatus,
  items: z.array(Autoplay),
});
export type RecurringPurchaseGroup = z.infer<typeof RecurringPurchaseGroup>;

/** PATCH /autoplay/{id}/status and /subscriptions/{id}/status (features §4: status and pausedUntil ISO date). */
export const RecurringStatusBody = z
  .object({
    status: z.string().max(40),
    pausedUntil: z.string().max(40).nullish(),
  })
  .strict();
export type RecurringStatusBody = z.infer<typeof RecurringStatusBody>;

/** POST /autoplay/{id}/pause: an optional date to pause until (a timed pause). */
export const PauseBody = z
  .object({ pausedUntil: z.string().max(40).nullish() })
  .strict()
  // No body at all (features §7 names the call without one): Fastify hands the validator null.
  .nullish();

/** POST /autoplay/{id}/set-minimum-jackpot (form): an amount > 0, or empty to remove it. */
export const MinimumJackpotBody = z
  .object({
    minimumJackpotAmount: z.union([FormAmountInput, z.literal(''), z.null()], { error: minimumJackpotError }),
  })
  .strict();
/** POST /autoplay/{id}/set-quickpick (form): true re-picks every game's numbers each draw. */
export const QuickpickBody = z
  .object({
    quickpick: z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], { error: onOffError }),
  })
  .strict();

/** PATCH /autoplay/{id}: partial body. */
export const AutoplayPatchBody = z
  .object({
    minimumJackpotAmount: z.union([FormAmountInput, z.null()], { error: minimumJackpotError }).optional(),
    quickpick: z.boolean().optional(),
    status: z.string().max(40).optional(),
    pausedUntil: z.string().max(40).nullish(),
  })
  .strict();

/** PATCH /subscriptions/{id}: gameOffer, causeKey, numGames. */
export const SubscriptionPatchBody = z
  .object({
    gameOffer: z.string().min(1).max(64).optional(),
    causeKey: z.string().min(1).max(128).optional(),
    numGames: z.number().int().min(1).max(100).optional(),
  })
  .strict();

export const SubscriptionsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    lotteryKeys: z
      .string()
      .max(500)
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'Give offer keys separated by commas, e.g. oz-lotto,powerball.')
      .optional(),
  })
  .strict();

/** POST /subscriptions: subscribe to an offer (the /:offer/subscription route). */
export const CreateSubscriptionBody = z
  .object({
    item: CartItemInput,
    period: RecurringPeriod,
  })
  .strict();

export const ScheduledPurchase = z.object({
  encodedId: z.string(),
  kind: z.enum(['scheduled_purchase', 'pre_order']),
  status: z.enum(['active', 'cancelled']),
  productType: z.string(),
  productOfferKey: z.string(),
  description: z.string(),
  price: Money,
  dueAt: z.string(),
  lastAttemptStatus: LastAttemptStatus.nullable(),
  lastAttemptAt: z.string().nullable(),
  lastFailureReason: z.string().nullable(),
  /** Purchases tried and refused so far. */
  attempts: z.number().int(),
  checkoutId: z.string().nullable(),
  finished: z.boolean(),
  /** Finished without a purchase: its draw closed or it was refused too many times (lastFailureReason says why). */
  gaveUp: z.boolean(),
  /** A pre-order's draw (its number); null for a scheduled purchase, which plays the draw on sale when due. */
  drawNo: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ScheduledPurchase = z.infer<typeof ScheduledPurchase>;

/**
 * The give-up rule of a scheduled purchase or pre-order (docs/recurring.md): a refused purchase (wallet short, spend
 * limit...) is tried again no sooner than `retryAfterMs` after its last attempt, and given up (nothing charged, the
 * customer emailed) after `maxAttempts` refusals or once the draw it would play has closed. The API's processor runs
 * by it and the storefront says it to the customer scheduling one.
 */
export const SCHEDULED_PURCHASE_RETRIES = { maxAttempts: 24, retryAfterMs: 3_600_000 } as const;

/** POST /scheduled-purchases: buy this item at `scheduledAt` (ISO time, in the future). */
export const CreateScheduledBody = z.object({ item: CartItemInput, scheduledAt: z.string().max(40) }).strict();

/** GET /payment_resolutions (features §4 Payment resolution). */
export const PaymentResolution = z.object({
  fundSource: z.string().nullable(),
  fundKind: FundKind,
  reason: z.string().nullable(),
  actions: z.array(z.enum(['change-fund', 'add-card', 'payment-method-updated'])),
  recurringPurchases: z.object({ subscriptions: z.array(Autoplay), autoplays: z.array(Autoplay) }),
});
export type PaymentResolution = z.infer<typeof PaymentResolution>;

/** POST /process_recurring_purchases/sync: what the run bought for the customer. */
export const ProcessReport = z.object({
  examined: z.number().int(),
  purchased: z.number().int(),
  skipped: z.number().int(),
  softFailures: z.number().int(),
  hardFailures: z.number().int(),
  paused: z.number().int(),
});
export type ProcessReport = z.infer<typeof ProcessReport>;

/**
 * POST /payment_resolutions/change-fund: pay every failed recurring purchase (or the one named) from this fund (wallet
 * or a card). The fund is checked by the service (422 field fund_id), so any text up to the limit is accepted here.
 */
export const ChangeFundBody = z.object({ fundId: z.string().max(64), autoplayId: RecurringRef.optional() }).strict();

/** POST /payment_resolutions/retry: retry every failed recurring purchase, or the one named. */
export const RetryResolutionBody = z.object({ autoplayId: RecurringRef.optional() }).strict().optional();

/** POST /payment_resolutions/retry: the processor ran again for the customer's failed recurring purchases. */
export const PaymentResolutionRetry = z.object({
  /** completed: nothing is left failing; retry_error: some still failed (the resolutions say why). */
  state: z.enum(['completed', 'retry_error']),
  report: ProcessReport,
  resolutions: z.array(PaymentResolution),
  /**
   * Retried but kept paused by the customer's own pause (timed: `pausedUntil`; or paused): nothing was bought for them;
   * their failed draw or period is tried again when the pause ends.
   */
  waiting: z.array(Autoplay),
});
export type PaymentResolutionRetry = z.infer<typeof PaymentResolutionRetry>;
