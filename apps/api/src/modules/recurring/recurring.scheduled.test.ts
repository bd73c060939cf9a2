// Scheduled purchases on a real database: scheduling checks the time and the item (422, nothing stored); the
// customer lists, reads and cancels their own (another's id is 404); the processor buys one when due, once, with the
// key sch:{id}, for the draw on sale then; an empty wallet is a recorded hard failure retried an hour later; a
// cancelled one is never bought and a bought one cannot be cancelled. A POST repeated with its Idempotency-Key (a
// double submit, a retry after a lost answer or a crash) answers the one scheduled purchase the first one made.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../../test/helpers/app.ts';
import { catalogueAt, expectRefused, fundWallet, recurringStateOf } from '../../../test/helpers/recurring.ts';

const V = { version: '3.3' } as const;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopper = () => `cus_${randomBytes(8).toString('hex')}`;
const call = (
  customerId: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  idempotencyKey?: string,
) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: {
      authorization: `Bearer ${t.tokenFor(customerId)}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    sign: V,
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });

const ozItem = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
};
const inHours = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();

async function ticketDraws(customerId: string): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ draw_no: number }>(
    sql`select draw_no from orders_tickets where customer_id = ${customerId} order by draw_no`,
  );
  return rows.map((r) => Number(r.draw_no));
}

describe('scheduled purchases', () => {
  it('refuses a time not in the future or not a time, an autoplay and a bad ticket; stores nothing', async () => {
    const c = shopper();
    const bad: [unknown, string][] = [
      [{ item: ozItem, scheduled_at: '2020-01-01T00:00:00Z' }, 'scheduled_at'],
      [{ item: ozItem, scheduled_at: 'tomorrow' }, 'scheduled_at'],
      [{ item: ozItem, scheduled_at: '2025-06-03' }, 'scheduled_at'],
      [{ item: { ...ozItem, num_draws: 'autoplay' }, scheduled_at: inHours(24) }, 'num_draws'],
      [{ item: { ...ozItem, game_offer: 'nope' }, scheduled_at: inHours(24) }, 'game_offer'],
    ];
    for (const [body, field] of bad) {
      const res = await call(c, 'POST', '/scheduled-purchases', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], res.body).toBeTruthy();
    }
    expect((await call(c, 'GET', '/scheduled-purchases')).json().result).toEqual([]);
  });

  it("hostile input: wrong types, huge and negative numbers, impossible times, extra fields, others' ids, signed out; nothing changes", async () => {
    const c = shopper();
    const other = shopper();
    await fundWallet(t.services, c, 10_000);
    const mine = (await call(c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: inHours(24) })).json()
      .result.encoded_id as string;
    const before = await recurringStateOf(t.database, c);
    const raffle = { product_type: 'raffle_ticket', product_offer_key: 'hospital-prize-home', num_tickets: 1 };
    const at = inHours(24);
    const cases: [string, 'GET' | 'POST' | 'PATCH', string, unknown, number, string?][] = [
      // 30 February is not rolled over to 2 March.
      [c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: '2027-02-30T09:00:00Z' }, 422, 'scheduled_at'],
      [c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: '2027-13-01T09:00:00Z' }, 422, 'scheduled_at'],
      [c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: '2030-01-01T09:00:00' }, 422, 'scheduled_at'],
      [c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: 5 }, 422, 'scheduled_at'],
      [c, 'POST', '/scheduled-purchases', { item: ozItem }, 422, 'scheduled_at'],
      [c, 'POST', '/scheduled-purchases', { item: 'x', scheduled_at: at }, 422, 'item'],
      [c, 'POST', '/scheduled-purchases', { scheduled_at: at }, 422, 'item'],
      [
        c,
        'POST',
        '/scheduled-purchases',
        { item: { ...ozItem, num_draws: 1e9 }, scheduled_at: at },
        422,
        'item.num_draws',
      ],
      [
        c,
        'POST',
        '/scheduled-purchases',
        { item: { ...ozItem, num_draws: -1 }, scheduled_at: at },
        422,
        'item.num_draws',
      ],
      [c, 'POST', '/scheduled-purchases', { item: { ...ozItem, games: [] }, scheduled_at: at }, 422, 'item.games'],
      [
        c,
        'POST',
        '/scheduled-purchases',
        { item: { ...ozItem, first_draw_no: 99_999_999_999 }, scheduled_at: at },
        422,
        'first_draw_no',
      ],
      [
        c,
        'POST',
        '/scheduled-purchases',
        { item: { ...raffle, num_tickets: 1e6 }, scheduled_at: at },
        422,
        'item.num_tickets',
      ],
      [
        c,
        'POST',
        '/scheduled-purchases',
        { item: { ...raffle, num_tickets: 'NaN' }, scheduled_at: at },
        422,
        'item.num_tickets',
      ],
      [c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: at, customer_id: other }, 422, 'customer_id'],
      [c, 'GET', '/scheduled-purchases?limit=-5', undefined, 422, 'limit'],
      [c, 'GET', '/scheduled-purchases/rcp_0123456789', undefined, 422, 'id'],
      [other, 'GET', `/scheduled-purchases/${mine}`, undefined, 404],
      [other, 'PATCH', `/scheduled-purchases/${mine}/cancel`, undefined, 404],
    ];
    for (const [who, method, url, payload, status, field] of cases)
      expectRefused(await call(who, method, url, payload), status, field);
    for (const [method, url, payload] of [
      ['POST', '/scheduled-purchases', { item: ozItem, scheduled_at: at }],
      ['GET', '/scheduled-purchases'],
      ['GET', `/scheduled-purchases/${mine}`],
      ['PATCH', `/scheduled-purchases/${mine}/cancel`],
    ] as const) {
      const res = await t.injectSigned({
        method,
        url: `/api/v2${url}`,
        sign: V,
        ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
      });
      expectRefused(res, 401);
    }
    expect(await recurringStateOf(t.database, c)).toEqual(before);
    expect((await recurringStateOf(t.database, other))[2]).toEqual([]);
  });

  it('is bought once when due, for the draw on sale then; only its customer sees or cancels it', async () => {
    const c = shopper();
    await fundWallet(t.services, c, 10_000);
    const created = await call(c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: inHours(24 * 8) });
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json().result;
    expect(s).toMatchObject({ kind: 'scheduled_purchase', status: 'active', finished: false, checkout_id: null });
    expect(s.encoded_id).toMatch(/^sch_/);
    const other = shopper();
    expect((await call(other, 'GET', `/scheduled-purchases/${s.encoded_id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/scheduled-purchases/${s.encoded_id}/cancel`)).statusCode).toBe(404);
    expect((await call(c, 'GET', '/scheduled-purchases')).json().page_info.total).toBe(1);

    expect((await t.services.recurringProcessor.run({ customerId: c })).purchased).toBe(0);
    t.clock.set(inHours(24 * 8 + 1));
    await catalogueAt(t.services);
    try {
      const [onSale] = await t.services.draws.upcomingDraws('oz-lotto', 1);
      expect((await t.services.recurringProcessor.run({ customerId: c })).purchased).toBe(1);
      expect(await ticketDraws(c)).toEqual([onSale!.drawNo]);
      expect((await t.services.recurringProcessor.run({ customerId: c })).purchased).toBe(0);
      const read = (await call(c, 'GET', `/scheduled-purchases/${s.encoded_id}`)).json().result;
      expect(read).toMatchObject({ finished: true, last_attempt_status: 'purchased' });
      const { rows } = await t.database.db.execute<{ key: string }>(
        sql`select idempotency_key as key from orders_checkouts where public_id = ${read.checkout_id}`,
      );
      expect(rows[0]!.key).toBe(`sch:${s.encoded_id}`);
      const late = await call(c, 'PATCH', `/scheduled-purchases/${s.encoded_id}/cancel`);
      expect(late.statusCode).toBe(409);
    } finally {
      t.clock.set(TEST_NOW);
      await catalogueAt(t.services);
    }
  });

  it('a cancelled one is never bought; an empty wallet is a hard failure retried an hour later', async () => {
    const c = shopper();
    const due = inHours(2);
    const a = (await call(c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: due })).json().result;
    const b = (await call(c, 'POST', '/scheduled-purchases', { item: ozItem, scheduled_at: due })).json().result;
    const cancelled = await call(c, 'PATCH', `/scheduled-purchases/${a.encoded_id}/cancel`);
    expect(cancelled.json().result.status).toBe('cancelled');
    t.clock.set(inHours(3));
    await catalogueAt(t.services);
    try {
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({
        purchased: 0,
        hardFailures: 1,
      });
      const failed = (await call(c, 'GET', `/scheduled-purchases/${b.encoded_id}`)).json().result;
      expect(failed).toMatchObject({ last_attempt_status: 'hard_failure', finished: false });
      expect(failed.attempts).toBe(1);
      await fundWallet(t.services, c, 10_000);
      // A refused one waits an hour before its next attempt.
      expect((await t.services.recurringProcessor.run({ customerId: c })).examined).toBe(0);
      t.clock.set(inHours(1));
      await catalogueAt(t.services);
      expect((await t.services.recurringProcessor.run({ customerId: c })).purchased).toBe(1);
      expect((await ticketDraws(c)).length).toBe(1);
      expect(
        (await call(c, 'GET', '/scheduled-purchases')).json().result.map((x: { encoded_id: string }) => x.encoded_id),
      ).toEqual([b.encoded_id]);
    } finally {
      t.clock.set(TEST_NOW);
      await catalogueAt(t.services);
    }
  });

  it('a POST repeated with its Idempotency-Key answers the first one; a crashed one is recovered, not made twice', async () => {
    const c = shopper();
    const body = { item: ozItem, scheduled_at: inHours(24) };
    const first = await call(c, 'POST', '/scheduled-purchases', body, 'sched-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(c, 'POST', '/scheduled-purchases', body, 'sched-key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.encoded_id).toBe(first.json().result.encoded_id);
    // Two at once with one key (a double tap): one is made, the other waits its turn or replays it.
    const [a, b] = await Promise.all([
      call(c, 'POST', '/scheduled-purchases', body, 'sched-key-2'),
      call(c, 'POST', '/scheduled-purchases', body, 'sched-key-2'),
    ]);
    const made = [a, b].filter((r) => r.statusCode === 200).map((r) => r.json().result.encoded_id);
    expect(new Set(made).size).toBe(1);
    for (const r of [a, b]) if (r.statusCode !== 200) expect(r.json().messages[0].code).toBe('idempotency_in_flight');
    // The same key with another time is not a retry of it.
    const other = await call(c, 'POST', '/scheduled-purchases', { ...body, scheduled_at: inHours(48) }, 'sched-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().messages[0].code).toBe('idempotency_key_reused');
    expect((await call(c, 'GET', '/scheduled-purchases')).json().page_info.total).toBe(2);

    // A request that died after writing its row (its key left running, the row named in the key's record): the
    // retry after the stale window answers that row instead of scheduling a second one.
    const crashed = await call(c, 'POST', '/scheduled-purchases', body, 'sched-key-3');
    await t.database.pool.query(
      "update payments_idempotency_keys set status = 'running', locked_at = $1 where scope = $2 and key = 'sched-key-3'",
      [t.clock.now(), c],
    );
    const early = await call(c, 'POST', '/scheduled-purchases', body, 'sched-key-3');
    expect(early.statusCode).toBe(409);
    t.clock.advance(3 * 60_000);
    try {
      const recovered = await call(c, 'POST', '/scheduled-purchases', body, 'sched-key-3');
      expect(recovered.statusCode, recovered.body).toBe(200);
      expect(recovered.json().result.encoded_id).toBe(crashed.json().result.encoded_id);
      expect((await call(c, 'GET', '/scheduled-purchases')).json().page_info.total).toBe(3);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});
