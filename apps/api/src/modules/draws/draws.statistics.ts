// Number statistics of a game from its stored results: how often each number was drawn, when last, hot and cold.
import type { OfferStatistics } from '@shop/contracts';
import type { DrawResult, GameDefinition } from '@shop/lottery';
import { localDateOf } from './draws.schedule.ts';

export interface StoredResult {
  drawNo: number;
  drawAt: Date;
  result: unknown;
}

/** Main numbers count from `numbers` (supplementaries are a separate draw role); bonus sets from their own barrel. */
function drawnIn(setName: string, result: DrawResult): number[] {
  return setName === 'numbers' ? result.numbers : (result.bonus?.[setName] ?? []);
}

/** `results` oldest first. Hot and cold list as many numbers as one game picks from the set. */
export function computeStatistics(game: GameDefinition, offerKey: string, results: StoredResult[]): OfferStatistics {
  const total = results.length;
  const numberSets = game.numberSets.map((set) => {
    const size = set.to - set.from + 1;
    const times = new Array<number>(size).fill(0);
    const lastIndex = new Array<number>(size).fill(-1);
    results.forEach((r, i) => {
      for (const n of drawnIn(set.name, r.result as DrawResult)) {
        if (n < set.from || n > set.to) continue;
        times[n - set.from]!++;
        lastIndex[n - set.from] = i;
      }
    });
    const frequencies = times.map((timesDrawn, k) => {
      const at = lastIndex[k]!;
      const last = at >= 0 ? results[at]! : null;
      return {
        number: set.from + k,
        timesDrawn,
        lastDrawnDrawNo: last?.drawNo ?? null,
        lastDrawnDate: last ? localDateOf(last.drawAt, game.timeZone) : null,
        drawsSinceDrawn: at >= 0 ? total - 1 - at : null,
      };
    });
    const count = Math.min(set.pick, size);
    const hot = [...frequencies]
      .sort(
        (a, b) =>
          b.timesDrawn - a.timesDrawn ||
          (a.drawsSinceDrawn ?? Infinity) - (b.drawsSinceDrawn ?? Infinity) ||
          a.number - b.number,
      )
      .slice(0, count)
      .map((f) => f.number);
    const cold = [...frequencies]
      .sort(
        (a, b) =>
          a.timesDrawn - b.timesDrawn ||
          (b.drawsSinceDrawn ?? Infinity) - (a.drawsSinceDrawn ?? Infinity) ||
          a.number - b.number,
      )
      .slice(0, count)
      .map((f) => f.number);
    return { name: set.name, label: set.label, from: set.from, to: set.to, frequencies, hot, cold };
  });
  return {
    productOfferKey: offerKey,
    drawsAnalysed: total,
    firstDrawNo: results[0]?.drawNo ?? null,
    lastDrawNo: results.at(-1)?.drawNo ?? null,
    numberSets,
  };
}
