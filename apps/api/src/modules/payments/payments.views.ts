// What the payments routes answer: funds, deposits and withdrawals as the contracts shape them, and the amount check
// every money-moving form shares (features §5 messages on the amount field).
import { FORM_MESSAGES, formatCurrency, toCents, toMoney, type CurrencyCode, type Fund } from '@shop/contracts';
import { unprocessable } from '../../lib/errors.ts';
import type { DepositRow, FundRow, WithdrawalRow } from './payments.repository.ts';

/** Where the test gateway's 3-D Secure page for a deposit lives. */
export const challengeUrlFor = (depositId: string) => `/api/v2/funds/test-gateway/3ds/${depositId}`;

export const fundView = (f: FundRow): Fund => ({
  id: f.publicId,
  code: f.code,
  type: f.type as Fund['type'],
  default: f.isDefault,
  verification: f.verification as Fund['verification'],
  gateway: f.gateway,
  brand: f.brand,
  last4: f.last4,
  expiryMonth: f.expiryMonth,
  expiryYear: f.expiryYear,
  holderName: f.holderName,
  accountName: f.accountName,
  bankCode: f.bankCode,
  email: f.email,
});

export const depositView = (d: DepositRow) => ({
  id: d.publicId,
  status: d.status as 'pending' | 'challenge' | 'approved' | 'failed' | 'cancelled',
  amount: toMoney(d.amountCents, d.currency as CurrencyCode),
  methodCode: d.methodCode,
  fundId: d.fundId,
  failureReason: d.failureReason,
  challengeUrl: d.status === 'challenge' ? challengeUrlFor(d.publicId) : null,
  transactionId: d.ledgerEntryId,
  createdAt: d.createdAt.toISOString(),
});
export type DepositView = ReturnType<typeof depositView>;

export const withdrawalView = (w: WithdrawalRow) => ({
  id: w.publicId,
  status: w.status as 'pending' | 'approved' | 'paid' | 'rejected',
  amount: toMoney(w.amountCents, w.currency as CurrencyCode),
  methodCode: w.methodCode,
  fundId: w.fundId,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
});
export type WithdrawalView = ReturnType<typeof withdrawalView>;

/** An amount (a JSON number, or form text already in the one format) -> cents, or the spec's message on `amount`. */
export function parseAmount(
  input: number | string,
  rules: { minCents: number; maxCents: number },
  currency: CurrencyCode,
): number {
  let cents: number;
  try {
    cents = toCents(input);
  } catch {
    throw unprocessable(FORM_MESSAGES.currency, 'invalid_amount', { amount: [FORM_MESSAGES.currency] });
  }
  if (cents < rules.minCents) {
    const text = FORM_MESSAGES.minimumAmount(formatCurrency(rules.minCents, currency));
    throw unprocessable(text, 'amount_below_minimum', { amount: [text] });
  }
  if (cents > rules.maxCents) {
    const text = FORM_MESSAGES.maximumAmount(formatCurrency(rules.maxCents, currency));
    throw unprocessable(text, 'amount_above_maximum', { amount: [text] });
  }
  return cents;
}
