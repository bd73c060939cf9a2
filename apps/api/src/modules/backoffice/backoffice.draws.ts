// The draw officer's desk (docs/operators.md): the schedule, a result entered by one operator (a proposal, checked
// against the game's rules at once) that becomes official only when a different draw officer or admin confirms it
// (then exactly what `ops draw:result` does: enterManualResult), settlement once the result is official (refused
// before), the winners of a draw, and raffle draws (what `ops raffle:draw` does).
import {
  BACKOFFICE_TEXTS,
  type AdminDraw,
  type AdminResultsImport,
  type AdminResultBody,
  type AdminResultProposal,
  type DrawStatus,
} from '@shop/contracts';
import { getGame, type DrawResult } from '@shop/lottery';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { publicId } from '../../lib/identifier.ts';
import {
  assertValidResult,
  enterManualResult,
  parseResultsFeed,
  ResultsFeedError,
  type DrawsService,
  type DrawSummary,
  type FeedEntry,
} from '../draws/index.ts';
import { backofficeRepo, type ProposalRow } from './backoffice.repository.ts';

export interface DrawPorts {
  draws: Pick<
    DrawsService,
    'getDraw' | 'getDrawByNumber' | 'close' | 'recordResult' | 'listDraws' | 'openNextDrawSales'
  >;
  settle(drawId: string): Promise<{ linesScored: number; prizesRecorded: number; prizeCentsRecorded: number }>;
  winningLines(
    drawId: string,
  ): Promise<{ customerId: string; ticketId: string; division: number; prizeCents: number }[]>;
}

const SETTLED: DrawStatus[] = ['DRAW_PAID', 'DRAW_EMAILED'];

export const drawView = (d: DrawSummary): AdminDraw => ({
  id: d.id,
  gameKey: d.gameKey,
  drawNo: d.drawNo,
  status: d.status,
  stopAt: d.stopAt.toISOString(),
  drawAt: d.drawAt.toISOString(),
  jackpotCents: d.jackpotCents,
  result: d.result ? { ...d.result, bonus: d.result.bonus ?? {} } : null,
  resultSource: d.resultSource,
  dividends: d.dividends?.map((x) => ({ division: x.division, prizeCents: x.prizeCents })) ?? null,
});

/** Winning lines and prizes per division, in division order (the draw officer's summary after settlement). */
function perDivision(lines: { division: number | null; prizeCents: number }[]) {
  const by = new Map<number | null, { division: number | null; winners: number; prizeCents: number }>();
  for (const l of lines) {
    const d = by.get(l.division) ?? { division: l.division, winners: 0, prizeCents: 0 };
    d.winners += 1;
    d.prizeCents += l.prizeCents;
    by.set(l.division, d);
  }
  return [...by.values()].sort((a, b) => (a.division ?? 99) - (b.division ?? 99));
}

/** Why one entry of an imported file cannot be proposed, null when it can, 'recorded' when it is official already. */
function importProblem(e: FeedEntry, draw: DrawSummary | null, now: Date): string | 'recorded' | null {
  const label = `${getGame(e.gameKey, e.drawNo).name} draw ${e.drawNo}`;
  if (!draw) return `${label}: the shop has no such draw.`;
  if (draw.localDate !== e.drawDate)
    return `${label}: the file dates it ${e.drawDate}, the shop's schedule ${draw.localDate}.`;
  if (draw.status === 'DRAW_OPEN' && draw.stopAt.getTime() > now.getTime())
    return `${label}: sales are still open until ${draw.stopAt.toISOString()}.`;
  if (!draw.result) return null;
  const same = JSON.stringify(draw.result.numbers) === JSON.stringify(e.result.numbers);
  return same ? 'recorded' : `${label}: a different result is already official.`;
}

