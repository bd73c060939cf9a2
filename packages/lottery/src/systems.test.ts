// The price of games from a price list's block price (the catalogue's game offers and the back office's price screen).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOfGames } from './systems.ts';

describe('priceOfGames', () => {
  it('prices games from a block price, half up to whole cents', () => {
    expect(priceOfGames(1, { blockGames: 4, blockCents: 270 })).toBe(68);
    expect(priceOfGames(4, { blockGames: 4, blockCents: 270 })).toBe(270);
    expect(priceOfGames(3, { blockGames: 4, blockCents: 270 })).toBe(203);
    expect(priceOfGames(18, { blockGames: 1, blockCents: 155 })).toBe(2790);
  });

  it('is the exact block price for whole blocks and never more than half a cent off', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 200 }),
        (blockGames, blockCents, games) => {
          const cents = priceOfGames(games, { blockGames, blockCents });
          expect(Math.abs(cents - (games * blockCents) / blockGames)).toBeLessThanOrEqual(0.5);
          expect(priceOfGames(blockGames, { blockGames, blockCents })).toBe(blockCents);
        },
      ),
    );
  });
});
