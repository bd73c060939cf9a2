// Demo promotion codes (README "Trying it as a customer"). Inserted when missing; an operator's changes are kept.
import type { Executor } from '../../db/index.ts';
import { createPromotionsRepository, type NewPromotionRow } from './promotions.repository.ts';

export const PROMOTIONS_SEED: NewPromotionRow[] = [
  {
    code: 'WELCOME5',
    type: 'voucher_fixed_discount',
    value: 500,
    description: '$5 off a cart of $10 or more, once per customer',
    minSpendCents: 1000,
    maxPerCustomer: 1,
  },
  { code: 'SAVE10', type: 'voucher_percent_discount', value: 1000, description: '10% off your cart' },
  {
    code: 'SPRING3',
    type: 'voucher_fixed_discount_expire',
    value: 300,
    description: '$3 off until the end of 2027',
    expiresAt: new Date('2027-12-31T13:00:00.000Z'),
  },
  {
    code: 'EXPIRED1',
    type: 'voucher_fixed_discount_expire',
    value: 100,
    description: '$1 off (expired)',
    expiresAt: new Date('2025-01-01T00:00:00.000Z'),
  },
  {
    code: 'BONUS10',
    type: 'voucher_credit_amount',
    value: 1000,
    description: '$10 bonus credit in your wallet with your purchase, once per customer',
    maxPerCustomer: 1,
  },
  {
    code: 'LIMITED2',
    type: 'voucher_fixed_discount',
    value: 200,
    description: '$2 off, for the first 2 purchases only',
    maxRedemptions: 2,
  },
];

export function seedPromotions(ex: Executor): Promise<number> {
  return createPromotionsRepository().insertMissing(ex, PROMOTIONS_SEED);
}
