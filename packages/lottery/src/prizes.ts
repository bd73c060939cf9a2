// The prize of one held line in a drawn draw (settlement's per-line loop): a single-game line is scored from its
// bitmask words with the fast scorer, any other entry (System N, PowerHit N, Box 24) combinatorially with
// scoreEntry. Its prize is the sum over its divisions of winning games × that division's dividend; a division
// without a dividend pays 0 (e.g. Strike D4, a free entry) but still counts as won.
import { createScorer } from './fast-scoring.ts';
import { scoreEntry } from './scoring.ts';
import type { DrawResult, GameDefinition, GameType } from './types.ts';

/** A line as it is stored: the engine's three mask words of a single-game line, else its game type and picks. */
export interface HeldLine {
  words: readonly [number, number, number] | null;
  gameType: GameType;
  sets: Record<string, number[]>;
}

export interface LinePrize {
  /** The best (lowest-numbered) division won. */
  division: number;
  /** Winning games per division, e.g. { 1: 1, 2: 7 } for a System 8 that hit. */
  divisions: Record<string, number>;
  prizeCents: number;
}

/** The prize of each line of a draw with this result and these dividends; null for a line that won nothing. */
export function createLinePrizer(
  game: GameDefinition,
  result: DrawResult,
  dividends: readonly { division: number; prizeCents: number }[],
): (line: HeldLine) => LinePrize | null {
  const scorer = createScorer(game, result);
  const dividend = new Map(dividends.map((d) => [d.division, d.prizeCents]));
  return (line) => {
    if (line.words !== null) {
      const division = scorer.words(line.words[0], line.words[1], line.words[2]);
      if (division === 0) return null;
      return { division, divisions: { [division]: 1 }, prizeCents: dividend.get(division) ?? 0 };
    }
    let best = 0;
    let prizeCents = 0;
    const divisions: Record<string, number> = {};
    for (const [division, count] of scoreEntry(game, result, { gameType: line.gameType, sets: line.sets })) {
      if (count <= 0) continue;
      divisions[division] = count;
      prizeCents += count * (dividend.get(division) ?? 0);
      if (best === 0 || division < best) best = division;
    }
    return best === 0 ? null : { division: best, divisions, prizeCents };
  };
}
