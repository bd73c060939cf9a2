// The back office's catalogue and draws calls through the real app on a test database (issue 21): an admin changes a
// price of a price list (the storefront's offers, the cart and the purchase follow at once; a purchase at the price
// the customer no longer sees is refused), changes and ends a promotion code (limits below what was redeemed refused;
// an ended code refused at checkout, its redemptions untouched), and a draw officer's result carries the dividends
// per division, shown after settlement as winners and prizes per division. Bad input changes nothing; every write
// is audited with before and after; other roles get 403 (audited too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { backOffice, type OperatorCall } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

type Json = Record<string, any>;
let n = 0;

async function staff<R extends string>(t: TestApp, ...roles: R[]) {
  const office = await backOffice(t, database, `cat-admin-${++n}@ops.test`);
  const out: Record<string, { id: string; call: OperatorCall }> = { admin: { id: 'admin', call: office.admin } };
  for (const role of roles) out[role] = await office.operator(`cat-${role}-${++n}@ops.test`, role.replace(/\d$/, ''));
  return out as Record<R | 'admin', { id: string; call: OperatorCall }>;
}

async function auditOf(t: TestApp, action: string) {
  const { rows } = await t.database.pool.query(
    'select actor, target, outcome, detail from operator_audit where action = $1 order by id',
    [action],
  );
  return rows as { actor: string; target: string; outcome: string; detail: Json }[];
}

