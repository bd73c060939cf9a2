// Subscriptions end to end on a real database: a charity-raffle entry bought with a weekly subscription creates the
// subscription in the purchase's transaction; the processor buys it again once per period (key rcp:{id}:period:{n}),
// never twice in a period, never while paused, and not for periods that passed while paused; the customer lists,
// reads, changes (checked in full before any change) pauses and cancels it; another customer's id is 404.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { catalogueAt, expectRefused, fundWallet, recurringStateOf } from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import { RAFFLE_OFFERS, RAFFLE_SEED } from '../raffles/index.ts';
import { periodAt, periodStart } from './recurring.subscriptions.ts';

const V = { version: '3.3' } as const;
const DAY = 86_400_000;
const TICKET_CENTS = RAFFLE_OFFERS.find((o) => o.offerKey === RAFFLE_SEED.prizeHome)!.ticketPriceCents;
const CAUSE = 'childrens-hospital-foundation';

let database: Database;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

/** Tests that move the clock run on their own shop. */
async function isolated(fn: () => Promise<void>, prepare?: (db: Database) => Promise<void>): Promise<void> {
  const saved = { database, t };
  database = await createTestDatabase();
  await prepare?.(database);
  t = await buildTestApp({ database });
  try {
    await fn();
  } finally {
    await t.close();
    await database.close();
    ({ database, t } = saved);
  }
}

interface Shopper {
  id: string;
  readonly headers: Record<string, string>;
}

async function shopper(walletCents: number, id = `cus_${randomBytes(8).toString('hex')}`): Promise<Shopper> {
  if (walletCents > 0) await fundWallet(t.services, id, walletCents);
  return {
    id,
    get headers() {
      return { authorization: `Bearer ${t.tokenFor(id)}` };
    },
  };
}

const call = (s: Shopper, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: s.headers,
    sign: V,
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });

type Json = Record<string, any>;
const itemsOf = (cart: Json): Json[] => Object.values(cart.cart_items as Record<string, Json[]>).flat();

const raffleEntry = {
  product_type: 'raffle_ticket',
  product_offer_key: RAFFLE_SEED.prizeHome,
  num_tickets: 2,
  cause_key: CAUSE,
};

async function purchase(s: Shopper) {
  return t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    payload: {},
    sign: V,
  });
}

/** Subscribes to the prize home raffle (2 tickets a period, weekly unless told); answers the subscription's id. */
async function subscribe(s: Shopper, period = 'weekly'): Promise<string> {
  const added = await call(s, 'POST', '/cart/items', {
    item: raffleEntry,
    recurring_purchase: { type: 'subscription', enabled: true, period },
  });
  expect(added.statusCode, added.body).toBe(200);
  expect(itemsOf(added.json().result)[0]!.recurring_purchase).toEqual({
    type: 'subscription',
    availability: 'optional',
    enabled: true,
  });
  const bought = await purchase(s);
  expect(bought.statusCode, bought.body).toBe(200);
  const list = await call(s, 'GET', '/subscriptions');
  expect(list.statusCode, list.body).toBe(200);
  // Features §9: default page size 10.
  expect(list.json().page_info).toMatchObject({ limit: 10, offset: 0 });
  return (list.json().result as { autoplay_id: string }[])[0]!.autoplay_id;
}

