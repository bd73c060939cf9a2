// Demo raffles: the catalogue lists raffle offers like any other (type raffle_ticket, category raffles, a price row
// per pricing), and the raffles module holds their causes, draws, prizes and the past drawn draw.
import { PRICINGS, seedCatalogueRows } from '../modules/catalogue/index.ts';
import type { RaffleSeedDeps } from '../modules/raffles/index.ts';
import { raffleCatalogueOffers, raffleCataloguePrices, seedRaffles } from '../modules/raffles/index.ts';

export async function seedRaffleOffers(deps: RaffleSeedDeps): Promise<number> {
  const rows = await seedCatalogueRows(
    deps.db,
    raffleCatalogueOffers(),
    raffleCataloguePrices(PRICINGS.map((p) => p.id)),
  );
  return rows + (await seedRaffles(deps));
}
