// Splitting an amount of cents between holders of shares (a syndicate's prize, a lotto party session's refund): the
// parts always sum exactly to the amount (no cent created or lost) and each part is within one cent of its exact
// value. Rule (largest remainder, Hamilton's method): every holder first gets floor(amount × shares ÷ total shares);
// the cents left over (fewer than the number of holders) go one each to the holders with the largest remainders,
// ties broken by more shares first, then by the holder's position in the input. The input order is the caller's
// (e.g. holders sorted by customer id), so the same holders always get the same split.

export interface ShareHolding<K> {
  holder: K;
  shares: number;
}

export interface SharePart<K> extends ShareHolding<K> {
  cents: number;
}

export function splitByShares<K>(amountCents: number, holdings: readonly ShareHolding<K>[]): SharePart<K>[] {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`The amount to split must be a whole, non-negative number of cents (got ${amountCents}).`);
  }
  for (const h of holdings) {
    if (!Number.isSafeInteger(h.shares) || h.shares <= 0) {
      throw new RangeError(`Every holding must be a positive whole number of shares (got ${h.shares}).`);
    }
  }
  const total = holdings.reduce((sum, h) => sum + h.shares, 0);
  if (holdings.length === 0 || total === 0) {
    if (amountCents === 0) return [];
    throw new RangeError('There is nobody to split the amount between.');
  }
  // BigInt keeps amount × shares exact beyond 2^53 (a record jackpot times thousands of shares still fits a Number,
  // but the product need not).
  const big = BigInt(amountCents);
  const bigTotal = BigInt(total);
  const parts = holdings.map((h, index) => {
    const exact = big * BigInt(h.shares);
    return { ...h, cents: Number(exact / bigTotal), remainder: exact % bigTotal, index };
  });
  let left = amountCents - parts.reduce((sum, p) => sum + p.cents, 0);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : b.shares - a.shares || a.index - b.index,
  );
  for (const p of order) {
    if (left === 0) break;
    p.cents += 1;
    left -= 1;
  }
  return parts.map(({ holder, shares, cents }) => ({ holder, shares, cents }));
}
