// Simulated draws and dividends for the simulated results provider. Dividends follow the prize table of games.md:
// jackpot divisions pay the jackpot, fixed divisions their amount (shared past their winner cap), pool divisions their
// share of an estimated prize pool divided among the estimated national winners.
import { drawDistinct } from './random.ts';
import { mainSet } from './games.ts';
import { divisionLineCounts } from './scoring.ts';
import type { DividendRow, DrawResult, GameDefinition, RandomSource } from './types.ts';

/** games.md: at least 55% of sales go to prizes. */
export const PRIZE_SHARE_OF_SALES = 0.55;
/** National sales assumed when the jackpot gives no pool estimate (games without a jackpot pool share). */
export const NOMINAL_GAMES_SOLD = 10_000_000;

export function simulateResult(game: GameDefinition, rng: RandomSource): DrawResult {
  const main = mainSet(game);
  const drawn = drawDistinct(rng, main.from, main.to, main.pick + game.supplementaries);
  const numbers = drawn.slice(0, main.pick);
  const result: DrawResult = {
    numbers: game.ordered ? numbers : numbers.sort((a, b) => a - b),
    supplementaries: drawn.slice(main.pick),
  };
  const bonusRules = game.numberSets.slice(1);
  if (bonusRules.length > 0) {
    result.bonus = Object.fromEntries(
      bonusRules.map((rule) => [rule.name, drawDistinct(rng, rule.from, rule.to, rule.pick).sort((a, b) => a - b)]),
    );
  }
  return result;
}

/**
 * Prize per winning game for each division. `winnersByDivision` are the shop's own winners; a division is shared
 * among at least the national winners expected from the estimated sales. Amounts are floored to whole cents.
 */
export function simulateDividends(
  game: GameDefinition,
  _result: DrawResult,
  jackpotCents: number,
  winnersByDivision: ReadonlyMap<number, number> | Readonly<Record<number, number>> = {},
): DividendRow[] {
  if (!Number.isInteger(jackpotCents) || jackpotCents < 0)
    throw new RangeError('jackpotCents must be whole non-negative cents');
  const winners = (division: number): number =>
    winnersByDivision instanceof Map
      ? (winnersByDivision.get(division) ?? 0)
      : ((winnersByDivision as Record<number, number>)[division] ?? 0);
  const pricePerGame = game.price.cents / game.price.games;
  const jackpotRule = game.divisions.find((d) => d.prize.kind === 'jackpot' && d.prize.percent !== undefined);
  const poolCents =
    jackpotRule && jackpotRule.prize.kind === 'jackpot' && jackpotRule.prize.percent && jackpotCents > 0
      ? (jackpotCents * 100) / jackpotRule.prize.percent
      : NOMINAL_GAMES_SOLD * pricePerGame * PRIZE_SHARE_OF_SALES;
  const gamesSold = poolCents / (pricePerGame * PRIZE_SHARE_OF_SALES);
  const { total, lines } = divisionLineCounts(game);
  return game.divisions.map((rule) => {
    const shopWinners = winners(rule.division);
    const expected = Math.round((gamesSold * (lines.get(rule.division) ?? 0)) / total);
    let prizeCents: number;
    switch (rule.prize.kind) {
      case 'jackpot':
        prizeCents = jackpotCents / Math.max(1, shopWinners);
        break;
      case 'fixed': {
        const cap = rule.prize.capWinners;
        prizeCents = cap !== undefined && shopWinners > cap ? (rule.prize.cents * cap) / shopWinners : rule.prize.cents;
        break;
      }
      case 'free_entry':
        prizeCents = game.price.cents / game.price.games;
        break;
      case 'pool':
        prizeCents = (poolCents * rule.prize.percent) / 100 / Math.max(1, shopWinners, expected);
        break;
    }
    return { division: rule.division, prizeCents: Math.floor(prizeCents) };
  });
}
