// Autoplay end to end on a real database: the purchase of a ticket with numDraws "autoplay" creates the autoplay in
// its transaction; the customer lists, reads, pauses (until a date), unpauses and cancels it (another customer's id is
// 404, bad statuses and dates 422, nothing changes); the processor buys the next draw once per draw with its
// deterministic key (a rerun, a second processor at the same time, and a rerun after a purchase committed without
// being recorded buy nothing more), never while paused or cancelled, and pauses after three hard failures.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import {
  autoplayShop,
  catalogueAt,
  expectRefused,
  fundWallet,
  onFreshShop,
  recurringStateOf,
} from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import type { DrawSummary } from '../draws/index.ts';
import { idempotencyKeyOf } from './index.ts';

const V = { version: '3.3' } as const;
const OZ_GAME_CENTS = 155;

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await autoplayShop());
});
afterAll(async () => {
  await t.close();
  await database.close();
});

/** Tests that move the clock run on their own shop. */
const isolated = (fn: () => Promise<void>) => onFreshShop({ database, t }, (s) => ({ database, t } = s), fn);

interface Shopper {
  id: string;
  /** A fresh token each time: tests move the clock by days, past a token's life. */
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

const ozAutoplay = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
  num_draws: 'autoplay',
};

const call = (s: Shopper, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: s.headers,
    sign: V,
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });

/** Buys one Oz Lotto autoplay ticket; answers its autoplay id and the checkout. */
async function buyAutoplay(s: Shopper): Promise<{ autoplayId: string; checkoutId: string }> {
  const added = await call(s, 'POST', '/cart/items', { item: ozAutoplay });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
    payload: {},
    sign: V,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const list = await call(s, 'GET', '/autoplay');
  expect(list.statusCode, list.body).toBe(200);
  const mine = list.json().result as { autoplay_id: string; last_checkout_id: string }[];
  return { autoplayId: mine[0]!.autoplay_id, checkoutId: bought.json().result.checkout_id };
}

async function count(table: string, customerId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`,
  );
  return Number(rows[0]!.n);
}

const available = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;

async function ozDraws(): Promise<DrawSummary[]> {
  const now = t.clock.now().getTime();
  return (await t.services.draws.upcomingDraws('oz-lotto', 20)).filter((d) => d.stopAt.getTime() > now);
}

/** Moves the clock just past the sales stop of the first open Oz Lotto draw. */
async function closeFirstDraw(): Promise<DrawSummary> {
  const [first] = await ozDraws();
  t.clock.set(new Date(first!.stopAt.getTime() + 1000).toISOString());
  await catalogueAt(t.services);
  return first!;
}

/** Draw numbers of the customer's tickets, in order. */
async function ticketDraws(customerId: string): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ draw_no: number }>(
    sql`select draw_no from orders_tickets where customer_id = ${customerId} order by draw_no`,
  );
  return rows.map((r) => Number(r.draw_no));
}

describe('autoplay created by the purchase', () => {
  it('becomes an active autoplay for the next draw, listed and read only by its customer', async () => {
    const s = await shopper(10_000);
    const [first, second] = await ozDraws();
    const { autoplayId, checkoutId } = await buyAutoplay(s);
    expect(autoplayId).toMatch(/^rcp_[0-9a-f]+$/);
    expect(await ticketDraws(s.id)).toEqual([first!.drawNo]);

    const one = await call(s, 'GET', `/autoplay/${autoplayId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().result).toMatchObject({
      autoplay_id: autoplayId,
      type: 'autoplay',
      status: 'active',
      product_offer_key: 'oz-lotto',
      num_games: 1,
      price: { amount: OZ_GAME_CENTS / 100, currency: 'AUD' },
      last_attempt_status: 'purchased',
      last_checkout_id: checkoutId,
      next_draw: { draw_no: second!.drawNo },
      minimum_jackpot_amount: null,
      paused_until: null,
    });
    const list = await call(s, 'GET', '/autoplay?limit=10&offset=0');
    expect(list.json().page_info).toEqual({ limit: 10, offset: 0, total: 1 });

    const other = await shopper(0);
    expect((await call(other, 'GET', `/autoplay/${autoplayId}`)).statusCode).toBe(404);
    const theirs = await call(other, 'PATCH', `/autoplay/${autoplayId}/status`, { status: 'cancelled' });
    expect(theirs.statusCode).toBe(404);
    expect((await call(other, 'POST', `/autoplay/${autoplayId}/pause`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/autoplay')).json().result).toEqual([]);
    expect((await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result.status).toBe('active');
  });

  it('a ticket bought for a number of draws makes no autoplay', async () => {
    const s = await shopper(10_000);
    const added = await call(s, 'POST', '/cart/items', { item: { ...ozAutoplay, num_draws: 2 } });
    expect(added.statusCode, added.body).toBe(200);
    const bought = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/purchase',
      headers: { ...s.headers, 'idempotency-key': 'two-draws' },
      payload: {},
      sign: V,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await count('recurring_purchases', s.id)).toBe(0);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/autoplay', sign: V });
    expect(res.statusCode).toBe(401);
  });
});

