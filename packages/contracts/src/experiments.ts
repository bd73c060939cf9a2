// Experiment flags (spec core §9 "boost-buy-tickets with control and treatment values; a variant query parameter can
// force it") and consented analytics events (core §7 "analytics events to an analytics service", core §3 Cart item
// analytics view). The analytics payload is ours: the spec shows none (ADR 073).
import { z } from 'zod';
import { CartItemAnalytics } from './cart.ts';
import { Identifier } from './common.ts';

/** Every experiment the shop runs, with its variants; the first variant is the control. */
export const EXPERIMENTS = {
  'boost-buy-tickets': ['control', 'treatment'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type ExperimentKey = keyof typeof EXPERIMENTS;
export const ExperimentKey = z.enum(Object.keys(EXPERIMENTS) as [ExperimentKey, ...ExperimentKey[]]);

/**
 * POST /experiments/{key}/assignment. visitorId: the visitor's experiment id (null when they have none: not enrolled,
 * nothing recorded, the control is shown unless forced). variant: the address's ?variant=, any text; an unknown one
 * is ignored.
 */
export const ExperimentAssignmentBody = z
  .object({
    visitorId: Identifier.max(64).nullable(),
    variant: z.string().max(64).nullish(),
  })
  .strict();
export type ExperimentAssignmentBody = z.infer<typeof ExperimentAssignmentBody>;

export const ExperimentAssignment = z.object({
  experiment: ExperimentKey,
  variant: z.string(),
  /** True when this visitor's exposure is recorded (they have an experiment id). */
  enrolled: z.boolean(),
});
export type ExperimentAssignment = z.infer<typeof ExperimentAssignment>;

/** POST /experiments/conversions: the signed-in customer's purchase (its checkout id, as on the receipt), made by this visitor. */
export const ExperimentConversionBody = z
  .object({ visitorId: Identifier.max(64), checkoutId: Identifier.max(64) })
  .strict();
export type ExperimentConversionBody = z.infer<typeof ExperimentConversionBody>;

export const ExperimentConversionResult = z.object({ experiments: z.array(ExperimentKey) });

export const ANALYTICS_EVENT_TYPES = ['page_view', 'add_to_cart', 'purchase'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

const AnalyticsCommon = {
  /** The analytics anonymous id (a non-essential cookie, about 365 days; core §9). */
  anonymousId: Identifier.max(64),
  path: z.string().min(1).max(500).startsWith('/'),
};

export const AnalyticsEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page_view'), ...AnalyticsCommon }).strict(),
  z
    .object({ type: z.literal('add_to_cart'), ...AnalyticsCommon, items: z.array(CartItemAnalytics).min(1).max(50) })
    .strict(),
  z
    .object({
      type: z.literal('purchase'),
      ...AnalyticsCommon,
      transactionId: Identifier.max(64),
      revenue: z.number().nonnegative().max(10_000_000),
      currency: z.string().length(3),
      items: z.array(CartItemAnalytics).min(1).max(50),
    })
    .strict(),
]);
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;

/** POST /api/analytics/events: up to 20 events at once (a page view and an add to cart may travel together). */
export const AnalyticsEventsBody = z.object({ events: z.array(AnalyticsEventBody).min(1).max(20) }).strict();
export type AnalyticsEventsBody = z.infer<typeof AnalyticsEventsBody>;

export const AnalyticsEventsAccepted = z.object({ stored: z.number().int() });
