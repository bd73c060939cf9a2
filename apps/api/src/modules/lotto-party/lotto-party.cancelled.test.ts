// A cancelled session (not every share sold when the draw's sales closed; ADR 087) shows each member their refund:
// GET /session/{id} my_refund is the shares they had bought and exactly what came back to their wallet; a member
// who bought none reads null. Against the real database, through the cart, the checkout and the close job.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { fundWallet } from '../../../test/helpers/recurring.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Who = { id: string; headers: () => Record<string, string> };
async function customer(): Promise<Who> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  await fundWallet(t.services, id, 100_00);
  return { id, headers: () => ({ authorization: `Bearer ${t.tokenFor(id)}` }) };
}
const social = (who: Who, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.injectSigned({
    method,
    url: `/api/social/v3${url}`,
    headers: who.headers(),
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
const CART = { version: '3.3' } as const;
async function addShares(who: Who, sessionId: string, numShares: number) {
  return t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: who.headers(),
    sign: CART,
    payload: { item: { product_type: 'social_syndicate_share', session_id: sessionId, num_shares: numShares } },
  });
}
const purchase = (who: Who) =>
  t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...who.headers(), 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    sign: CART,
    payload: {},
  });
async function buyShares(who: Who, sessionId: string, numShares: number) {
  const add = await addShares(who, sessionId, numShares);
  expect(add.statusCode, add.body).toBe(200);
  const bought = await purchase(who);
  expect(bought.statusCode, bought.body).toBe(200);
}
const balance = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;
const cents = (m: { amount: number }) => Math.round(m.amount * 100);

