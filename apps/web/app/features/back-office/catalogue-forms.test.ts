import { describe, expect, it } from 'vitest';
import { PriceForm, priceBody, PromotionLimitsForm, promotionPatch } from './catalogue-forms.ts';

describe('catalogue forms', () => {
  it('reads a block price in dollars and cents as whole cents', () => {
    expect(priceBody(PriceForm.parse({ blockPrice: '2.7', blockGames: '4' }))).toEqual({
      blockCents: 270,
      blockGames: 4,
    });
    for (const bad of [
      { blockPrice: '0', blockGames: '1' },
      { blockPrice: '-1.00', blockGames: '1' },
      { blockPrice: '1.234', blockGames: '1' },
      { blockPrice: '1.20', blockGames: '0' },
      { blockPrice: '1.20', blockGames: '1.5' },
    ])
      expect(PriceForm.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('sends every limit, an empty field as no limit', () => {
    expect(promotionPatch(PromotionLimitsForm.parse({ maxRedemptions: '5', minSpend: '10.50' }))).toEqual({
      maxRedemptions: 5,
      maxPerCustomer: null,
      minSpendCents: 1050,
      expiresAt: null,
    });
    expect(PromotionLimitsForm.safeParse({ maxRedemptions: '0' }).success).toBe(false);
    expect(PromotionLimitsForm.safeParse({ expiresAt: 'tomorrow' }).success).toBe(false);
  });
});