describe('combined recurring purchases', () => {
  it('two autoplay items bought together form one group, listed by GET /recurring_purchases and cancelled together', async () => {
    const s = await shopper(10_000);
    for (const numbers of [
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
    ]) {
      const added = await call(s, 'POST', '/cart/items', { item: { ...ozAutoplay, games: [{ sets: { numbers } }] } });
      expect(added.statusCode, added.body).toBe(200);
    }
    const bought = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/purchase',
      headers: { ...s.headers, 'idempotency-key': 'combined' },
      payload: {},
      sign: V,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const groups = await call(s, 'GET', '/recurring_purchases');
    expect(groups.statusCode, groups.body).toBe(200);
    const [group] = groups.json().result;
    expect(groups.json().result).toHaveLength(1);
    expect(group.items).toHaveLength(2);
    expect(group).toMatchObject({ autoplay_id: group.items[0].autoplay_id, type: 'autoplay', status: 'active' });
    expect(group.items[1].combined_id).toBe(group.autoplay_id);

    const cancelled = await call(s, 'PATCH', `/autoplay/${group.items[1].autoplay_id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await call(s, 'GET', '/recurring_purchases')).json().result).toEqual([]);
    expect((await call(s, 'GET', '/autoplay')).json().result).toEqual([]);
  });
});

describe('changing an autoplay', () => {
  it('answers 422 with a field error for a bad status or date, and changes nothing', async () => {
    const s = await shopper(10_000);
    const { autoplayId } = await buyAutoplay(s);
    const bad: [unknown, string][] = [
      [{ status: 'sleeping' }, 'status'],
      [{ status: 'timed_paused' }, 'paused_until'],
      [{ status: 'timed_paused', paused_until: 'next tuesday' }, 'paused_until'],
      [{ status: 'timed_paused', paused_until: '2025-06-01' }, 'paused_until'],
      [{ status: 'paused', paused_until: '2025-13-45' }, 'paused_until'],
    ];
    for (const [body, field] of bad) {
      const res = await call(s, 'PATCH', `/autoplay/${autoplayId}/status`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], res.body).toHaveLength(1);
    }
    const pausedInPast = await call(s, 'POST', `/autoplay/${autoplayId}/pause`, { paused_until: '2020-01-01' });
    expect(pausedInPast.statusCode).toBe(422);
    expect((await call(s, 'GET', '/autoplay/rcp_doesnotexist')).statusCode).toBe(404);
    expect((await call(s, 'GET', '/autoplay/not-an-id')).statusCode).toBeGreaterThanOrEqual(400);
    const after = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
    expect(after).toMatchObject({ status: 'active', paused_until: null });
  });

  it('pauses, pauses until a date, unpauses and cancels; a cancelled one leaves the list and cannot come back', async () => {
    const s = await shopper(10_000);
    const { autoplayId } = await buyAutoplay(s);
    const paused = await call(s, 'POST', `/autoplay/${autoplayId}/pause`);
    expect(paused.json().result).toMatchObject({ status: 'paused', paused_until: null });
    const timed = await call(s, 'PATCH', `/autoplay/${autoplayId}/status`, {
      status: 'timed_paused',
      paused_until: '2025-07-01',
    });
    expect(timed.statusCode, timed.body).toBe(200);
    expect(timed.json().result).toMatchObject({ status: 'timed_paused', paused_until: '2025-07-01T00:00:00.000Z' });
    const unpaused = await call(s, 'POST', `/autoplay/${autoplayId}/unpause`);
    expect(unpaused.json().result).toMatchObject({ status: 'active', paused_until: null });
    const cancelled = await call(s, 'PATCH', `/autoplay/${autoplayId}/status`, { status: 'cancelled' });
    expect(cancelled.json().result.status).toBe('cancelled');
    expect((await call(s, 'GET', '/autoplay')).json().result).toEqual([]);
    const again = await call(s, 'POST', `/autoplay/${autoplayId}/unpause`);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].text).toBe('Cannot update AutoPlay status');
  });
});

describe('unpausing when the offer is switched off', () => {
  /** The autoplay's stored row, every column: what "nothing changes" compares. */
  const stored = async (autoplayId: string) =>
    (await t.database.db.execute(sql`select * from recurring_purchases where public_id = ${autoplayId}`)).rows[0];

  /** Operator switches: each leaves the offer not selling autoplay; `undo` puts it back. */
  const switches: { name: string; off: () => Promise<void>; undo: () => Promise<void> }[] = [
    {
      name: 'suspended',
      off: () => t.services.catalogue.setOfferState('oz-lotto', { suspended: true }),
      undo: () => t.services.catalogue.setOfferState('oz-lotto', { suspended: false }),
    },
    {
      name: 'ended (no longer available: out of the catalogue)',
      off: () => t.services.catalogue.setOfferState('oz-lotto', { availability: 'unavailable' }),
      undo: () => t.services.catalogue.setOfferState('oz-lotto', { availability: 'available' }),
    },
    {
      name: 'no longer selling autoplay',
      off: async () => {
        await t.database.db.execute(
          sql`update catalogue_offers set recurring_purchase = '{"type":"autoplay","availability":"never"}' where key = 'oz-lotto'`,
        );
        // An operator switch with no change: only to make the shop forget its cached offers at once.
        await t.services.catalogue.setOfferState('oz-lotto', {});
      },
      undo: async () => {
        await t.database.db.execute(
          sql`update catalogue_offers set recurring_purchase = '{"type":"autoplay","availability":"available"}' where key = 'oz-lotto'`,
        );
        await t.services.catalogue.setOfferState('oz-lotto', {});
      },
    },
  ];

  for (const { name, off, undo } of switches)
    it(`offer ${name}: every way to unpause answers "Cannot Unpause AutoPlay" and nothing changes`, async () => {
      const s = await shopper(10_000);
      const { autoplayId } = await buyAutoplay(s);
      const until = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
      // Paused, then paused until a date: neither can be unpaused while the offer is switched off.
      for (const pause of [{}, { paused_until: until }]) {
        const paused = await call(s, 'POST', `/autoplay/${autoplayId}/pause`, pause);
        expect(paused.statusCode, paused.body).toBe(200);
        const before = await stored(autoplayId);
        await off();
        try {
          for (const [method, url, body] of [
            ['POST', `/autoplay/${autoplayId}/unpause`, undefined],
            ['PATCH', `/autoplay/${autoplayId}/status`, { status: 'active' }],
            ['PATCH', `/autoplay/${autoplayId}`, { status: 'active', quickpick: true, minimum_jackpot_amount: 9 }],
          ] as const) {
            const res = await call(s, method, url, body);
            expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(422);
            expect(res.json()).toMatchObject({
              result: null,
              errors: { this: ['Cannot Unpause AutoPlay'] },
              messages: [{ code: 'cannot_unpause', text: 'Cannot Unpause AutoPlay' }],
            });
          }
          expect(await stored(autoplayId)).toEqual(before);
          expect((await t.services.recurringProcessor.run({ customerId: s.id })).examined).toBe(0);
        } finally {
          await undo();
        }
      }
      expect((await call(s, 'POST', `/autoplay/${autoplayId}/unpause`)).json().result.status).toBe('active');
    });
});

describe('hostile input to the autoplay calls', () => {
  type Method = 'GET' | 'POST' | 'PATCH';
  /** A JSON body, a form-encoded one (text), or raw JSON text ({ raw }). */
  type Body = Record<string, unknown> | string | { raw: string } | undefined;
  const send = (s: Shopper | null, method: Method, url: string, body?: Body) => {
    const headers: Record<string, string> = s ? { ...s.headers } : {};
    if (typeof body === 'string') headers['content-type'] = 'application/x-www-form-urlencoded';
    const raw = body && typeof body === 'object' && 'raw' in body ? (body.raw as string) : undefined;
    if (raw !== undefined) headers['content-type'] = 'application/json';
    return t.injectSigned({
      method,
      url: `/api/v2${url}`,
      headers,
      sign: V,
      ...(method === 'GET' ? {} : { payload: (raw ?? body ?? {}) as Record<string, unknown> }),
    });
  };
  /** Every call that changes an autoplay, with a body it would otherwise accept. */
  const changes = (id: string): [Method, string, Body][] => [
    ['PATCH', `/autoplay/${id}`, { quickpick: true }],
    ['PATCH', `/autoplay/${id}`, { status: 'active', minimum_jackpot_amount: 5 }],
    ['POST', `/autoplay/${id}/set-minimum-jackpot`, 'minimum_jackpot_amount=5'],
    ['POST', `/autoplay/${id}/set-quickpick`, 'quickpick=true'],
    ['PATCH', `/autoplay/${id}/status`, { status: 'paused' }],
    ['PATCH', `/autoplay/${id}/status`, { status: 'cancelled' }],
    ['POST', `/autoplay/${id}/pause`, { paused_until: '2030-01-01' }],
    ['POST', `/autoplay/${id}/unpause`, undefined],
  ];

  it('wrong types, huge, negative and NaN amounts, extra fields, impossible dates: 422 naming the field, nothing changes', async () => {
    const s = await shopper(10_000);
    const { autoplayId: id } = await buyAutoplay(s);
    const before = await recurringStateOf(t.database, s.id);
    const cases: [Method, string, Body, number, string][] = [
      ['GET', '/autoplay?limit=-1', undefined, 422, 'limit'],
      ['GET', '/autoplay?limit=1e9', undefined, 422, 'limit'],
      ['GET', '/autoplay?limit=NaN', undefined, 422, 'limit'],
      ['GET', '/autoplay?offset=-1', undefined, 422, 'offset'],
      ['GET', '/autoplay?limit=5&sort=id', undefined, 422, 'sort'],
      ['GET', '/recurring_purchases?limit=abc', undefined, 422, 'limit'],
      ['GET', '/autoplay/rcp_%C3%A4', undefined, 422, 'id'],
      ['GET', `/autoplay/rcp_${'a'.repeat(100)}`, undefined, 422, 'id'],
      ['GET', '/autoplay/sch_0123456789', undefined, 422, 'id'],
      ['PATCH', `/autoplay/${id}`, { quickpick: 'yes' }, 422, 'quickpick'],
      ['PATCH', `/autoplay/${id}`, { quickpick: 1 }, 422, 'quickpick'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: true }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: 1e308 }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: 90071992547409.92 }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: -1 }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: 0.001 }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: 'NaN' }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: 'Infinity' }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { minimum_jackpot_amount: '1e5' }, 422, 'minimum_jackpot_amount'],
      ['PATCH', `/autoplay/${id}`, { status: 5 }, 422, 'status'],
      ['PATCH', `/autoplay/${id}`, { status: 'paused', paused_until: 12345 }, 422, 'paused_until'],
      // A date with no pause is refused, not dropped (the customer meant to pause).
      ['PATCH', `/autoplay/${id}`, { paused_until: '2030-01-01' }, 422, 'paused_until'],
      ['PATCH', `/autoplay/${id}`, { status: 'active', paused_until: '2030-01-01' }, 422, 'paused_until'],
      [
        'PATCH',
        `/autoplay/${id}`,
        { quickpick: true, status: 'paused', paused_until: '2027-02-30' },
        422,
        'paused_until',
      ],
      ['PATCH', `/autoplay/${id}`, { quickpick: true, extra: 1 }, 422, 'extra'],
      ['PATCH', `/autoplay/${id}`, { raw: '[]' }, 422, 'this'],
      ['POST', `/autoplay/${id}/set-minimum-jackpot`, 'minimum_jackpot_amount=NaN', 422, 'minimum_jackpot_amount'],
      ['POST', `/autoplay/${id}/set-minimum-jackpot`, 'minimum_jackpot_amount=-5', 422, 'minimum_jackpot_amount'],
      [
        'POST',
        `/autoplay/${id}/set-minimum-jackpot`,
        'minimum_jackpot_amount=99999999999999999999',
        422,
        'minimum_jackpot_amount',
      ],
      ['POST', `/autoplay/${id}/set-minimum-jackpot`, '', 422, 'minimum_jackpot_amount'],
      ['POST', `/autoplay/${id}/set-minimum-jackpot`, 'minimum_jackpot_amount=5&x=1', 422, 'x'],
      ['POST', `/autoplay/${id}/set-minimum-jackpot`, { minimum_jackpot_amount: {} }, 422, 'minimum_jackpot_amount'],
      ['POST', `/autoplay/${id}/set-quickpick`, 'quickpick=maybe', 422, 'quickpick'],
      ['POST', `/autoplay/${id}/set-quickpick`, {}, 422, 'quickpick'],
      ['PATCH', `/autoplay/${id}/status`, { status: 'PAUSED' }, 422, 'status'],
      ['PATCH', `/autoplay/${id}/status`, {}, 422, 'status'],
      ['PATCH', `/autoplay/${id}/status`, { status: 'paused', paused_until: '2027-02-30' }, 422, 'paused_until'],
      ['PATCH', `/autoplay/${id}/status`, { status: 'timed_paused', paused_until: '2027-02-29' }, 422, 'paused_until'],
      ['PATCH', `/autoplay/${id}/status`, { status: 'paused', paused_until: '10000-01-01' }, 422, 'paused_until'],
      ['PATCH', `/autoplay/${id}/status`, { status: 'cancelled', paused_until: '2030-01-01' }, 422, 'paused_until'],
      ['POST', `/autoplay/${id}/pause`, { paused_until: 'x' }, 422, 'paused_until'],
      ['POST', `/autoplay/${id}/pause`, { paused_until: 5 }, 422, 'paused_until'],
      ['POST', `/autoplay/${id}/pause`, { paused_until: '2027-04-31' }, 422, 'paused_until'],
      ['POST', `/autoplay/${id}/pause`, { x: 1 }, 422, 'x'],
      ['POST', `/autoplay/${id}/pause`, { raw: '[]' }, 422, 'this'],
    ];
    for (const [method, url, body, status, field] of cases)
      expectRefused(await send(s, method, url, body), status, field);
    expect(await recurringStateOf(t.database, s.id)).toEqual(before);
    expect((await send(s, 'GET', `/autoplay/${id}`)).json().result).toMatchObject({
      status: 'active',
      quickpick: false,
    });
  });

  it("a cancelled autoplay is 409 to every change, another customer's or a subscription's id 404, signed out 401; nothing changes", async () => {
    const s = await shopper(10_000);
    const { autoplayId: live } = await buyAutoplay(s);
    const { autoplayId: cancelled } = await buyAutoplay(s);
    expect((await send(s, 'PATCH', `/autoplay/${cancelled}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const other = await shopper(10_000);
    const before = await recurringStateOf(t.database, s.id);
    for (const [method, url, body] of changes(cancelled)) {
      const res = await send(s, method, url, body);
      expectRefused(res, 409);
      expect(res.json().messages[0].text).toBe('Cannot update AutoPlay status');
    }
    for (const id of [live, cancelled])
      for (const [method, url, body] of [['GET', `/autoplay/${id}`, undefined] as const, ...changes(id)])
        expectRefused(await send(other, method, url, body), 404);
    for (const [method, url, body] of [
      ['GET', '/autoplay', undefined] as const,
      ['GET', '/recurring_purchases', undefined] as const,
      ['GET', `/autoplay/${live}`, undefined] as const,
      ['POST', '/process_recurring_purchases/sync', undefined] as const,
      ...changes(live),
    ])
      expectRefused(await send(null, method, url, body), 401);
    expect(await recurringStateOf(t.database, s.id)).toEqual(before);
    // The other customer got nothing of theirs (no recurring purchase, no checkout).
    const [otherRecurring, , , otherCheckouts] = await recurringStateOf(t.database, other.id);
    expect([otherRecurring, otherCheckouts]).toEqual([[], []]);
  });
});

describe('minimum jackpot and quickpick', () => {
  const form = (s: Shopper, url: string, body: string) =>
    t.injectSigned({
      method: 'POST',
      url: `/api/v2${url}`,
      headers: { ...s.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
      sign: V,
    });

  it('sets them by form and by PATCH; a minimum of 0, below 0 or not money is 422 and changes nothing', async () => {
    const s = await shopper(10_000);
    const { autoplayId } = await buyAutoplay(s);
    for (const bad of ['0', '-5', 'lots', '1.234']) {
      const res = await form(s, `/autoplay/${autoplayId}/set-minimum-jackpot`, `minimum_jackpot_amount=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.minimum_jackpot_amount, res.body).toBeTruthy();
    }
    const set = await form(s, `/autoplay/${autoplayId}/set-minimum-jackpot`, 'minimum_jackpot_amount=5000000');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.minimum_jackpot_amount).toEqual({ amount: 5_000_000, currency: 'AUD' });
    const qp = await form(s, `/autoplay/${autoplayId}/set-quickpick`, 'quickpick=true');
    expect(qp.json().result.quickpick).toBe(true);

    // PATCH checks every field before changing any.
    const bad = await call(s, 'PATCH', `/autoplay/${autoplayId}`, { quickpick: false, status: 'asleep' });
    expect(bad.statusCode).toBe(422);
    const zero = await call(s, 'PATCH', `/autoplay/${autoplayId}`, { minimum_jackpot_amount: 0, status: 'paused' });
    expect(zero.statusCode).toBe(422);
    expect((await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result).toMatchObject({
      quickpick: true,
      status: 'active',
      minimum_jackpot_amount: { amount: 5_000_000 },
    });
    const both = await call(s, 'PATCH', `/autoplay/${autoplayId}`, { minimum_jackpot_amount: null, status: 'paused' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().result).toMatchObject({ minimum_jackpot_amount: null, status: 'paused' });
    const cleared = await form(s, `/autoplay/${autoplayId}/set-minimum-jackpot`, 'minimum_jackpot_amount=');
    expect(cleared.json().result.minimum_jackpot_amount).toBeNull();
  });

  it('the processor skips (not fails) a draw whose jackpot is below the minimum, then buys once it is removed', () =>
    isolated(async () => {
      const s = await shopper(10_000);
      const { autoplayId } = await buyAutoplay(s);
      const first = await closeFirstDraw();
      const [second, third] = await ozDraws();
      const above = (second!.jackpotCents ?? 0) + 100;
      const set = await call(s, 'PATCH', `/autoplay/${autoplayId}`, { minimum_jackpot_amount: above / 100 });
      expect(set.statusCode, set.body).toBe(200);
      const skipped = await t.services.recurringProcessor.run();
      expect(skipped).toMatchObject({ purchased: 0, skipped: 1, softFailures: 0, hardFailures: 0 });
      expect(await ticketDraws(s.id)).toEqual([first.drawNo]);
      expect((await t.services.recurringProcessor.run()).skipped).toBe(0);

      await call(s, 'PATCH', `/autoplay/${autoplayId}`, { minimum_jackpot_amount: null });
      expect((await t.services.recurringProcessor.run()).purchased).toBe(0); // the second draw was skipped for good
      await closeFirstDraw();
      expect((await t.services.recurringProcessor.run()).purchased).toBe(1);
      expect(await ticketDraws(s.id)).toEqual([first.drawNo, third!.drawNo]);
    }));
});

describe('the processor', () => {
  it('buys the next draw once with its deterministic key; reruns and a parallel run buy nothing more', () =>
    isolated(async () => {
      const s = await shopper(10_000);
      const { autoplayId } = await buyAutoplay(s);
      const first = await closeFirstDraw();
      const [second] = await ozDraws();
      const walletBefore = await available(s.id);
      const [a, b] = await Promise.all([t.services.recurringProcessor.run(), t.services.recurringProcessor.run()]);
      expect(a.purchased + b.purchased).toBe(1);
      expect(await ticketDraws(s.id)).toEqual([first.drawNo, second!.drawNo]);
      expect(await available(s.id)).toBe(walletBefore - OZ_GAME_CENTS);
      const key = idempotencyKeyOf(autoplayId, { drawId: second!.id });
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders_checkouts where customer_id = ${s.id} and idempotency_key = ${key}`,
      );
      expect(Number(rows[0]!.n)).toBe(1);

      const again = await t.services.recurringProcessor.run();
      expect(again.purchased).toBe(0);
      expect(await count('orders_checkouts', s.id)).toBe(2);
      const view = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
      expect(view).toMatchObject({ last_attempt_status: 'purchased', next_draw: { draw_no: second!.drawNo + 1 } });
    }));

  it('with several workers and two runs at once: each autoplay once, one wallet shared by three pays for two', () =>
    isolated(async () => {
      // The shop's processor decides several autoplays at once (RECURRING_CONCURRENCY, default 4); two runs of it
      // race here, and three autoplays of one customer meet at that customer's wallet, which can pay for two.
      expect(t.services.config.recurringConcurrency).toBeGreaterThan(1);
      const many: Shopper[] = [];
      for (let i = 0; i < 9; i++) many.push(await shopper(10_000));
      for (const s of many) await buyAutoplay(s);
      const tight = await shopper(5 * OZ_GAME_CENTS);
      for (let i = 0; i < 3; i++) await buyAutoplay(tight);
      expect(await available(tight.id)).toBe(2 * OZ_GAME_CENTS);
      await closeFirstDraw();
      const [second] = await ozDraws();

      const [a, b] = await Promise.all([t.services.recurringProcessor.run(), t.services.recurringProcessor.run()]);
      expect(a.purchased + b.purchased).toBe(many.length + 2);
      expect(a.hardFailures + b.hardFailures).toBe(1);
      for (const s of many) expect(await ticketDraws(s.id)).toEqual([second!.drawNo - 1, second!.drawNo]);
      expect(await count('orders_checkouts', tight.id)).toBe(5);
      expect(await available(tight.id)).toBe(0);
      expect(await t.services.ledger.verify()).toMatchObject({
        unbalancedEntries: 0,
        mismatchedAccounts: 0,
        negativeCustomerAccounts: 0,
        totalCents: 0,
      });
      const again = await t.services.recurringProcessor.run();
      expect(again).toMatchObject({ purchased: 0, hardFailures: 0 });
    }));

  it('after a purchase committed but not recorded (a crash), the rerun records it and buys nothing more', () =>
    isolated(async () => {
      const s = await shopper(10_000);
      const { autoplayId } = await buyAutoplay(s);
      await closeFirstDraw();
      const [second] = await ozDraws();
      const [planned] = await t.services.recurringProcessor.plan();
      expect(planned).toMatchObject({ autoplayId, drawNo: second!.drawNo, action: 'buy' });
      // What the processor's purchase commits before it dies at 'recurring:purchased'.
      const template = { ...ozAutoplay, num_draws: 1 };
      await t.services.purchase.purchaseItems(s.id, planned!.idempotencyKey, [
        {
          productType: 'lottery_ticket',
          productOfferKey: template.product_offer_key,
          gameType: 'standard',
          gameOffer: 'standard',
          games: template.games,
          numDraws: 1,
          firstDrawNo: second!.drawNo,
        },
      ]);
      const walletBefore = await available(s.id);
      const report = await t.services.recurringProcessor.run();
      expect(report.purchased).toBe(1);
      expect(await count('orders_checkouts', s.id)).toBe(2);
      expect(await available(s.id)).toBe(walletBefore);
      expect(await t.services.recurringProcessor.plan()).toEqual([]);
    }));

  it('buys nothing while paused or cancelled; a timed pause resumes by itself after its date', () =>
    isolated(async () => {
      const s = await shopper(10_000);
      const { autoplayId } = await buyAutoplay(s);
      const [, second] = await ozDraws();
      const until = new Date(second!.stopAt.getTime() + 60_000);
      await call(s, 'POST', `/autoplay/${autoplayId}/pause`, { paused_until: until.toISOString() });
      await closeFirstDraw();
      expect((await t.services.recurringProcessor.run()).purchased).toBe(0);
      await closeFirstDraw(); // the second draw closed while paused: it is skipped
      expect((await t.services.recurringProcessor.run()).purchased).toBe(0);
      t.clock.set(new Date(until.getTime() + 1000).toISOString());
      await catalogueAt(t.services);
      const [third] = await ozDraws();
      const resumed = await t.services.recurringProcessor.run();
      expect(resumed.purchased).toBe(1);
      expect((await ticketDraws(s.id)).at(-1)).toBe(third!.drawNo);
      expect((await ticketDraws(s.id)).includes(second!.drawNo)).toBe(false);
      expect((await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result.status).toBe('active');

      await call(s, 'PATCH', `/autoplay/${autoplayId}/status`, { status: 'cancelled' });
      await closeFirstDraw();
      expect((await t.services.recurringProcessor.run()).purchased).toBe(0);
      expect(await count('orders_checkouts', s.id)).toBe(2);
    }));

  it('records an empty wallet as a hard failure, retries only the next draw, and pauses with an email after three', () =>
    isolated(async () => {
      // A customer with an email address (the pause is emailed).
      const s = await shopper(OZ_GAME_CENTS, (await signUpAndLogin(t)).customerId);
      const { autoplayId } = await buyAutoplay(s);
      for (let i = 1; i <= 3; i++) {
        await closeFirstDraw();
        const report = await t.services.recurringProcessor.run();
        expect(report).toMatchObject({ purchased: 0, hardFailures: 1, paused: i === 3 ? 1 : 0 });
        // The same draw is not tried again by the processor.
        expect((await t.services.recurringProcessor.run()).hardFailures).toBe(0);
      }
      const view = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
      expect(view).toMatchObject({ status: 'paused', last_attempt_status: 'hard_failure' });
      expect(view.last_failure_reason).toBeTruthy();
      expect(await count('orders_checkouts', s.id)).toBe(1);
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications_outbox where kind = 'autoplay_paused'`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
      await closeFirstDraw();
      expect((await t.services.recurringProcessor.run()).examined).toBe(0);
    }));

  it('a spend limit or a break is a soft failure with its reason: no order, no debit, tried again next run', () =>
    isolated(async () => {
      const s = await shopper(10_000, (await signUpAndLogin(t)).customerId);
      const { autoplayId } = await buyAutoplay(s);
      await t.services.responsibleGambling.limits.setSpendLimit(s.id, 'weekly', 1);
      await closeFirstDraw();
      const wallet = await available(s.id);
      const report = await t.services.recurringProcessor.run();
      expect(report).toMatchObject({ purchased: 0, softFailures: 1, hardFailures: 0 });
      const view = (await call(s, 'GET', `/autoplay/${autoplayId}`)).json().result;
      expect(view).toMatchObject({ status: 'active', last_attempt_status: 'soft_failure' });
      expect(view.last_failure_reason).toMatch(/spend/i);
      expect(await count('orders_checkouts', s.id)).toBe(1);
      expect(await available(s.id)).toBe(wallet);

      await t.services.responsibleGambling.exclusions.takeABreak(s.id, '1w');
      expect((await t.services.recurringProcessor.run()).softFailures).toBe(1);
      expect(await count('orders_checkouts', s.id)).toBe(1);
      expect(await available(s.id)).toBe(wallet);
    }));

  it('POST /process_recurring_purchases/sync buys only the signed-in customer own', () =>
    isolated(async () => {
      const mine = await shopper(10_000);
      const theirs = await shopper(10_000);
      await buyAutoplay(mine);
      await buyAutoplay(theirs);
      await closeFirstDraw();
      const res = await call(mine, 'POST', '/process_recurring_purchases/sync');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({ purchased: 1, examined: 1 });
      expect(await count('orders_checkouts', mine.id)).toBe(2);
      expect(await count('orders_checkouts', theirs.id)).toBe(1);
    }));
});
