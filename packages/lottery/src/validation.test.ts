import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GAME_KEYS,
  cryptoRandom,
  getGame,
  normaliseNumberSet,
  quickPick,
  seededRandom,
  simulateDividends,
  simulateResult,
  validateResult,
  validateTicket,
  checkEntry,
} from './index.ts';

describe('validateTicket (features §5)', () => {
  const sat = getGame('saturday-lotto');
  const line = (numbers: Array<number | null>) => ({ sets: { numbers } });

  it('accepts minGames complete games and ignores blank ones', () => {
    const games = [
      line([1, 2, 3, 4, 5, 6]),
      line([7, 8, 9, 10, 11, 12]),
      line([13, 14, 15, 16, 17, 18]),
      line([6, 5, 4, 3, 2, 1]),
      line([null, null, null, null, null, null]),
    ];
    const result = validateTicket(sat, { gameType: 'standard', games });
    expect(result).toMatchObject({ valid: true, fieldErrors: {} });
    expect(result.entries).toHaveLength(4);
    expect(result.entries[3]!.sets.numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('names the game index and number set of every problem', () => {
    const pb = getGame('powerball');
    const result = validateTicket(pb, {
      gameType: 'standard',
      games: [
        { sets: { numbers: [1, 2, 3, 4, 5, 6, null], powerball: [3] } },
        { sets: { numbers: [1, 2, 3, 4, 5, 6, 36], powerball: [21] } },
        { sets: { numbers: [1, 1, 3, 4, 5, 6, 7], powerball: [null] } },
      ],
    });
    expect(result.valid).toBe(false);
    expect(result.fieldErrors).toEqual({
      'games.0.numbers': ['Choose 7 Numbers from 1 to 35'],
      'games.1.numbers': ['Numbers must be between 1 and 35'],
      'games.1.powerball': ['Powerball must be between 1 and 20'],
      'games.2.numbers': ['Numbers must not repeat'],
      'games.2.powerball': ['Choose 1 Powerball from 1 to 20'],
      games: ['Choose at least 1 complete game'],
    });
  });

  it('requires minGames, a day where days are selectable and a cause where causes exist', () => {
    const result = validateTicket(
      sat,
      { gameType: 'standard', games: [line([1, 2, 3, 4, 5, 6])], day: null },
      { selectableDays: ['mon', 'wed'], causes: ['c1'] },
    );
    expect(result.fieldErrors).toEqual({
      games: ['Choose at least 4 complete games'],
      day: ['This field is required.'],
      cause_key: ['This field is required.'],
    });
  });

  it('answers game types that are not offered on game_type', () => {
    expect(validateTicket(sat, { gameType: 'mega_combo', games: [] }).fieldErrors).toEqual({
      game_type: ['Saturday Lotto mega combo games are not offered'],
    });
    expect(validateTicket(sat, { gameType: 'nonsense', games: [] }).valid).toBe(false);
  });

  it('takes system sizes and rejects non-integers', () => {
    const oz = getGame('oz-lotto');
    expect(validateTicket(oz, { gameType: 'system', games: [line([1, 2, 3, 4, 5, 6, 7, 8, 9])] }).valid).toBe(true);
    expect(
      validateTicket(oz, { gameType: 'system', games: [line([1, 2, 3, 4, 5, 6, 7])] }).fieldErrors['games.0.numbers'],
    ).toEqual(['Choose 8 to 20 Numbers from 1 to 47']);
    expect(
      validateTicket(oz, { gameType: 'standard', games: [line([1.5, 2, 3, 4, 5, 6, 7])] }).fieldErrors[
        'games.0.numbers'
      ],
    ).toEqual(['Please enter numbers only.']);
  });
});

describe('normaliseNumberSet', () => {
  it('pads with nulls and trims nulls first, then non-favourites, keeping order', () => {
    expect(normaliseNumberSet([1, 2], 4)).toEqual([1, 2, null, null]);
    expect(normaliseNumberSet([1, null, 2, null], 2)).toEqual([1, 2]);
    expect(normaliseNumberSet([5, 9, 7, 3], 2, [7, 3])).toEqual([7, 3]);
    expect(normaliseNumberSet([5, 9, 7, 3], 3, [5])).toEqual([5, 9, 7]);
  });

  it('property: always the requested size, keeping favourites that fit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 45 }), { nil: null }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 10 }),
        (values, size) => {
          const favourites = values.filter((v): v is number => v !== null && v % 2 === 0);
          const out = normaliseNumberSet(values, size, favourites);
          expect(out).toHaveLength(size);
          const keptFavourites = out.filter((v) => v !== null && favourites.includes(v)).length;
          expect(keptFavourites).toBe(
            Math.min(size, values.filter((v) => v !== null && favourites.includes(v)).length),
          );
        },
      ),
    );
  });
});

