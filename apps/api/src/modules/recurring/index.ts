// Recurring domain: autoplays, subscriptions, scheduled purchases and pre-orders, and their processor.
// Other code imports only from here.
export {
  createRecurringService,
  recordsAfterPurchase,
  type BoughtOrder,
  type DrawCalendar,
  type NextDraw,
  type RecurringDeps,
  type RecurringService,
} from './recurring.service.ts';
export { minimumJackpotCents, templateOf } from './recurring.input.ts';
export {
  createRecurringProcessor,
  idempotencyKeyOf,
  type FailedNotifier,
  type PausedNotifier,
  type PlannedPurchase,
  type ProcessorDeps,
  type RecurringProcessor,
} from './recurring.processor.ts';
export type { RecurringFund, RecurringPurchaser } from './recurring.purchaser.ts';
export {
  createScheduledService,
  type ItemPricer,
  type ScheduledDeps,
  type ScheduledService,
} from './recurring.scheduled.ts';
export {
  createSubscriptionService,
  type SubscriptionDeps,
  type SubscriptionService,
} from './recurring.subscriptions.ts';
export { recordPreOrders, type SalesOpening } from './recurring.preorders.ts';
export {
  MAX_SCHEDULED_ATTEMPTS,
  SCHEDULED_RETRY_MS,
  scheduledKeyOf,
  type PlannedScheduled,
} from './recurring.scheduled.processor.ts';
export type { RecurringRow } from './recurring.repository.ts';
export { recurringRoutes, type RecurringRoutesOptions } from './recurring.routes.ts';
export {
  cardExpired,
  cardFundedPurchaser,
  depositKeyOf,
  type CardPayments,
  type FundingDeposit,
} from './recurring.funding.ts';
export {
  createRecurringPaymentsService,
  fundOfMethod,
  cardLabel,
  type RecurringPaymentsService,
  type SavedCard,
} from './recurring.payments.ts';
export {
  createCardExpiryReminders,
  paymentResolutionButton,
  recurringFailureEmail,
  scheduledGaveUpEmail,
} from './recurring.emails.ts';
