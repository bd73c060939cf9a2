// The refund as typed: dollars and cents become the API's integer cents with the form's key; bad input is refused.
import { describe, expect, it } from 'vitest';
import { RefundForm, refundBody } from './refund-form.ts';

describe('the refund form', () => {
  it('sends integer cents, the trimmed reason and the one-time key', () => {
    const parsed = RefundForm.parse({ amount: '20.5', reason: '  Charged twice  ', key: 'bo-1234abcd' });
    expect(refundBody(parsed)).toEqual({ amountCents: 2050, reason: 'Charged twice', key: 'bo-1234abcd' });
  });

  it('refuses a zero or malformed amount, an empty reason and a missing key', () => {
    const base = { amount: '1.00', reason: 'r', key: 'bo-1234abcd' };
    for (const amount of ['0', '0.00', '-1', '1.005', '1,50', '', 'ten'])
      expect(RefundForm.safeParse({ ...base, amount }).success, amount).toBe(false);
    expect(RefundForm.safeParse({ ...base, reason: ' ' }).success).toBe(false);
    expect(RefundForm.safeParse({ ...base, key: '' }).success).toBe(false);
    expect(RefundForm.safeParse(base).success).toBe(true);
  });
});
