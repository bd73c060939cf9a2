// Settlement end to end on a real database: a draw from open to paid (standard lines, a system entry, losers), and a
// settlement killed mid-way (SIGKILL in a child process, twice) then resumed: every prize recorded and paid once.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getGame, scoreEntry, type DrawResult } from '@shop/lottery';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../../test/helpers/app.ts';
import type { Services } from '../services.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import type { Database } from '../db/index.ts';
import { fixedClock } from '../lib/clock.ts';
import { type NewTicketLine } from '../modules/orders/index.ts';
import { prizeReference, settleDraw, type SharedTicketOwners } from './settle-draw.workflow.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./settle-draw.crash-fixture.ts', import.meta.url));

// Oz Lotto: 7 from 1-47, 3 supplementaries.
const RESULT: DrawResult = { numbers: [3, 8, 15, 22, 29, 36, 41], supplementaries: [5, 12, 44] };
const DIVIDENDS = [
  { division: 1, prizeCents: 100_000_000 },
  { division: 2, prizeCents: 4_750_000 },
  { division: 3, prizeCents: 460_000 },
  { division: 4, prizeCents: 37_900 },
  { division: 5, prizeCents: 5_200 },
  { division: 6, prizeCents: 2_600 },
  { division: 7, prizeCents: 1_600 },
];
const dividend = (d: number) => DIVIDENDS.find((x) => x.division === d)!.prizeCents;
const LOSERS = [
  1, 2, 4, 6, 7, 9, 10, 11, 13, 14, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 30, 31, 32, 33, 34, 35, 37, 38, 39,
  40, 42, 43, 45, 46, 47,
];

let database: Database;
const clock = fixedClock(TEST_NOW);
let deps: Parameters<typeof settleDraw>[0];
let draws: Services['draws'];
let ledger: Services['ledger'];
let orders: Services['orders'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ draws, orders, ledger } = testServices(database, { clock }));
  deps = { db: database.db, clock, draws, orders, ledger };
  await draws.ensureSchedule('oz-lotto');
});
afterAll(async () => {
  await database.close();
});

async function drawnDraw(index: number) {
  const draw = (await draws.upcomingDraws('oz-lotto', index + 1))[index]!;
  return {
    draw,
    drawIt: async () => {
      await draws.close(draw.id);
      await draws.recordResult(draw.id, RESULT, DIVIDENDS, 'manual');
    },
  };
}

/** Line i matches i % 8 winning numbers, plus a supplementary on every third line that has room for one. */
function lineFor(i: number): number[] {
  const k = i % 8;
  const picks = RESULT.numbers.slice(0, k);
  if (k < 7 && i % 3 === 0) picks.push(RESULT.supplementaries[i % 3]!);
  for (let j = 0; picks.length < 7; j++) picks.push(LOSERS[(i + j) % LOSERS.length]!);
  return picks.sort((a, b) => a - b);
}