const proposalView = (r: ProposalRow): AdminResultProposal => ({
  id: r.publicId,
  drawId: r.drawId,
  result: r.result as AdminResultProposal['result'],
  dividends: r.dividends as AdminResultProposal['dividends'],
  status: r.status as AdminResultProposal['status'],
  proposedBy: r.proposedBy,
  proposedAt: r.proposedAt.toISOString(),
  confirmedBy: r.confirmedBy,
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
});

/** The body's numbers as a result of the game (bonus barrels by their number set names). */
function resultOf(body: AdminResultBody): DrawResult {
  const bonus: Record<string, number[]> = {};
  if (body.powerball !== undefined) bonus.powerball = [body.powerball];
  if (body.luckyStars !== undefined) bonus.lucky_stars = body.luckyStars;
  return { numbers: body.numbers, supplementaries: body.supps ?? [], bonus };
}

export function createBackofficeDraws(deps: { db: Db; clock: Clock; ports: DrawPorts }) {
  const { db, clock, ports } = deps;

  async function mustGet(drawId: string): Promise<DrawSummary> {
    const d = await ports.draws.getDraw(drawId);
    if (!d) throw notFound('There is no such draw.', 'draw_not_found');
    return d;
  }

  return {
    async list(filter: { gameKey?: string; status?: DrawStatus }, page: { limit: number; offset: number }) {
      const { items, total } = await ports.draws.listDraws(filter, page);
      return { items: items.map(drawView), total };
    },

    /** One draw of the schedule (404 when there is none). */
    async get(drawId: string): Promise<AdminDraw> {
      return drawView(await mustGet(drawId));
    },

    /**
     * Closes a draw's sales now (what `ops draw:advance` does first), so its result can be entered; the game's next
     * draw goes on standard sale at once. A draw already past its sales answers its state (a double click is one close).
     */
    async close(drawId: string): Promise<{ draw: AdminDraw; changed: boolean }> {
      const draw = await mustGet(drawId);
      if (draw.status !== 'DRAW_OPEN') return { draw: drawView(draw), changed: false };
      const step = await ports.draws.close(drawId);
      await ports.draws.openNextDrawSales(draw.gameKey);
      return { draw: drawView(step.draw), changed: step.changed };
    },

    /** A result entered by one operator: checked against the game's rules now, official only once confirmed. */
    async propose(drawId: string, body: AdminResultBody, by: string): Promise<AdminResultProposal> {
      const draw = await mustGet(drawId);
      const result = resultOf(body);
      assertValidResult(getGame(draw.gameKey, draw.drawNo), result, body.dividends ?? []);
      if (draw.result) throw conflict(`Draw ${draw.drawNo} already has its official result.`, 'result_exists');
      if (draw.status === 'DRAW_OPEN' && draw.stopAt.getTime() > clock.now().getTime())
        throw conflict(`Draw ${draw.drawNo} is still open for sales until ${draw.stopAt.toISOString()}.`, 'draw_open');
      const row = await db.transaction((tx) =>
        backofficeRepo.propose(tx, {
          publicId: publicId('res'),
          drawId,
          result,
          dividends: body.dividends ?? null,
          proposedBy: by,
          proposedAt: clock.now(),
        }),
      );
      return proposalView(row);
    },

    /**
     * An official results file (the feed's shape, as `ops draw:import` reads) entered by one operator: every entry is
     * checked first (the game's rules, the shop's draw and its date, sales closed, no other official result), then
     * each becomes a proposal, as if typed in, that a second operator confirms on the draw's panel. All or nothing;
     * a draw whose result is official already is skipped, so the same file twice proposes nothing new.
     */
    async importResults(feed: unknown, by: string): Promise<AdminResultsImport> {
      let entries: FeedEntry[];
      try {
        entries = parseResultsFeed(JSON.stringify(feed ?? null));
      } catch (error) {
        if (!(error instanceof ResultsFeedError)) throw error;
        throw unprocessable(BACKOFFICE_TEXTS.importRefused, 'results_file_refused', { feed: error.reasons });
      }
      const now = clock.now();
      const checked = await Promise.all(
        entries.map(async (e) => {
          const draw = await ports.draws.getDrawByNumber(e.gameKey, e.drawNo);
          return { e, draw, problem: importProblem(e, draw, now) };
        }),
      );
      const reasons = checked.flatMap((c) => (c.problem && c.problem !== 'recorded' ? [c.problem] : []));
      if (reasons.length)
        throw unprocessable(BACKOFFICE_TEXTS.importRefused, 'results_file_refused', { feed: reasons });
      const rows = await db.transaction(async (tx) => {
        const made: { e: FeedEntry; row: ProposalRow | null; drawId: string }[] = [];
        for (const { e, draw, problem } of checked) {
          const row =
            problem === 'recorded'
              ? null
              : await backofficeRepo.propose(tx, {
                  publicId: publicId('res'),
                  drawId: draw!.id,
                  result: e.result,
                  dividends: e.dividends.length
                    ? e.dividends.map((d) => ({ division: d.division, prizeCents: d.prizeCents }))
                    : null,
                  proposedBy: by,
                  proposedAt: now,
                });
          made.push({ e, row, drawId: draw!.id });
        }
        return made;
      });
      return {
        results: rows.map(({ e, row, drawId }) => ({
          drawId,
          gameKey: e.gameKey,
          drawNo: e.drawNo,
          proposal: row ? proposalView(row) : null,
        })),
      };
    },

    /** The result waiting for confirmation, or null. */
    async waiting(drawId: string): Promise<AdminResultProposal | null> {
      const row = await backofficeRepo.waitingProposal(db, drawId);
      return row ? proposalView(row) : null;
    },

    /** A second operator confirms: the result becomes official (as `ops draw:result`), once. */
    async confirm(drawId: string, by: string): Promise<{ proposal: AdminResultProposal; draw: AdminDraw }> {
      await mustGet(drawId);
      return db.transaction(async (tx) => {
        const row = await backofficeRepo.waitingProposal(tx, drawId, true);
        if (!row) throw conflict(BACKOFFICE_TEXTS.noProposal, 'no_result_waiting');
        if (row.proposedBy === by) throw forbidden(BACKOFFICE_TEXTS.ownResult, 'own_result');
        const step = await enterManualResult(
          ports.draws,
          clock.now(),
          drawId,
          row.result as DrawResult,
          (row.dividends as { division: number; prizeCents: number }[] | null) ?? undefined,
        );
        const done = await backofficeRepo.confirmProposal(tx, row.id, by, clock.now());
        return { proposal: proposalView(done!), draw: drawView(step.draw) };
      });
    },

    /** Settles a draw whose result is official; refused before; a settled draw answers its state (idempotent). */
    async settle(drawId: string) {
      const draw = await mustGet(drawId);
      if (!draw.result || draw.status === 'DRAW_OPEN' || draw.status === 'DRAW_CLOSED')
        throw conflict(BACKOFFICE_TEXTS.notConfirmed, 'result_not_confirmed');
      const report = SETTLED.includes(draw.status)
        ? { linesScored: 0, prizesRecorded: 0, prizeCentsRecorded: 0 }
        : await ports.settle(drawId);
      const after = await mustGet(drawId);
      return {
        drawId,
        status: after.status,
        linesScored: report.linesScored,
        prizesRecorded: report.prizesRecorded,
        prizeCentsRecorded: report.prizeCentsRecorded,
      };
    },

    async winners(drawId: string) {
      const draw = await mustGet(drawId);
      const lines = await ports.winningLines(drawId);
      return {
        drawId,
        status: draw.status,
        totalPrizeCents: lines.reduce((s, l) => s + l.prizeCents, 0),
        winners: lines.map((l) => ({
          customerId: l.customerId,
          ticketId: l.ticketId,
          division: l.division,
          prizeCents: l.prizeCents,
        })),
        divisions: perDivision(lines),
      };
    },
  };
}

export type BackofficeDraws = ReturnType<typeof createBackofficeDraws>;
