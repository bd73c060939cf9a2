// Entry shapes: how many games an entry stands for, what it costs, and (for tests and small entries) its game lines.
import { binomial, combinations, permutationsOf } from './combinatorics.ts';
import { InvalidEntryError } from './errors.ts';
import { assertGameTypeOffered, mainSet } from './games.ts';
import type { Entry, GameDefinition, Line, NumberSetRule, OfferedGameType } from './types.ts';

function checkSet(game: GameDefinition, rule: NumberSetRule, values: unknown, count: number, field: string): number[] {
  if (!Array.isArray(values) || values.length !== count) {
    throw new InvalidEntryError(`${game.name} needs ${count} ${rule.label} between ${rule.from} and ${rule.to}`, field);
  }
  const seen = new Set<number>();
  for (const value of values) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.from || value > rule.to) {
      throw new InvalidEntryError(
        `${game.name} needs ${count} ${rule.label} between ${rule.from} and ${rule.to}`,
        field,
      );
    }
    if (seen.has(value)) throw new InvalidEntryError(`${rule.label} must not repeat (${value})`, field);
    seen.add(value);
  }
  return values as number[];
}

/** Main-number count an entry of this type must have: a range for systems and PowerHit, else exactly pick. */
export function mainCountRange(game: GameDefinition, gameType: OfferedGameType): { min: number; max: number } {
  const pick = mainSet(game).pick;
  if (gameType === 'system' || gameType === 'reduced_system') return game.systems ?? { min: pick, max: pick };
  if (gameType === 'powerhit') return game.powerHit ?? { min: pick, max: pick };
  return { min: pick, max: pick };
}

/**
 * Checks an entry against the game (type offered, set sizes, ranges, duplicates) and returns it typed; throws
 * GameTypeNotOfferedError or InvalidEntryError (whose `field` names the number set).
 */
export function checkEntry(game: GameDefinition, entry: Entry): Entry & { gameType: OfferedGameType } {
  assertGameTypeOffered(game, entry.gameType);
  const gameType = entry.gameType;
  const main = mainSet(game);
  const mainValues = entry.sets?.[main.name];
  const range = mainCountRange(game, gameType);
  const size = Array.isArray(mainValues) ? mainValues.length : 0;
  if (range.min !== range.max && (size < range.min || size > range.max)) {
    const kind = gameType === 'powerhit' ? 'PowerHit' : 'System';
    throw new InvalidEntryError(
      `${game.name} ${kind} entries have ${range.min} to ${range.max} ${main.label}`,
      main.name,
    );
  }
  checkSet(game, main, mainValues, range.min === range.max ? range.min : size, main.name);
  for (const rule of game.numberSets.slice(1)) {
    if (gameType === 'powerhit') {
      if (entry.sets[rule.name] !== undefined && entry.sets[rule.name]!.length > 0) {
        throw new InvalidEntryError(`A PowerHit entry covers every ${rule.label}: leave it empty`, rule.name);
      }
      continue;
    }
    checkSet(game, rule, entry.sets[rule.name], rule.pick, rule.name);
  }
  const known = new Set(game.numberSets.map((rule) => rule.name));
  for (const name of Object.keys(entry.sets)) {
    if (!known.has(name as NumberSetRule['name']))
      throw new InvalidEntryError(`${game.name} has no number set "${name}"`, name);
  }
  return entry as Entry & { gameType: OfferedGameType };
}

/** Games an entry stands for: System N = C(N, k); PowerHit N = C(N, k) x every Powerball; Strike Box = 24. */
export function gamesInEntry(game: GameDefinition, entry: Entry): number {
  const checked = checkEntry(game, entry);
  const main = mainSet(game);
  const n = checked.sets[main.name]!.length;
  switch (checked.gameType) {
    case 'system':
    case 'reduced_system':
      return binomial(n, main.pick);
    case 'powerhit':
      return game.numberSets
        .slice(1)
        .reduce((games, rule) => games * binomial(rule.to - rule.from + 1, rule.pick), binomial(n, main.pick));
    case 'strike_boxed':
      return permutationsOf(checked.sets[main.name]!).length;
    default:
      return 1;
  }
}

/** Price of `games` games of this game, rounding block prices (Weekday Windfall $2.70 per 4) half up to whole cents. */
export function gamesPriceCents(game: GameDefinition, games: number, priceCents?: number): number {
  if (priceCents !== undefined) return games * priceCents;
  return Math.round((games * game.price.cents) / game.price.games);
}

/**
 * Price of `games` games from a price list's block price (`blockGames` games for `blockCents`), half up to whole cents:
 * $2.70 per 4 games makes 1 game 68c. The catalogue prices game offers with it; the back office shows a change with it.
 */
export function priceOfGames(games: number, price: { blockGames: number; blockCents: number }): number {
  return Math.floor((games * price.blockCents * 2 + price.blockGames) / (2 * price.blockGames));
}

/** Price of one entry: its games times the per-game price (a price list may override the base price). */
export function entryPriceCents(game: GameDefinition, entry: Entry, priceCents?: number): number {
  return gamesPriceCents(game, gamesInEntry(game, entry), priceCents);
}

/** Every game line an entry stands for. Materialises them all: use for tests and small entries, never in scoring. */
export function expandEntry(game: GameDefinition, entry: Entry): Line[] {
  const checked = checkEntry(game, entry);
  const main = mainSet(game);
  const bonusRules = game.numberSets.slice(1);
  const mains = checked.sets[main.name]!;
  const fixedBonus: Record<string, number[]> = {};
  for (const rule of bonusRules) if (checked.gameType !== 'powerhit') fixedBonus[rule.name] = checked.sets[rule.name]!;
  switch (checked.gameType) {
    case 'system':
    case 'reduced_system':
      return [...combinations(mains, main.pick)].map((numbers) => ({ sets: { [main.name]: numbers, ...fixedBonus } }));
    case 'powerhit': {
      const lines: Line[] = [];
      for (const numbers of combinations(mains, main.pick)) {
        let bonusChoices: Record<string, number[]>[] = [{}];
        for (const rule of bonusRules) {
          const all = Array.from({ length: rule.to - rule.from + 1 }, (_, i) => rule.from + i);
          bonusChoices = bonusChoices.flatMap((choice) =>
            [...combinations(all, rule.pick)].map((pick) => ({ ...choice, [rule.name]: pick })),
          );
        }
        for (const choice of bonusChoices) lines.push({ sets: { [main.name]: numbers, ...choice } });
      }
      return lines;
    }
    case 'strike_boxed':
      return permutationsOf(mains).map((numbers) => ({ sets: { [main.name]: numbers } }));
    default:
      return [{ sets: { ...checked.sets } }];
  }
}
