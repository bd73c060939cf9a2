import { describe, expect, it } from 'vitest';
import {
  GAME_KEYS,
  GameTypeNotOfferedError,
  NOT_OFFERED_GAME_TYPES,
  UnknownGameError,
  assertGameTypeOffered,
  getGame,
  type GameKey,
} from './index.ts';
import { scoreLine } from './scoring.ts';
import { fixedResult, lineWith } from './test-support.ts';

// [main matched, supps matched, bonus matched, expected division or null]
type Case = [number, number, number, number | null];
const TABLES: Record<GameKey, Case[]> = {
  'oz-lotto': [
    [7, 0, 0, 1],
    [6, 1, 0, 2],
    [6, 0, 0, 3],
    [5, 2, 0, 4],
    [5, 1, 0, 4],
    [5, 0, 0, 5],
    [4, 3, 0, 6],
    [4, 0, 0, 6],
    [3, 1, 0, 7],
    [3, 3, 0, 7],
    [3, 0, 0, null],
    [2, 3, 0, null],
    [0, 0, 0, null],
  ],
  powerball: [
    [7, 0, 1, 1],
    [7, 0, 0, 2],
    [6, 0, 1, 3],
    [6, 0, 0, 4],
    [5, 0, 1, 5],
    [4, 0, 1, 6],
    [5, 0, 0, 7],
    [3, 0, 1, 8],
    [2, 0, 1, 9],
    [4, 0, 0, null],
    [3, 0, 0, null],
    [2, 0, 0, null],
    [1, 0, 1, null],
    [0, 0, 1, null],
  ],
  'saturday-lotto': [
    [6, 0, 0, 1],
    [5, 1, 0, 2],
    [5, 0, 0, 3],
    [4, 2, 0, 4],
    [4, 0, 0, 4],
    [3, 1, 0, 5],
    [3, 2, 0, 5],
    [3, 0, 0, 6],
    [2, 2, 0, null],
    [1, 2, 0, null],
    [2, 0, 0, null],
  ],
  'weekday-windfall': [
    [6, 0, 0, 1],
    [5, 1, 0, 2],
    [5, 0, 0, 3],
    [4, 0, 0, 4],
    [4, 2, 0, 4],
    [3, 1, 0, 5],
    [3, 2, 0, 5],
    [3, 0, 0, null],
    [2, 2, 0, 6],
    [1, 2, 0, 6],
    [2, 1, 0, null],
    [0, 2, 0, null],
    [1, 1, 0, null],
  ],
  'set-for-life': [
    [7, 0, 0, 1],
    [6, 1, 0, 2],
    [6, 0, 0, 3],
    [5, 1, 0, 4],
    [5, 0, 0, 5],
    [4, 2, 0, 6],
    [4, 0, 0, 7],
    [3, 1, 0, 8],
    [3, 0, 0, null],
    [2, 2, 0, null],
  ],
  'lotto-strike': [
    [4, 0, 0, 1],
    [3, 0, 0, 2],
    [2, 0, 0, 3],
    [1, 0, 0, 4],
    [0, 0, 0, null],
  ],
  'uk-lotto': [
    [6, 0, 0, 1],
    [5, 1, 0, 2],
    [5, 0, 0, 3],
    [4, 1, 0, 4],
    [4, 0, 0, 4],
    [3, 0, 0, 5],
    [2, 1, 0, 6],
    [1, 1, 0, null],
  ],
  euromillions: [
    [5, 0, 2, 1],
    [5, 0, 1, 2],
    [5, 0, 0, 3],
    [4, 0, 2, 4],
    [4, 0, 1, 5],
    [3, 0, 2, 6],
    [4, 0, 0, 7],
    [2, 0, 2, 8],
    [3, 0, 1, 9],
    [3, 0, 0, 10],
    [1, 0, 2, 11],
    [2, 0, 1, 12],
    [2, 0, 0, 13],
    [1, 0, 1, null],
    [0, 0, 2, null],
  ],
};

