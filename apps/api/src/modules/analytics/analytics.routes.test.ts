// Consented analytics through the real app on a test database: events are stored only with "Accept all" (the
// cookie_consent cookie, checked by the server), refused and not stored before consent or with "Essential only";
// a purchase is stored once with its cart item analytics views; the funnel report; and a plugged-in sink.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import type { AnalyticsEvent } from './analytics.sink.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const item = {
  description: 'Oz Lotto standard',
  quantity: 1,
  unit_price: { amount: 1.55 },
  recurring_purchase: { enabled: false, type: 'autoplay' },
  draw_date: '2025-06-03',
  draw_no: 1500,
  favourite: false,
  lottery_key: 'oz-lotto',
  has_favourite_numbers: false,
  product_type: 'lottery_ticket',
  analytics_product_type: 'lottery_ticket',
  minimum_jackpot_amount: null,
  game_type: 'standard',
  game_offer: 'standard',
  num_draws: 1,
  num_games: 1,
  cause_key: null,
  num_raffle_tickets: null,
};

const journey = (anonymousId: string, transactionId = `chk_${anonymousId.replace(/-/g, '')}`) => [
  { type: 'page_view', anonymous_id: anonymousId, path: '/oz-lotto' },
  { type: 'add_to_cart', anonymous_id: anonymousId, path: '/oz-lotto', items: [item] },
  {
    type: 'purchase',
    anonymous_id: anonymousId,
    path: `/receipt/${transactionId}`,
    transaction_id: transactionId,
    revenue: 1.55,
    currency: 'AUD',
    items: [item],
  },
];

const send = (events: unknown[], consent?: string, app = t) =>
  app.injectSigned({
    method: 'POST',
    url: '/api/analytics/events',
    payload: { events } as object,
    ...(consent ? { cookies: { cookie_consent: consent } } : {}),
  });

const stored = async (anonymousId: string) =>
  (
    await t.database.db.execute<{ type: string; properties: Record<string, unknown>; transaction_id: string | null }>(
      sql`select type, properties, transaction_id from analytics_events where anonymous_id = ${anonymousId} order by id`,
    )
  ).rows;

describe('POST /api/analytics/events', () => {
  it('refuses events before consent and with "Essential only", storing nothing', async () => {
    for (const consent of [undefined, 'essential', 'ALL', 'yes']) {
      const res = await send(journey('anon-no-consent'), consent);
      expect(res.statusCode, `${consent}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, result: null, messages: [{ code: 'consent_required' }] });
    }
    expect(await stored('anon-no-consent')).toEqual([]);
  });

  it('stores page view, add to cart and purchase after "Accept all", the purchase once', async () => {
    const res = await send(journey('anon-accepted'), 'all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ stored: 3 });
    const rows = await stored('anon-accepted');
    expect(rows.map((r) => r.type)).toEqual(['page_view', 'add_to_cart', 'purchase']);
    const purchase = rows[2]!;
    expect(purchase.transaction_id).toBe('chk_anonaccepted');
    expect(purchase.properties).toMatchObject({
      revenue: 1.55,
      currency: 'AUD',
      items: [
        { lotteryKey: 'oz-lotto', drawNo: 1500, unitPrice: { amount: 1.55 }, analyticsProductType: 'lottery_ticket' },
      ],
    });
    // The receipt seen again sends the purchase again: it is kept once.
    expect((await send([journey('anon-accepted')[2]], 'all')).json().result).toEqual({ stored: 0 });
  });

  it('refuses malformed events in the error envelope', async () => {
    const cases: unknown[][] = [
      [],
      [{ type: 'click', anonymous_id: 'a', path: '/' }],
      [{ type: 'page_view', anonymous_id: 'a', path: 'https://elsewhere.example/' }],
      [{ type: 'add_to_cart', anonymous_id: 'a', path: '/', items: [] }],
      [
        {
          type: 'purchase',
          anonymous_id: 'a',
          path: '/',
          items: [item],
          revenue: -1,
          currency: 'AUD',
          transaction_id: 'x',
        },
      ],
      [{ type: 'page_view', anonymous_id: 'a b', path: '/' }],
    ];
    for (const events of cases) {
      const res = await send(events, 'all');
      expect(res.statusCode, JSON.stringify(events)).toBe(422);
      expect(res.json()).toMatchObject({ status: 422, result: null });
    }
  });

  it('analytics:funnel reports page views → add to cart → purchase', async () => {
    await send([journey('anon-browser')[0]], 'all');
    const run = await runOpsCaptured(['analytics:funnel'], { config: t.config, clock: t.clock, database: t.database });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/page views\s+2\s+2\s+100\.0%/);
    expect(run.out).toMatch(/add to cart\s+1\s+1\s+50\.0%/);
    expect(run.out).toMatch(/purchase\s+1\s+1\s+50\.0%/);
    const later = await runOpsCaptured(['analytics:funnel', '--since', '2030-01-01'], {
      config: t.config,
      clock: t.clock,
      database: t.database,
    });
    expect(later.out).toMatch(/page views\s+0\s+0\s+-/);
    expect(
      (await runOpsCaptured(['analytics:funnel', '--since', 'soon'], { config: t.config, database: t.database })).code,
    ).toBe(1);
  });
});

describe('a plugged-in AnalyticsSink', () => {
  it('receives the consented events instead of the database', async () => {
    const received: AnalyticsEvent[] = [];
    const other = await buildTestApp({
      providers: { analytics: { record: async (events) => (received.push(...events), events.length) } },
    });
    try {
      expect((await send(journey('anon-plugged'), 'essential', other)).statusCode).toBe(403);
      expect(received).toEqual([]);
      expect((await send(journey('anon-plugged'), 'all', other)).json().result).toEqual({ stored: 3 });
      expect(received.map((e) => [e.type, e.anonymousId, e.transactionId])).toEqual([
        ['page_view', 'anon-plugged', null],
        ['add_to_cart', 'anon-plugged', null],
        ['purchase', 'anon-plugged', 'chk_anonplugged'],
      ]);
    } finally {
      await other.close();
    }
  });
});
