// The draw states of DESIGN §7 on a real database: each step, each step run twice, racing steps, the rolling
// schedule, and the draw clock closing a draw exactly at its stop time.
import { getGame, type DrawResult } from '@shop/lottery';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { drawClockTick } from '../../jobs/draw-clock.ts';
import { fixedClock } from '../../lib/clock.ts';
import { settleDraw } from '../../workflows/settle-draw.workflow.ts';
import { createDrawsService, createSeededResultsProvider, type DrawsService } from './index.ts';

let database: Database;
// Sunday 1 March 2026, 11:00 in Sydney: the next Oz Lotto draw is Tuesday 3 March (draw 1672).
const clock = fixedClock('2026-03-01T00:00:00Z');
let draws: DrawsService;

const OZ_RESULT: DrawResult = { numbers: [3, 8, 15, 22, 29, 36, 41], supplementaries: [5, 12, 44], bonus: {} };
const OZ_DIVIDENDS = [1, 2, 3, 4, 5, 6, 7].map((division) => ({
  division,
  prizeCents: 1000 * (8 - division),
  winners: division * 10,
}));

beforeAll(async () => {
  database = await createTestDatabase();
  draws = createDrawsService({ db: database.db, clock });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // The template database is seeded around the real date; these tests own the table and start it empty.
  await database.pool.query('DELETE FROM draws_draws');
  clock.set('2026-03-01T00:00:00Z');
});

describe('schedule', () => {
  it('creates at least 8 weeks of draws from the game draw days, once', async () => {
    const created = await draws.ensureSchedule('oz-lotto');
    expect(created).toBeGreaterThanOrEqual(8);
    expect(await draws.ensureSchedule('oz-lotto')).toBe(0);
    const upcoming = await draws.upcomingDraws('oz-lotto', 50);
    expect(upcoming).toHaveLength(created);
    expect(upcoming[0]).toMatchObject({
      id: 'drw_oz-lotto_1672',
      drawNo: 1672,
      localDate: '2026-03-03',
      status: 'DRAW_OPEN',
      result: null,
      dividends: null,
    });
    expect(upcoming[0]!.drawAt.toISOString()).toBe('2026-03-03T09:30:00.000Z');
    expect(upcoming[0]!.stopAt.toISOString()).toBe('2026-03-03T08:30:00.000Z');
    expect(upcoming.at(-1)!.drawAt.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(7 * 7 * 24 * 3600_000);
    expect(upcoming.map((d) => d.drawNo)).toEqual(upcoming.map((_, i) => 1672 + i));
    expect(upcoming[0]!.jackpotCents).toBeGreaterThanOrEqual(300_000_000);
    expect(await draws.getDraw('drw_oz-lotto_1672')).toMatchObject({ drawNo: 1672 });
    expect(await draws.getDraw('drw_nope')).toBeNull();
  });

  it('tops up as time passes and never re-creates a draw whose sales have closed', async () => {
    await draws.ensureSchedule('powerball', 2);
    clock.set('2026-03-20T00:00:00Z');
    const created = await draws.ensureSchedule('powerball', 2);
    expect(created).toBeGreaterThan(0);
    const all = await draws.upcomingDraws('powerball', 50);
    expect(new Set(all.map((d) => d.drawNo)).size).toBe(all.length);
  });
});

describe('state steps', () => {
  async function firstOzDraw() {
    await draws.ensureSchedule('oz-lotto', 2);
    return (await draws.upcomingDraws('oz-lotto', 1))[0]!;
  }

  it('closeDue closes a draw exactly at its stop time, not a millisecond before, and only once', async () => {
    const draw = await firstOzDraw();
    expect(await draws.closeDue(new Date(draw.stopAt.getTime() - 1))).toEqual([]);
    const closed = await draws.closeDue(draw.stopAt);
    expect(closed.map((d) => d.id)).toEqual([draw.id]);
    expect(closed[0]!.status).toBe('DRAW_CLOSED');
    expect(await draws.closeDue(draw.stopAt)).toEqual([]);
  });

  it('walks a draw from open to emailed; every step repeated is a no-op', async () => {
    const draw = await firstOzDraw();
    expect((await draws.close(draw.id)).changed).toBe(true);
    expect((await draws.close(draw.id)).changed).toBe(false);

    const drawn = await draws.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'manual');
    expect(drawn.changed).toBe(true);
    expect(drawn.draw).toMatchObject({ status: 'DRAW_DRAWN', result: OZ_RESULT, resultSource: 'manual' });
    expect(drawn.draw.dividends![0]).toEqual({ division: 1, prizeCents: 7000, winners: 10 });
    expect((await draws.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'manual')).changed).toBe(false);

    for (const [mark, status] of [
      ['markScored', 'DRAW_SCORED'],
      ['markPaid', 'DRAW_PAID'],
      ['markEmailed', 'DRAW_EMAILED'],
    ] as const) {
      const first = await draws[mark](draw.id);
      expect(first).toMatchObject({ changed: true, draw: { status } });
      expect(await draws[mark](draw.id)).toMatchObject({ changed: false, draw: { status } });
    }
    expect((await draws.getDraw(draw.id))!.status).toBe('DRAW_EMAILED');
  });

  it('refuses steps out of order and results that break the rules, changing nothing', async () => {
    const draw = await firstOzDraw();
    await expect(draws.markPaid(draw.id)).rejects.toMatchObject({ statusCode: 409, code: 'draw_state' });
    await expect(draws.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'manual')).rejects.toMatchObject({
      statusCode: 409,
      code: 'draw_open',
    });
    await draws.close(draw.id);
    const sixNumbers = { ...OZ_RESULT, numbers: [3, 8, 15, 22, 29, 36] };
    await expect(draws.recordResult(draw.id, sixNumbers, [], 'manual')).rejects.toMatchObject({
      statusCode: 422,
      code: 'invalid_result',
      message: expect.stringContaining('Oz Lotto needs 7 main numbers between 1 and 47'),
    });
    await expect(
      draws.recordResult(draw.id, OZ_RESULT, [{ division: 9, prizeCents: 1 }], 'manual'),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect((await draws.getDraw(draw.id))!).toMatchObject({ status: 'DRAW_CLOSED', result: null });
    await draws.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'manual');
    const other = { ...OZ_RESULT, numbers: [1, 8, 15, 22, 29, 36, 41] };
    await expect(draws.recordResult(draw.id, other, OZ_DIVIDENDS, 'manual')).rejects.toMatchObject({
      statusCode: 409,
      code: 'result_exists',
    });
    await expect(draws.close('drw_unknown')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lets exactly one of two racing processes advance a draw', async () => {
    const draw = await firstOzDraw();
    const other = createDrawsService({ db: database.db, clock });
    const closes = await Promise.all([draws.close(draw.id), other.close(draw.id), draws.close(draw.id)]);
    expect(closes.filter((c) => c.changed)).toHaveLength(1);
    const results = await Promise.all([
      draws.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'manual'),
      other.recordResult(draw.id, OZ_RESULT, OZ_DIVIDENDS, 'import'),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
  });
});

