// The purchase's one read and one guarded write (ADR 109) against a real database: a write decided on a cart, a
// wallet or a draw that changed since it was read writes nothing at all; and a customer who changes their cart or wallet while it is being bought gets exactly one
// consistent outcome (every item either bought once or still in the cart, every cent accounted for).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app.ts';
import { fundedShopper } from '../../test/helpers/customers.ts';
import { GuardFailed, prefetch, readScope, writeGuarded } from '../db/index.ts';

const V = { version: '3.3' } as const;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof fundedShopper>>;
const shopper = (walletCents: number) => fundedShopper(t, walletCents);

const ticket = (numbers: number[]) => ({
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers } }],
});

async function add(s: Shopper, numbers = [1, 2, 3, 4, 5, 6, 7]) {
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: s.headers,
    payload: { item: ticket(numbers) },
    sign: V,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { cart_items: Record<string, { id: string }[]> };
}

const buy = (s: Shopper, key = `k-${randomBytes(4).toString('hex')}`) =>
  t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, 'idempotency-key': key },
    payload: {},
    sign: V,
  });

async function cartOf(customerId: string) {
  const { rows } = await t.database.pool.query<{ id: string; version: string; items: number }>(
    `select c.id, c.version, (select count(*)::int from cart_items i where i.cart_id = c.id) as items
     from cart_carts c where c.customer_id = $1`,
    [customerId],
  );
  return { id: Number(rows[0]!.id), version: Number(rows[0]!.version), items: rows[0]!.items };
}

async function counts(customerId: string) {
  const { rows } = await t.database.pool.query<{ checkouts: number; orders: number; entries: number }>(
    `select (select count(*)::int from orders_checkouts where customer_id = $1) as checkouts,
       (select count(*)::int from orders_orders where customer_id = $1) as orders,
       (select count(*)::int from wallet_entries where customer_id = $1 and kind = 'purchase') as entries`,
    [customerId],
  );
  return rows[0]!;
}

describe('a guarded write decided on what changed since', () => {
  it('writes nothing when the cart changed after the read (cart_unchanged)', async () => {
    const s = await shopper(10_000);
    await add(s);
    const read = await cartOf(s.id);
    await add(s, [3, 4, 5, 6, 7, 8, 9]);
    await expect(
      writeGuarded(t.database.db, 'test_cart_guard', [t.services.cart.purchasedWrite(read.id, read.version)]),
    ).rejects.toThrow(GuardFailed);
    // Not emptied: both items are still there.
    expect((await cartOf(s.id)).items).toBe(2);
    // At the version it has now, the same write stands.
    const now = await cartOf(s.id);
    await writeGuarded(t.database.db, 'test_cart_guard', [t.services.cart.purchasedWrite(now.id, now.version)]);
    expect((await cartOf(s.id)).items).toBe(0);
  });

  it('writes no entry, line or balance when the wallet moved after the read (wallet_unchanged)', async () => {
    const s = await shopper(10_000);
    const scope = readScope(t.database.db);
    await prefetch(scope, 'test_wallet_read', [t.services.ledger.walletRead(s.id)]);
    const { part } = await t.services.ledger.debitPurchaseWrite(scope, {
      customerId: s.id,
      amountCents: 500,
      currency: 'AUD',
      reference: `test-debit:${s.id}`,
      description: 'test',
    });
    // A deposit lands between the read and the write.
    await t.database.db.transaction((tx) =>
      t.services.ledger.creditDeposit(tx, {
        customerId: s.id,
        amountCents: 100,
        currency: 'AUD',
        reference: `test-deposit-2:${s.id}`,
        description: 'Test deposit',
      }),
    );
    const refused = await writeGuarded(t.database.db, 'test_wallet_guard', [part]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GuardFailed);
    expect((refused as GuardFailed).check).toBe('wallet_unchanged');
    const { rows } = await t.database.pool.query('select 1 from wallet_entries where reference = $1', [
      `test-debit:${s.id}`,
    ]);
    expect(rows).toHaveLength(0);
    expect((await t.services.ledger.fundsSummary(s.id)).availableFundsCents).toBe(10_100);
    expect(await t.services.ledger.verify()).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('writes no line when a draw closed after the read (the draw-close race), and says which item', async () => {
    const s = await shopper(10_000);
    await add(s);
    // The draw the purchase reads as open is closed by the close job's statement just before the write: the write
    // is refused, the answer is 422 draw_closed, and no checkout, order, line or entry exists.
    const first = (await t.services.cart.get({ kind: 'customer', customerId: s.id })).cartItems.lottery_ticket![0]!;
    const drawId = first.draws[0]!.drawId;
    await t.database.pool.query(`update draws_draws set status = 'DRAW_CLOSED' where public_id = $1`, [drawId]);
    try {
      const res = await buy(s);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().messages[0].code).toBe('draw_closed');
      expect(await counts(s.id)).toEqual({ checkouts: 0, orders: 0, entries: 0 });
      const lines = await t.database.pool.query('select 1 from orders_ticket_lines where customer_id = $1', [s.id]);
      expect(lines.rows).toHaveLength(0);
    } finally {
      await t.database.pool.query(`update draws_draws set status = 'DRAW_OPEN' where public_id = $1`, [drawId]);
    }
  });
});

describe('a customer changing their cart while it is bought', () => {
  it('gets one consistent outcome: every item bought once or still in the cart, the ledger balanced', async () => {
    const s = await shopper(1_000_000);
    for (let round = 0; round < 6; round++) {
      await add(s);
      // The purchase and a second add race: the add lands before the purchase's read (bought with the cart), or
      // between its read and its write (the write is refused and read again, so it is bought too), or after it
      // (it stays in the cart for the next round).
      const [bought] = await Promise.all([buy(s), add(s, [5, 6, 7, 8, 9, 10, 11])]);
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const { orders, checkouts, entries } = await counts(s.id);
    const left = (await cartOf(s.id)).items;
    expect(checkouts).toBe(6);
    expect(entries).toBe(6);
    // Every item added (12) is in exactly one order or still in the cart.
    expect(orders + left).toBe(12);
    const { rows } = await t.database.pool.query<{ paid: string; charged: string }>(
      `select (select coalesce(sum(total_cents), 0) from orders_orders where customer_id = $1) as paid,
         (select coalesce(sum(paid_from_wallet_cents), 0) from orders_checkouts where customer_id = $1) as charged`,
      [s.id],
    );
    expect(Number(rows[0]!.paid)).toBe(Number(rows[0]!.charged));
    expect((await t.services.ledger.fundsSummary(s.id)).availableFundsCents).toBe(1_000_000 - Number(rows[0]!.charged));
    expect(await t.services.ledger.verify()).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('keeps two purchases of one cart at once to one checkout and one charge', async () => {
    const s = await shopper(100_000);
    await add(s);
    const answers = await Promise.all([buy(s), buy(s), buy(s)]);
    const codes = answers.map((a) => a.statusCode).sort();
    // One buys the cart; the others find it empty (their writes were refused and read the bought cart again).
    expect(codes).toEqual([200, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422)) expect(a.json().messages[0].code).toBe('cart_empty');
    expect(await counts(s.id)).toEqual({ checkouts: 1, orders: 1, entries: 1 });
  });
});
