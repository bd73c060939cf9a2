// The subscription forms (docs/recurring.md, Subscriptions): subscribing to a charity raffle (period, tickets, cause)
// and managing a subscription (pause, pause until a date, unpause, cancel with confirmation, change tickets or cause).
// Parsed by the actions with Conform (docs/storefront.md, Forms).
import { RECURRING_PERIOD_LABELS, RECURRING_PERIODS, type RecurringPeriod } from '@shop/contracts';
import { z } from 'zod';

export const PERIOD_LABELS: Record<RecurringPeriod, string> = RECURRING_PERIOD_LABELS;

const CAUSE_KEY = /^[a-z0-9-]{1,80}$/;
export const CHOOSE_PERIOD = 'Choose how often to buy.';
export const CHOOSE_TICKETS = 'Choose how many tickets you want each time (1 to 1,000).';
export const CHOOSE_CAUSE = 'Choose the cause you support.';
export const CHOOSE_DATE = 'Choose the date to pause until.';

const tickets = z
  .string({ error: CHOOSE_TICKETS })
  .trim()
  .regex(/^[1-9][0-9]{0,3}$/, CHOOSE_TICKETS)
  .transform(Number)
  .refine((n) => n <= 1000, CHOOSE_TICKETS);
const cause = z.string().trim().regex(CAUSE_KEY, CHOOSE_CAUSE).optional();

export const SubscribeForm = z.object({
  period: z.enum(RECURRING_PERIODS, { error: CHOOSE_PERIOD }),
  numTickets: tickets,
  causeKey: cause,
});

export const ManageSubscriptionForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('pause') }),
  z.object({
    intent: z.literal('timed_pause'),
    pausedUntil: z
      .string({ error: CHOOSE_DATE })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, CHOOSE_DATE),
  }),
  z.object({ intent: z.literal('unpause') }),
  z.object({ intent: z.literal('cancel'), confirm: z.literal('yes').optional() }),
  z.object({ intent: z.literal('change'), numTickets: tickets, causeKey: cause }),
]);
export type ManageSubscriptionForm = z.infer<typeof ManageSubscriptionForm>;
