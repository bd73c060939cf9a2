// The draw commands through runOps against a test database: advance, manual result, import; refusals exit 1.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let database: Database;
const config = testConfig();
const clock = fixedClock('2026-03-01T00:00:00Z');
const fixture = (name: string) => fileURLToPath(new URL(`../../modules/draws/fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query('DELETE FROM draws_draws');
});
afterAll(() => database.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });
const draws = () => testServices(database, { clock, config }).draws;

describe('draw commands', () => {
  it('draw:advance closes the next draw now, draws it and settles it to paid', async () => {
    await draws().ensureSchedule('weekday-windfall');
    const [first, second] = await draws().upcomingDraws('weekday-windfall', 2);
    const r = await ops('draw:advance', '--offer', 'weekday-windfall');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Weekday Windfall draw ${first!.drawNo} (${first!.id}) is closed.`);
    expect(r.out).toMatch(/Drawn: Weekday Windfall: numbers( \d+){6}, supps \d+ \d+/);
    expect(r.out).toContain(`Weekday Windfall draw ${first!.drawNo} is DRAW_PAID.`);
    expect((await draws().getDraw(first!.id))!).toMatchObject({ status: 'DRAW_PAID', resultSource: 'simulated' });
    // The next run takes the next draw.
    expect((await ops('draw:advance', '--offer', 'weekday-windfall')).out).toContain(
      `draw ${second!.drawNo} is DRAW_PAID`,
    );
  });

  it('draw:advance --numbers draws the draw with the result given (a forced win) and settles it', async () => {
    const [next] = await draws().upcomingDraws('weekday-windfall', 1);
    const r = await ops(
      'draw:advance',
      '--offer',
      'weekday-windfall',
      '--draw',
      String(next!.drawNo),
      '--numbers',
      '1,2,3,4,5,6',
      '--supps',
      '7,8',
    );
    expect(r.err).toBe('');
    expect(r.out).toContain('Drawn: Weekday Windfall: numbers 1 2 3 4 5 6, supps 7 8');
    expect((await draws().getDraw(next!.id))!).toMatchObject({
      status: 'DRAW_PAID',
      resultSource: 'manual',
      result: { numbers: [1, 2, 3, 4, 5, 6], supplementaries: [7, 8] },
    });
    // A result that breaks the game's rules is refused: nothing drawn.
    const [after] = await draws().upcomingDraws('weekday-windfall', 1);
    const bad = await ops('draw:advance', '--offer', 'weekday-windfall', '--numbers', '1,2,3');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/\S/);
    expect((await draws().getDraw(after!.id))!).toMatchObject({ status: 'DRAW_OPEN', result: null });
  });

  it('draw:advance refuses unknown offers and options', async () => {
    const r = await ops('draw:advance', '--offer', 'bingo');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Unknown offer "bingo"');
    expect((await ops('draw:advance')).code).toBe(1);
  });

  it('draw:result records a valid result by hand and refuses one that breaks the rules with the reason', async () => {
    await draws().ensureSchedule('oz-lotto');
    clock.set('2026-03-03T09:45:00Z'); // after the 3 March draw (20:30 AEDT)
    const bad = await ops(
      'draw:result',
      '--offer',
      'oz-lotto',
      '--draw',
      '1672',
      '--numbers',
      '1,2,3,4,5,6,48',
      '--supps',
      '7,8,9',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Oz Lotto needs 7 main numbers between 1 and 47');
    expect((await draws().getDrawByNumber('oz-lotto', 1672))!.result).toBeNull();

    const dup = await ops(
      'draw:result',
      '--offer',
      'oz-lotto',
      '--draw',
      '1672',
      '--numbers',
      '1,1,3,4,5,6,7',
      '--supps',
      '8,9,10',
    );
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('must all be different');

    const ok = await ops(
      'draw:result',
      '--offer',
      'oz-lotto',
      '--draw',
      '1672',
      '--numbers',
      '1,2,3,4,5,6,7',
      '--supps',
      '8,9,10',
      '--dividends',
      '1=3000000,7=16.10',
    );
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Recorded Oz Lotto: numbers 1 2 3 4 5 6 7, supps 8 9 10 for draw 1672');
    const draw = (await draws().getDrawByNumber('oz-lotto', 1672))!;
    expect(draw).toMatchObject({ status: 'DRAW_DRAWN', resultSource: 'manual' });
    expect(draw.dividends).toEqual([
      { division: 1, prizeCents: 300_000_000, winners: null },
      { division: 7, prizeCents: 1_610, winners: null },
    ]);

    const open = await ops(
      'draw:result',
      '--offer',
      'oz-lotto',
      '--draw',
      '1673',
      '--numbers',
      '1,2,3,4,5,6,7',
      '--supps',
      '8,9,10',
    );
    expect(open.code).toBe(1);
    expect(open.err).toContain('still open for sales');
    expect((await ops('draw:result', '--offer', 'oz-lotto', '--draw', '1672', '--numbers', '1,2,x')).code).toBe(1);
  });

  it('draw:import records a valid feed file and rejects a rule-breaking one, printing the reason', async () => {
    clock.set('2026-03-11T00:00:00Z');
    const bad = await ops('draw:import', fixture('results-rule-breaking.json'));
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('nothing was imported');
    expect(bad.err).toContain('OzLotto draw 1673: Oz Lotto needs 7 main numbers between 1 and 47');
    expect(await draws().getDrawByNumber('saturday-lotto', 4375)).toBeNull();

    const good = await ops('draw:import', fixture('results-valid.json'));
    expect(good.code).toBe(0);
    expect(good.out).toContain('Imported 2 of 2 results.');
    expect((await draws().getDrawByNumber('oz-lotto', 1673))!.status).toBe('DRAW_DRAWN');

    const missing = await ops('draw:import', '/nonexistent/results.json');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('ENOENT');
  });
});
