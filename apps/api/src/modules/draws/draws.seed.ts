// Demo data of the draws domain: every game's schedule ahead, and ~12 weeks of past draws with simulated results from
// a fixed seed (the same draw always gets the same numbers), so results pages and statistics have data.
import { GAME_KEYS, getGame, type GameKey } from '@shop/lottery';
import type { NewDrawRow } from './draws.repository.ts';
import { addDays, drawsBetween, localDateOf } from './draws.schedule.ts';
import type { Clock } from '../../lib/clock.ts';
import { drawPublicId, estimatedJackpotCents, resultProblem, type DrawsService } from './draws.service.ts';
import { createSeededResultsProvider } from './results-provider.ts';

export const SEED_RESULTS_SEED = 20_240_101;
export const SEED_HISTORY_WEEKS = 12;

export async function seedDraws(
  deps: { draws: Pick<DrawsService, 'insertPastDraws' | 'ensureSchedule'>; clock: Clock },
  options: { historyWeeks?: number; seed?: number; gameKeys?: readonly GameKey[] } = {},
): Promise<{ inserted: number }> {
  const { draws } = deps;
  const provider = createSeededResultsProvider(options.seed ?? SEED_RESULTS_SEED);
  const now = deps.clock.now();
  const rows: NewDrawRow[] = [];
  for (const key of options.gameKeys ?? GAME_KEYS) {
    const current = getGame(key);
    const today = localDateOf(now, current.timeZone);
    for (const d of drawsBetween(current, addDays(today, -7 * (options.historyWeeks ?? SEED_HISTORY_WEEKS)), today)) {
      if (d.stopAt.getTime() > now.getTime()) continue;
      const base: NewDrawRow = {
        publicId: drawPublicId(key, d.drawNo),
        gameKey: key,
        drawNo: d.drawNo,
        stopAt: d.stopAt,
        drawAt: d.drawAt,
        jackpotCents: estimatedJackpotCents(key, d.drawNo),
        purchaseStatus: 'standard',
      };
      if (d.drawAt.getTime() > now.getTime()) {
        // Sales have closed and the draw is still to come: the draw clock fetches its result when it is due.
        rows.push({ ...base, status: 'DRAW_CLOSED', closedAt: d.stopAt });
        continue;
      }
      const provided = await provider.resultFor({
        gameKey: key,
        drawNo: d.drawNo,
        jackpotCents: base.jackpotCents ?? null,
      });
      const game = getGame(key, d.drawNo);
      if (!provided || resultProblem(game, provided.result))
        throw new Error(`Seed result for ${key} ${d.drawNo} breaks the rules`);
      // Past draws had no shop tickets: they went through every step at the draw time.
      rows.push({
        ...base,
        status: 'DRAW_EMAILED',
        result: { ...provided.result, bonus: provided.result.bonus ?? {} },
        dividends: provided.dividends.map((x) => ({
          division: x.division,
          prizeCents: x.prizeCents,
          winners: x.winners ?? null,
        })),
        resultSource: 'simulated',
        closedAt: d.stopAt,
        drawnAt: d.drawAt,
        scoredAt: d.drawAt,
        paidAt: d.drawAt,
        emailedAt: d.drawAt,
      });
    }
  }
  let inserted = await draws.insertPastDraws(rows);
  for (const key of options.gameKeys ?? GAME_KEYS) inserted += await draws.ensureSchedule(key);
  return { inserted };
}
