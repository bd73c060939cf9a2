// Rules of the draws domain: the rolling schedule, the state steps of DESIGN §7 (each idempotent and guarded by a
// conditional UPDATE), and the read models of the results API.
import {
  GAME_KEYS,
  getGame,
  isGameKey,
  validateResult,
  type DrawResult,
  type GameDefinition,
  type GameKey,
} from '@shop/lottery';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { createDrawsRepository, type DrawRow, type DrawStatus, type NewDrawRow } from './draws.repository.ts';
import { addDays, drawsBetween, localDateOf } from './draws.schedule.ts';

export type { DrawStatus } from './draws.repository.ts';
export type ResultSource = 'simulated' | 'import' | 'manual';

export interface Dividend {
  division: number;
  prizeCents: number;
  /** Winners across the whole lottery when the source reports them. */
  winners?: number | null;
}

export interface DrawSummary {
  id: string;
  gameKey: GameKey;
  drawNo: number;
  stopAt: Date;
  drawAt: Date;
  status: DrawStatus;
  jackpotCents: number | null;
  purchaseStatus: 'standard' | 'pre_order';
  result: DrawResult | null;
  dividends: Dividend[] | null;
  resultSource: ResultSource | null;
  /** The draw's calendar date in the game's time zone (YYYY-MM-DD). */
  localDate: string;
}

export interface DrawsDeps {
  db: Db;
  clock: Clock;
}

/** Outcome of a state step: `changed` is false when the draw was already past that step (a repeat is a no-op). */
export interface StepResult {
  changed: boolean;
  draw: DrawSummary;
}

export const DEFAULT_SCHEDULE_WEEKS = 8;
/** Draws further ahead than this are sold as pre-orders (their prize pool is not announced yet). */
const STANDARD_SALES_WEEKS = 4;
const STANDARD_SALES_MS = STANDARD_SALES_WEEKS * 7 * 24 * 3600_000;

/** When a pre-order draw's standard sales open (and its pre-orders are charged): STANDARD_SALES_WEEKS before it. */
export const preOrderSalesOpenAt = (drawAt: Date): Date => new Date(drawAt.getTime() - STANDARD_SALES_MS);

/**
 * Estimated jackpot (prize pool) of a draw, in minor units, from games.md: minimum jackpots and typical sizes.
 * Deterministic per draw number so every process (and the seed) agrees; the operator's real estimate would come
 * from its feed with the previous draw's result.
 */
const JACKPOTS: Record<GameKey, { min: number; step: number; steps: number }> = {
  'oz-lotto': { min: 300_000_000, step: 200_000_000, steps: 12 },
  powerball: { min: 300_000_000, step: 500_000_000, steps: 10 },
  'saturday-lotto': { min: 500_000_000, step: 0, steps: 1 },
  'weekday-windfall': { min: 100_000_000, step: 0, steps: 1 },
  // $20,000 a month for 20 years is advertised by its monthly amount.
  'set-for-life': { min: 2_000_000, step: 0, steps: 1 },
  'lotto-strike': { min: 10_000_000, step: 5_000_000, steps: 8 },
  'uk-lotto': { min: 200_000_000, step: 150_000_000, steps: 6 },
  euromillions: { min: 1_400_000_000, step: 1_000_000_000, steps: 8 },
};

export function estimatedJackpotCents(gameKey: GameKey, drawNo: number): number {
  const j = JACKPOTS[gameKey];
  return j.min + (drawNo % j.steps) * j.step;
}

export function drawPublicId(gameKey: string, drawNo: number): string {
  return `drw_${gameKey}_${drawNo}`;
}

export function toSummary(row: DrawRow): DrawSummary {
  const game = getGame(row.gameKey as GameKey);
  const result = row.result as (DrawResult & { bonus?: Record<string, number[]> }) | null;
  return {
    id: row.publicId,
    gameKey: row.gameKey as GameKey,
    drawNo: row.drawNo,
    stopAt: row.stopAt,
    drawAt: row.drawAt,
    status: row.status as DrawStatus,
    jackpotCents: row.jackpotCents,
    purchaseStatus: row.purchaseStatus as DrawSummary['purchaseStatus'],
    result,
    dividends: row.dividends as Dividend[] | null,
    resultSource: row.resultSource as ResultSource | null,
    localDate: localDateOf(row.drawAt, game.timeZone),
  };
}

