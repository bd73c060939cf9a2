// The purchase path recurring and scheduled purchases buy through, and how its refusals are classed.
import type { CartItemInput } from '@shop/contracts';

/** The purchase path the processor buys through (services.ts: the purchase workflow's purchaseItems). */
export interface RecurringPurchaser {
  /**
   * `fund`: what pays when the wallet is short (recurring.funding.ts): a saved card (`cc`) is charged unattended with
   * the key `{idempotencyKey}:deposit`; the wallet (or no fund) refuses with insufficient_funds.
   */
  purchaseItems(
    customerId: string,
    idempotencyKey: string,
    items: CartItemInput[],
    fund?: RecurringFund,
  ): Promise<{ checkoutId: string }>;
}

/** The fund a recurring purchase is paid from (recurring_purchases.fund_kind / fund_id). */
export interface RecurringFund {
  kind: 'wallet' | 'cc';
  id: string | null;
  /** What one attempt costs: a card's deposit covers what the wallet lacks of it. */
  priceCents: number;
}

/** Purchase refusals that the customer fixes by paying (hard); every other refusal is soft and retried next run. */
export const HARD_FAILURES = new Set(['insufficient_funds', 'card_declined', 'card_expired', 'payment_failed']);

/** Hard failures in a row after which the processor pauses a recurring purchase (and emails the customer). */
export const MAX_HARD_FAILURES = 3;
