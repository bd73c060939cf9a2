// An official results file imported in the back office (POST /api/admin/draws/results/import; docs/operators.md):
// checked whole before anything is written (the game's rules, the shop's draw and its date, sales closed, no other
// official result), each draw then has a result waiting for a second draw officer, who confirms it as if it had been
// typed in; the importer cannot confirm their own; a result already official is skipped; every import is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { backOffice } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

const oz = (drawNo: number, date: string, primary: number[]) => ({
  ProductId: 'OzLotto',
  DrawNumber: drawNo,
  DrawDate: `${date}T00:00:00`,
  PrimaryNumbers: primary,
  SecondaryNumbers: [5, 12, 44],
  Dividends: [
    { Division: 1, BlocNumberOfWinners: 0, BlocDividend: 0 },
    { Division: 2, BlocNumberOfWinners: 4, BlocDividend: 47512.35 },
  ],
});
const GOOD = [3, 8, 15, 22, 29, 36, 41];

async function officers(t: TestApp) {
  const office = await backOffice(t, database, `admin-${Date.now()}@ops.test`);
  const first = await office.operator(`officer-a-${Date.now()}@ops.test`, 'draw_officer');
  const second = await office.operator(`officer-b-${Date.now()}@ops.test`, 'draw_officer');
  const support = await office.operator(`support-${Date.now()}@ops.test`, 'support');
  return { first, second, support };
}

const proposals = async (t: TestApp, drawId: string) =>
  (
    await t.database.pool.query<{ status: string; proposed_by: string; dividends: unknown }>(
      'select status, proposed_by, dividends from backoffice_result_proposals where draw_id = $1 order by id',
      [drawId],
    )
  ).rows;

describe('importing a results file in the back office', () => {
  it('proposes every draw of a good file for a second officer; a bad file changes nothing and says why', async () => {
    await withTestApp({ database, now: '2026-03-01T00:00:00Z' }, async (t) => {
      await t.services.draws.ensureSchedule('oz-lotto');
      t.clock.set('2026-03-03T09:45:00Z'); // after the 3 March draw's (1672) sales stop; 1673 (10 March) is on sale
      const { first, second, support } = await officers(t);
      const draw = (await t.services.draws.getDrawByNumber('oz-lotto', 1672))!;
      const url = '/api/admin/draws/results/import';

      // Every reason at once, nothing written: numbers against the rules, a wrong date, a draw still on sale, an
      // unknown draw, a division the game lacks.
      const bad = await first.call('POST', url, {
        feed: {
          DrawResults: [
            oz(1672, '2026-03-03', [1, 2, 3, 4, 5, 6, 48]),
            oz(1673, '2026-03-10', GOOD),
            { ...oz(9999, '2030-01-01', GOOD) },
            { ...oz(1671, '2026-02-20', GOOD) },
          ],
        },
      });
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json().messages[0].text).toBe('The results file was refused; nothing was imported.');
      const reasons = (bad.json().errors.feed as string[]).join('\n');
      expect(reasons).toContain('OzLotto draw 1672: Oz Lotto needs 7 main numbers between 1 and 47');
      await expect(proposals(t, draw.id)).resolves.toEqual([]);

      const wrongDate = await first.call('POST', url, { feed: { DrawResults: [oz(1672, '2026-03-04', GOOD)] } });
      expect(wrongDate.statusCode).toBe(422);
      expect(JSON.stringify(wrongDate.json())).toContain(
        "the file dates it 2026-03-04, the shop's schedule 2026-03-03",
      );
      const open = await first.call('POST', url, { feed: { DrawResults: [oz(1673, '2026-03-10', GOOD)] } });
      expect(JSON.stringify(open.json())).toContain('Oz Lotto draw 1673: sales are still open until');
      const unknown = await first.call('POST', url, { feed: { DrawResults: [oz(9999, '2030-01-06', GOOD)] } });
      expect(JSON.stringify(unknown.json())).toContain('Oz Lotto draw 9999: the shop has no such draw.');
      const notJson = await first.call('POST', url, { feed: 'not a feed' });
      expect(notJson.statusCode).toBe(422);
      expect(
        (await support.call('POST', url, { feed: { DrawResults: [oz(1672, '2026-03-03', GOOD)] } })).statusCode,
      ).toBe(403);
      await expect(proposals(t, draw.id)).resolves.toEqual([]);

      // A good file: a proposal by the importer, with the file's dividends; not official yet.
      const good = await first.call('POST', url, { feed: { DrawResults: [oz(1672, '2026-03-03', GOOD)] } });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().result.results).toMatchObject([
        { draw_id: draw.id, draw_no: 1672, proposal: { status: 'proposed', proposed_by: first.id } },
      ]);
      expect(await proposals(t, draw.id)).toMatchObject([
        {
          status: 'proposed',
          proposed_by: first.id,
          dividends: [
            { division: 1, prizeCents: 0 },
            { division: 2, prizeCents: 4751235 },
          ],
        },
      ]);
      expect((await t.services.draws.getDraw(draw.id))!.result).toBeNull();

      // The importer cannot confirm it; a second officer does, and it is official with the file's prizes.
      expect((await first.call('POST', `/api/admin/draws/${draw.id}/results/confirm`)).statusCode).toBe(403);
      const confirmed = await second.call('POST', `/api/admin/draws/${draw.id}/results/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const official = (await t.services.draws.getDraw(draw.id))!;
      expect(official.result?.numbers).toEqual(GOOD);
      expect(official.dividends?.find((d) => d.division === 2)?.prizeCents).toBe(4751235);

      // The same file again proposes nothing (the result is official); a different result for it is refused.
      const again = await first.call('POST', url, { feed: { DrawResults: [oz(1672, '2026-03-03', GOOD)] } });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().result.results).toMatchObject([{ draw_id: draw.id, proposal: null }]);
      const other = await first.call('POST', url, {
        feed: { DrawResults: [oz(1672, '2026-03-03', [1, 2, 3, 4, 6, 7, 9])] },
      });
      expect(JSON.stringify(other.json())).toContain('Oz Lotto draw 1672: a different result is already official.');
      expect((await proposals(t, draw.id)).map((p) => p.status)).toEqual(['confirmed']);

      const { rows } = await t.database.pool.query<{ outcome: string }>(
        "select outcome from operator_audit where action = 'draw.result.import' order by id",
      );
      expect(rows.map((r) => r.outcome)).toEqual(expect.arrayContaining(['failed', 'ok']));
    });
  });
});