async function ledgerPrizeEntries(drawId: string): Promise<number> {
  const r = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from wallet_entries where reference like ${`prize:%:${drawId}`}`,
  );
  return Number(r.rows[0]!.n);
}

describe('settleDraw', () => {
  it('takes a draw from open to paid: standard lines, a System 8 entry, losers; prizes land in the wallets once', async () => {
    const { draw, drawIt } = await drawnDraw(0);
    expect(draw.status).toBe('DRAW_OPEN');
    const line = (
      customerId: string,
      numbers: number[],
      gameType: NewTicketLine['gameType'] = 'standard',
    ): NewTicketLine => ({
      customerId,
      drawId: draw.id,
      gameKey: 'oz-lotto',
      drawNo: draw.drawNo,
      gameType,
      sets: { numbers },
    });
    const stored = await orders.addTicketLines(database.db, [
      line('cus_jackpot', [...RESULT.numbers]),
      // System 8: all 7 winning numbers + a supplementary. 1 game of 7 (D1) and 7 games of 6 + supp (D2).
      line('cus_system', [...RESULT.numbers, 5], 'system'),
      line('cus_four', [3, 8, 15, 22, 1, 2, 4]),
      line('cus_loser', [1, 2, 4, 6, 7, 9, 10]),
    ]);
    expect(stored[0]!.publicId).toMatch(/^tkt_/);
    expect(stored[1]!.words).toBeNull();
    expect(stored[0]!.words).not.toBeNull();

    await expect(settleDraw(deps, draw.id)).rejects.toMatchObject({ statusCode: 409, code: 'draw_not_drawn' });
    await drawIt();
    const report = await settleDraw(deps, draw.id, { batchSize: 3 });
    expect(report).toMatchObject({ linesScored: 4, prizesRecorded: 3, batches: 2, status: 'DRAW_PAID' });

    const prizes = await orders.prizesForDraw(draw.id);
    const byCustomer = Object.fromEntries(prizes.map((p) => [p.customerId, p]));
    expect(Object.keys(byCustomer).sort()).toEqual(['cus_four', 'cus_jackpot', 'cus_system']);
    expect(byCustomer.cus_jackpot).toMatchObject({
      division: 1,
      prizeCents: dividend(1),
      currency: 'AUD',
      divisions: { '1': 1 },
    });
    expect(byCustomer.cus_system).toMatchObject({
      division: 1,
      prizeCents: dividend(1) + 7 * dividend(2),
      divisions: { '1': 1, '2': 7 },
    });
    expect(byCustomer.cus_four).toMatchObject({ division: 6, prizeCents: dividend(6) });
    for (const p of prizes) expect(p.ledgerEntryId).not.toBeNull();

    expect((await ledger.fundsSummary('cus_jackpot')).withdrawableCents).toBe(dividend(1));
    expect((await ledger.fundsSummary('cus_system')).withdrawableCents).toBe(dividend(1) + 7 * dividend(2));
    expect((await ledger.fundsSummary('cus_four')).withdrawableCents).toBe(dividend(6));
    expect((await ledger.fundsSummary('cus_loser')).withdrawableCents).toBe(0);
    expect(await orders.winnersByDivision(draw.id)).toEqual([
      { division: 1, winners: 2 },
      { division: 2, winners: 7 },
      { division: 6, winners: 1 },
    ]);
    expect((await draws.getDraw(draw.id))!.status).toBe('DRAW_PAID');

    // Settling a paid draw again changes nothing.
    expect(await settleDraw(deps, draw.id)).toMatchObject({ linesScored: 0, prizesRecorded: 0 });
    expect(await ledgerPrizeEntries(draw.id)).toBe(3);
    expect((await ledger.fundsSummary('cus_jackpot')).withdrawableCents).toBe(dividend(1));
  });

  it('resumes after being killed mid-way (inside a batch transaction, then after a commit): every prize exactly once', async () => {
    const { draw, drawIt } = await drawnDraw(1);
    const customers = ['cus_c0', 'cus_c1', 'cus_c2', 'cus_c3', 'cus_c4'];
    const LINES = 1_000;
    const BATCH = 100;
    const input: NewTicketLine[] = Array.from({ length: LINES }, (_, i) => ({
      customerId: customers[i % customers.length]!,
      drawId: draw.id,
      gameKey: 'oz-lotto',
      drawNo: draw.drawNo,
      gameType: 'standard',
      sets: { numbers: lineFor(i) },
    }));
    const stored = await orders.addTicketLines(database.db, input);
    await drawIt();

    // Expected outcome, from the engine's reference scorer.
    const game = getGame('oz-lotto', draw.drawNo);
    const expected = stored.map((l) => {
      const won = scoreEntry(game, RESULT, { gameType: 'standard', sets: l.sets });
      const [division] = [...won.keys()];
      return { line: l, division: division ?? null, cents: division ? dividend(division) : 0 };
    });
    const winners = expected.filter((e) => e.division !== null);
    const winnersIn = (lines: number) => winners.filter((w) => stored.indexOf(w.line) < lines);
    expect(winnersIn(BATCH).length).toBeGreaterThan(0);

    const crash = (point: 'in_transaction' | 'after_commit', afterBatches: number) =>
      new Promise<NodeJS.Signals | null>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            SETTLE_DATABASE_URL: database.url,
            SETTLE_DRAW_ID: draw.id,
            SETTLE_BATCH_SIZE: String(BATCH),
            SETTLE_CRASH_AFTER_BATCHES: String(afterBatches),
            SETTLE_CRASH_POINT: point,
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += String(d)));
        child.on('error', reject);
        child.on('exit', (code, signal) =>
          signal ? resolve(signal) : reject(new Error(`fixture exited ${code}: ${stderr}`)),
        );
      });

    // Killed inside batch 4's transaction: batches 1-3 are committed, batch 4's credits roll back with it.
    expect(await crash('in_transaction', 3)).toBe('SIGKILL');
    expect((await orders.prizesForDraw(draw.id)).length).toBe(winnersIn(3 * BATCH).length);
    expect(await ledgerPrizeEntries(draw.id)).toBe(winnersIn(3 * BATCH).length);
    expect((await draws.getDraw(draw.id))!.status).toBe('DRAW_DRAWN');

    // A second run dies right after committing its 6th batch (it rescans batches 1-3 and records nothing there).
    expect(await crash('after_commit', 6)).toBe('SIGKILL');
    expect((await orders.prizesForDraw(draw.id)).length).toBe(winnersIn(6 * BATCH).length);

    const report = await settleDraw(deps, draw.id, { batchSize: BATCH });
    expect(report.prizesRecorded).toBe(winners.length - winnersIn(6 * BATCH).length);
    expect(report.linesScored).toBe(LINES);

    const prizes = await orders.prizesForDraw(draw.id);
    expect(prizes.length).toBe(winners.length);
    const recorded = new Map(prizes.map((p) => [p.lineId, p]));
    for (const w of winners)
      expect(recorded.get(w.line.id)).toMatchObject({ division: w.division, prizeCents: w.cents });
    expect(await ledgerPrizeEntries(draw.id)).toBe(winners.length);
    const refs = await database.db.execute<{ reference: string }>(
      sql`select reference from wallet_entries where reference like ${`prize:%:${draw.id}`}`,
    );
    expect(new Set(refs.rows.map((r) => r.reference))).toEqual(
      new Set(winners.map((w) => prizeReference(w.line.publicId, draw.id))),
    );

    for (const c of customers) {
      const owed = winners.filter((w) => w.line.customerId === c).reduce((s, w) => s + w.cents, 0);
      expect((await ledger.fundsSummary(c)).withdrawableCents).toBe(owed);
    }
    expect((await draws.getDraw(draw.id))!.status).toBe('DRAW_PAID');
  }, 120_000);

  it("splits a group-held line's prize between its holders to the cent, the shop's own share unpaid, once", async () => {
    const { draw, drawIt } = await drawnDraw(2);
    // grp_a: 3 + 2 shares (the 3-share holder gets the odd cent); grp_b: the shop keeps 1 of 4 shares.
    const holdings: Record<string, { customerId: string | null; shares: number }[]> = {
      grp_a: [
        { customerId: 'cus_g3', shares: 3 },
        { customerId: 'cus_g2', shares: 2 },
      ],
      grp_b: [
        { customerId: 'cus_g1', shares: 3 },
        { customerId: null, shares: 1 },
      ],
    };
    const groups: SharedTicketOwners = {
      owns: (id) => id.startsWith('grp_'),
      holders: async (_tx, id) => holdings[id]!,
    };
    const sets = (numbers: number[]) => ({
      customerId: '',
      drawId: draw.id,
      gameKey: 'oz-lotto' as const,
      drawNo: draw.drawNo,
      gameType: 'standard' as const,
      sets: { numbers },
    });
    const four = [3, 8, 15, 22, 1, 2, 4];
    await orders.addTicketLines(database.db, [
      { ...sets(four), customerId: 'grp_a' },
      { ...sets(four), customerId: 'grp_b' },
      { ...sets(four), customerId: 'cus_g2' },
    ]);
    await drawIt();
    const run = () => settleDraw({ ...deps, sharedOwners: [groups] }, draw.id, { batchSize: 2 });
    expect(await run()).toMatchObject({ prizesRecorded: 3, prizeCentsRecorded: 3 * dividend(6) });
    const d6 = dividend(6); // 2,600: grp_a 1,560 + 1,040; grp_b 1,950 to cus_g1, 650 kept
    expect(d6).toBe(2_600);
    expect((await ledger.fundsSummary('cus_g3')).withdrawableCents).toBe(1_560);
    expect((await ledger.fundsSummary('cus_g2')).withdrawableCents).toBe(1_040 + 2_600);
    expect((await ledger.fundsSummary('cus_g1')).withdrawableCents).toBe(1_950);
    expect(await ledgerPrizeEntries(draw.id)).toBe(1); // the customer's own line: prize:<line>:<draw>
    const parts = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from wallet_entries where reference like ${`prize:%:${draw.id}:%`}`,
    );
    expect(Number(parts.rows[0]!.n)).toBe(3);
    for (const p of await orders.prizesForDraw(draw.id)) expect(p.ledgerEntryId).not.toBeNull();
    // A second run (as after a crash between batches) pays nothing again.
    expect(await settleDraw({ ...deps, sharedOwners: [groups] }, draw.id)).toMatchObject({ prizesRecorded: 0 });
    expect((await ledger.fundsSummary('cus_g2')).withdrawableCents).toBe(1_040 + 2_600);
  });
});
