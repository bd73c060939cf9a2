// The members price list through the real app (issue 19): a Daily Winners member's cart is priced by `members`
// (5% below the base price) and their overview says so; a non-member, a former member and an anonymous cart pay the
// default list, whatever pricing a request names.
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
const auth = (c: TestCustomer) => ({ authorization: `Bearer ${c.accessToken}` });
const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  c: TestCustomer | null,
  payload?: Json,
  version = '3.3',
) => {
  const res = await t.injectSigned({
    method,
    url,
    sign: { version },
    headers: c ? auth(c) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
};
const membership = (c: TestCustomer, status: 'member' | 'non-member') =>
  call('PUT', '/api/rewards/membership', c, { membership_program: 'daily_winners', membership_status: status }, '3.2');
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

describe('the members price list', () => {
  it("prices a member's cart by the members list, and a former member's by the default list again", async () => {
    const ann = await signUpAndLogin(t, { firstname: 'Ann' });
    const added = await call('POST', '/api/v2/cart/items', ann, ticket);
    expect(added.status).toBe(200);
    const defaultTotal = total(added);
    expect((await call('GET', '/api/v2/customer', ann, undefined, '3.0')).body.result.pricing_id).toBe('default');

    expect((await membership(ann, 'member')).status).toBe(200);
    const asMember = await call('GET', '/api/v2/cart/items', ann);
    expect(total(asMember)).toBeLessThan(defaultTotal);
    expect(total(asMember)).toBeCloseTo(defaultTotal * 0.95, 1);
    expect((await call('GET', '/api/v2/customer', ann, undefined, '3.0')).body.result.pricing_id).toBe('members');

    expect((await membership(ann, 'non-member')).status).toBe(200);
    expect(total(await call('GET', '/api/v2/cart/items', ann))).toBe(defaultTotal);
    expect((await call('GET', '/api/v2/customer', ann, undefined, '3.0')).body.result.pricing_id).toBe('default');
  });

  it('gives an anonymous cart and a non-member the default list', async () => {
    const created = await call('POST', '/api/v2/anon-cart', null);
    const ref = created.body.result.cart_reference as string;
    const anon = await call('POST', `/api/v2/anon-cart/${ref}/items`, null, ticket);
    const bob = await signUpAndLogin(t, { firstname: 'Bob' });
    const bobs = await call('POST', '/api/v2/cart/items', bob, ticket);
    expect(total(anon)).toBe(total(bobs));
    // A pricing cookie or header the visitor sets names no price list for the cart.
    const forged = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/cart/items',
      sign: { version: '3.3' },
      headers: { ...auth(bob), cookie: 'pricing_id=members' },
    });
    expect(forged.json().result.cart_total.amount).toBe(total(bobs));
  });
});
