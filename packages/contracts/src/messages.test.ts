import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORM_MESSAGES, Money, useShopErrorMessages } from './index.ts';

useShopErrorMessages();
const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0]!.message;
};

describe('house validation messages (spec features §5)', () => {
  it('speaks the spec form messages for the common mistakes', () => {
    const form = z.object({ email: z.email(), age: z.number().int(), name: z.string().min(1) });
    expect(first(form, { age: 1, name: 'x' })).toBe(FORM_MESSAGES.required);
    expect(first(form, { email: 'nope', age: 1, name: 'x' })).toBe('Please enter a valid email address.');
    expect(first(form, { email: 'a@b.co', age: 'ten', name: 'x' })).toBe('Please enter numbers only.');
    expect(first(form, { email: 'a@b.co', age: 1, name: '' })).toBe('This field is required.');
    expect(first(Money, { amount: 1.505, currency: 'AUD' })).toBe('Amount must follow format e.g: 1.50');
  });

  it('words ranges, choices and lengths plainly', () => {
    expect(first(z.number().min(1).max(100), 0)).toBe('Must be at least 1.');
    expect(first(z.number().min(1).max(100), 101)).toBe('Must be at most 100.');
    expect(first(z.string().max(3), 'abcd')).toBe('Must be at most 3 characters.');
    expect(first(z.enum(['AUD', 'GBP']), 'USD')).toBe('Must be one of: AUD, GBP.');
    // An empty select is a missing answer (sign-up's State left on "Choose…").
    expect(first(z.enum(['NSW', 'VIC']), '')).toBe(FORM_MESSAGES.required);
    expect(first(z.boolean(), 'yes')).toBe('Must be true or false.');
  });

  it('leaves a schema its own message', () => {
    expect(first(z.number().min(0.01, FORM_MESSAGES.minimumAmount('$0.01')), 0)).toBe(
      'Please enter an amount equal to or greater than $0.01.',
    );
  });
});
