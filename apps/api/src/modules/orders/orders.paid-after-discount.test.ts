// What a customer is told each order cost agrees with the receipt after a promotion (issue 20 item 9): the orders of
// a SAVE10 checkout show the discounted amounts and add up to the receipt's total.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';

const V = { version: '3.3' } as const;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quickpicks = (games: number) => ({
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: Array.from({ length: games }, () => ({
    sets: { numbers: [null, null, null, null, null, null, null] },
    quickpick: true,
  })),
});

describe('orders of a discounted checkout', () => {
  it('show what was paid for each, summing to the receipt total', async () => {
    const id = `cus_${randomBytes(8).toString('hex')}`;
    await t.database.db.transaction((tx) =>
      t.services.ledger.creditDeposit(tx, {
        customerId: id,
        amountCents: 5_000,
        currency: 'AUD',
        reference: `test-deposit:${id}`,
        description: 'Test deposit',
      }),
    );
    const headers = { authorization: `Bearer ${t.tokenFor(id)}` };
    const call = (method: 'GET' | 'POST', url: string, payload?: object, extra: Record<string, string> = {}) =>
      t.injectSigned({ method, url: `/api/v2${url}`, headers: { ...headers, ...extra }, payload, sign: V });

    for (const games of [1, 2])
      expect((await call('POST', '/cart/items', { item: quickpicks(games) })).statusCode).toBe(200);
    expect((await call('POST', '/cart/promotion', { promotion_code: 'SAVE10' })).statusCode).toBe(200);
    const bought = await call('POST', '/cart/purchase', {}, { 'idempotency-key': `key-${id}` });
    expect(bought.statusCode, bought.body).toBe(200);
    const receipt = (await call('GET', `/checkout/${bought.json().result.checkout_id}`)).json().result;
    // $1.55 + $3.10 = $4.65, 10 % off = $0.47 (half up): $4.18.
    expect(receipt.total.amount).toBe(4.18);

    const orders = (await call('GET', '/orders?status=upcoming_products')).json().result as {
      checkout_id: string;
      description: string;
      total: { amount: number };
    }[];
    const mine = orders.filter((o) => o.checkout_id === receipt.checkout_id);
    expect(mine).toHaveLength(2);
    const cents = mine.map((o) => Math.round(o.total.amount * 100)).sort((a, b) => a - b);
    // 47 spread as 15.67 and 31.33: the left-over cent goes to the larger remainder (the $1.55 order).
    expect(cents).toEqual([139, 279]);
    expect(cents[0]! + cents[1]!).toBe(Math.round(receipt.total.amount * 100));
    for (const o of receipt.orders as { total: { amount: number } }[])
      expect(cents).toContain(Math.round(o.total.amount * 100));
  });
});
