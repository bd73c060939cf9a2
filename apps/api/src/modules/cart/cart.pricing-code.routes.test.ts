// The `p` pricing code through the real app (core §1, ADR 081): a code naming a price list offered by code (`intro`,
// 10% below the base price) prices the product offers, the cart and the purchase alike, and is kept on the cart from
// the anonymous cart through login to the charge; an unknown, hostile or not-offered code changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.services.draws.ensureSchedule('oz-lotto');
});
afterAll(() => t.close());

type Json = Record<string, any>;
const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: {
    c?: TestCustomer | null;
    code?: string;
    cookie?: string;
    payload?: Json;
    version?: string;
    key?: string;
  } = {},
) => {
  const res = await t.injectSigned({
    method,
    url,
    sign: { version: opts.version ?? '3.3' },
    headers: {
      ...(opts.c ? { authorization: `Bearer ${opts.c.accessToken}` } : {}),
      ...(opts.code !== undefined ? { 'x-pricing-id': opts.code } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
};
const ticket = {
  item: {
    product_type: 'lottery_ticket',
    product_offer_key: 'oz-lotto',
    game_type: 'standard',
    game_offer: 'standard',
    games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] }, quickpick: false }],
  },
};
const total = (r: { body: Json }) => r.body.result.cart_total.amount as number;
/** Price of one standard game of Oz Lotto under a list, as the play screen reads it. */
const gamePrice = (r: { body: Json }) =>
  r.body.result['oz-lotto'].game_types.find((g: Json) => g.key === 'standard').game_offers[0].prices[0].price
    .amount as number;

async function fund(c: TestCustomer, cents: number) {
  await t.database.db.transaction((tx) =>
    t.services.ledger.creditDeposit(tx, {
      customerId: c.customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test-deposit:${c.customerId}`,
      description: 'Test deposit',
    }),
  );
}
const available = async (c: TestCustomer) =>
  (await call('GET', '/api/v2/customer', { c, version: '3.0' })).body.result.available_funds.amount as number;

async function anonymousCart(code?: string) {
  const ref = (await call('POST', '/api/v2/anon-cart')).body.result.cart_reference as string;
  const added = await call('POST', `/api/v2/anon-cart/${ref}/items`, { code, payload: ticket });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { ref, added };
}

describe('the p pricing code', () => {
  it('serves the lists offered by code to everyone, and the members list only to members', async () => {
    const base = await call('GET', '/api/v2/pricing/default/product_offers', { version: '3.0' });
    const intro = await call('GET', '/api/v2/pricing/intro/product_offers', { version: '3.0' });
    expect(intro.status).toBe(200);
    expect(gamePrice(intro)).toBeCloseTo(gamePrice(base) * 0.9, 2);
    const members = await call('GET', '/api/v2/pricing/members/product_offers', { version: '3.0' });
    expect(members.status).toBe(404);
    expect(members.body.messages[0].code).toBe('unknown_pricing');
    const unknown = await call('GET', '/api/v2/pricing/summer/product_offers', { version: '3.0' });
    expect(unknown.status).toBe(404);
    // A Daily Winners member reads their own list (never shared by a cache).
    const cleo = await signUpAndLogin(t, { firstname: 'Cleo' });
    const joined = await call('PUT', '/api/rewards/membership', {
      c: cleo,
      version: '3.2',
      payload: { membership_program: 'daily_winners', membership_status: 'member' },
    });
    expect(joined.status).toBe(200);
    const res = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/pricing/members/product_offers',
      sign: { version: '3.0' },
      headers: { authorization: `Bearer ${cleo.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(gamePrice({ body: res.json() })).toBeCloseTo(gamePrice(base) * 0.95, 2);
  });

  it('prices the cart by the code, keeps it through login and charges exactly the cart total', async () => {
    const plain = await anonymousCart();
    const { ref, added } = await anonymousCart('intro');
    expect(total(added)).toBeCloseTo(total(plain.added) * 0.9, 2);
    // The code is kept on the cart: a later read without it still prices by intro.
    expect(total(await call('GET', `/api/v2/anon-cart/${ref}`))).toBe(total(added));

    const ann = await signUpAndLogin(t, { firstname: 'Ann' });
    const converted = await call('POST', `/api/v2/anon-cart/${ref}/convert`, { c: ann, payload: {} });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(total(converted)).toBe(total(added));
    // The overview names the list the request's code puts the customer on (the storefront's pricing cookie).
    expect(
      (await call('GET', '/api/v2/customer', { c: ann, code: 'intro', version: '3.0' })).body.result.pricing_id,
    ).toBe('intro');

    await fund(ann, 5_000);
    const before = await available(ann);
    const bought = await call('POST', '/api/v2/cart/purchase', { c: ann, key: `buy-${ann.customerId}`, payload: {} });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(before - (await available(ann))).toBeCloseTo(total(added), 2);
    const receipt = await call('GET', `/api/v2/checkout/${bought.body.result.checkout_id}`, { c: ann, version: '3.0' });
    expect(receipt.body.result.total.amount).toBeCloseTo(total(added), 2);

    // Bought: the cart forgets the code, so the next ticket is at the customer's own list unless a code asks again.
    const next = await call('POST', '/api/v2/cart/items', { c: ann, payload: ticket });
    expect(total(next)).toBe(total(plain.added));
    expect(total(await call('GET', '/api/v2/cart/items', { c: ann, cookie: 'pricing_id=intro' }))).toBe(total(added));
  });

  it('ignores an unknown code, a list not offered by code and a hostile value', async () => {
    const plain = await anonymousCart();
    for (const code of ['summer', 'members', 'intro;drop', '../intro', 'intro%00', `${'x'.repeat(300)}`]) {
      const { ref, added } = await anonymousCart(code);
      expect(total(added), code).toBe(total(plain.added));
      expect(total(await call('GET', `/api/v2/anon-cart/${ref}`)), code).toBe(total(plain.added));
    }
    const bob = await signUpAndLogin(t, { firstname: 'Bob' });
    const asked = await call('POST', '/api/v2/cart/items', { c: bob, code: 'members', payload: ticket });
    expect(total(asked)).toBe(total(plain.added));
    expect(
      (await call('GET', '/api/v2/customer', { c: bob, code: 'members', version: '3.0' })).body.result.pricing_id,
    ).toBe('default');
  });
});
