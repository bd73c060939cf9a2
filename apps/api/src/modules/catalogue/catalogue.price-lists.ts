// Price lists in the back office (catalogue.manage): every list, each offer's block price under one, and an
// operator's change of one price. A changed price is what the next read of the catalogue serves: this process forgets
// its cached lists at once and every other process is told by the change feed (trigger on catalogue_prices), so the
// cart re-prices on its next read and a purchase whose total moved is refused (409 price_changed, ADR 101).
import type { AdminPrice, AdminPriceChange, AdminPriceList, AdminPriceListDetail } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { priceOfGames } from './catalogue.service.ts';

type PriceRow = Omit<AdminPrice, 'lineCents' | 'editable'>;

/** A lottery offer's price is the list's; a raffle's ticket price is the raffle's own (the list only sells it). */
const priceView = (r: PriceRow): AdminPrice => ({
  ...r,
  lineCents: priceOfGames(1, r),
  editable: r.type === 'lottery_ticket',
});

export function createPriceLists(db: Db, forget: () => void) {
  const repo = createCatalogueRepository(db);

  async function mustList(pricingId: string): Promise<AdminPriceList> {
    const list = (await repo.pricingsWithCounts()).find((p) => p.id === pricingId);
    if (!list) throw notFound(`There is no price list "${pricingId}".`, 'unknown_pricing');
    return list;
  }

  return {
    list: (): Promise<AdminPriceList[]> => repo.pricingsWithCounts(),

    async get(pricingId: string): Promise<AdminPriceListDetail> {
      const list = await mustList(pricingId);
      return { ...list, prices: (await repo.pricesOf(pricingId)).map(priceView) };
    },

    /** One offer's new block price under a list, under the price row's lock; the same price again changes nothing. */
    async setPrice(
      pricingId: string,
      offerKey: string,
      price: { blockGames: number; blockCents: number },
    ): Promise<AdminPriceChange> {
      await mustList(pricingId);
      const result = await db.transaction(async (tx) => {
        const txRepo = createCatalogueRepository(tx);
        const [row] = await txRepo.pricesOf(pricingId, { offerKey, lock: true });
        if (!row) throw notFound(`The price list "${pricingId}" has no price for "${offerKey}".`, 'unknown_offer');
        if (row.type !== 'lottery_ticket') {
          const problem = `${row.offerName} tickets are priced by the raffle itself, not by a price list.`;
          throw unprocessable(problem, 'price_not_editable', { blockCents: [problem] });
        }
        const before = priceView(row);
        const changed = row.blockGames !== price.blockGames || row.blockCents !== price.blockCents;
        if (changed) await txRepo.setPrice(pricingId, offerKey, price);
        return { pricingId, before, after: priceView({ ...row, ...price }), changed };
      });
      if (result.changed) forget();
      return result;
    },
  };
}

export type PriceLists = ReturnType<typeof createPriceLists>;
