// A price changed through one API worker is sold at once by every worker (ADR 101): the worker that wrote forgets its
// built offer lists before answering, and the other forgets them as soon as the database announces the write
// (the catalogue_prices trigger on the change feed). The clock does not move, so no cache period runs out meanwhile.
import { describe, expect, it } from 'vitest';
import { useTwoWorkers, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf } from '../../../test/helpers/db.ts';

const workers = useTwoWorkers();

/** Cents of one standard game of Oz Lotto in the default list, as the product offers serve it. */
async function ozGameCents(t: TestApp): Promise<number> {
  const offers = await t.services.catalogue.productOffers('default');
  const standard = offers['oz-lotto']!.gameTypes.find((g) => g.key === 'standard')!;
  return Math.round(standard.gameOffers[0]!.pricePerLine.amount * 100);
}

describe('a price change across workers', () => {
  it('is served by the worker that wrote at once and by the other once announced', async () => {
    const { a, b } = workers;
    await a.services.draws.ensureSchedule('oz-lotto');
    b.database.changes.on('catalogue_prices', () => undefined);
    await expect.poll(() => b.database.changes.isLive(), { timeout: 10_000 }).toBe(true);
    const before = await ozGameCents(b);
    expect(await ozGameCents(a)).toBe(before);

    await afterChangeOf(b.database, 'catalogue_prices', async () => {
      const change = await a.services.priceLists.setPrice('default', 'oz-lotto', {
        blockGames: 1,
        blockCents: before + 40,
      });
      expect(change).toMatchObject({ changed: true, before: { lineCents: before }, after: { lineCents: before + 40 } });
      expect(await ozGameCents(a)).toBe(before + 40);
    });
    expect(await ozGameCents(b)).toBe(before + 40);
  });
});
