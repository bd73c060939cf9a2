// The official results feed importer on the fixture files: a valid file is recorded (once), a file with a result
// that breaks the rules is rejected with the reason and records nothing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import {
  createDrawsService,
  importResultsFeed,
  parseResultsFeed,
  ResultsFeedError,
  type DrawsService,
} from './index.ts';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
let database: Database;
const clock = fixedClock('2026-03-01T00:00:00Z');
let draws: DrawsService;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query('DELETE FROM draws_draws');
  draws = createDrawsService({ db: database.db, clock });
  // Oz Lotto 1673 (Tue 10 March 2026) is scheduled; Powerball 1555 (Thu 5 March) is not: the import creates it.
  await draws.ensureSchedule('oz-lotto');
  clock.set('2026-03-11T00:00:00Z');
});
afterAll(() => database.close());

function rejection(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ResultsFeedError) return e.reasons;
    throw e;
  }
  throw new Error('expected a ResultsFeedError');
}

describe('parseResultsFeed', () => {
  it('maps the feed shape: Powerball SecondaryNumbers[0] is the Powerball, dividends in cents with winners', () => {
    const [oz, pb] = parseResultsFeed(fixture('results-valid.json'));
    expect(oz).toMatchObject({
      gameKey: 'oz-lotto',
      drawNo: 1673,
      drawDate: '2026-03-10',
      result: { numbers: [3, 8, 15, 22, 29, 36, 41], supplementaries: [5, 12, 44], bonus: {} },
    });
    expect(oz!.dividends[1]).toEqual({ division: 2, prizeCents: 4_751_235, winners: 4 });
    expect(pb).toMatchObject({
      gameKey: 'powerball',
      drawNo: 1555,
      result: { numbers: [1, 6, 13, 20, 27, 30, 35], supplementaries: [], bonus: { powerball: [7] } },
    });
  });

  it('names every problem: rule-breaking numbers, unknown products, junk', () => {
    expect(rejection(() => parseResultsFeed(fixture('results-rule-breaking.json')))).toEqual([
      'OzLotto draw 1673: Oz Lotto needs 7 main numbers between 1 and 47',
    ]);
    expect(
      rejection(() =>
        parseResultsFeed(
          '{"DrawResults":[{"ProductId":"Keno","DrawNumber":1,"DrawDate":"2026-03-01","PrimaryNumbers":[1]}]}',
        ),
      )[0],
    ).toContain('unknown ProductId "Keno"');
    expect(rejection(() => parseResultsFeed('not json'))).toEqual(['The file is not JSON.']);
    expect(rejection(() => parseResultsFeed('{"DrawResults":[]}'))).toEqual([
      'DrawResults: The feed has no DrawResults.',
    ]);
  });
});

describe('importResultsFeed', () => {
  it('rejects a rule-breaking file whole: the valid Saturday Lotto entry in it is not recorded either', async () => {
    await expect(importResultsFeed(draws, fixture('results-rule-breaking.json'), clock.now())).rejects.toBeInstanceOf(
      ResultsFeedError,
    );
    expect(await draws.getDrawByNumber('saturday-lotto', 4375)).toBeNull();
    expect((await draws.getDrawByNumber('oz-lotto', 1673))!).toMatchObject({ status: 'DRAW_OPEN', result: null });
  });

  it('records a valid file (closing the overdue draw, creating the unscheduled one) and a second import changes nothing', async () => {
    const outcomes = await importResultsFeed(draws, fixture('results-valid.json'), clock.now());
    expect(outcomes.map((o) => [o.drawId, o.recorded])).toEqual([
      ['drw_oz-lotto_1673', true],
      ['drw_powerball_1555', true],
    ]);
    const oz = (await draws.getDrawByNumber('oz-lotto', 1673))!;
    expect(oz).toMatchObject({
      status: 'DRAW_DRAWN',
      resultSource: 'import',
      result: { numbers: [3, 8, 15, 22, 29, 36, 41] },
    });
    const pb = (await draws.getDrawByNumber('powerball', 1555))!;
    expect(pb).toMatchObject({ status: 'DRAW_DRAWN', localDate: '2026-03-05', result: { bonus: { powerball: [7] } } });
    expect(pb.drawAt.toISOString()).toBe('2026-03-05T09:30:00.000Z');
    expect(pb.dividends![0]).toEqual({ division: 1, prizeCents: 2_000_000_000, winners: 1 });

    const again = await importResultsFeed(draws, fixture('results-valid.json'), clock.now());
    expect(again.every((o) => !o.recorded)).toBe(true);
  });

  it('refuses a feed whose date disagrees with the schedule, or a draw still open for sales', async () => {
    const wrongDate = fixture('results-valid.json').replace('2026-03-10T00:00:00', '2026-03-11T00:00:00');
    expect(
      (await importResultsFeed(draws, wrongDate, clock.now()).catch((e: ResultsFeedError) => e.reasons))[0],
    ).toContain('the feed dates it 2026-03-11');
    const future = (await draws.upcomingDraws('oz-lotto', 1))[0]!;
    const early = JSON.stringify({
      DrawResults: [
        {
          ProductId: 'OzLotto',
          DrawNumber: future.drawNo,
          DrawDate: future.localDate,
          PrimaryNumbers: [1, 2, 3, 4, 5, 6, 7],
          SecondaryNumbers: [8, 9, 10],
          Dividends: [],
        },
      ],
    });
    expect((await importResultsFeed(draws, early, clock.now()).catch((e: ResultsFeedError) => e.reasons))[0]).toContain(
      'sales are still open',
    );
  });
});
