// Bulk scoring for settlement. A line is three 32-bit words: main numbers as bits (number n = bit n over lo/hi),
// bonus-set numbers as bits of the third word; Strike packs its 4 ordered numbers as 6-bit fields of lo. Scoring is
// popcount(AND) per word and one lookup in a division table indexed [main][supps][bonus], so there are no branches
// on the game's rules in the hot loop.
import { InvalidEntryError } from './errors.ts';
import { mainSet } from './games.ts';
import { divisionFor, validateResult } from './scoring.ts';
import { checkEntry } from './systems.ts';
import type { DrawResult, GameDefinition, Line, NumberSetName } from './types.ts';

/** Words per encoded line in a batch buffer. */
export const WORDS_PER_LINE = 3;

function bonusRule(game: GameDefinition) {
  const rules = game.numberSets.slice(1);
  if (rules.length > 1) throw new InvalidEntryError(`${game.name} has more than one bonus set`, 'sets');
  return rules[0];
}

function maskWords(values: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const n of values) {
    if (n < 32) lo |= 1 << n;
    else hi |= 1 << (n - 32);
  }
  return [lo >>> 0, hi >>> 0];
}

function bonusWord(values: readonly number[] | undefined): number {
  let word = 0;
  for (const n of values ?? []) word |= 1 << n;
  return word >>> 0;
}

/** The three words of one valid game line (checked against the game first). */
export function encodeLineWords(game: GameDefinition, line: Line): [number, number, number] {
  checkEntry(game, { gameType: game.ordered ? 'strike_standard' : 'standard', sets: line.sets });
  const picked = line.sets[mainSet(game).name]!;
  if (game.ordered) {
    let packed = 0;
    for (let i = 0; i < picked.length; i++) packed |= picked[i]! << (6 * i);
    return [packed >>> 0, 0, 0];
  }
  const [lo, hi] = maskWords(picked);
  const rule = bonusRule(game);
  return [lo, hi, rule ? bonusWord(line.sets[rule.name]) : 0];
}

/** One line as a bigint: lo | hi << 32 | bonus << 64. */
export function encodeLine(game: GameDefinition, line: Line): bigint {
  const [lo, hi, bonus] = encodeLineWords(game, line);
  return BigInt(lo) | (BigInt(hi) << 32n) | (BigInt(bonus) << 64n);
}

/** Writes a line's words at line index `index` of a batch buffer. */
export function writeLine(game: GameDefinition, line: Line, buffer: Uint32Array, index: number): void {
  const words = encodeLineWords(game, line);
  buffer.set(words, index * WORDS_PER_LINE);
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export interface Scorer {
  /** Division of an encoded line, or null. */
  (encoded: bigint): number | null;
  /** Division of a line given as words, 0 for no win. */
  words(lo: number, hi: number, bonus: number): number;
  /** Scores `count` lines of `buffer` (3 words each) into `out` (division, 0 for none); returns the winning lines. */
  batch(buffer: Uint32Array, out: Uint8Array, count?: number): number;
}

/** A scorer for one validated result; throws RangeError when the result breaks the game's rules. */
export function createScorer(game: GameDefinition, result: DrawResult): Scorer {
  const reason = validateResult(game, result);
  if (reason) throw new RangeError(reason);
  const table = new Uint8Array(8 * 16);
  let wordsFn: (lo: number, hi: number, bonus: number) => number;
  let batch: (buffer: Uint32Array, out: Uint8Array, count: number) => number;

  if (game.ordered) {
    for (let m = 0; m <= mainSet(game).pick; m++) table[m] = divisionFor(game, m, 0) ?? 0;
    let drawn = 0;
    for (let i = 0; i < result.numbers.length; i++) drawn |= result.numbers[i]! << (6 * i);
    const positions = mainSet(game).pick;
    wordsFn = (lo) => {
      const x = lo ^ drawn;
      let m = 0;
      for (let i = 0; i < positions; i++) if (((x >>> (6 * i)) & 63) === 0) m++;
      return table[m]!;
    };
    batch = (buffer, out, count) => {
      let winners = 0;
      for (let i = 0, w = 0; i < count; i++, w += 3) {
        const x = buffer[w]! ^ drawn;
        const m =
          +((x & 63) === 0) + +(((x >>> 6) & 63) === 0) + +(((x >>> 12) & 63) === 0) + +(((x >>> 18) & 63) === 0);
        const d = table[m]!;
        out[i] = d;
        if (d !== 0) winners++;
      }
      return winners;
    };
  } else {
    const rule = bonusRule(game);
    for (let m = 0; m < 8; m++) {
      for (let t = 0; t < 4; t++) {
        for (let b = 0; b < 4; b++) {
          const bonus = rule ? ({ [rule.name]: b } as Partial<Record<NumberSetName, number>>) : {};
          table[(m << 4) | (t << 2) | b] = divisionFor(game, m, t, bonus) ?? 0;
        }
      }
    }
    const [wLo, wHi] = maskWords(result.numbers);
    const [sLo, sHi] = maskWords(result.supplementaries);
    const bMask = rule ? bonusWord(result.bonus?.[rule.name]) : 0;
    wordsFn = (lo, hi, bonus) =>
      table[
        ((popcount(lo & wLo) + popcount(hi & wHi)) << 4) |
          ((popcount(lo & sLo) + popcount(hi & sHi)) << 2) |
          popcount(bonus & bMask)
      ]!;
    batch = (buffer, out, count) => {
      let winners = 0;
      for (let i = 0, w = 0; i < count; i++, w += 3) {
        const lo = buffer[w]!;
        const hi = buffer[w + 1]!;
        // Main and supplementary counts are at most 7 and 3, so the two words' popcounts can be summed as bytes.
        let x = lo & wLo;
        x = x - ((x >>> 1) & 0x55555555);
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        let y = hi & wHi;
        y = y - ((y >>> 1) & 0x55555555);
        y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
        const m = Math.imul((x + (x >>> 4) + y + (y >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
        const t = popcount(lo & sLo) + popcount(hi & sHi);
        const d = table[(m << 4) | (t << 2) | popcount(buffer[w + 2]! & bMask)]!;
        out[i] = d;
        if (d !== 0) winners++;
      }
      return winners;
    };
  }

  const scorer = ((encoded: bigint) => {
    const d = wordsFn(
      Number(BigInt.asUintN(32, encoded)),
      Number(BigInt.asUintN(32, encoded >> 32n)),
      Number(BigInt.asUintN(32, encoded >> 64n)),
    );
    return d === 0 ? null : d;
  }) as Scorer;
  scorer.words = wordsFn;
  scorer.batch = (buffer, out, count = Math.floor(buffer.length / WORDS_PER_LINE)) => batch(buffer, out, count);
  return scorer;
}
