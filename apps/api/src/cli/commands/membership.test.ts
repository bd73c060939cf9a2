// membership:giveaway (a special or major giveaway with prizes and permits), membership:draw (run a draw now) and
// membership:giveaways, through the CLI as an operator runs them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { joinedMember } from '../../../test/helpers/membership.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';

let database: Database;
const config = testConfig();
// The seeded draw schedule starts today: free-ticket prizes are priced against it.
const clock = fixedClock(new Date());
const inTwoDays = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });

describe('membership operator commands', () => {
  it('refuses a giveaway without what it needs, with the reason', async () => {
    const cases: [string[], string][] = [
      [['--type', 'daily', '--title', 'x', '--closes', inTwoDays], '--type must be special, major or preview.'],
      [['--type', 'special', '--closes', inTwoDays], '--title is required.'],
      [['--type', 'special', '--title', 'x'], '--closes is required.'],
      [['--type', 'special', '--title', 'x', '--closes', 'tomorrow'], '--closes must be a local time'],
      [['--type', 'special', '--title', 'x', '--closes', inTwoDays, '--prize', 'cash:5'], '--prize must be'],
      [
        ['--type', 'special', '--title', 'x', '--closes', inTwoDays, '--prize', 'credit:5', '--permit', 'NSW'],
        '--permit',
      ],
      [['--type', 'special', '--title', 'x', '--closes', inTwoDays, '--prize', 'credit:5'], 'trade promotion permit'],
      [
        [
          '--type',
          'special',
          '--title',
          'x',
          '--closes',
          '2001-01-01T10:00',
          '--prize',
          'credit:5',
          '--permit',
          'NSW:1',
        ],
        'must close in the future',
      ],
      [
        ['--type', 'special', '--title', 'x', '--closes', inTwoDays, '--prize', 'credit:5', '--permit', 'XX:1'],
        'A permit is a state and a number',
      ],
    ];
    for (const [args, message] of cases) {
      const r = await ops('membership:giveaway', ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(`${r.out}\n${r.err}`).toContain(message);
    }
    const unknownLottery = await ops(
      'membership:giveaway',
      ...['--type', 'special', '--title', 'x', '--closes', inTwoDays, '--permit', 'NSW:TP/1'],
      ...['--prize', 'tickets:no-such-lottery:2'],
    );
    expect(unknownLottery.code).toBe(1);
    const s = testServices(database, { clock, config });
    expect((await s.membership.giveaways.list({ type: 'special', limit: 9, offset: 0 })).total).toBe(0);
  });

  it('makes a special giveaway with credit and free-ticket prizes and permits, then runs its draw now', async () => {
    const s = testServices(database, { clock, config });
    const member = await joinedMember(database, s, 'Opal', 'WA');
    const made = await ops(
      'membership:giveaway',
      ...['--type', 'special', '--title', 'Spring special', '--closes', inTwoDays],
      ...['--prize', 'credit:100', '--prize', 'tickets:oz-lotto:2:Oz Lotto, 2 games'],
      ...['--permit', 'NSW:TP/04217', '--permit', 'act:TP 25/01834'],
    );
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('Made special giveaway 1 (gwy_');
    expect(made.out).toContain('/daily-winners/giveaways/special/1');
    const g = await s.membership.giveaways.details('special', 1, member);
    expect(g.prizes.map((p) => [p.kind, p.name, p.value.amount])).toEqual([
      ['wallet_credit', '$100 wallet credit', 100],
      ['free_tickets', 'Oz Lotto, 2 games', 3.1],
    ]);
    expect(g.permits).toEqual([
      { region: 'NSW', permitNumber: 'TP/04217' },
      { region: 'ACT', permitNumber: 'TP 25/01834' },
    ]);
    expect(g.availability).toEqual(['free', 'premium']);

    const listed = await ops('membership:giveaways');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${g.externalId}  special 1  DRAW_OPEN`);

    const drawn = await ops('membership:draw', '--type', 'special');
    expect(drawn.code, drawn.err).toBe(0);
    expect(drawn.out).toContain(`special giveaway 1 (${g.externalId}) is drawn: 1 entries.`);
    expect(drawn.out).toMatch(/Seed: [0-9a-f]{64}/);
    expect(drawn.out).toContain(`Prize 1: entry 1 (${member})`);
    expect(drawn.out).toContain('special giveaway 1 is paid.');
    expect((await s.ledger.fundsSummary(member)).bonusCents).toBe(10_000);

    const again = await ops('membership:draw', '--giveaway', g.externalId);
    expect(again.out).toContain('was already drawn');
    expect((await s.ledger.fundsSummary(member)).bonusCents).toBe(10_000);

    expect((await ops('membership:draw', '--giveaway', 'raf_1')).code).toBe(1);
    expect((await ops('membership:draw', '--type', 'special', '--draw', '9')).err).toContain(
      'There is no special giveaway 9.',
    );
    expect((await ops('membership:draw')).code).toBe(1);
  });
});
