// The read side of the results API (spec features §7): visible results by page and by month, the archive's keys,
// a draw's neighbours and number statistics. Result pages are the hottest read right after a draw and change only
// when a draw does (migration 0004 announces every write to draws_draws): a long-lived process keeps them in memory
// until then; statistics are recomputed only when a game's results change.
import type { OfferStatistics } from '@shop/contracts';
import { getGame, type GameDefinition, type GameKey } from '@shop/lottery';
import type { Db } from '../../db/index.ts';
import { keyedCacheUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDrawsRepository } from './draws.repository.ts';
import { localDateOf, zonedTimeToUtc } from './draws.schedule.ts';
import { toSummary, type DrawSummary } from './draws.service.ts';
import { computeStatistics } from './draws.statistics.ts';

export interface DrawResultsDeps {
  db: Db;
  clock: Clock;
  /** The change feed of a long-lived process: pages are kept until draws_draws changes; read through without it. */
  changes?: ChangeSource;
}

type Page = { items: DrawSummary[]; total: number };

export function createDrawResultsService(deps: DrawResultsDeps) {
  const repo = createDrawsRepository(deps.db);
  const pages = keyedCacheUntilChanged<Page>(deps.changes, ['draws_draws']);
  const stats = new Map<GameKey, { version: string; value: OfferStatistics }>();

  return {
    /** Visible results, newest first. */
    async results(filter: { gameKeys?: readonly GameKey[] }, page: { limit: number; offset: number }): Promise<Page> {
      const { rows, total } = await repo.results({ gameKeys: filter.gameKeys }, page);
      return { items: rows.map(toSummary), total };
    },

    /** `results` through the in-memory page cache (the public results lists). */
    cachedResults(gameKeys: readonly GameKey[], page: { limit: number; offset: number }): Promise<Page> {
      return pages.get(`${gameKeys.join(',')}|${page.limit}|${page.offset}`, () => this.results({ gameKeys }, page));
    },

    /** Visible results of one calendar month (in each game's own time zone), newest first. */
    async resultsInMonth(
      gameKeys: readonly GameKey[],
      year: number,
      month: number,
      page: { limit: number; offset: number },
    ): Promise<Page> {
      const first = `${year}-${String(month).padStart(2, '0')}-01`;
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      const windows = gameKeys.map((gameKey) => {
        const tz = getGame(gameKey).timeZone;
        return { gameKey, from: zonedTimeToUtc(first, '00:00', tz), to: zonedTimeToUtc(next, '00:00', tz) };
      });
      const { rows, total } = await repo.results({ windows }, page);
      return { items: rows.map(toSummary), total };
    },

    /** For each game with results: its latest drawn number and the months (in its time zone) that have results. */
    async resultKeys(gameKeys: readonly GameKey[]) {
      const index = await repo.resultIndex(gameKeys);
      const byGame = new Map<string, { latestDrawNo: number; months: Map<string, number> }>();
      for (const r of index) {
        const entry = byGame.get(r.gameKey) ?? { latestDrawNo: r.drawNo, months: new Map<string, number>() };
        entry.latestDrawNo = Math.max(entry.latestDrawNo, r.drawNo);
        const ym = localDateOf(r.drawAt, getGame(r.gameKey as GameKey).timeZone).slice(0, 7);
        entry.months.set(ym, (entry.months.get(ym) ?? 0) + 1);
        byGame.set(r.gameKey, entry);
      }
      return gameKeys
        .filter((k) => byGame.has(k))
        .map((gameKey) => {
          const e = byGame.get(gameKey)!;
          const months = [...e.months.entries()]
            .sort(([a], [b]) => (a < b ? 1 : -1))
            .map(([ym, draws]) => ({ year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)), draws }));
          return { gameKey, latestDrawNo: e.latestDrawNo, months };
        });
    },

    neighbours: (gameKey: GameKey, drawNo: number) => repo.neighbours(gameKey, drawNo),

    /** Number statistics of a game, recomputed only when its result count or latest result time changes. */
    async statistics(game: GameDefinition & { key: GameKey }): Promise<OfferStatistics> {
      const version = await repo.resultsVersion(game.key);
      let cached = stats.get(game.key);
      if (!cached || cached.version !== version) {
        cached = { version, value: computeStatistics(game, game.key, await repo.resultsOf(game.key)) };
        stats.set(game.key, cached);
      }
      return cached.value;
    },
  };
}
export type DrawResultsService = ReturnType<typeof createDrawResultsService>;
