import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GAME_KEYS,
  WORDS_PER_LINE,
  createScorer,
  divisionLineCounts,
  entryPriceCents,
  expandEntry,
  gamesInEntry,
  getGame,
  scoreEntry,
  scoreLine,
  seededRandom,
  simulateResult,
  quickPick,
  encodeLine,
  writeLine,
  type Entry,
  type GameDefinition,
} from './index.ts';

const sumOfExpanded = (game: GameDefinition, result: ReturnType<typeof simulateResult>, entry: Entry) => {
  const wins = new Map<number, number>();
  for (const line of expandEntry(game, entry)) {
    const d = scoreLine(game, result, line);
    if (d !== null) wins.set(d, (wins.get(d) ?? 0) + 1);
  }
  return wins;
};

describe('systems, PowerHit and Strike Box', () => {
  it('counts games per entry type', () => {
    const oz = getGame('oz-lotto');
    const system = (n: number): Entry => ({
      gameType: 'system',
      sets: { numbers: Array.from({ length: n }, (_, i) => i + 1) },
    });
    expect([8, 9, 10, 12, 15, 20].map((n) => gamesInEntry(oz, system(n)))).toEqual([8, 36, 120, 792, 6435, 77520]);
    const sat = getGame('saturday-lotto');
    expect([7, 8, 9, 10, 12, 15, 20].map((n) => gamesInEntry(sat, system(n)))).toEqual([
      7, 28, 84, 210, 924, 5005, 38760,
    ]);
    const pb = getGame('powerball');
    const hit = (n: number): Entry => ({
      gameType: 'powerhit',
      sets: { numbers: Array.from({ length: n }, (_, i) => i + 1) },
    });
    expect([7, 8, 10].map((n) => gamesInEntry(pb, hit(n)))).toEqual([20, 160, 2400]);
    expect(gamesInEntry(getGame('lotto-strike'), { gameType: 'strike_boxed', sets: { numbers: [5, 1, 9, 3] } })).toBe(
      24,
    );
    expect(entryPriceCents(pb, hit(8))).toBe(160 * 120);
    expect(entryPriceCents(oz, system(10), 170)).toBe(120 * 170);
    expect(entryPriceCents(getGame('weekday-windfall'), system(7))).toBe(Math.round((7 * 270) / 4));
  });

  it('rejects system sizes out of range and a Powerball on a PowerHit', () => {
    const oz = getGame('oz-lotto');
    expect(() =>
      gamesInEntry(oz, { gameType: 'system', sets: { numbers: Array.from({ length: 21 }, (_, i) => i + 1) } }),
    ).toThrow('Oz Lotto System entries have 8 to 20 Numbers');
    expect(() =>
      gamesInEntry(getGame('powerball'), {
        gameType: 'powerhit',
        sets: { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [3] },
      }),
    ).toThrow(/PowerHit/);
    expect(() => gamesInEntry(oz, { gameType: 'standard', sets: { numbers: [1, 1, 2, 3, 4, 5, 6] } })).toThrow(
      /repeat/,
    );
    expect(() => gamesInEntry(oz, { gameType: 'syndicate', sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } })).toThrow(
      /not offered/,
    );
  });

  const systemGames = GAME_KEYS.map((key) => getGame(key)).filter((game) => game.systems);
  it('property: system scoring equals scoring the expanded games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...systemGames),
        fc.integer(),
        fc.integer({ min: 0, max: 4 }),
        (game, seed, extra) => {
          const rng = seededRandom(seed);
          const result = simulateResult(game, rng);
          const entry = quickPick(game, rng, 'system', { size: game.systems!.min + extra });
          // Bias towards wins: put some winning numbers into the system.
          const numbers = entry.sets.numbers!;
          for (let i = 0; i < rng.int(numbers.length); i++) {
            const n = [...result.numbers, ...result.supplementaries][
              rng.int(result.numbers.length + result.supplementaries.length)
            ]!;
            if (!numbers.includes(n)) numbers[i] = n;
          }
          expect(scoreEntry(game, result, entry)).toEqual(sumOfExpanded(game, result, entry));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('property: PowerHit scoring equals scoring the expanded games', () => {
    const game = getGame('powerball');
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 7, max: 9 }), (seed, size) => {
        const rng = seededRandom(seed);
        const result = simulateResult(game, rng);
        const entry = quickPick(game, rng, 'powerhit', { size });
        entry.sets.numbers = [...new Set([...result.numbers.slice(0, rng.int(8)), ...entry.sets.numbers!])].slice(
          0,
          size,
        );
        const wins = scoreEntry(game, result, entry);
        expect(wins).toEqual(sumOfExpanded(game, result, entry));
        expect([...wins.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(gamesInEntry(game, entry));
      }),
      { numRuns: 40 },
    );
  });

  it('property: Strike Box scores its 24 orderings', () => {
    const game = getGame('lotto-strike');
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = seededRandom(seed);
        const result = simulateResult(game, rng);
        const entry: Entry = { gameType: 'strike_boxed', sets: { numbers: [...result.numbers].sort((a, b) => a - b) } };
        const wins = scoreEntry(game, result, entry);
        expect(wins).toEqual(sumOfExpanded(game, result, entry));
        // The drawn order is one of the 24: a box of the winning numbers always wins division 1 exactly once.
        expect(wins.get(1)).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('property: no line wins two divisions (each match class meets at most its first rule)', () => {
    for (const key of GAME_KEYS) {
      const game = getGame(key);
      const { total, lines } = divisionLineCounts(game);
      const winning = [...lines.values()].reduce((a, b) => a + b, 0);
      expect(winning).toBeLessThan(total);
    }
    fc.assert(
      fc.property(fc.constantFrom(...GAME_KEYS), fc.integer(), (key, seed) => {
        const game = getGame(key);
        const rng = seededRandom(seed);
        const result = simulateResult(game, rng);
        const line = quickPick(game, rng);
        const wins = scoreEntry(game, result, line);
        expect([...wins.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
        expect(wins.size === 0 ? null : [...wins.keys()][0]).toBe(scoreLine(game, result, line));
      }),
      { numRuns: 500 },
    );
  });
});

describe('odds', () => {
  it('closed-form odds match every published figure in games.md (to its rounding)', () => {
    for (const key of GAME_KEYS) {
      const game = getGame(key);
      const { total, lines } = divisionLineCounts(game);
      for (const rule of game.divisions) {
        if (rule.odds === undefined) continue;
        const odds = total / lines.get(rule.division)!;
        // Sources round differently (Powerball D2 is 7,078,442.1 exactly, published as 7,078,443): within one unit of the last digit.
        const unit = Number.isInteger(rule.odds) ? 1 : 0.1;
        expect({ key, division: rule.division, close: Math.abs(odds - rule.odds) < unit }).toEqual({
          key,
          division: rule.division,
          close: true,
        });
      }
    }
  });

  it('enumerating every Saturday Lotto and Strike line agrees with the closed form', () => {
    for (const key of ['saturday-lotto', 'weekday-windfall'] as const) {
      const game = getGame(key);
      const result = { numbers: [3, 9, 17, 22, 31, 44], supplementaries: [5, 40] };
      const scorer = createScorer(game, result);
      const counts = new Map<number, number>();
      const buffer = new Uint32Array(WORDS_PER_LINE * 45 * 44);
      const out = new Uint8Array(45 * 44);
      for (let a = 1; a <= 45; a++)
        for (let b = a + 1; b <= 45; b++)
          for (let c = b + 1; c <= 45; c++)
            for (let d = c + 1; d <= 45; d++) {
              let n = 0;
              for (let e = d + 1; e <= 45; e++)
                for (let f = e + 1; f <= 45; f++) {
                  const bits = [a, b, c, d, e, f];
                  let lo = 0;
                  let hi = 0;
                  for (const x of bits)
                    if (x < 32) lo |= 1 << x;
                    else hi |= 1 << (x - 32);
                  buffer[n * 3] = lo >>> 0;
                  buffer[n * 3 + 1] = hi >>> 0;
                  buffer[n * 3 + 2] = 0;
                  n++;
                }
              scorer.batch(buffer, out, n);
              for (let i = 0; i < n; i++) if (out[i]) counts.set(out[i]!, (counts.get(out[i]!) ?? 0) + 1);
            }
      expect(counts).toEqual(divisionLineCounts(game).lines);
    }
    const strike = getGame('lotto-strike');
    const scorer = createScorer(strike, { numbers: [12, 3, 45, 30], supplementaries: [] });
    const counts = new Map<number, number>();
    for (let a = 1; a <= 45; a++)
      for (let b = 1; b <= 45; b++)
        for (let c = 1; c <= 45; c++)
          for (let d = 1; d <= 45; d++) {
            if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
            const div = scorer.words((a | (b << 6) | (c << 12) | (d << 18)) >>> 0, 0, 0);
            if (div) counts.set(div, (counts.get(div) ?? 0) + 1);
          }
    expect(counts).toEqual(divisionLineCounts(strike).lines);
  });
});

describe('fast scorer', () => {
  it('property: agrees with scoreLine on every game, through bigint and batch paths', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GAME_KEYS), fc.integer(), (key, seed) => {
        const game = getGame(key);
        const rng = seededRandom(seed);
        const result = simulateResult(game, rng);
        const scorer = createScorer(game, result);
        const lines = Array.from({ length: 30 }, (_, i) => {
          const line = quickPick(game, rng);
          // Every third line copies winning numbers so high divisions are exercised too.
          if (i % 3 === 0 && !game.ordered) {
            const drawn = [...result.numbers, ...result.supplementaries];
            const keep = rng.int(line.sets.numbers!.length + 1);
            line.sets.numbers = [...new Set([...drawn.slice(0, keep), ...line.sets.numbers!])].slice(
              0,
              line.sets.numbers!.length,
            );
          }
          if (i % 3 === 0 && game.ordered)
            line.sets.numbers = result.numbers.map((n, p) => (p < rng.int(5) ? n : line.sets.numbers![p]!));
          return line;
        }).filter((line) => new Set(line.sets.numbers).size === line.sets.numbers!.length);
        const buffer = new Uint32Array(lines.length * WORDS_PER_LINE);
        lines.forEach((line, i) => writeLine(game, line, buffer, i));
        const out = new Uint8Array(lines.length);
        const winners = scorer.batch(buffer, out);
        lines.forEach((line, i) => {
          const expected = scoreLine(game, result, line);
          expect(scorer(encodeLine(game, line))).toBe(expected);
          expect(out[i] === 0 ? null : out[i]).toBe(expected);
        });
        expect(winners).toBe([...out].filter((d) => d !== 0).length);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a result that breaks the rules', () => {
    expect(() => createScorer(getGame('oz-lotto'), { numbers: [1, 2, 3], supplementaries: [] })).toThrow(
      'Oz Lotto needs 7 main numbers between 1 and 47',
    );
  });
});