/** Same numbers in the same places: a repeated delivery of one result (not a correction). */
export function sameResult(a: DrawResult, b: DrawResult): boolean {
  const norm = (r: DrawResult) =>
    JSON.stringify({
      n: r.numbers,
      s: r.supplementaries,
      b: Object.entries(r.bonus ?? {})
        .filter(([, v]) => v.length)
        .sort(),
    });
  return norm(a) === norm(b);
}

/** The operator's rules answer a result: null when valid, else the reason (e.g. "Oz Lotto needs 7 main numbers ..."). */
/** Refuses (422 invalid_result, with the reason) a result or dividends that break the game's rules. */
export function assertValidResult(game: GameDefinition, result: DrawResult, dividends: Omit<Dividend, 'winners'>[]) {
  const problem = resultProblem(game, result);
  if (problem) throw unprocessable(problem, 'invalid_result', { result: [problem] });
  const divisions = new Set(game.divisions.map((d) => d.division));
  for (const d of dividends) {
    if (!divisions.has(d.division))
      throw unprocessable(`${game.name} has no division ${d.division}.`, 'invalid_result', {
        dividends: [`${game.name} has no division ${d.division}.`],
      });
    if (!Number.isSafeInteger(d.prizeCents) || d.prizeCents < 0)
      throw unprocessable(
        `The prize of division ${d.division} must be a whole, non-negative amount.`,
        'invalid_result',
      );
  }
}

export function resultProblem(game: GameDefinition, result: DrawResult): string | null {
  return validateResult(game, result);
}

export function gameOf(key: string): GameDefinition {
  if (!isGameKey(key)) throw notFound(`There is no lottery "${key}".`, 'unknown_offer');
  return getGame(key);
}

