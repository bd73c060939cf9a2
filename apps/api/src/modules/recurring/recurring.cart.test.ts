// The minimum jackpot chosen in the cart (core §3 Autoplay minimumJackpotAmount): an autoplay item added with one
// carries it into the autoplay its purchase creates, and the processor then buys a draw whose jackpot is at or above
// it and skips (never fails, never charges) a draw below it. The seeded Oz Lotto sells autoplay (no test switch).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { catalogueAt, fundWallet } from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import type { DrawSummary } from '../draws/index.ts';

const V = { version: '3.3' } as const;
const OZ_GAME_CENTS = 155;

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

async function shopper(walletCents: number) {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  await fundWallet(t.services, id, walletCents);
  return { id, headers: () => ({ authorization: `Bearer ${t.tokenFor(id)}` }) };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

const call = (s: Shopper, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, key?: string) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: { ...s.headers(), ...(key ? { 'idempotency-key': key } : {}) },
    sign: V,
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

const ozAutoplay = (minimumJackpotAmount: unknown) => ({
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
  num_draws: 'autoplay',
  minimum_jackpot_amount: minimumJackpotAmount,
});

async function ozDraws(): Promise<DrawSummary[]> {
  const now = t.clock.now().getTime();
  return (await t.services.draws.upcomingDraws('oz-lotto', 20)).filter((d) => d.stopAt.getTime() > now);
}

async function ticketDraws(customerId: string): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ draw_no: number }>(
    sql`select draw_no from orders_tickets where customer_id = ${customerId} order by draw_no`,
  );
  return rows.map((r) => Number(r.draw_no));
}

/** Adds the autoplay item and buys the cart; answers the autoplay the purchase created. */
async function buyWithMinimum(s: Shopper, minimum: number): Promise<Record<string, any>> {
  const added = await call(s, 'POST', '/cart/items', { item: ozAutoplay(minimum) });
  expect(added.statusCode, added.body).toBe(200);
  const [line] = Object.values(added.json().result.cart_items as Record<string, Record<string, any>[]>).flat();
  expect(line!.analytics.minimum_jackpot_amount).toEqual({ amount: minimum, currency: 'AUD' });
  const bought = await call(s, 'POST', '/cart/purchase', {}, `key-${randomBytes(6).toString('hex')}`);
  expect(bought.statusCode, bought.body).toBe(200);
  const list = await call(s, 'GET', '/autoplay');
  const [autoplay] = list.json().result as Record<string, any>[];
  return autoplay!;
}

describe('minimum jackpot chosen in the cart', () => {
  it('is carried into the autoplay; the processor skips a draw below it, charging nothing', async () => {
    const s = await shopper(10_000);
    const [first, second] = await ozDraws();
    const minimum = ((second!.jackpotCents ?? 0) + 100_000_00) / 100;
    const autoplay = await buyWithMinimum(s, minimum);
    expect(autoplay).toMatchObject({ minimum_jackpot_amount: { amount: minimum, currency: 'AUD' }, status: 'active' });
    // The template bought each draw does not carry the minimum: it lives on the autoplay, where it can be changed.
    const { rows } = await t.database.db.execute<{ template: Record<string, unknown> }>(
      sql`select template from recurring_purchases where public_id = ${autoplay.autoplay_id}`,
    );
    expect(rows[0]!.template).not.toHaveProperty('minimumJackpotAmount');

    t.clock.set(new Date(first!.stopAt.getTime() + 1000).toISOString());
    await catalogueAt(t.services);
    const before = (await t.services.ledger.fundsSummary(s.id)).availableFundsCents;
    const run = await t.services.recurringProcessor.run();
    expect(run).toMatchObject({ purchased: 0, skipped: 1, softFailures: 0, hardFailures: 0 });
    expect(await ticketDraws(s.id)).toEqual([first!.drawNo]);
    expect((await t.services.ledger.fundsSummary(s.id)).availableFundsCents).toBe(before);
    const after = (await call(s, 'GET', `/autoplay/${autoplay.autoplay_id}`)).json().result;
    expect(after).toMatchObject({ status: 'active', last_attempt_status: 'purchased' });
  });

  it('a minimum at or below the draw jackpot buys that draw', async () => {
    const s = await shopper(10_000);
    const [first, second] = await ozDraws();
    expect(second!.jackpotCents).toBeGreaterThan(0);
    const autoplay = await buyWithMinimum(s, second!.jackpotCents! / 100);
    t.clock.set(new Date(first!.stopAt.getTime() + 1000).toISOString());
    await catalogueAt(t.services);
    const before = (await t.services.ledger.fundsSummary(s.id)).availableFundsCents;
    const run = await t.services.recurringProcessor.run();
    expect(run.purchased).toBeGreaterThanOrEqual(1);
    expect(await ticketDraws(s.id)).toEqual([first!.drawNo, second!.drawNo]);
    expect((await t.services.ledger.fundsSummary(s.id)).availableFundsCents).toBe(before - OZ_GAME_CENTS);
    const after = (await call(s, 'GET', `/autoplay/${autoplay.autoplay_id}`)).json().result;
    expect(after.last_attempt_status).toBe('purchased');
  });
});
