// Builders shared by the engine's tests: a fixed result per game and lines with chosen match counts against it.
import { mainSet } from './games.ts';
import type { DrawResult, GameDefinition, Line } from './types.ts';

export function fixedResult(game: GameDefinition): DrawResult {
  const main = mainSet(game);
  const numbers = Array.from({ length: main.pick }, (_, i) => main.from + i);
  const supplementaries = Array.from({ length: game.supplementaries }, (_, i) => main.from + main.pick + i);
  const result: DrawResult = { numbers, supplementaries };
  const bonus = game.numberSets.slice(1);
  if (bonus.length > 0)
    result.bonus = Object.fromEntries(
      bonus.map((rule) => [rule.name, Array.from({ length: rule.pick }, (_, i) => rule.from + i)]),
    );
  return result;
}

/** A line matching `main` winning numbers, `supps` supplementaries and `bonus` numbers of the first bonus set. */
export function lineWith(game: GameDefinition, result: DrawResult, main: number, supps = 0, bonus = 0): Line {
  const rule = mainSet(game);
  const others: number[] = [];
  for (let n = rule.to; others.length < rule.pick; n--) {
    if (!result.numbers.includes(n) && !result.supplementaries.includes(n)) others.push(n);
  }
  const picked = [...result.numbers.slice(0, main), ...result.supplementaries.slice(0, supps)];
  const numbers = [...picked, ...others].slice(0, rule.pick);
  const sets: Record<string, number[]> = { [rule.name]: game.ordered ? numbers : numbers.sort((a, b) => a - b) };
  for (const set of game.numberSets.slice(1)) {
    const drawn = result.bonus![set.name]!;
    const miss: number[] = [];
    for (let n = set.to; miss.length < set.pick; n--) if (!drawn.includes(n)) miss.push(n);
    sets[set.name] = [...drawn.slice(0, bonus), ...miss].slice(0, set.pick).sort((a, b) => a - b);
  }
  return { sets };
}
