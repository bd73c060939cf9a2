// The cart purchase with the responsible-gambling guard wired as app.ts wires it: a spend limit, a break and the
// unverified cap refuse the purchase inside its transaction and nothing is written; the cart shows the reason first.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRgTestApp, type RgTestApp } from '../../test/helpers/responsible-gambling.ts';
import type { Services } from '../services.ts';

let t: RgTestApp;
let workflow: Services['purchase'];
let cart: Services['cart'];

beforeAll(async () => {
  t = await buildRgTestApp();
  ({ purchase: workflow, cart } = t.services);
});
afterAll(() => t.close());

async function addTicket(c: { customerId: string }) {
  const res = await t.addTicket(c);
  expect(res.statusCode, res.body).toBe(200);
}
const key = () => `rg-${randomBytes(6).toString('hex')}`;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; message: string }) => e,
  );

describe('purchase with the responsible-gambling guard', () => {
  it('a daily spend limit lets the first ticket through and refuses the next, writing nothing', async () => {
    const c = await t.customer();
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 10_000);
    await t.injectSigned({
      method: 'PUT',
      url: '/api/v2/spend-limits/daily',
      headers: t.auth(c),
      payload: { limit: 2 },
    });
    await addTicket(c);
    const first = await workflow.purchase(c.customerId, key(), { purchase: {} });
    expect(first.checkoutId).toMatch(/^chk_/);
    const spent = 10_000 - (await t.ledger.fundsSummary(c.customerId)).availableFundsCents;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(200);

    await addTicket(c);
    const view = await cart.get({ kind: 'customer', customerId: c.customerId });
    expect(Object.keys(view.blockedReasons)).toContain('spend_limit');
    const err = await failure(workflow.purchase(c.customerId, key(), { purchase: {} }));
    expect(err?.code).toBe('spend_limit');
    expect((await t.ledger.fundsSummary(c.customerId)).availableFundsCents).toBe(10_000 - spent);
    expect(
      Object.values((await cart.get({ kind: 'customer', customerId: c.customerId })).cartItems).flat(),
    ).toHaveLength(1);
  });

  it('a customer on a break cannot buy; an unverified customer cannot pass the cap', async () => {
    const c = await t.customer();
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 10_000);
    await t.rg.exclusions.takeABreak(c.customerId, '24h');
    await addTicket(c);
    expect((await failure(workflow.purchase(c.customerId, key(), { purchase: {} })))?.code).toBe('take_a_break');

    const u = await t.customer();
    await t.fund(u.customerId, 100_000);
    await t.buy(u.customerId, 49_900);
    await addTicket(u);
    expect((await failure(workflow.purchase(u.customerId, key(), { purchase: {} })))?.code).toBe(
      'verify_account_required',
    );
  });
});
