// Where results come from (DESIGN §7, §9): a ResultsProvider answers the result of a closed draw. The simulated
// provider (CSPRNG numbers, dividends from the game's prize table) is the default; the file importer
// (results-import.ts) and the operator's manual entry (cli draw:result) record results directly.
import {
  cryptoRandom,
  getGame,
  seededRandom,
  simulateDividends,
  simulateResult,
  type DrawResult,
  type GameDefinition,
  type GameKey,
  type RandomSource,
} from '@shop/lottery';
import type { Dividend, DrawSummary, ResultSource } from './draws.service.ts';

export interface ProvidedResult {
  result: DrawResult;
  dividends: Dividend[];
}

export interface ResultsProvider {
  readonly source: ResultSource;
  /** The result of a closed draw, or null while the source has none yet (the clock asks again next tick). */
  resultFor(draw: Pick<DrawSummary, 'gameKey' | 'drawNo' | 'jackpotCents'>): Promise<ProvidedResult | null>;
}

/** Games sold nationally per draw, for simulated winner counts (order of magnitude of the operators' sales). */
const NATIONAL_GAMES: Record<GameKey, number> = {
  'oz-lotto': 15_000_000,
  powerball: 30_000_000,
  'saturday-lotto': 12_000_000,
  'weekday-windfall': 3_000_000,
  'set-for-life': 1_500_000,
  'lotto-strike': 1_000_000,
  'uk-lotto': 15_000_000,
  euromillions: 20_000_000,
};

/**
 * Winners per division across the lottery, drawn around the expectation sales / odds: a division whose expected
 * count is small (the jackpot) is won by 0, 1 or 2 players; the others vary by up to +-25 %.
 */
export function simulateWinners(game: GameDefinition, rng: RandomSource): Map<number, number> {
  const sales = NATIONAL_GAMES[game.key];
  const winners = new Map<number, number>();
  for (const d of game.divisions) {
    if (!d.odds) continue;
    const expected = sales / d.odds;
    if (expected < 3) {
      let n = 0;
      // Three Bernoulli trials with p = expected / 3: mean `expected`, at most 3 winners.
      for (let i = 0; i < 3; i++) if (rng.int(1_000_000) < (expected / 3) * 1_000_000) n++;
      winners.set(d.division, n);
    } else {
      winners.set(d.division, Math.max(1, Math.round(expected * (0.75 + rng.int(51) / 100))));
    }
  }
  return winners;
}

/** Dividends for a result: prizes from the game's prize table, winners simulated. */
export function simulatedDividends(
  game: GameDefinition,
  result: DrawResult,
  jackpotCents: number | null,
  rng: RandomSource,
): Dividend[] {
  const winners = simulateWinners(game, rng);
  return simulateDividends(game, result, jackpotCents ?? 0, winners).map((d) => ({
    division: d.division,
    prizeCents: d.prizeCents,
    winners: winners.get(d.division) ?? null,
  }));
}

/** FNV-1a of a text: a stable 32-bit seed per draw. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface SimulatedProviderOptions {
  /** Random source per draw; CSPRNG by default. */
  random?: (draw: Pick<DrawSummary, 'gameKey' | 'drawNo'>) => RandomSource;
}

export function createSimulatedResultsProvider(options: SimulatedProviderOptions = {}): ResultsProvider {
  const randomFor = options.random ?? (() => cryptoRandom);
  return {
    source: 'simulated',
    async resultFor(draw) {
      const game = getGame(draw.gameKey, draw.drawNo);
      const rng = randomFor(draw);
      const result = simulateResult(game, rng);
      return { result, dividends: simulatedDividends(game, result, draw.jackpotCents, rng) };
    },
  };
}

/** The simulated provider with a fixed seed: the same draw always gets the same result (seed data, tests). */
export function createSeededResultsProvider(seed: number): ResultsProvider {
  return createSimulatedResultsProvider({
    random: (draw) => seededRandom(seedOf(`${seed}:${draw.gameKey}:${draw.drawNo}`)),
  });
}
