// Round trips and statements of an add-to-cart and a purchase (issue 22), counted on the pool's connections, over the
// HTTP API as the bench drives it: a signed-up customer with a funded wallet adds a two-game Oz Lotto ticket and
// buys it. Prints what each request sends (PRINT_QUERIES=1 lists the statements) and holds the purchase transaction
// and the add-to-cart to the budget docs/checkout.md "Numbers" gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app.ts';
import { signUpAndLogin } from '../../test/helpers/customers.ts';
import { countQueries, type QueryCount } from '../db/query-counter.ts';

const V = { version: '3.3' } as const;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The queries from BEGIN to COMMIT/ROLLBACK (the ones that hold a connection and the cart's lock). */
function inTransaction(c: QueryCount): QueryCount {
  const begin = c.queries.findIndex((q) => /^\s*begin\b/i.test(q.text));
  if (begin < 0) return { roundTrips: 0, statements: 0, queries: [] };
  const end = c.queries.findIndex((q, i) => i > begin && /^\s*(commit|rollback)\b/i.test(q.text));
  const queries = c.queries.slice(begin, end + 1);
  return { roundTrips: queries.length, statements: queries.length, queries };
}

function print(label: string, c: QueryCount) {
  const tx = inTransaction(c);
  const prepared = c.queries.filter((q) => q.name).length;
  console.log(
    `${label}: ${c.roundTrips} round trips, ${c.statements} statements (${prepared} prepared); ` +
      `in its transaction: ${tx.roundTrips} round trips`,
  );
  if (process.env.PRINT_QUERIES === '1')
    for (const q of c.queries)
      console.log(`  ${q.name ? `[${q.name}] ` : ''}${q.text.replace(/\s+/g, ' ').slice(0, 160)}`);
}

describe('round trips per checkout', () => {
  it('counts the add-to-cart and the purchase', async () => {
    const customer = await signUpAndLogin(t);
    await t.database.db.transaction((tx) =>
      t.services.ledger.creditDeposit(tx, {
        customerId: customer.customerId,
        amountCents: 100_000,
        currency: 'AUD',
        reference: `test-deposit:${customer.customerId}`,
        description: 'Test deposit',
      }),
    );
    const headers = { authorization: `Bearer ${customer.accessToken}` };
    const item = {
      product_type: 'lottery_ticket',
      product_offer_key: 'oz-lotto',
      game_type: 'standard',
      game_offer: 'standard',
      games: [
        { sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } },
        { sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true },
      ],
    };
    const add = () =>
      t.injectSigned({ method: 'POST', url: '/api/v2/cart/items', headers, payload: { item }, sign: V });
    const buy = (key: string) =>
      t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/purchase',
        headers: { ...headers, 'idempotency-key': key },
        payload: {},
        sign: V,
      });
    // Warm: caches filled, house accounts created, prepared statements known to this process.
    expect((await add()).statusCode).toBe(200);
    expect((await buy('warm')).statusCode).toBe(200);

    const counter = countQueries(t.database.pool);
    try {
      const added = await add();
      expect(added.statusCode, added.body).toBe(200);
      const addCount = counter.take();
      const bought = await buy('counted');
      expect(bought.statusCode, bought.body).toBe(200);
      const buyCount = counter.take();
      print('POST /cart/items', addCount);
      print('POST /cart/purchase', buyCount);
      print('checkout (both)', {
        roundTrips: addCount.roundTrips + buyCount.roundTrips,
        statements: addCount.statements + buyCount.statements,
        queries: [...addCount.queries, ...buyCount.queries],
      });
      // The budget (docs/checkout.md "Numbers"; before issue 22: 8 and 23; 7 and 16 before issue 19). A change that
      // adds a round trip to either path must say why there. Issue 19 added the restriction kinds of features §4: the
      // customer's location terms (identity) and their legacy account (migration), one read each; and the members
      // price list, which needs the customer's membership (one read). Issue 22 again: the customer's row is read once
      // for both the verification profile and the location terms, and the membership is remembered per process (9 and
      // 19 before). Third pass: the key's record, the emptied cart and the receipt are CTEs of the checkout's own
      // statement (17 before).
      // Fifth pass (ADR 109): the add is one read (the cart, the wallet, the customer, the legacy account, exclusion,
      // limits and spending, for the view) and its insert (7 before).
      expect(addCount.roundTrips).toBeLessThanOrEqual(2);
      // The purchase reads everything once outside any transaction and writes once, a statement that is its own
      // commit (12 in its transaction and 14 in all before): the idempotency key's claim, the read, the guarded
      // write. No transaction is opened. The key's answer is stored by the guarded write itself (sixth pass; 4 before).
      expect(inTransaction(buyCount).roundTrips).toBe(0);
      expect(buyCount.roundTrips).toBeLessThanOrEqual(3);
      expect(buyCount.queries.some((q) => q.name === 'payments_key_complete')).toBe(false);
      // Both the read and the write of each path are named prepared statements (planned once per connection).
      const unnamed = (c: typeof addCount, names: string[]) =>
        names.filter((n) => !c.queries.some((q) => q.name === n || q.name?.startsWith(`${n}_`)));
      expect(unnamed(buyCount, ['purchase_read', 'purchase'])).toEqual([]);
      expect(unnamed(addCount, ['cart_view', 'cart_add_items'])).toEqual([]);
      expect(addCount.queries.every((q) => q.name)).toBe(true);
    } finally {
      counter.stop();
    }
  });
});
