// Reference scoring: a line's division from its match counts, and an entry's winning games per division counted
// combinatorially (a System 20 is 77,520 games but only a few dozen (main, supp) match classes).
import { binomial, permutations, permutationsOf } from './combinatorics.ts';
import { mainSet } from './games.ts';
import { checkEntry } from './systems.ts';
import type { DivisionRule, DrawResult, Entry, GameDefinition, Line, NumberSetName } from './types.ts';

export type BonusMatches = Partial<Record<NumberSetName, number>>;

/** The division a game line with these match counts wins (the first rule it meets, in rank order), or null. */
export function divisionFor(
  game: GameDefinition,
  main: number,
  supps: number,
  bonus: BonusMatches = {},
): number | null {
  return ruleFor(game.divisions, main, supps, bonus)?.division ?? null;
}

function ruleFor(
  divisions: readonly DivisionRule[],
  main: number,
  supps: number,
  bonus: BonusMatches,
): DivisionRule | undefined {
  outer: for (const rule of divisions) {
    if (!rule.main.includes(main)) continue;
    if (rule.minSupps !== undefined && supps < rule.minSupps) continue;
    if (rule.bonus) {
      for (const [name, count] of Object.entries(rule.bonus)) {
        if ((bonus[name as NumberSetName] ?? 0) !== count) continue outer;
      }
    }
    return rule;
  }
  return undefined;
}

/** Reasons a result breaks the game's rules, as one human sentence, or null when it is a valid result. */
export function validateResult(game: GameDefinition, result: DrawResult): string | null {
  if (typeof result !== 'object' || result === null) return `${game.name} result must list its numbers`;
  const main = mainSet(game);
  const inRange = (values: unknown, from: number, to: number, count: number): values is number[] =>
    Array.isArray(values) &&
    values.length === count &&
    values.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= from && v <= to);
  const distinct = (values: number[]) => new Set(values).size === values.length;
  const mainText = `${game.name} needs ${main.pick} main numbers between ${main.from} and ${main.to}`;
  if (!inRange(result.numbers, main.from, main.to, main.pick))
    return game.ordered ? `${mainText}, in the order drawn` : mainText;
  if (!distinct(result.numbers)) return `${game.name} main numbers must all be different`;
  const supps = result.supplementaries ?? [];
  if (!inRange(supps, main.from, main.to, game.supplementaries)) {
    return game.supplementaries === 0
      ? `${game.name} has no supplementary numbers`
      : `${game.name} needs ${game.supplementaries} supplementary number${game.supplementaries === 1 ? '' : 's'} between ${main.from} and ${main.to}`;
  }
  if (!distinct(supps)) return `${game.name} supplementary numbers must all be different`;
  if (supps.some((s) => result.numbers.includes(s)))
    return `${game.name} supplementary numbers must differ from the main numbers`;
  const bonus = result.bonus ?? {};
  for (const name of Object.keys(bonus)) {
    if (!game.numberSets.slice(1).some((rule) => rule.name === name))
      return `${game.name} has no ${name.replace(/_/g, ' ')} numbers`;
  }
  for (const rule of game.numberSets.slice(1)) {
    const values = bonus[rule.name];
    if (!inRange(values, rule.from, rule.to, rule.pick)) {
      return `${game.name} needs ${rule.pick} ${rule.label} between ${rule.from} and ${rule.to}`;
    }
    if (!distinct(values)) return `${game.name} ${rule.label} must all be different`;
  }
  return null;
}

function countIn(values: readonly number[], winning: readonly number[]): number {
  let count = 0;
  for (const value of values) if (winning.includes(value)) count++;
  return count;
}

function bonusMatches(game: GameDefinition, result: DrawResult, sets: Record<string, number[]>): BonusMatches {
  const matches: BonusMatches = {};
  for (const rule of game.numberSets.slice(1))
    matches[rule.name] = countIn(sets[rule.name] ?? [], result.bonus?.[rule.name] ?? []);
  return matches;
}

function orderedMatches(picked: readonly number[], drawn: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < picked.length; i++) if (picked[i] === drawn[i]) count++;
  return count;
}

/** Division won by one game line (checked against the game's rules first), or null for no win. */
export function scoreLine(game: GameDefinition, result: DrawResult, line: Line): number | null {
  checkEntry(game, { gameType: game.ordered ? 'strike_standard' : 'standard', sets: line.sets });
  const picked = line.sets[mainSet(game).name]!;
  if (game.ordered) return divisionFor(game, orderedMatches(picked, result.numbers), 0);
  return divisionFor(
    game,
    countIn(picked, result.numbers),
    countIn(picked, result.supplementaries),
    bonusMatches(game, result, line.sets),
  );
}

