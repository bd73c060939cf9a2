// The purchase path recurring and scheduled purchases buy through, and how its refusals are classed.
import type { CartItemInput } from '@shop/contracts';

/** The purchase path the processor buys through (services.ts: the purchase workflow's purchaseItems). */
export interface RecurringPurchaser {
  purchaseItems(customerId: string, idempotencyKey: string, items: CartItemInput[]): Promise<{ checkoutId: string }>;
}

/** Purchase refusals that the customer fixes by paying (hard); every other refusal is soft and retried next run. */
export const HARD_FAILURES = new Set(['insufficient_funds', 'card_declined', 'card_expired', 'payment_failed']);
