// The results API of spec features §7 through the real app: shapes, paging (5 a page), caching headers, 404s,
// versioned calls and statistics.
import {
  CustomerDrawResultItem,
  DrawDetails,
  DrawPreview,
  DrawResultItem,
  ErrorEnvelope,
  OfferStatistics,
  ResultKey,
} from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf } from '../../../test/helpers/db.ts';
import { camelizeKeys } from '../../lib/casing.ts';
import { fixedClock } from '../../lib/clock.ts';
import { seedDraws } from './index.ts';

// Wednesday 15 April 2026, 10:00 in Sydney.
const NOW = '2026-04-15T00:00:00.000Z';
let t: TestApp;

beforeAll(async () => {
  // Signed-in calls use test tokens; the session check is the identity module's business, not this file's.
  t = await buildTestApp({ now: NOW });
  await t.database.pool.query('DELETE FROM draws_draws');
  await seedDraws(
    { draws: t.services.draws, clock: fixedClock(NOW) },
    { historyWeeks: 12, gameKeys: ['oz-lotto', 'powerball', 'euromillions'] },
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.injectSigned({ method: 'GET', url, headers });
const parse = <S extends z.ZodType>(schema: S, value: unknown) => schema.parse(camelizeKeys(value));

describe('past results', () => {
  it('lists drawn draws newest first, 5 a page by default, with page links and public caching', async () => {
    const res = await get('/api/v2/draws/pricing/default/past');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60');
    expect(res.headers.etag).toMatch(/^W\/"/);
    const body = res.json();
    expect(body.result).toHaveLength(5);
    expect(body.page_info.limit).toBe(5);
    // 12 weeks of Oz Lotto (Tue), Powerball (Thu), EuroMillions (Tue, Fri).
    expect(body.page_info.total).toBeGreaterThanOrEqual(12 * 4 - 2);
    expect(body.links.next).toBe('/api/v2/draws/pricing/default/past?limit=5&offset=5');
    const items = z.array(DrawResultItem).parse(camelizeKeys(body.result));
    const times = items.map((i) => Date.parse(i.drawDate));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const item of items) expect(['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED']).toContain(item.status);
    const oz = items.find((i) => i.productOfferKey === 'oz-lotto')!;
    expect(oz.result.numbers).toHaveLength(7);
    expect(oz.result.supplementaries).toHaveLength(3);
    expect(oz.dividends.map((d) => d.division)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(oz.dividends[0]!.prize!.currency).toBe('AUD');
    expect(
      body.result.find((r: { product_offer_key: string }) => r.product_offer_key === 'oz-lotto').result.bonus,
    ).toEqual({});

    const page2 = await get('/api/v2/draws/pricing/default/past?offset=5&limit=5');
    const ids2 = page2.json().result.map((r: { id: string }) => r.id);
    expect(ids2.some((id: string) => items.some((i) => i.id === id))).toBe(false);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v2/draws/pricing/default/past?product_offer_key=powerball');
    const again = await get('/api/v2/draws/pricing/default/past?product_offer_key=powerball', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const pb = parse(z.array(DrawResultItem), first.json().result);
    expect(pb.every((d) => d.productOfferKey === 'powerball' && d.result.bonus.powerball!.length === 1)).toBe(true);
  });

  it('filters by category: raffles (the seeded past raffle draw), lotteries', async () => {
    const raffles = (await get('/api/v2/draws/pricing/default/past?category=raffles')).json();
    expect(raffles.page_info.total).toBe(1);
    expect(raffles.result[0]).toMatchObject({ product_offer_key: 'surf-rescue-car-raffle', draw_no: 1 });
    expect((await get('/api/v2/draws/pricing/default/past?category=lotteries')).json().page_info.total).toBeGreaterThan(
      0,
    );
    expect((await get('/api/v2/draws/pricing/default/past?category=bingo')).statusCode).toBe(422);
    expect((await get('/api/v2/draws/pricing/default/past?limit=0')).statusCode).toBe(422);
  });

  it('gives a signed-in customer the same list with customerData, never cached publicly; 401 signed out', async () => {
    expect((await get('/api/v2/draws/past_customer')).statusCode).toBe(401);
    const res = await get('/api/v2/draws/past_customer?customer_id=cus_other', {
      authorization: `Bearer ${t.tokenFor('cus_me')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const items = parse(z.array(CustomerDrawResultItem), res.json().result);
    expect(items).toHaveLength(5);
    expect(items[0]!.customerData).toEqual({ orders: [] });
  });

  it('archives by offer and month in the game time zone; "latest" covers every offer', async () => {
    const res = await get('/api/v2/draws/past/archived/oz-lotto/2026/3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Tuesdays of March 2026: 3, 10, 17, 24, 31.
    expect(body.page_info.total).toBe(5);
    const items = parse(z.array(DrawResultItem), body.result);
    expect(items.map((i) => i.localDrawDate)).toEqual([
      '2026-03-31',
      '2026-03-24',
      '2026-03-17',
      '2026-03-10',
      '2026-03-03',
    ]);
    const latest = await get('/api/v2/draws/past/archived/latest/2026/3?limit=20');
    const keys = new Set(latest.json().result.map((r: { product_offer_key: string }) => r.product_offer_key));
    expect(keys).toEqual(new Set(['oz-lotto', 'powerball', 'euromillions']));
    expect((await get('/api/v2/draws/past/archived/oz-lotto/2026/13')).statusCode).toBe(422);
    const unknown = await get('/api/v2/draws/past/archived/bingo-bonanza/2026/3');
    expect(unknown.statusCode).toBe(404);
    ErrorEnvelope.parse(unknown.json());
  });

  it('lists result keys: months with results per offer', async () => {
    const res = await get('/api/v2/draws/pricing/default/past/result_keys');
    expect(res.statusCode).toBe(200);
    const keys = parse(z.array(ResultKey), res.json().result);
    expect(keys.map((k) => k.productOfferKey).sort()).toEqual(['euromillions', 'oz-lotto', 'powerball']);
    const oz = keys.find((k) => k.productOfferKey === 'oz-lotto')!;
    expect(oz.months.find((m) => m.year === 2026 && m.month === 3)!.draws).toBe(5);
  });
});

describe('one draw', () => {
  async function latestOz() {
    return (await t.services.drawResults.results({ gameKeys: ['oz-lotto'] }, { limit: 1, offset: 0 })).items[0]!;
  }

  it('full result, prizes and winners of a drawn draw', async () => {
    const draw = await latestOz();
    const full = await get(`/api/v2/draw/full_result/oz-lotto/${draw.drawNo}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=300');
    const item = parse(DrawResultItem, full.json().result);
    expect(item).toMatchObject({ id: draw.id, drawNo: draw.drawNo, result: { numbers: draw.result!.numbers } });

    const prizes = (await get(`/api/v2/draw/details/oz-lotto/${draw.drawNo}/prizes`)).json().result;
    expect(prizes.prizes).toHaveLength(7);
    expect(prizes.prizes[5]).toMatchObject({ division: 6, description: expect.any(String) });
    const winners = (await get(`/api/v2/draw/details/oz-lotto/${draw.drawNo}/winners`)).json().result;
    expect(winners.winners).toHaveLength(7);
    expect(winners.total_winners).toBe(winners.winners.reduce((s: number, w: { winners: number }) => s + w.winners, 0));

    const customer = await get(`/api/v2/draw/full_result_customer/oz-lotto/${draw.drawNo}`, {
      authorization: `Bearer ${t.tokenFor('cus_me')}`,
    });
    expect(customer.json().result.customer_data).toEqual({ orders: [] });
    expect((await get(`/api/v2/draw/full_result_customer/oz-lotto/${draw.drawNo}`)).statusCode).toBe(401);
  });

  it('404s unknown offers and draws, and draws without a result yet', async () => {
    const upcoming = (await t.services.draws.upcomingDraws('oz-lotto', 1))[0]!;
    for (const url of [
      '/api/v2/draw/full_result/bingo/1',
      '/api/v2/draw/full_result/oz-lotto/999999',
      `/api/v2/draw/full_result/oz-lotto/${upcoming.drawNo}`,
      '/api/v2/draw/details/oz-lotto/999999/prizes',
      '/api/v2/statistics/bingo',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(ErrorEnvelope.parse(res.json()).status).toBe(404);
    }
    expect((await get('/api/v2/draw/full_result/oz-lotto/abc')).statusCode).toBe(422);
  });

  it('draw details need version 3.6 and show an open draw without a result', async () => {
    const upcoming = (await t.services.draws.upcomingDraws('oz-lotto', 1))[0]!;
    expect((await get(`/api/v2/draw/details/oz-lotto/${upcoming.drawNo}`)).statusCode).toBe(400);
    const res = await get(`/api/v2/draw/details/oz-lotto/${upcoming.drawNo}`, { version: '3.6' });
    expect(res.statusCode).toBe(200);
    const details = parse(DrawDetails, res.json().result);
    expect(details).toMatchObject({
      drawNo: upcoming.drawNo,
      status: 'DRAW_OPEN',
      result: null,
      dividends: null,
      nextDrawNo: upcoming.drawNo + 1,
      previousDrawNo: upcoming.drawNo - 1,
    });
    expect(details.prizePool!.amount).toBeGreaterThanOrEqual(3_000_000);
  });

  it('draw preview needs version 3.3 and counts down to sales close', async () => {
    const upcoming = (await t.services.draws.upcomingDraws('oz-lotto', 1))[0]!;
    expect((await get(`/api/v2/draw/preview/oz-lotto/${upcoming.drawNo}`, { version: '3.2' })).statusCode).toBe(400);
    const res = await get(`/api/v2/draw/preview/oz-lotto/${upcoming.drawNo}`, { version: '3.3' });
    expect(res.statusCode).toBe(200);
    const preview = parse(DrawPreview, res.json().result);
    expect(preview.isOpenForSales).toBe(true);
    expect(preview.secondsToStop).toBe(Math.floor((upcoming.stopAt.getTime() - Date.parse(NOW)) / 1000));
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
  });
});

describe('statistics', () => {
  it('counts every number of every set from the stored results, with hot, cold and last drawn', async () => {
    const res = await get('/api/v2/statistics/powerball');
    expect(res.statusCode).toBe(200);
    const stats = parse(OfferStatistics, res.json().result);
    const [numbers, powerball] = stats.numberSets;
    expect(numbers!.frequencies).toHaveLength(35);
    expect(powerball!.frequencies).toHaveLength(20);
    expect(numbers!.frequencies.reduce((s, f) => s + f.timesDrawn, 0)).toBe(stats.drawsAnalysed * 7);
    expect(powerball!.frequencies.reduce((s, f) => s + f.timesDrawn, 0)).toBe(stats.drawsAnalysed);
    expect(numbers!.hot).toHaveLength(7);
    const max = Math.max(...numbers!.frequencies.map((f) => f.timesDrawn));
    expect(numbers!.frequencies.find((f) => f.number === numbers!.hot[0])!.timesDrawn).toBe(max);
    const last = (await t.services.drawResults.results({ gameKeys: ['powerball'] }, { limit: 1, offset: 0 })).items[0]!;
    for (const n of last.result!.numbers)
      expect(numbers!.frequencies[n - 1]).toMatchObject({ lastDrawnDrawNo: last.drawNo, drawsSinceDrawn: 0 });
  });

  it('recomputes when a new result arrives', async () => {
    const before = parse(OfferStatistics, (await get('/api/v2/statistics/oz-lotto')).json().result);
    const draws = t.services.draws;
    const next = (await draws.upcomingDraws('oz-lotto', 1))[0]!;
    await draws.close(next.id);
    await draws.recordResult(
      next.id,
      { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [8, 9, 10], bonus: {} },
      [],
      'manual',
    );
    const after = parse(OfferStatistics, (await get('/api/v2/statistics/oz-lotto')).json().result);
    expect(after.drawsAnalysed).toBe(before.drawsAnalysed + 1);
    expect(after.lastDrawNo).toBe(next.drawNo);
    expect(after.numberSets[0]!.frequencies[0]!.timesDrawn).toBe(before.numberSets[0]!.frequencies[0]!.timesDrawn + 1);
  });

  it('serves results pages from memory until a draw changes, then shows the new result', async () => {
    const list = async () =>
      (await get('/api/v2/draws/pricing/default/past?product_offer_key=powerball&limit=5&offset=0')).json();
    const warm = await list();
    const draws = t.services.draws;
    const next = (await draws.upcomingDraws('powerball', 1))[0]!;
    await afterChangeOf(t.database, 'draws_draws', () => draws.close(next.id));
    expect(await list()).toEqual(warm);
    await afterChangeOf(t.database, 'draws_draws', () =>
      draws.recordResult(
        next.id,
        { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [], bonus: { powerball: [9] } },
        [],
        'manual',
      ),
    );
    const fresh = await list();
    expect(fresh.page_info.total).toBe(warm.page_info.total + 1);
    expect(fresh.result[0].draw_no).toBe(next.drawNo);
  });
});