describe('draw clock tick', () => {
  it('closes at stop time, draws after draw time, settles to paid and emails; a repeated tick changes nothing', async () => {
    // Settlement as the shop wires it, over the draws service under test.
    const { orders, ledger } = testServices(database, { clock });
    const settleDeps = { db: database.db, clock, draws, orders, ledger };
    const emailed: string[] = [];
    const tick = () =>
      drawClockTick({
        draws,
        clock,
        provider: createSeededResultsProvider(7),
        settle: (id) => settleDraw(settleDeps, id),
        emailWinners: async (id) => {
          emailed.push(id);
        },
      });
    const first = await tick();
    expect(first.scheduled).toBeGreaterThan(0);
    const oz = (await draws.upcomingDraws('oz-lotto', 1))[0]!;

    clock.set(new Date(oz.stopAt.getTime() - 1));
    expect((await tick()).closed).not.toContain(oz.id);
    clock.set(oz.stopAt);
    const atStop = await tick();
    expect(atStop.closed).toContain(oz.id);
    expect(atStop.drawn).not.toContain(oz.id);
    expect((await draws.getDraw(oz.id))!.status).toBe('DRAW_CLOSED');

    clock.set(oz.drawAt);
    const atDraw = await tick();
    expect(atDraw.drawn).toContain(oz.id);
    expect(atDraw.settled).toContain(oz.id);
    expect(atDraw.emailed).toContain(oz.id);
    expect(atDraw.failures).toEqual([]);
    const done = (await draws.getDraw(oz.id))!;
    expect(done.status).toBe('DRAW_EMAILED');
    expect(getGame('oz-lotto').numberSets[0]!.pick).toBe(done.result!.numbers.length);

    const again = await tick();
    expect(again).toMatchObject({ closed: [], drawn: [], settled: [], emailed: [], scheduled: 0, failures: [] });
    expect(emailed.filter((id) => id === oz.id)).toHaveLength(1);
  });
});