export function createDrawsService(deps: DrawsDeps) {
  const repo = createDrawsRepository(deps.db);
  const { clock } = deps;

  async function mustGet(drawId: string): Promise<DrawRow> {
    const row = await repo.findByPublicId(drawId);
    if (!row) throw notFound(`There is no draw ${drawId}.`, 'unknown_draw');
    return row;
  }

  /** A step that found the draw elsewhere: a no-op when already past `to`, an error when not yet at `from`. */
  async function step(
    drawId: string,
    from: DrawStatus,
    to: 'DRAW_CLOSED' | 'DRAW_SCORED' | 'DRAW_PAID' | 'DRAW_EMAILED',
  ): Promise<StepResult> {
    const moved = await repo.transition(drawId, from, to, clock.now());
    if (moved) return { changed: true, draw: toSummary(moved) };
    const row = await mustGet(drawId);
    if (ORDER.indexOf(row.status as DrawStatus) >= ORDER.indexOf(to)) return { changed: false, draw: toSummary(row) };
    throw conflict(
      `Draw ${row.gameKey} ${row.drawNo} is ${row.status}; it must be ${from} to become ${to}.`,
      'draw_state',
    );
  }

  function scheduleRows(game: GameDefinition, fromDate: string, toDate: string, now: Date): NewDrawRow[] {
    const standardUntil = now.getTime() + STANDARD_SALES_MS;
    return drawsBetween(game, fromDate, toDate)
      .filter((d) => d.stopAt.getTime() > now.getTime())
      .map((d) => ({
        publicId: drawPublicId(game.key, d.drawNo),
        gameKey: game.key,
        drawNo: d.drawNo,
        stopAt: d.stopAt,
        drawAt: d.drawAt,
        jackpotCents: estimatedJackpotCents(game.key, d.drawNo),
        purchaseStatus: d.drawAt.getTime() > standardUntil ? 'pre_order' : 'standard',
      }));
  }

  return {
    /** Creates the draws of the coming `weeks` not there yet (by draw number); returns how many it created. */
    async ensureSchedule(gameKey: GameKey, weeks = DEFAULT_SCHEDULE_WEEKS): Promise<number> {
      const game = getGame(gameKey);
      const now = clock.now();
      const today = localDateOf(now, game.timeZone);
      return repo.insertMissing(scheduleRows(game, today, addDays(today, weeks * 7), now));
    },

    /**
     * Pre-order draws whose standard sales have opened (preOrderSalesOpenAt passed) become standard; one conditional
     * UPDATE, so a repeat or a second process changes nothing. Returns the draws this call moved.
     */
    async openPreOrderSales(now: Date): Promise<DrawSummary[]> {
      return (await repo.openPreOrderSales(new Date(now.getTime() + STANDARD_SALES_MS))).map(toSummary);
    },

    /**
     * Opens standard sales of a game's next open draw when it is still a pre-order: `draw:advance` compresses time, so
     * the draw after the one it settled is the one on sale, as it would be once that draw's time had come.
     */
    async openNextDrawSales(gameKey: GameKey): Promise<void> {
      const next = (await this.upcomingDraws(gameKey, 1))[0];
      if (next?.purchaseStatus === 'pre_order') await repo.openSalesOf(next.id);
    },

    /** ensureSchedule for every game. */
    async ensureAllSchedules(weeks = DEFAULT_SCHEDULE_WEEKS): Promise<number> {
      let created = 0;
      for (const key of GAME_KEYS) created += await this.ensureSchedule(key, weeks);
      return created;
    },

    /** Draws open for sales, soonest first. */
    async upcomingDraws(gameKey: GameKey, limit = 20): Promise<DrawSummary[]> {
      return (await repo.upcoming(gameKey, clock.now(), limit)).map(toSummary);
    },

    async getDraw(drawId: string): Promise<DrawSummary | null> {
      const row = await repo.findByPublicId(drawId);
      return row ? toSummary(row) : null;
    },

    async getDrawByNumber(gameKey: GameKey, drawNo: number): Promise<DrawSummary | null> {
      const row = await repo.findByNumber(gameKey, drawNo);
      return row ? toSummary(row) : null;
    },

    /** Draws of a game and/or a state, by draw time, paged (the back office's schedule). */
    async listDraws(filter: { gameKey?: string; status?: DrawStatus }, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.page(filter, page);
      return { items: rows.map(toSummary), total };
    },

    /** Draws of a state, oldest draw first; `dueBy` keeps those whose draw time has come. */
    async drawsInState(status: DrawStatus, options: { limit?: number; dueBy?: Date } = {}): Promise<DrawSummary[]> {
      return (
        await repo.withStatus(status, options.limit ?? 100, options.dueBy ? { drawAt: options.dueBy } : undefined)
      ).map(toSummary);
    },

    /** Closes every open draw whose stop time is at or before `now`; returns the draws this call closed. */
    async closeDue(now: Date = clock.now()): Promise<DrawSummary[]> {
      return (await repo.closeDue(now)).map(toSummary);
    },

    /** Closes one draw now, whatever its stop time (operator: advance a draw). */
    async close(drawId: string): Promise<StepResult> {
      return step(drawId, 'DRAW_OPEN', 'DRAW_CLOSED');
    },

    /**
     * Records the result of a closed draw. A result that breaks the game's rules is refused with the reason (422
     * invalid_result); the same result delivered again is a no-op; a different one for a drawn draw is a conflict.
     */
    async recordResult(
      drawId: string,
      result: DrawResult,
      dividends: Dividend[],
      source: ResultSource,
    ): Promise<StepResult> {
      const row = await mustGet(drawId);
      const game = getGame(row.gameKey as GameKey, row.drawNo);
      const clean: DrawResult = {
        numbers: [...result.numbers],
        supplementaries: [...result.supplementaries],
        bonus: result.bonus ?? {},
      };
      assertValidResult(game, clean, dividends);
      const stored = dividends
        .map((d) => ({ division: d.division, prizeCents: d.prizeCents, winners: d.winners ?? null }))
        .sort((a, b) => a.division - b.division);
      const recorded = await repo.recordResult(
        drawId,
        { result: clean, dividends: stored, resultSource: source },
        clock.now(),
      );
      if (recorded) return { changed: true, draw: toSummary(recorded) };
      const current = await mustGet(drawId);
      if (current.status === 'DRAW_OPEN')
        throw conflict(
          `Draw ${game.name} ${current.drawNo} is still open for sales; close it before entering its result.`,
          'draw_open',
        );
      if (sameResult(current.result as DrawResult, clean)) return { changed: false, draw: toSummary(current) };
      throw conflict(`Draw ${game.name} ${current.drawNo} already has a different result.`, 'result_exists');
    },

    async markScored(drawId: string): Promise<StepResult> {
      return step(drawId, 'DRAW_DRAWN', 'DRAW_SCORED');
    },
    async markPaid(drawId: string): Promise<StepResult> {
      return step(drawId, 'DRAW_SCORED', 'DRAW_PAID');
    },
    async markEmailed(drawId: string): Promise<StepResult> {
      return step(drawId, 'DRAW_PAID', 'DRAW_EMAILED');
    },

    /** Inserts past draws (seed and tests): rows already there are left alone. */
    async insertPastDraws(rows: NewDrawRow[]): Promise<number> {
      return repo.insertMissing(rows);
    },
  };
}

const ORDER: DrawStatus[] = ['DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED'];

export type DrawsService = ReturnType<typeof createDrawsService>;
