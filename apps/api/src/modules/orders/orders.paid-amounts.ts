// What each order of a checkout was paid, so the orders a customer sees add up to the receipt's total to the cent.
// The cart's promotion discount is spread over the orders in proportion to their prices (largest remainder).

/** One order as its cart item was priced: its price before the discount and whether it is a pre-order. */
export interface PricedOrder {
  priceCents: number;
  preOrder: boolean;
}

/**
 * The amount paid per order (same order as given) after `discountCents` is taken off. Orders paid now take the
 * discount first, because the wallet debit is cart total − pre-order total (a pre-order is paid at its price when its
 * draw's sales open); only a discount larger than what is paid now reaches the pre-orders. Within a group each order
 * gets floor(discount × price / group price); the cents left over go one each to the orders with the largest
 * remainders, ties to the earlier order (cart position). The results sum to Σ price − discount exactly.
 */
export function paidAmounts(orders: readonly PricedOrder[], discountCents: number): number[] {
  const paid = orders.map((o) => o.priceCents);
  let left = Math.min(
    Math.max(0, discountCents),
    paid.reduce((s, p) => s + p, 0),
  );
  for (const preOrder of [false, true]) {
    const group = orders.flatMap((o, i) => (o.preOrder === preOrder ? [i] : []));
    const groupCents = group.reduce((s, i) => s + orders[i]!.priceCents, 0);
    const share = Math.min(left, groupCents);
    if (share === 0) continue;
    for (const [i, cents] of spread(
      group.map((i) => [i, orders[i]!.priceCents] as const),
      share,
      groupCents,
    ))
      paid[i] = paid[i]! - cents;
    left -= share;
  }
  return paid;
}

/** `amount` spread over weighted entries in proportion to their weights (largest remainder, ties to the first). */
function spread(entries: (readonly [number, number])[], amount: number, totalWeight: number): Map<number, number> {
  // BigInt: amount × weight can pass 2^53 for large carts of large prices.
  const parts = entries.map(([i, w]) => {
    const exact = BigInt(amount) * BigInt(w);
    return { i, cents: Number(exact / BigInt(totalWeight)), rest: exact % BigInt(totalWeight) };
  });
  let leftover = amount - parts.reduce((s, p) => s + p.cents, 0);
  const byRest = [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const p of byRest) {
    if (leftover === 0) break;
    p.cents += 1;
    leftover -= 1;
  }
  return new Map(parts.map((p) => [p.i, p.cents]));
}