async function count(table: string, customerId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`,
  );
  return Number(rows[0]!.n);
}

async function occasions(customerId: string): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ occasion: string }>(
    sql`select o.occasion from recurring_occasions o join recurring_purchases r on r.id = o.recurring_id
        where r.customer_id = ${customerId} order by o.id`,
  );
  return rows.map((r) => r.occasion);
}

async function checkoutKeys(customerId: string): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ key: string }>(
    sql`select idempotency_key as key from orders_checkouts where customer_id = ${customerId} order by created_at`,
  );
  return rows.map((r) => r.key);
}

const available = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;

/** Moves the clock forward and lets the catalogue catch up (test/helpers/recurring.ts). */
async function later(ms: number): Promise<void> {
  t.clock.set(new Date(t.clock.now().getTime() + ms).toISOString());
  await catalogueAt(t.services);
}

const run = () => t.services.recurringProcessor.run();

/**
 * A subscriber with an email address (the pause is emailed) whose wallet paid only the first entry: periods 2 to 4
 * each fail hard once (a period is not tried again), and the third pauses it.
 */
async function failThreePeriods(): Promise<{ s: Shopper; id: string }> {
  const s = await shopper(2 * TICKET_CENTS, (await signUpAndLogin(t)).customerId);
  const id = await subscribe(s);
  for (let period = 2; period <= 4; period++) {
    await later(7 * DAY);
    expect((await run()).hardFailures).toBe(1);
    expect((await run()).hardFailures).toBe(0);
  }
  return { s, id };
}

describe('periods', () => {
  it('start a period length apart from the first purchase; a month end falls on the shorter month’s last day', () => {
    const anchor = new Date('2026-01-31T10:00:00Z');
    expect(periodStart(anchor, 'monthly', 1).toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(periodStart(anchor, 'monthly', 2).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodStart(anchor, 'monthly', 3).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(periodStart(anchor, 'quarterly', 2).toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(periodStart(anchor, 'biannually', 2).toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(periodStart(anchor, 'annually', 3).toISOString()).toBe('2028-01-31T10:00:00.000Z');
    expect(periodStart(anchor, 'weekly', 3).toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(periodAt(anchor, 'weekly', new Date('2026-02-14T09:59:59Z'))).toBe(2);
    expect(periodAt(anchor, 'weekly', new Date('2026-02-14T10:00:00Z'))).toBe(3);
    expect(periodAt(anchor, 'monthly', new Date('2027-01-30T00:00:00Z'))).toBe(12);
    expect(periodAt(anchor, 'monthly', new Date('2027-01-31T10:00:00Z'))).toBe(13);
  });
});

describe('subscription created by the purchase', () => {
  it('a charity-raffle entry bought with a subscription becomes one, listed and read only by its customer', async () => {
    const s = await shopper(100_000);
    const id = await subscribe(s);
    expect(id).toMatch(/^rcp_[0-9a-f]+$/);
    const one = await call(s, 'GET', `/subscriptions/${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().result).toMatchObject({
      autoplay_id: id,
      type: 'subscription',
      status: 'active',
      product_type: 'raffle_ticket',
      product_offer_key: RAFFLE_SEED.prizeHome,
      number_of_tickets: 2,
      cause_key: CAUSE,
      description: "Children's Hospital Prize Home, 2 tickets",
      period: 'weekly',
      next_due_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
      price: { amount: (2 * TICKET_CENTS) / 100, currency: 'AUD' },
      last_attempt_status: 'purchased',
      recurring_purchase: { type: 'subscription', enabled: true },
    });
    expect(await available(s.id)).toBe(100_000 - 2 * TICKET_CENTS);
    // Not an autoplay.
    expect((await call(s, 'GET', '/autoplay')).json().result).toEqual([]);
    expect((await call(s, 'GET', `/autoplay/${id}`)).statusCode).toBe(404);
    // lottery_keys keeps the named offers' subscriptions.
    const mine = await call(s, 'GET', `/subscriptions?lottery_keys=${RAFFLE_SEED.prizeHome},oz-lotto`);
    expect(mine.json().result).toHaveLength(1);
    expect((await call(s, 'GET', '/subscriptions?lottery_keys=oz-lotto')).json().result).toEqual([]);
    expect((await call(s, 'GET', '/subscriptions?lottery_keys=Not%20a%20key')).statusCode).toBe(422);

    const other = await shopper(100_000);
    expect((await call(other, 'GET', `/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/subscriptions/${id}`, { num_games: 3 })).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/subscriptions/${id}/status`, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await call(other, 'GET', '/subscriptions')).json().result).toEqual([]);
    expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result.status).toBe('active');
  });

  it('an offer that does not sell subscriptions answers 422 and nothing is added', async () => {
    const s = await shopper(100_000);
    const res = await call(s, 'POST', '/cart/items', {
      item: {
        product_type: 'lottery_ticket',
        product_offer_key: 'oz-lotto',
        game_type: 'standard',
        game_offer: 'standard',
        games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
      },
      recurring_purchase: { type: 'subscription', enabled: true, period: 'monthly' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().messages[0].code).toBe('recurring_not_available');
    // No cart was made, or it is empty.
    const cart = (await call(s, 'GET', '/cart')).json().result as Json | null;
    expect(cart === null ? [] : itemsOf(cart)).toEqual([]);
  });

  it('an entry bought without a subscription makes none', async () => {
    const s = await shopper(100_000);
    const added = await call(s, 'POST', '/cart/items', { item: raffleEntry });
    expect(added.statusCode, added.body).toBe(200);
    expect(itemsOf(added.json().result)[0]!.recurring_purchase.enabled).toBe(false);
    expect((await purchase(s)).statusCode).toBe(200);
    expect(await count('recurring_purchases', s.id)).toBe(0);
  });

  it('needs a signed-in customer', async () => {
    expect((await t.injectSigned({ method: 'GET', url: '/api/v2/subscriptions', sign: V })).statusCode).toBe(401);
    const patch = await t.injectSigned({
      method: 'PATCH',
      url: '/api/v2/subscriptions/rcp_abc123/status',
      payload: { status: 'paused' },
      sign: V,
    });
    expect(patch.statusCode).toBe(401);
  });
});

describe('a lottery offer that sells subscriptions', () => {
  it('subscribes to one draw a period; games change as quickpicks, priced; several draws or a bad game offer are 422', () =>
    isolated(
      async () => {
        const s = await shopper(100_000);
        const ticket = {
          product_type: 'lottery_ticket',
          product_offer_key: 'oz-lotto',
          game_type: 'standard',
          game_offer: 'standard',
          games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
        };
        const sub = { type: 'subscription', enabled: true, period: 'monthly' };
        const twoDraws = await call(s, 'POST', '/cart/items', {
          item: { ...ticket, num_draws: 2 },
          recurring_purchase: sub,
        });
        expect(twoDraws.statusCode, twoDraws.body).toBe(422);
        const added = await call(s, 'POST', '/cart/items', { item: ticket, recurring_purchase: sub });
        expect(added.statusCode, added.body).toBe(200);
        expect(itemsOf(added.json().result)[0]!.recurring_purchase).toMatchObject({
          type: 'subscription',
          enabled: true,
        });
        expect((await purchase(s)).statusCode).toBe(200);
        const [one] = (await call(s, 'GET', '/subscriptions?lottery_keys=oz-lotto')).json().result;
        expect(one).toMatchObject({
          period: 'monthly',
          num_games: 1,
          game_offer: 'standard',
          product_type: 'lottery_ticket',
        });
        const id = one.autoplay_id as string;

        const badOffer = await call(s, 'PATCH', `/subscriptions/${id}`, { game_offer: 'no-such-offer', num_games: 2 });
        expect(badOffer.statusCode).toBe(422);
        expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result).toEqual(one);
        const two = await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 2 });
        expect(two.statusCode, two.body).toBe(200);
        expect(two.json().result).toMatchObject({ num_games: 2, price: { amount: one.price.amount * 2 } });
        expect(two.json().result.games[0].sets.numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
      },
      // Before the shop caches the catalogue: Oz Lotto sells subscriptions instead of autoplay.
      (db) =>
        db.pool
          .query(
            `UPDATE catalogue_offers SET recurring_purchase = '{"type":"subscription","availability":"available"}' WHERE key = 'oz-lotto'`,
          )
          .then(() => undefined),
    ));
});

describe('changing a subscription', () => {
  it('numGames and the cause are checked in full before any change; the new entry is priced', async () => {
    const s = await shopper(100_000);
    const id = await subscribe(s);
    const before = (await call(s, 'GET', `/subscriptions/${id}`)).json().result;

    const badCause = await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 6, cause_key: 'not-a-cause' });
    expect(badCause.statusCode, badCause.body).toBe(422);
    expect(badCause.json().errors.cause_key).toBeDefined();
    const gameOffer = await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 6, game_offer: 'system-8' });
    expect(gameOffer.statusCode).toBe(422);
    expect(gameOffer.json().errors.game_offer).toBeDefined();
    const tooMany = await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 0 });
    expect(tooMany.statusCode).toBe(422);
    expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result).toEqual(before);

    const six = await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 6, cause_key: CAUSE });
    expect(six.statusCode, six.body).toBe(200);
    expect(six.json().result).toMatchObject({
      number_of_tickets: 6,
      description: "Children's Hospital Prize Home, 6 tickets",
      price: { amount: (6 * TICKET_CENTS) / 100, currency: 'AUD' },
    });
  });

  it('status: the autoplay rules and texts; cancelled ones leave the list and cannot change', async () => {
    const s = await shopper(100_000);
    const id = await subscribe(s);
    const bad = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'stopped' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    const noDate = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'timed_paused' });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().errors.paused_until).toBeDefined();
    const past = await call(s, 'PATCH', `/subscriptions/${id}/status`, {
      status: 'paused',
      paused_until: '2001-01-01',
    });
    expect(past.statusCode).toBe(422);
    expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result.status).toBe('active');

    const until = new Date(t.clock.now().getTime() + 20 * DAY).toISOString().slice(0, 10);
    const timed = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'paused', paused_until: until });
    expect(timed.statusCode, timed.body).toBe(200);
    expect(timed.json().result).toMatchObject({ status: 'timed_paused', paused_until: `${until}T00:00:00.000Z` });
    const active = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' });
    expect(active.json().result).toMatchObject({ status: 'active', paused_until: null });

    const cancelled = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect((await call(s, 'GET', '/subscriptions')).json().result).toEqual([]);
    const again = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].text).toBe('Cannot update AutoPlay status');
    expect((await call(s, 'PATCH', `/subscriptions/${id}`, { num_games: 3 })).statusCode).toBe(409);
  });
});

describe('hostile input to the subscription calls', () => {
  it("wrong types, huge and negative counts, extra fields, impossible dates, cancelled, others' and signed out: refused, nothing changes", async () => {
    const s = await shopper(100_000);
    const id = await subscribe(s);
    const cancelled = await subscribe(s);
    expect((await call(s, 'PATCH', `/subscriptions/${cancelled}/status`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    const other = await shopper(100_000);
    const before = await recurringStateOf(t.database, s.id);
    const signedOut = (method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
      t.injectSigned({ method, url: `/api/v2${url}`, sign: V, ...(payload ? { payload: payload as object } : {}) });
    const cases: [Shopper, 'GET' | 'PATCH', string, unknown, number, string?][] = [
      [s, 'GET', '/subscriptions?limit=abc', undefined, 422, 'limit'],
      [s, 'GET', '/subscriptions?limit=1000', undefined, 422, 'limit'],
      [s, 'GET', '/subscriptions?offset=-1', undefined, 422, 'offset'],
      [s, 'GET', '/subscriptions?lottery_keys=', undefined, 422, 'lottery_keys'],
      [s, 'GET', '/subscriptions?lottery_keys=OZ%20LOTTO', undefined, 422, 'lottery_keys'],
      [s, 'GET', `/subscriptions?lottery_keys=${'a'.repeat(501)}`, undefined, 422, 'lottery_keys'],
      [s, 'GET', '/subscriptions?lottery=oz-lotto', undefined, 422, 'lottery'],
      [s, 'GET', '/subscriptions/rcp_%00', undefined, 400],
      [s, 'GET', '/subscriptions/sub_0123456789', undefined, 422, 'id'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: '3' }, 422, 'num_games'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: 2.5 }, 422, 'num_games'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: -1 }, 422, 'num_games'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: 1e9 }, 422, 'num_games'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: 'NaN' }, 422, 'num_games'],
      [s, 'PATCH', `/subscriptions/${id}`, { cause_key: '' }, 422, 'cause_key'],
      [s, 'PATCH', `/subscriptions/${id}`, { cause_key: 'x'.repeat(129) }, 422, 'cause_key'],
      [s, 'PATCH', `/subscriptions/${id}`, { num_games: 3, period: 'daily' }, 422, 'period'],
      [s, 'PATCH', `/subscriptions/${id}/status`, { status: 5 }, 422, 'status'],
      [s, 'PATCH', `/subscriptions/${id}/status`, { status: 'PAUSED' }, 422, 'status'],
      [
        s,
        'PATCH',
        `/subscriptions/${id}/status`,
        { status: 'paused', paused_until: '2027-02-30' },
        422,
        'paused_until',
      ],
      [
        s,
        'PATCH',
        `/subscriptions/${id}/status`,
        { status: 'active', paused_until: '2030-01-01' },
        422,
        'paused_until',
      ],
      [
        s,
        'PATCH',
        `/subscriptions/${id}/status`,
        { status: 'cancelled', paused_until: '2030-01-01' },
        422,
        'paused_until',
      ],
      [s, 'PATCH', `/subscriptions/${cancelled}`, { num_games: 3 }, 409],
      [s, 'PATCH', `/subscriptions/${cancelled}/status`, { status: 'active' }, 409],
      [s, 'PATCH', `/subscriptions/${cancelled}/status`, { status: 'paused' }, 409],
      [other, 'GET', `/subscriptions/${id}`, undefined, 404],
      [other, 'PATCH', `/subscriptions/${id}`, { num_games: 3 }, 404],
      [other, 'PATCH', `/subscriptions/${cancelled}/status`, { status: 'active' }, 404],
    ];
    for (const [who, method, url, payload, status, field] of cases)
      expectRefused(await call(who, method, url, payload), status, field);
    for (const [method, url, payload] of [
      ['GET', '/subscriptions'],
      ['GET', `/subscriptions/${id}`],
      ['PATCH', `/subscriptions/${id}`, { num_games: 3 }],
      ['PATCH', `/subscriptions/${id}/status`, { status: 'cancelled' }],
    ] as const)
      expectRefused(await signedOut(method, url, payload), 401);
    expect(await recurringStateOf(t.database, s.id)).toEqual(before);
  });
});

describe('unpausing when the raffle is switched off', () => {
  const offer = RAFFLE_SEED.prizeHome;
  const setRecurring = async (availability: string) => {
    await t.database.db.execute(
      sql`update catalogue_offers set recurring_purchase = ${JSON.stringify({ type: 'subscription', availability })}::jsonb where key = ${offer}`,
    );
    // An operator switch with no change: only to make the shop forget its cached offers at once.
    await t.services.catalogue.setOfferState(offer, {});
  };
  const switches: [string, () => Promise<void>, () => Promise<void>][] = [
    [
      'suspended',
      () => t.services.catalogue.setOfferState(offer, { suspended: true }),
      () => t.services.catalogue.setOfferState(offer, { suspended: false }),
    ],
    [
      'ended (out of the catalogue)',
      () => t.services.catalogue.setOfferState(offer, { availability: 'unavailable' }),
      () => t.services.catalogue.setOfferState(offer, { availability: 'available' }),
    ],
    ['no longer selling subscriptions', () => setRecurring('never'), () => setRecurring('available')],
  ];

  for (const [name, off, undo] of switches)
    it(`${name}: "Cannot Unpause AutoPlay", and the subscription stays as it was`, async () => {
      const s = await shopper(100_000);
      const id = await subscribe(s);
      const until = new Date(t.clock.now().getTime() + 20 * DAY).toISOString().slice(0, 10);
      for (const pause of [{ status: 'paused' }, { status: 'timed_paused', paused_until: until }]) {
        expect((await call(s, 'PATCH', `/subscriptions/${id}/status`, pause)).statusCode).toBe(200);
        const before = (await t.database.db.execute(sql`select * from recurring_purchases where public_id = ${id}`))
          .rows[0];
        await off();
        try {
          const res = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' });
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json()).toMatchObject({
            result: null,
            messages: [{ code: 'cannot_unpause', text: 'Cannot Unpause AutoPlay' }],
          });
          const after = (await t.database.db.execute(sql`select * from recurring_purchases where public_id = ${id}`))
            .rows[0];
          expect(after).toEqual(before);
        } finally {
          await undo();
        }
      }
      const active = await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' });
      expect(active.json().result.status).toBe('active');
    });
});

describe('the processor', () => {
  it('buys a charity-raffle subscription once per period as the clock moves period by period', () =>
    isolated(async () => {
      const s = await shopper(100_000);
      const id = await subscribe(s);
      expect((await run()).purchased).toBe(0);
      await later(7 * DAY - 60_000);
      expect((await run()).purchased).toBe(0);
      await later(60_000);
      const second = await run();
      expect(second, JSON.stringify((await call(s, 'GET', `/subscriptions/${id}`)).json().result)).toMatchObject({
        purchased: 1,
        hardFailures: 0,
        softFailures: 0,
      });
      // Two runs in the same period (and two at once) buy nothing more.
      const [a, b] = await Promise.all([run(), run()]);
      expect(a.purchased + b.purchased).toBe(0);
      await later(7 * DAY);
      expect((await run()).purchased).toBe(1);
      expect(await occasions(s.id)).toEqual(['period:2', 'period:3']);
      expect((await checkoutKeys(s.id)).slice(1)).toEqual([`rcp:${id}:period:2`, `rcp:${id}:period:3`]);
      expect(await count('raffles_tickets', s.id)).toBe(6);
      expect(await available(s.id)).toBe(100_000 - 3 * 2 * TICKET_CENTS);
      const read = (await call(s, 'GET', `/subscriptions/${id}`)).json().result;
      expect(read).toMatchObject({ last_attempt_status: 'purchased', status: 'active' });
      expect(read.next_due_at).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    }));

  it('buys nothing while paused or cancelled, and not the periods that passed while paused', () =>
    isolated(async () => {
      const s = await shopper(100_000);
      const id = await subscribe(s);
      expect((await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'paused' })).statusCode).toBe(200);
      await later(7 * DAY);
      expect((await run()).purchased).toBe(0);
      await later(7 * DAY);
      expect((await run()).purchased).toBe(0);
      expect((await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      expect((await run()).purchased).toBe(1);
      expect((await run()).purchased).toBe(0);
      // Periods 2 and 3 passed while paused: only period 3, the one it is in, is bought.
      expect(await occasions(s.id)).toEqual(['period:3']);
      // A timed pause resumes by itself once its date passes.
      const until = new Date(t.clock.now().getTime() + 9 * DAY).toISOString().slice(0, 10);
      await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'timed_paused', paused_until: until });
      await later(7 * DAY);
      expect((await run()).purchased).toBe(0);
      await later(7 * DAY);
      expect((await run()).purchased).toBe(1);
      expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result.status).toBe('active');
      await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'cancelled' });
      await later(7 * DAY);
      expect((await run()).purchased).toBe(0);
      expect(await occasions(s.id)).toEqual(['period:3', 'period:5']);
      expect(await count('orders_checkouts', s.id)).toBe(3);
    }));

  it('the dry run names the period due with the key the run buys it with, and a period that failed hard as waiting', () =>
    isolated(async () => {
      // Two periods' entries: the first purchase and period 3.
      const s = await shopper(2 * 2 * TICKET_CENTS);
      const id = await subscribe(s);
      const plan = () => t.services.recurringProcessor.plan({ customerId: s.id });
      expect(await plan()).toEqual([]);
      // Paused through period 2: the dry run, like the run, names only the period it is in once unpaused.
      await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'paused' });
      await later(7 * DAY);
      expect(await plan()).toEqual([]);
      await later(7 * DAY);
      await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' });
      const planned = {
        autoplayId: id,
        type: 'subscription',
        customerId: s.id,
        offerKey: RAFFLE_SEED.prizeHome,
        occasion: 'period:3',
        drawNo: null,
        period: 3,
        idempotencyKey: `rcp:${id}:period:3`,
        action: 'buy',
      };
      expect(await plan()).toEqual([planned]);
      expect(await count('orders_checkouts', s.id)).toBe(1);
      expect((await run()).purchased).toBe(1);
      expect((await checkoutKeys(s.id)).at(-1)).toBe(planned.idempotencyKey);
      expect(await plan()).toEqual([]);
      // Period 4 with too little in the wallet fails hard; the dry run then says it waits for the customer.
      await later(7 * DAY);
      expect((await plan())[0]).toMatchObject({ period: 4, idempotencyKey: `rcp:${id}:period:4`, action: 'buy' });
      expect((await run()).hardFailures).toBe(1);
      expect(await plan()).toEqual([
        {
          ...planned,
          occasion: 'period:4',
          period: 4,
          idempotencyKey: `rcp:${id}:period:4`,
          action: 'wait_hard_failure',
        },
      ]);
    }));

  it('an empty wallet is a hard failure, not retried in its period; three in a row pause it with an email', () =>
    isolated(async () => {
      const { s, id } = await failThreePeriods();
      const read = (await call(s, 'GET', `/subscriptions/${id}`)).json().result;
      expect(read).toMatchObject({ status: 'paused', last_attempt_status: 'hard_failure' });
      const { rows } = await t.database.db.execute<{ subject: string }>(
        sql`select subject from notifications_outbox where kind = 'autoplay_paused'`,
      );
      expect(rows.map((r) => r.subject)).toContain('Your subscription is paused');
      expect(await count('orders_checkouts', s.id)).toBe(1);
      // Funded and unpaused (the customer's retry), the current period is bought.
      await fundWallet(t.services, s.id, 2 * TICKET_CENTS);
      expect((await call(s, 'PATCH', `/subscriptions/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      expect((await run()).purchased).toBe(1);
      expect(await occasions(s.id)).toEqual(['period:4']);
    }));

  it('paused by three hard failures: the payment-resolution retry lifts the pause and buys the failed period once', () =>
    isolated(async () => {
      const { s, id } = await failThreePeriods();
      const [resolution] = (await call(s, 'GET', '/payment_resolutions')).json().result;
      expect(resolution.recurring_purchases.subscriptions.map((x: { autoplay_id: string }) => x.autoplay_id)).toEqual([
        id,
      ]);
      await fundWallet(t.services, s.id, 2 * TICKET_CENTS);
      // The raffle stops selling subscriptions: "Cannot Unpause AutoPlay", and nothing changes.
      await t.services.catalogue.setOfferState(RAFFLE_SEED.prizeHome, { suspended: true });
      try {
        const refused = await call(s, 'POST', '/payment_resolutions/retry', {});
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().messages[0].text).toBe('Cannot Unpause AutoPlay');
        expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result.status).toBe('paused');
      } finally {
        await t.services.catalogue.setOfferState(RAFFLE_SEED.prizeHome, { suspended: false });
      }
      const retried = await call(s, 'POST', '/payment_resolutions/retry', { autoplay_id: id });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().result).toMatchObject({
        state: 'completed',
        report: { purchased: 1 },
        resolutions: [],
        waiting: [],
      });
      expect((await call(s, 'GET', `/subscriptions/${id}`)).json().result.status).toBe('active');
      expect(await occasions(s.id)).toEqual(['period:4']);
      expect((await checkoutKeys(s.id)).at(-1)).toBe(`rcp:${id}:period:4`);
      expect((await run()).purchased).toBe(0);
    }));
});