/** A customer's call to the shop's API (v3.3, signed as the storefront signs). */
function shopper(t: TestApp, c: TestCustomer | null) {
  return async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Json,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.injectSigned({
      method,
      url: `/api/v2${url}`,
      sign: { version: '3.3' },
      headers: { ...(c ? { authorization: `Bearer ${c.accessToken}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
}

async function fund(t: TestApp, c: TestCustomer, cents: number) {
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

const ozTicket = (numbers = [1, 2, 3, 4, 5, 6, 7]) => ({
  item: {
    product_type: 'lottery_ticket',
    product_offer_key: 'oz-lotto',
    game_type: 'standard',
    game_offer: 'standard',
    games: [{ sets: { numbers }, quickpick: false }],
  },
});
/** Price of one standard game of Oz Lotto on the storefront's product offers. */
const ozGamePrice = (offers: Json) =>
  offers['oz-lotto'].game_types.find((g: Json) => g.key === 'standard').game_offers[0].price_per_line.amount as number;

describe('price lists', () => {
  it('an admin changes a price: offers, cart and purchase follow; a purchase at the old total is refused', async () => {
    await withTestApp({ database }, async (t) => {
      await t.services.draws.ensureSchedule('oz-lotto');
      const { admin, support } = await staff(t, 'support');
      const lists = await admin.call('GET', '/api/admin/price-lists');
      expect(lists.statusCode, lists.body).toBe(200);
      expect(lists.json().result).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 'default', offered_by_code: false }),
          expect.objectContaining({ id: 'intro', offered_by_code: true }),
          expect.objectContaining({ id: 'members', offered_by_code: false }),
        ]),
      );
      const list = (await admin.call('GET', '/api/admin/price-lists/default')).json().result;
      const oz = (list.prices as Json[]).find((p) => p.offer_key === 'oz-lotto')!;
      expect(oz).toMatchObject({ currency: 'AUD', editable: true, block_games: expect.any(Number) });
      expect(oz.line_cents).toBe(Math.floor((oz.block_cents * 2 + oz.block_games) / (2 * oz.block_games)));

      // A customer sees their cart at the old price.
      const ann = await signUpAndLogin(t, { firstname: 'Ann' });
      const shop = shopper(t, ann);
      const seen = await shop('POST', '/cart/items', ozTicket());
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
      const oldTotal = seen.body.result.cart_total;

      const url = '/api/admin/price-lists/default/prices/oz-lotto';
      const price = { blockGames: 1, blockCents: oz.line_cents + 25 };
      const changed = await admin.call('PUT', url, price);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().result).toMatchObject({
        pricing_id: 'default',
        changed: true,
        before: { block_cents: oz.block_cents, block_games: oz.block_games },
        after: { block_cents: oz.line_cents + 25, block_games: 1, line_cents: oz.line_cents + 25 },
      });
      expect((await auditOf(t, 'price.change')).at(-1)).toMatchObject({
        target: 'default/oz-lotto',
        outcome: 'ok',
        detail: { before: { blockCents: oz.block_cents }, after: { blockCents: oz.line_cents + 25 }, changed: true },
      });

      // The storefront's offers and the cart show the new price at once (this process forgot its lists).
      const offers = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/pricing/default/product_offers',
        sign: { version: '3.0' },
      });
      expect(ozGamePrice(offers.json().result)).toBe((oz.line_cents + 25) / 100);
      const cart = await shop('GET', '/cart/items');
      expect(cart.body.result.cart_total.amount).toBe((oz.line_cents + 25) / 100);

      // Buying at the total the customer saw before the change is refused, and nothing moves.
      await fund(t, ann, 10_000);
      const stale = await shop(
        'POST',
        '/cart/purchase',
        { purchase: { expected_total: oldTotal } },
        {
          'idempotency-key': `stale-${ann.customerId}`,
        },
      );
      expect(stale.status).toBe(409);
      expect(stale.body.messages[0]).toMatchObject({ code: 'price_changed' });
      expect(stale.body.messages[0].text).toContain(`$${((oz.line_cents + 25) / 100).toFixed(2)}`);
      const funds = await t.services.ledger.fundsSummary(ann.customerId);
      expect(funds.balanceCents).toBe(10_000);
      // At the total on the screen now, it is charged that.
      const bought = await shop(
        'POST',
        '/cart/purchase',
        { purchase: { expected_total: cart.body.result.cart_total } },
        {
          'idempotency-key': `fresh-${ann.customerId}`,
        },
      );
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect((await t.services.ledger.fundsSummary(ann.customerId)).balanceCents).toBe(10_000 - oz.line_cents - 25);

      // Bad input and unknown names change nothing.
      const refusals: [Json, number][] = [
        [{ blockGames: 1, blockCents: 0 }, 422],
        [{ blockGames: 1, blockCents: -100 }, 422],
        [{ blockGames: 1, blockCents: 1.5 }, 422],
        [{ blockGames: 0, blockCents: 100 }, 422],
        [{ blockGames: 1, blockCents: '1.20' }, 422],
        [{ blockCents: 120 }, 422],
      ];
      for (const [body, status] of refusals) {
        const res = await admin.call('PUT', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
      }
      const zero = (await admin.call('PUT', url, { blockGames: 1, blockCents: 0 })).json();
      expect(zero.messages[0].text).toContain('The block price must be more than zero.');
      expect((await admin.call('PUT', '/api/admin/price-lists/summer/prices/oz-lotto', price)).statusCode).toBe(404);
      expect((await admin.call('PUT', '/api/admin/price-lists/default/prices/no-such-offer', price)).statusCode).toBe(
        404,
      );
      expect((await admin.call('GET', '/api/admin/price-lists/summer')).statusCode).toBe(404);
      expect((await admin.call('GET', '/api/admin/price-lists/bad%20id')).statusCode).toBe(422);
      // A raffle's ticket price is the raffle's: the list cannot change it.
      const raffle = (list.prices as Json[]).find((p) => p.type === 'raffle_ticket');
      if (raffle) {
        expect(raffle.editable).toBe(false);
        const r = await admin.call('PUT', `/api/admin/price-lists/default/prices/${raffle.offer_key}`, price);
        expect(r.statusCode).toBe(422);
      }
      // Another role is refused, audited.
      expect((await support.call('PUT', url, { blockGames: 1, blockCents: 999 })).statusCode).toBe(403);
      expect((await support.call('GET', '/api/admin/price-lists')).statusCode).toBe(403);
      const after = (await admin.call('GET', '/api/admin/price-lists/default')).json().result;
      expect((after.prices as Json[]).find((p) => p.offer_key === 'oz-lotto')).toMatchObject({
        block_games: 1,
        block_cents: oz.line_cents + 25,
      });
      const denied = await t.database.pool.query(
        "select count(*)::int as n from operator_audit where outcome = 'denied' and action = 'PUT /api/admin/price-lists/:pricingId/prices/:offerKey'",
      );
      expect(denied.rows[0].n).toBe(1);

      // Put back: the same price twice changes nothing the second time.
      const back = { blockGames: oz.block_games, blockCents: oz.block_cents };
      expect((await admin.call('PUT', url, back)).json().result.changed).toBe(true);
      expect((await admin.call('PUT', url, back)).json().result.changed).toBe(false);
    });
  });
});

describe('promotion codes', () => {
  it('an admin changes the limits and ends a code: refused at checkout, redemptions untouched', async () => {
    await withTestApp({ database }, async (t) => {
      await t.services.draws.ensureSchedule('oz-lotto');
      const { admin, support } = await staff(t, 'support');
      const created = await admin.call('POST', '/api/admin/promotions', {
        code: 'TAKE2',
        type: 'voucher_fixed_discount',
        value: 50,
        description: '50c off',
        maxRedemptions: 10,
        maxPerCustomer: 2,
      });
      expect(created.statusCode, created.body).toBe(200);

      // One customer redeems it twice.
      const ann = await signUpAndLogin(t, { firstname: 'Ann' });
      await fund(t, ann, 10_000);
      const shop = shopper(t, ann);
      for (const i of [1, 2]) {
        expect((await shop('POST', '/cart/items', ozTicket())).status).toBe(200);
        const applied = await shop('POST', '/cart/promotion', { promotion_code: 'take2' });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        const bought = await shop('POST', '/cart/purchase', {}, { 'idempotency-key': `take2-${i}-${ann.customerId}` });
        expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      }

      const url = '/api/admin/promotions/TAKE2';
      const tooFew = await admin.call('PATCH', url, { maxRedemptions: 1 });
      expect(tooFew.statusCode).toBe(422);
      expect(tooFew.json().messages[0].text).toBe(
        'This code has been redeemed 2 times already: the total limit cannot be below 2.',
      );
      const perCustomer = await admin.call('PATCH', url, { maxPerCustomer: 1 });
      expect(perCustomer.statusCode).toBe(422);
      expect(perCustomer.json().messages[0].text).toBe(
        'A customer has redeemed this code 2 times already: the per-customer limit cannot be below 2.',
      );
      const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
      expect((await admin.call('PATCH', url, { expiresAt: past })).statusCode).toBe(422);
      expect((await admin.call('PATCH', url, {})).statusCode).toBe(422);
      expect((await admin.call('PATCH', url, { maxRedemptions: 0 })).statusCode).toBe(422);
      expect((await admin.call('PATCH', url, { minSpendCents: -1 })).statusCode).toBe(422);
      expect((await admin.call('PATCH', '/api/admin/promotions/NOPE99', { maxRedemptions: 5 })).statusCode).toBe(404);
      expect((await support.call('PATCH', url, { maxRedemptions: 5 })).statusCode).toBe(403);
      const listed = async () =>
        ((await admin.call('GET', '/api/admin/promotions?limit=100')).json().result.items as Json[]).find(
          (p) => p.code === 'TAKE2',
        )!;
      expect(await listed()).toMatchObject({ max_redemptions: 10, max_per_customer: 2, min_spend_cents: 0 });

      const expiry = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
      const patched = await admin.call('PATCH', url, { maxRedemptions: 2 + 3, minSpendCents: 100, expiresAt: expiry });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().result).toMatchObject({
        changed: true,
        before: { max_redemptions: 10, min_spend_cents: 0, expires_at: null, usage: { redemptions: 2 } },
        after: { max_redemptions: 5, min_spend_cents: 100, expires_at: expiry, max_per_customer: 2 },
      });
      expect((await auditOf(t, 'promotion.update')).map((a) => a.outcome)).toEqual([
        'failed',
        'failed',
        'failed',
        'failed',
        'ok',
      ]);
      expect((await auditOf(t, 'promotion.update')).at(-1)!.detail).toMatchObject({
        before: { maxRedemptions: 10 },
        after: { maxRedemptions: 5 },
      });

      // Another customer has the code in their cart when it is ended.
      const bob = await signUpAndLogin(t, { firstname: 'Bob' });
      await fund(t, bob, 10_000);
      const bobShop = shopper(t, bob);
      expect((await bobShop('POST', '/cart/items', ozTicket())).status).toBe(200);
      expect((await bobShop('POST', '/cart/promotion', { promotion_code: 'TAKE2' })).status).toBe(200);

      expect((await support.call('POST', `${url}/end`)).statusCode).toBe(403);
      const ended = await admin.call('POST', `${url}/end`);
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json().result).toMatchObject({ changed: true, after: { expires_at: t.clock.now().toISOString() } });
      expect((await admin.call('POST', `${url}/end`)).json().result.changed).toBe(false);
      expect((await admin.call('POST', '/api/admin/promotions/NOPE99/end')).statusCode).toBe(404);
      expect((await auditOf(t, 'promotion.end')).map((a) => a.outcome)).toEqual(['ok', 'ok', 'failed']);

      const refused = await bobShop('POST', '/cart/purchase', {}, { 'idempotency-key': `take2-bob-${bob.customerId}` });
      expect(refused.status).toBe(422);
      expect(refused.body.messages[0]).toMatchObject({
        code: 'promotion_not_added',
        text: 'This promotion code has expired.',
      });
      expect((await t.services.ledger.fundsSummary(bob.customerId)).balanceCents).toBe(10_000);
      const again = await shop('POST', '/cart/promotion', { promotion_code: 'TAKE2' });
      expect(again.status).toBe(422);
      expect(again.body.messages[0].text).toBe('This promotion code has expired.');
      // The redemptions made stay as they were.
      expect((await listed()).usage).toEqual({ redemptions: 2, discount_cents: 100, bonus_credit_cents: 0 });
    });
  });
});

describe('dividends', () => {
  it('a result carries the dividends per division; after settlement the winners and prizes per division', async () => {
    await withTestApp({ database, now: '2026-03-01T00:00:00Z' }, async (t) => {
      await t.services.draws.ensureSchedule('oz-lotto');
      const ann = await signUpAndLogin(t, { firstname: 'Ann' });
      await fund(t, ann, 10_000);
      const shop = shopper(t, ann);
      expect((await shop('POST', '/cart/items', ozTicket([1, 2, 3, 4, 5, 40, 41]))).status).toBe(200);
      const bought = await shop('POST', '/cart/purchase', {}, { 'idempotency-key': `div-${ann.customerId}` });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const draw = (await t.services.draws.getDrawByNumber('oz-lotto', 1672))!;
      t.clock.set('2026-03-03T09:45:00Z'); // after the 3 March draw's sales stop
      const { draw_officer: first, draw_officer2: second } = await staff(t, 'draw_officer', 'draw_officer2');
      const url = `/api/admin/draws/${draw.id}`;
      const result = { numbers: [1, 2, 3, 4, 5, 6, 7], supps: [8, 9, 10] };

      const negative = await first.call('POST', `${url}/results`, {
        ...result,
        dividends: [{ division: 5, prizeCents: -100 }],
      });
      expect(negative.statusCode).toBe(422);
      expect(negative.json().messages[0].text).toContain('A prize cannot be negative.');
      const unknown = await first.call('POST', `${url}/results`, {
        ...result,
        dividends: [{ division: 9, prizeCents: 100 }],
      });
      expect(unknown.json().messages[0].text).toBe('Oz Lotto has no division 9.');
      expect((await first.call('GET', `${url}/results`)).json().result).toBeNull();

      const dividends = [1, 2, 3, 4, 5, 6, 7].map((division) => ({ division, prizeCents: division === 5 ? 5_525 : 0 }));
      const proposed = await first.call('POST', `${url}/results`, { ...result, dividends });
      expect(proposed.statusCode, proposed.body).toBe(200);
      expect(proposed.json().result.dividends).toEqual(
        dividends.map((d) => ({ division: d.division, prize_cents: d.prizeCents })),
      );
      expect((await second.call('POST', `${url}/results/confirm`)).statusCode).toBe(200);
      const official = (await second.call('GET', url)).json().result;
      expect(official.dividends).toEqual(expect.arrayContaining([{ division: 5, prize_cents: 5_525 }]));
      expect((await second.call('POST', `${url}/settle`)).json().result.status).toBe('DRAW_PAID');
      const winners = (await second.call('GET', `${url}/winners`)).json().result;
      expect(winners).toMatchObject({
        total_prize_cents: 5_525,
        divisions: [{ division: 5, winners: 1, prize_cents: 5_525 }],
      });
    });
  });
});