function add(map: Map<number, number>, division: number | null, count: number): void {
  if (division === null || count === 0) return;
  map.set(division, (map.get(division) ?? 0) + count);
}

/** Ways to match each bonus-set count when every pick of the set is played (PowerHit): [matches, ways][] per set. */
function bonusDistribution(game: GameDefinition, result: DrawResult): Array<{ matches: BonusMatches; ways: number }> {
  let out: Array<{ matches: BonusMatches; ways: number }> = [{ matches: {}, ways: 1 }];
  for (const rule of game.numberSets.slice(1)) {
    const size = rule.to - rule.from + 1;
    const winning = result.bonus?.[rule.name]?.length ?? 0;
    const next: typeof out = [];
    for (const prior of out) {
      for (let b = 0; b <= rule.pick; b++) {
        const ways = binomial(winning, b) * binomial(size - winning, rule.pick - b);
        if (ways > 0) next.push({ matches: { ...prior.matches, [rule.name]: b }, ways: prior.ways * ways });
      }
    }
    out = next;
  }
  return out;
}

/**
 * Winning games per division in an entry. Systems and PowerHit count the C(a,m) x C(s,t) x C(rest, k-m-t) games
 * of each match class instead of expanding the entry.
 */
export function scoreEntry(game: GameDefinition, result: DrawResult, entry: Entry): Map<number, number> {
  const checked = checkEntry(game, entry);
  const main = mainSet(game);
  const picked = checked.sets[main.name]!;
  const wins = new Map<number, number>();
  switch (checked.gameType) {
    case 'strike_boxed':
      for (const order of permutationsOf(picked))
        add(wins, divisionFor(game, orderedMatches(order, result.numbers), 0), 1);
      return wins;
    case 'strike_standard':
      add(wins, divisionFor(game, orderedMatches(picked, result.numbers), 0), 1);
      return wins;
    case 'standard':
    case 'random':
      add(
        wins,
        divisionFor(
          game,
          countIn(picked, result.numbers),
          countIn(picked, result.supplementaries),
          bonusMatches(game, result, checked.sets),
        ),
        1,
      );
      return wins;
    default: {
      const a = countIn(picked, result.numbers);
      const s = countIn(picked, result.supplementaries);
      const rest = picked.length - a - s;
      const k = main.pick;
      const bonuses =
        checked.gameType === 'powerhit'
          ? bonusDistribution(game, result)
          : [{ matches: bonusMatches(game, result, checked.sets), ways: 1 }];
      for (let m = 0; m <= Math.min(a, k); m++) {
        for (let t = 0; t <= Math.min(s, k - m); t++) {
          const games = binomial(a, m) * binomial(s, t) * binomial(rest, k - m - t);
          if (games === 0) continue;
          for (const bonus of bonuses) add(wins, divisionFor(game, m, t, bonus.matches), games * bonus.ways);
        }
      }
      return wins;
    }
  }
}

/**
 * Exact number of possible game lines winning each division, and the number of possible lines: the odds of
 * division d are 1 in total / lines(d). Used to check the published odds and to estimate national winners.
 */
export function divisionLineCounts(game: GameDefinition): { total: number; lines: Map<number, number> } {
  const main = mainSet(game);
  const size = main.to - main.from + 1;
  const lines = new Map<number, number>();
  if (game.ordered) {
    const k = main.pick;
    // Exactly j of k positions right, by inclusion-exclusion over which positions match.
    for (let j = 0; j <= k; j++) {
      let exact = 0;
      for (let i = j; i <= k; i++)
        exact += (-1) ** (i - j) * binomial(i, j) * binomial(k, i) * permutations(size - i, k - i);
      add(lines, divisionFor(game, j, 0), exact);
    }
    return { total: permutations(size, k), lines };
  }
  const w = main.pick;
  const sCount = game.supplementaries;
  const others = size - w - sCount;
  const bonuses = bonusDistribution(game, {
    numbers: [],
    supplementaries: [],
    bonus: Object.fromEntries(
      game.numberSets.slice(1).map((rule) => [rule.name, Array.from({ length: rule.pick }, (_, i) => rule.from + i)]),
    ),
  });
  let total = binomial(size, main.pick);
  for (const rule of game.numberSets.slice(1)) total *= binomial(rule.to - rule.from + 1, rule.pick);
  for (let m = 0; m <= main.pick; m++) {
    for (let t = 0; t <= Math.min(sCount, main.pick - m); t++) {
      const ways = binomial(w, m) * binomial(sCount, t) * binomial(others, main.pick - m - t);
      for (const bonus of bonuses) add(lines, divisionFor(game, m, t, bonus.matches), ways * bonus.ways);
    }
  }
  return { total, lines };
}