describe('division table per game', () => {
  for (const key of GAME_KEYS) {
    const game = getGame(key);
    const result = fixedResult(game);
    it.each(TABLES[key])(`${key}: %i main + %i supps + %i bonus -> division %s`, (main, supps, bonus, division) => {
      expect(scoreLine(game, result, lineWith(game, result, main, supps, bonus))).toBe(division);
    });
    it(`${key}: the table covers every division`, () => {
      const covered = new Set(TABLES[key].map((c) => c[3]).filter((d) => d !== null));
      expect([...covered].sort((a, b) => a! - b!)).toEqual(game.divisions.map((d) => d.division));
    });
  }

  it('Powerball: 4 + Powerball (D6) ranks above 5 without it (D7)', () => {
    const game = getGame('powerball');
    const ranks = game.divisions.map((d) => d.label);
    expect(ranks.indexOf('4 + Powerball')).toBeLessThan(ranks.indexOf('5'));
  });

  it('Strike counts numbers in position only', () => {
    const game = getGame('lotto-strike');
    const result = { numbers: [10, 20, 30, 40], supplementaries: [] };
    expect(scoreLine(game, result, { sets: { numbers: [40, 30, 20, 10] } })).toBeNull();
    expect(scoreLine(game, result, { sets: { numbers: [10, 30, 20, 40] } })).toBe(3);
    expect(scoreLine(game, result, { sets: { numbers: [10, 20, 30, 41] } })).toBe(2);
  });

  it('Saturday Lotto before draw 4093 paid division 6 for 1 or 2 numbers with both supplementaries', () => {
    const old = getGame('saturday-lotto', 4092);
    const result = fixedResult(old);
    expect(old.effectiveFromDrawNo).toBe(1);
    expect(scoreLine(old, result, lineWith(old, result, 2, 2))).toBe(6);
    expect(scoreLine(old, result, lineWith(old, result, 3, 0))).toBeNull();
    expect(scoreLine(getGame('saturday-lotto', 4093), result, lineWith(old, result, 3, 0))).toBe(6);
  });
});

describe('getGame versions', () => {
  it('picks the rules in effect at the draw number', () => {
    expect(getGame('oz-lotto', 1473).numberSets[0]).toMatchObject({ from: 1, to: 45, pick: 7 });
    expect(getGame('oz-lotto', 1473).supplementaries).toBe(2);
    expect(getGame('oz-lotto', 1474).numberSets[0]).toMatchObject({ to: 47 });
    expect(getGame('oz-lotto', 1474).supplementaries).toBe(3);
    expect(getGame('oz-lotto')).toBe(getGame('oz-lotto', 99_999));
    expect(getGame('powerball', 1409).effectiveFromDrawNo).toBe(1144);
    expect(getGame('powerball', 1410).effectiveFromDrawNo).toBe(1410);
    expect(getGame('set-for-life', 5).effectiveFromDrawNo).toBe(1691);
  });

  it('has the prices, minimums and schedules of games.md', () => {
    expect(getGame('oz-lotto')).toMatchObject({
      priceCents: 155,
      drawDays: [2],
      timeZone: 'Australia/Sydney',
      currency: 'AUD',
    });
    expect(getGame('powerball')).toMatchObject({ priceCents: 120, drawDays: [4] });
    expect(getGame('saturday-lotto')).toMatchObject({ priceCents: 85, minGames: 4, drawDays: [6] });
    expect(getGame('weekday-windfall')).toMatchObject({
      price: { games: 4, cents: 270 },
      minGames: 4,
      drawDays: [1, 3, 5],
    });
    expect(getGame('uk-lotto')).toMatchObject({ priceCents: 200, currency: 'GBP', region: 'GB', drawDays: [3, 6] });
    expect(getGame('euromillions')).toMatchObject({ priceCents: 250, drawDays: [2, 5] });
    expect(getGame('euromillions').divisions).toHaveLength(13);
  });

  it('rejects unknown games and names game types that are not offered', () => {
    expect(() => getGame('keno' as GameKey)).toThrow(UnknownGameError);
    for (const type of NOT_OFFERED_GAME_TYPES) {
      expect(() => assertGameTypeOffered(getGame('powerball'), type)).toThrow(GameTypeNotOfferedError);
    }
    expect(() => assertGameTypeOffered(getGame('powerball'), 'mega_combo')).toThrow(
      'Powerball mega combo games are not offered',
    );
    expect(() => assertGameTypeOffered(getGame('oz-lotto'), 'powerhit')).toThrow(GameTypeNotOfferedError);
  });
});