describe('a cancelled session shows each member their refund', () => {
  it('my_refund: the shares I bought and what came back to my wallet; null for a member who bought none', async () => {
    const [a, b, c] = [await customer(), await customer(), await customer()];
    const made = await social(a, 'POST', '/group', { group_name: `Refund party ${randomBytes(4).toString('hex')}` });
    const group = made.json().result as { id: string; invite_token: string };
    for (const m of [b, c]) await social(m, 'POST', `/group/token/${group.invite_token}/join`);
    const config = (await social(a, 'GET', '/config')).json().result;
    const oz = config.offers.find((o: { product_offer_key: string }) => o.product_offer_key === 'oz-lotto');
    const price = oz.game_offers[0].prices.find((p: { shares: { num_shares: number }[] }) =>
      p.shares.some((s) => s.num_shares === 10),
    );
    const res = await social(a, 'POST', '/session', {
      group_id: group.id,
      draw_id: oz.draws[0].draw_id,
      product_offer_key: 'oz-lotto',
      game_offer: oz.game_offers[0].key,
      num_games: price.num_games,
      share_price: price.shares.find((s: { num_shares: number }) => s.num_shares === 10).share_price.amount,
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().result as { session_id: string; closes_at: string; share_price: { amount: number } };
    const sid = session.session_id;
    await buyShares(a, sid, 2);
    await buyShares(b, sid, 3);
    await buyShares(b, sid, 1);
    const open = (await social(b, 'GET', `/session/${sid}`)).json().result;
    expect(open).toMatchObject({ status: 'open', my_shares: 4, my_refund: null });
    const before = { a: await balance(a.id), b: await balance(b.id) };

    const saved = t.clock.now();
    t.clock.set(new Date(Date.parse(session.closes_at) + 1000).toISOString());
    try {
      await t.services.lottoParty.lifecycle.run();
    } finally {
      t.clock.set(saved.toISOString());
    }

    const forB = (await social(b, 'GET', `/session/${sid}`)).json().result;
    expect(forB).toMatchObject({ status: 'cancelled', my_shares: 0, holders: [], tickets: [] });
    expect(forB.my_refund.shares).toBe(4);
    // What the page says came back is what came back.
    expect(cents(forB.my_refund.amount)).toBe((await balance(b.id)) - before.b);
    expect(cents(forB.my_refund.amount)).toBe(4 * cents(session.share_price));
    const forA = (await social(a, 'GET', `/session/${sid}`)).json().result;
    expect(forA.my_refund.shares).toBe(2);
    expect(cents(forA.my_refund.amount)).toBe((await balance(a.id)) - before.a);
    // A member who bought no shares has nothing refunded to read.
    expect((await social(c, 'GET', `/session/${sid}`)).json().result).toMatchObject({
      status: 'cancelled',
      my_refund: null,
    });
    // The order view in the session agrees.
    const order = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/social_syndicate_session/${sid}?show_details=true`,
      headers: b.headers(),
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().result.amount_refunded).toEqual(forB.my_refund.amount);
  });

  it('shares of two sessions bought in one checkout: both refunds together give back exactly what the checkout took from each account', async () => {
    const id = `cus_${randomBytes(8).toString('hex')}`;
    const who: Who = { id, headers: () => ({ authorization: `Bearer ${t.tokenFor(id)}` }) };
    const ledger = t.services.ledger;
    await t.services.database.db.transaction(async (tx) => {
      const m = { customerId: id, amountCents: 120, currency: 'AUD' as const, description: 'seed' };
      await ledger.creditPrize(tx, { ...m, reference: `win:${id}` });
      await ledger.creditBonus(tx, { ...m, reference: `bonus:${id}` });
    });
    const made = await social(who, 'POST', '/group', { group_name: `Two sessions ${randomBytes(4).toString('hex')}` });
    const group = made.json().result as { id: string };
    const config = (await social(who, 'GET', '/config')).json().result;
    const pb = config.offers.find((o: { product_offer_key: string }) => o.product_offer_key === 'powerball');
    let closes = 0;
    for (const d of pb.draws.slice(0, 2) as { draw_id: string }[]) {
      const r = await social(who, 'POST', '/session', {
        group_id: group.id,
        draw_id: d.draw_id,
        product_offer_key: 'powerball',
        game_offer: 'standard',
        num_games: 2,
        share_price: 1.2,
      });
      expect(r.statusCode, r.body).toBe(200);
      closes = Math.max(closes, Date.parse(r.json().result.closes_at));
      const add = await addShares(who, r.json().result.session_id, 1);
      expect(add.statusCode, add.body).toBe(200);
    }
    // One checkout of $2.40: the bonus credit first, then the winnings (features §4 spend order).
    const bought = await purchase(who);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await ledger.fundsSummary(id)).toMatchObject({ withdrawableCents: 0, bonusCents: 0 });

    const saved = t.clock.now();
    t.clock.set(new Date(closes + 1000).toISOString());
    try {
      await t.services.lottoParty.lifecycle.run();
    } finally {
      t.clock.set(saved.toISOString());
    }
    // Each account got back what it gave: no bonus credit turned into withdrawable winnings.
    expect(await ledger.fundsSummary(id)).toMatchObject({
      withdrawableCents: 120,
      bonusCents: 120,
      availableFundsCents: 240,
    });
  });

  it('a share of a session whose draw an operator closed early is not sold: refused in the cart and at purchase, nothing charged', async () => {
    const who = await customer();
    const made = await social(who, 'POST', '/group', { group_name: `Early close ${randomBytes(4).toString('hex')}` });
    const group = made.json().result as { id: string };
    const config = (await social(who, 'GET', '/config')).json().result;
    const pb = config.offers.find((o: { product_offer_key: string }) => o.product_offer_key === 'powerball');
    const draw = pb.draws[0] as { draw_id: string };
    const r = await social(who, 'POST', '/session', {
      group_id: group.id,
      draw_id: draw.draw_id,
      product_offer_key: 'powerball',
      game_offer: 'standard',
      num_games: 2,
      share_price: 1.2,
    });
    expect(r.statusCode, r.body).toBe(200);
    const sid = r.json().result.session_id as string;
    const add = () => addShares(who, sid, 1);
    expect((await add()).statusCode).toBe(200);
    const before = await balance(who.id);
    // The draw closes before its stop time (an operator's draw:advance); the session's own close time has not passed.
    expect((await t.services.draws.close(draw.draw_id)).changed).toBe(true);

    const bought = await purchase(who);
    expect(bought.statusCode, bought.body).toBe(422);
    expect(bought.json().messages[0].code).toBe('draw_closed');
    expect(await balance(who.id)).toBe(before);
    expect((await social(who, 'GET', `/session/${sid}`)).json().result).toMatchObject({ my_shares: 0 });
    const again = await add();
    expect(again.statusCode).toBe(422);
    expect(again.json().messages[0].code).toBe('draw_closed');
  });
});
