// Random sources for quickpicks and simulated draws. Production uses the platform CSPRNG (globalThis.crypto exists in
// Node 20 and in browsers, so the same code runs in the API and in the Vite bundle); tests inject a seeded source.
import { assertGameTypeOffered, mainSet } from './games.ts';
import { InvalidEntryError } from './errors.ts';
import type { Entry, GameDefinition, GameType, RandomSource } from './types.ts';

const UINT32_RANGE = 0x1_0000_0000;

function checkBound(maxExclusive: number): void {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > UINT32_RANGE) {
    throw new RangeError(`maxExclusive must be an integer from 1 to 2^32, got ${maxExclusive}`);
  }
}

/** Uniform integer from 32-bit draws by rejection, so no value is favoured by the modulo. */
function uniform(next32: () => number, maxExclusive: number): number {
  checkBound(maxExclusive);
  const limit = UINT32_RANGE - (UINT32_RANGE % maxExclusive);
  for (;;) {
    const value = next32();
    if (value < limit) return value % maxExclusive;
  }
}

const buffer = new Uint32Array(64);
let buffered = buffer.length;

export const cryptoRandom: RandomSource = {
  int(maxExclusive: number): number {
    return uniform(() => {
      if (buffered === buffer.length) {
        globalThis.crypto.getRandomValues(buffer);
        buffered = 0;
      }
      return buffer[buffered++]!;
    }, maxExclusive);
  },
};

/** Deterministic source (mulberry32) for tests and reproducible simulations; never for real quickpicks. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return { int: (maxExclusive: number) => uniform(next32, maxExclusive) };
}

/** `count` distinct numbers from..to in the order drawn (partial Fisher-Yates). */
export function drawDistinct(rng: RandomSource, from: number, to: number, count: number): number[] {
  const pool: number[] = [];
  for (let n = from; n <= to; n++) pool.push(n);
  if (count > pool.length) throw new RangeError(`cannot draw ${count} distinct numbers from ${from}-${to}`);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

const ascending = (a: number, b: number) => a - b;

export interface QuickPickOptions {
  /** System N / PowerHit N size; defaults to the smallest offered. */
  size?: number;
}

/**
 * A random entry of the given game type (default: the game's plain line). Unordered sets come back sorted; Strike
 * numbers keep their drawn order because position is what they play.
 */
export function quickPick(
  game: GameDefinition,
  rng: RandomSource,
  gameType?: GameType,
  options: QuickPickOptions = {},
): Entry {
  const type = gameType ?? (game.ordered ? 'strike_standard' : 'standard');
  assertGameTypeOffered(game, type);
  const main = mainSet(game);
  let mainCount = main.pick;
  let withBonus = true;
  if (type === 'system' || type === 'reduced_system' || type === 'powerhit') {
    const range = type === 'powerhit' ? game.powerHit : game.systems;
    if (!range) throw new InvalidEntryError(`${game.name} has no ${type} entries`, 'gameType');
    mainCount = options.size ?? range.min;
    if (!Number.isInteger(mainCount) || mainCount < range.min || mainCount > range.max) {
      throw new InvalidEntryError(`${game.name} ${type} size must be between ${range.min} and ${range.max}`, 'numbers');
    }
    withBonus = type !== 'powerhit';
  }
  const sets: Record<string, number[]> = {};
  const picked = drawDistinct(rng, main.from, main.to, mainCount);
  sets[main.name] = game.ordered ? picked : picked.sort(ascending);
  if (withBonus) {
    for (const set of game.numberSets.slice(1))
      sets[set.name] = drawDistinct(rng, set.from, set.to, set.pick).sort(ascending);
  }
  const entryType = type === 'random' ? (game.ordered ? 'strike_standard' : 'standard') : type;
  return { gameType: entryType, sets };
}