describe('quickPick, results and dividends', () => {
  it('quickpicks valid entries with the CSPRNG and reproducibly with a seed', () => {
    for (const key of GAME_KEYS) {
      const game = getGame(key);
      expect(() => checkEntry(game, quickPick(game, cryptoRandom))).not.toThrow();
      expect(quickPick(game, seededRandom(7))).toEqual(quickPick(game, seededRandom(7)));
    }
    const hit = quickPick(getGame('powerball'), cryptoRandom, 'powerhit', { size: 9 });
    expect(hit.sets.numbers).toHaveLength(9);
    expect(hit.sets.powerball).toBeUndefined();
    expect(() => quickPick(getGame('oz-lotto'), cryptoRandom, 'lotto_party')).toThrow(
      'Oz Lotto lotto party games are not offered',
    );
  });

  it('seeded source is uniform enough over many draws', () => {
    const rng = seededRandom(42);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(10)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  it('simulated results are valid results', () => {
    for (const key of GAME_KEYS) {
      const game = getGame(key);
      for (let seed = 0; seed < 50; seed++)
        expect(validateResult(game, simulateResult(game, seededRandom(seed)))).toBeNull();
    }
  });

  it('validateResult names the broken rule', () => {
    const oz = getGame('oz-lotto');
    const ok = { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [8, 9, 10] };
    expect(validateResult(oz, ok)).toBeNull();
    expect(validateResult(oz, { ...ok, numbers: [1, 2, 3, 4, 5, 6] })).toBe(
      'Oz Lotto needs 7 main numbers between 1 and 47',
    );
    expect(validateResult(oz, { ...ok, numbers: [1, 2, 3, 4, 5, 6, 48] })).toBe(
      'Oz Lotto needs 7 main numbers between 1 and 47',
    );
    expect(validateResult(oz, { ...ok, numbers: [1, 1, 3, 4, 5, 6, 7] })).toBe(
      'Oz Lotto main numbers must all be different',
    );
    expect(validateResult(oz, { ...ok, supplementaries: [7, 8, 9] })).toBe(
      'Oz Lotto supplementary numbers must differ from the main numbers',
    );
    expect(validateResult(oz, { ...ok, supplementaries: [8, 9] })).toBe(
      'Oz Lotto needs 3 supplementary numbers between 1 and 47',
    );
    const pb = getGame('powerball');
    expect(
      validateResult(pb, { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [], bonus: { powerball: [7] } }),
    ).toBeNull();
    expect(validateResult(pb, { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [] })).toBe(
      'Powerball needs 1 Powerball between 1 and 20',
    );
    expect(
      validateResult(pb, {
        numbers: [1, 2, 3, 4, 5, 6, 7],
        supplementaries: [],
        bonus: { powerball: [7], stars: [1] },
      }),
    ).toBe('Powerball has no stars numbers');
  });

  it('simulated dividends follow the prize table', () => {
    const oz = getGame('oz-lotto');
    const rows = simulateDividends(oz, simulateResult(oz, seededRandom(1)), 1_000_000_000, { 1: 2 });
    expect(rows.map((r) => r.division)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows[0]!.prizeCents).toBe(500_000_000);
    for (let i = 1; i < rows.length; i++)
      expect(Number.isInteger(rows[i]!.prizeCents) && rows[i]!.prizeCents > 0).toBe(true);
    // Higher divisions pay more per winner than lower ones.
    expect(rows[1]!.prizeCents).toBeGreaterThan(rows[2]!.prizeCents);
    expect(rows[4]!.prizeCents).toBeGreaterThan(rows[5]!.prizeCents);
    const sfl = getGame('set-for-life');
    const sflRows = simulateDividends(sfl, simulateResult(sfl, seededRandom(1)), 0, new Map([[1, 8]]));
    expect(sflRows[0]!.prizeCents).toBe((480_000_000 * 4) / 8);
    const strike = getGame('lotto-strike');
    expect(simulateDividends(strike, simulateResult(strike, seededRandom(1)), 10_000_000).at(-1)).toEqual({
      division: 4,
      prizeCents: 100,
    });
  });
});
