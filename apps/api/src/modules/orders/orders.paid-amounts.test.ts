// The discount spread over a checkout's orders: no cent lost or created, pre-orders last, largest remainders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paidAmounts } from './orders.paid-amounts.ts';

const now = (priceCents: number) => ({ priceCents, preOrder: false });

describe('paidAmounts', () => {
  it('takes 10 % of a $1.55 order off that order: $1.39, as on the receipt', () => {
    expect(paidAmounts([now(155)], 16)).toEqual([139]);
  });

  it('gives the left-over cents to the largest remainders, ties to the earlier order', () => {
    // 10 over three equal orders: 3.33 each, the cent left goes to the first.
    expect(paidAmounts([now(100), now(100), now(100)], 10)).toEqual([96, 97, 97]);
    // 16 over 155 and 310: 5.33 and 10.67, the cent goes to the second.
    expect(paidAmounts([now(155), now(310)], 16)).toEqual([150, 299]);
  });

  it('takes the discount from orders paid now before pre-orders', () => {
    expect(paidAmounts([now(500), { priceCents: 500, preOrder: true }], 300)).toEqual([200, 500]);
    expect(paidAmounts([now(200), { priceCents: 500, preOrder: true }], 300)).toEqual([0, 400]);
  });

  it('conserves money: the orders sum to the prices less the discount, none negative or above its price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ priceCents: fc.integer({ min: 0, max: 10_000_000 }), preOrder: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (orders, discount) => {
          const subtotal = orders.reduce((s, o) => s + o.priceCents, 0);
          const paid = paidAmounts(orders, Math.min(discount, subtotal));
          expect(paid.reduce((s, p) => s + p, 0)).toBe(subtotal - Math.min(discount, subtotal));
          paid.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(orders[i]!.priceCents);
          });
        },
      ),
    );
  });
});
