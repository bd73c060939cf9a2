// The sub-variant (core §1 `sv`, §7 sub-variant header) through the real app on a seeded database: a state's
// sub-variant shows the state's names of the cart's games on every cart call; a bad or unknown one is the national site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, testServices, withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { draws } = testServices(database, { clock: fixedClock(TEST_NOW) });
  await draws.ensureSchedule('saturday-lotto');
});
afterAll(async () => {
  await database.close();
});

type Json = Record<string, any>;
const withApp = <T>(fn: (t: TestApp) => Promise<T>): Promise<T> => withTestApp({ database }, fn);

function api(t: TestApp, headers: Record<string, string> = {}) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.injectSigned({
      method,
      url: `/api/v2${url}`,
      ...(payload !== undefined ? { payload: payload as Json } : {}),
      sign: { version: '3.3' },
      headers,
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
}

const saturdayLotto = {
  item: {
    product_type: 'lottery_ticket',
    product_offer_key: 'saturday-lotto',
    game_type: 'standard',
    game_offer: 'standard',
    games: Array.from({ length: 4 }, () => ({ sets: {}, quickpick: true })),
  },
};
const onlyItem = (cart: Json): Json => Object.values(cart.cart_items as Record<string, Json[]>).flat()[0]!;

async function cartWithSaturdayLotto(t: TestApp): Promise<string> {
  const created = await api(t)('POST', '/anon-cart');
  const ref = created.body.result.cart_reference as string;
  const added = await api(t)('POST', `/anon-cart/${ref}/items`, saturdayLotto);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  expect(onlyItem(added.body.result).offer_name).toBe('Saturday Lotto');
  return ref;
}

describe('the sub-variant on cart calls', () => {
  it("names the cart's games as the state's site does, at the same price", () =>
    withApp(async (t) => {
      const ref = await cartWithSaturdayLotto(t);
      const national = (await api(t)('GET', `/anon-cart/${ref}`)).body.result;
      const qld = await api(t, { 'x-sub-variant': 'qld' })('GET', `/anon-cart/${ref}`);
      expect(qld.status).toBe(200);
      const item = onlyItem(qld.body.result);
      expect(item.offer_name).toBe('Gold Lotto');
      expect(item.description).toMatch(/^Gold Lotto Standard, 4 games, 1 draw/);
      expect(item.price).toEqual(onlyItem(national).price);
      expect(qld.body.result.cart_total).toEqual(national.cart_total);
      // The sv cookie of the storefront says the same when no header is sent.
      const vic = await api(t, { cookie: 'sv=vic' })('GET', `/anon-cart/${ref}`);
      expect(onlyItem(vic.body.result).offer_name).toBe('TattsLotto');
      // A state without its own name for the game keeps the national one.
      const nsw = await api(t, { 'x-sub-variant': 'nsw' })('GET', `/anon-cart/${ref}`);
      expect(onlyItem(nsw.body.result).offer_name).toBe('Saturday Lotto');
    }));

  it('describes an item added under a sub-variant by its state name', () =>
    withApp(async (t) => {
      const created = await api(t)('POST', '/anon-cart');
      const ref = created.body.result.cart_reference as string;
      const added = await api(t, { 'x-sub-variant': 'sa' })('POST', `/anon-cart/${ref}/items`, saturdayLotto);
      expect(added.status).toBe(200);
      expect(onlyItem(added.body.result).offer_name).toBe('X Lotto');
      // Seen later on the national site, the same item is Saturday Lotto again: nothing about the state is stored.
      expect(onlyItem((await api(t)('GET', `/anon-cart/${ref}`)).body.result).offer_name).toBe('Saturday Lotto');
    }));

  it('treats a malformed or unknown sub-variant as the national site and changes nothing', () =>
    withApp(async (t) => {
      const ref = await cartWithSaturdayLotto(t);
      for (const sv of ['qld<script>', 'q ld', 'zz', 'other', 'queensland']) {
        const res = await api(t, { 'x-sub-variant': sv })('GET', `/anon-cart/${ref}`);
        expect(res.status, sv).toBe(200);
        expect(onlyItem(res.body.result).offer_name, sv).toBe('Saturday Lotto');
      }
      const cookie = await api(t, { cookie: 'sv=qld%3Bx' })('GET', `/anon-cart/${ref}`);
      expect(onlyItem(cookie.body.result).offer_name).toBe('Saturday Lotto');
      expect(onlyItem((await api(t)('GET', `/anon-cart/${ref}`)).body.result).offer_name).toBe('Saturday Lotto');
    }));

  it('buys the games under the names of the state site the cart was last seen on, and nationally once seen so', () =>
    withApp(async (t) => {
      const ann = await signUpAndLogin(t, { firstname: 'Ann' });
      await t.database.db.transaction((tx) =>
        t.services.ledger.creditDeposit(tx, {
          customerId: ann.customerId,
          amountCents: 10_000,
          currency: 'AUD',
          reference: `test-deposit:${ann.customerId}`,
          description: 'Test deposit',
        }),
      );
      const auth = { authorization: `Bearer ${ann.accessToken}` };
      const buy = async (key: string) => {
        // The purchase itself carries no sub-variant (a 3-D Secure return, a retry): the cart's last view names it.
        const bought = await t.injectSigned({
          method: 'POST',
          url: '/api/v2/cart/purchase',
          sign: { version: '3.3' },
          headers: { ...auth, 'idempotency-key': key },
          payload: {},
        });
        expect(bought.statusCode, bought.body).toBe(200);
        const receipt = await t.injectSigned({
          method: 'GET',
          url: `/api/v2/checkout/${bought.json().result.checkout_id}`,
          headers: auth,
        });
        return receipt.json().result.orders as Json[];
      };
      const qld = api(t, { ...auth, 'x-sub-variant': 'qld' });
      expect(onlyItem((await qld('POST', '/cart/items', saturdayLotto)).body.result).offer_name).toBe('Gold Lotto');
      expect(JSON.stringify(await buy('sv-qld'))).toContain('Gold Lotto');

      await qld('POST', '/cart/items', saturdayLotto);
      // Seen on the national site before buying: the national name.
      expect(onlyItem((await api(t, auth)('GET', '/cart/items')).body.result).offer_name).toBe('Saturday Lotto');
      const national = JSON.stringify(await buy('sv-national'));
      expect(national).toContain('Saturday Lotto');
      expect(national).not.toContain('Gold Lotto');
    }));
});
