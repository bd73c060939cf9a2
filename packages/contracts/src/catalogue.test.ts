import { describe, expect, it } from 'vitest';
import { recurringPurchaseOf, sellsRecurring } from './catalogue.ts';

describe("an offer's recurring purchase in the spec's words (features §3, core §3: never, optional, always)", () => {
  it('answers offers stored with the old words as optional and never', () => {
    expect(recurringPurchaseOf({ type: 'autoplay', availability: 'available' })).toEqual({
      type: 'autoplay',
      availability: 'optional',
    });
    expect(recurringPurchaseOf({ type: 'subscription', availability: 'unavailable' })).toEqual({
      type: 'subscription',
      availability: 'never',
    });
  });

  it('keeps the spec words, and a type of none or an unknown word never sells', () => {
    expect(recurringPurchaseOf({ type: 'subscription', availability: 'always' })).toEqual({
      type: 'subscription',
      availability: 'always',
    });
    expect(recurringPurchaseOf({ type: 'none', availability: 'optional' })).toEqual({
      type: 'none',
      availability: 'never',
    });
    expect(recurringPurchaseOf({ type: 'autoplay', availability: 'sometimes' })).toEqual({
      type: 'autoplay',
      availability: 'never',
    });
    expect(recurringPurchaseOf({ type: 'weekly', availability: 'always' })).toEqual({
      type: 'none',
      availability: 'never',
    });
    expect(sellsRecurring({ type: 'autoplay', availability: 'optional' })).toBe(true);
    expect(sellsRecurring({ type: 'autoplay', availability: 'always' })).toBe(true);
    expect(sellsRecurring({ type: 'autoplay', availability: 'never' })).toBe(false);
    expect(sellsRecurring({ type: 'none', availability: 'optional' })).toBe(false);
  });
});
