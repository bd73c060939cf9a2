import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByShares } from './shares.ts';

describe('splitByShares', () => {
  it('splits a prize 3:2 to the cent, the odd cent to the larger holder', () => {
    expect(
      splitByShares(1001, [
        { holder: 'a', shares: 3 },
        { holder: 'b', shares: 2 },
      ]),
    ).toEqual([
      { holder: 'a', shares: 3, cents: 601 },
      { holder: 'b', shares: 2, cents: 400 },
    ]);
  });

  it('gives equal holders the leftover cents in input order', () => {
    expect(
      splitByShares(
        2,
        [1, 1, 1].map((shares, i) => ({ holder: i, shares })),
      ).map((p) => p.cents),
    ).toEqual([1, 1, 0]);
  });

  it('any amount and any holdings: parts sum exactly to the amount, each within one cent of its exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 60 }),
        (amount, shares) => {
          const parts = splitByShares(
            amount,
            shares.map((s, i) => ({ holder: i, shares: s })),
          );
          const total = shares.reduce((a, b) => a + b, 0);
          expect(parts.reduce((sum, p) => sum + BigInt(p.cents), 0n)).toBe(BigInt(amount));
          for (const p of parts) {
            const exactTimesTotal = BigInt(amount) * BigInt(p.shares);
            const mineTimesTotal = BigInt(p.cents) * BigInt(total);
            const diff = mineTimesTotal - exactTimesTotal;
            // |cents - exact| < 1  <=>  |cents × total - amount × shares| < total
            expect(diff < BigInt(total) && diff > -BigInt(total)).toBe(true);
            expect(p.cents).toBeGreaterThanOrEqual(0);
          }
          // Same holdings, same split.
          expect(
            splitByShares(
              amount,
              shares.map((s, i) => ({ holder: i, shares: s })),
            ),
          ).toEqual(parts);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses fractional or negative amounts and empty or non-positive holdings', () => {
    expect(() => splitByShares(1.5, [{ holder: 'a', shares: 1 }])).toThrow(RangeError);
    expect(() => splitByShares(-1, [{ holder: 'a', shares: 1 }])).toThrow(RangeError);
    expect(() => splitByShares(5, [])).toThrow(RangeError);
    expect(() => splitByShares(5, [{ holder: 'a', shares: 0 }])).toThrow(RangeError);
    expect(splitByShares(0, [])).toEqual([]);
  });
});
