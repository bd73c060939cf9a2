// What the ledger, its reads and its bulk credit share: the movement and result shapes, the spend order, and the
// entry ids and amount checks every posting uses.
import type { CurrencyCode } from '@shop/contracts';
import { AppError } from '../../lib/errors.ts';
import { randomHex } from '../../lib/random-bytes.ts';
import type { CustomerAccountKind } from './wallet.schema.ts';

export type EntryKind =
  | 'deposit'
  | 'purchase'
  | 'prize'
  | 'refund'
  | 'withdrawal'
  | 'withdrawal_paid'
  | 'withdrawal_returned'
  | 'reversal'
  | 'bonus'
  | 'commission'
  | 'migration'
  | 'adjustment'
  /** An approved deposit given back to the card it came from (an operator's refund, docs/payments.md). */
  | 'deposit_refund';

export interface Movement {
  customerId: string;
  amountCents: number;
  currency: CurrencyCode;
  reference: string;
  description: string;
}
export interface RefundMovement extends Movement {
  /** The purchase being refunded: money goes back to the accounts it came from (winnings first, bonus last). */
  purchaseReference?: string;
  /**
   * The references of the other refunds of that purchase there may be (posted or not): what those posted already gave
   * back is not given back again. Looked up under the customer's lock, so two refunds of one purchase racing each
   * other give back the purchase's accounts once between them (a checkout of shares in several sessions).
   */
  otherRefundReferences?: readonly string[];
}
export interface PostResult {
  entryId: string;
  created: boolean;
}
export interface FundsSummary {
  balanceCents: number;
  availableFundsCents: number;
  withdrawableCents: number;
  bonusCents: number;
  pendingWithdrawalsCents: number;
  currency: CurrencyCode;
}
export interface EntryView {
  id: string;
  kind: EntryKind;
  description: string;
  reference: string;
  amountCents: number;
  currency: CurrencyCode;
  createdAt: Date;
  reverses: string | null;
  lines: { account: string; amountCents: number }[];
}

/** Accounts a purchase draws on, in order (DESIGN.md §6: bonus, then deposits, then winnings). */
export const DEFAULT_SPEND_ORDER: readonly CustomerAccountKind[] = ['bonus', 'deposit', 'winnings'];
/** Accounts whose sum is what the customer can spend. */
export const SPENDABLE: readonly CustomerAccountKind[] = ['bonus', 'deposit', 'winnings'];

export const insufficientFunds = (message = 'There are not enough funds in your wallet for this.') =>
  new AppError(422, message, { code: 'insufficient_funds', fieldErrors: { amount: [message] } });

export const newEntryId = () => `txn_${randomHex(10)}`;
export const positiveCents = (n: number) => {
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new RangeError(`A ledger amount must be a positive whole number of cents, got ${n}`);
  return n;
};
