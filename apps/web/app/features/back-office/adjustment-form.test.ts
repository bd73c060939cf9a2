// The adjustment request as typed: dollars and cents become the API's integer cents exactly; bad amounts are refused.
import { describe, expect, it } from 'vitest';
import { AdjustmentForm, adjustmentBody, amountCents } from './adjustment-form.ts';

describe('the adjustment request form', () => {
  it('turns dollars and cents into integer cents without floating-point rounding', () => {
    expect(amountCents('25')).toBe(2500);
    expect(amountCents('25.5')).toBe(2550);
    expect(amountCents('0.29')).toBe(29);
    expect(amountCents('1234567.89')).toBe(123456789);
  });

  it('sends the API body for a valid request, reason trimmed', () => {
    const parsed = AdjustmentForm.parse({
      customerId: 'cus_abc123',
      amount: '25.00',
      direction: 'credit',
      reason: '  Goodwill  ',
      key: 'bo-0b7c2f4e',
    });
    expect(adjustmentBody(parsed)).toEqual({
      customerId: 'cus_abc123',
      amountCents: 2500,
      direction: 'credit',
      reason: 'Goodwill',
      key: 'bo-0b7c2f4e',
    });
  });

  it('refuses a zero, negative, over-precise or missing amount, an empty reason and an unknown direction', () => {
    const base = { customerId: 'cus_abc123', amount: '1.00', direction: 'debit', reason: 'r', key: 'bo-0b7c2f4e' };
    for (const amount of ['0', '0.00', '-5', '1.005', '1,50', '', 'abc', '1000000.01'])
      expect(AdjustmentForm.safeParse({ ...base, amount }).success, amount).toBe(false);
    expect(AdjustmentForm.safeParse({ ...base, reason: '   ' }).success).toBe(false);
    expect(AdjustmentForm.safeParse({ ...base, direction: 'gift' }).success).toBe(false);
    expect(AdjustmentForm.safeParse({ ...base, customerId: 'someone' }).success).toBe(false);
    // Without its one-time key (a form drawn before keys existed) the request is refused: reload the form.
    expect(AdjustmentForm.safeParse({ ...base, key: undefined }).success).toBe(false);
    expect(AdjustmentForm.safeParse(base).success).toBe(true);
    expect(AdjustmentForm.safeParse({ ...base, amount: '1000000.00' }).success).toBe(true);
  });
});
