// The per-line prize settlement pays: masked single lines and combinatorial entries agree with scoring every game
// one by one, prizes are winning games × dividend, and a division without a dividend is won for 0.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createLinePrizer,
  encodeLineWords,
  expandEntry,
  getGame,
  scoreLine,
  seededRandom,
  simulateResult,
  type Entry,
} from './index.ts';

const oz = getGame('oz-lotto');
const RESULT = { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [8, 9, 10] };
const DIVIDENDS = [1, 2, 3, 4, 5, 6, 7].map((division) => ({ division, prizeCents: division * 1000 }));

describe('createLinePrizer', () => {
  const prize = createLinePrizer(oz, RESULT, DIVIDENDS);

  it('scores a masked line from its words: division 1 pays its dividend, a losing line is null', () => {
    const win = { sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } };
    expect(prize({ words: encodeLineWords(oz, win), gameType: 'standard', sets: {} })).toEqual({
      division: 1,
      divisions: { 1: 1 },
      prizeCents: 1000,
    });
    const lose = { sets: { numbers: [20, 21, 22, 23, 24, 25, 26] } };
    expect(prize({ words: encodeLineWords(oz, lose), gameType: 'standard', sets: {} })).toBeNull();
  });

  it('pays a system entry every winning game × its division dividend, best division first', () => {
    const system8: Entry = { gameType: 'system', sets: { numbers: [1, 2, 3, 4, 5, 6, 7, 8] } };
    const won = prize({ words: null, ...system8 })!;
    expect(won.division).toBe(1);
    const expected = new Map<number, number>();
    for (const line of expandEntry(oz, system8)) {
      const d = scoreLine(oz, RESULT, line);
      if (d !== null) expected.set(d, (expected.get(d) ?? 0) + 1);
    }
    expect(won.divisions).toEqual(Object.fromEntries([...expected].map(([d, n]) => [String(d), n])));
    expect(won.prizeCents).toBe([...expected].reduce((s, [d, n]) => s + n * d * 1000, 0));
  });

  it('records a division without a dividend as won for nothing', () => {
    const noDividends = createLinePrizer(oz, RESULT, []);
    const win = { sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } };
    expect(noDividends({ words: encodeLineWords(oz, win), gameType: 'standard', sets: {} })).toEqual({
      division: 1,
      divisions: { 1: 1 },
      prizeCents: 0,
    });
  });

  it('agrees with scoring the expanded games for random results and lines (masked and not)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const result = simulateResult(oz, seededRandom(a));
        const line = { sets: { numbers: simulateResult(oz, seededRandom(b)).numbers } };
        const masked = createLinePrizer(
          oz,
          result,
          DIVIDENDS,
        )({ words: encodeLineWords(oz, line), gameType: 'standard', sets: {} });
        const plain = createLinePrizer(oz, result, DIVIDENDS)({ words: null, gameType: 'standard', sets: line.sets });
        const d = scoreLine(oz, result, line);
        expect(masked?.division ?? null).toBe(d);
        expect(plain?.division ?? null).toBe(d);
        expect(masked?.prizeCents ?? 0).toBe(d === null ? 0 : d * 1000);
      }),
      { numRuns: 200 },
    );
  });
});
