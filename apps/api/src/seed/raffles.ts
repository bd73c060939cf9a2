// Demo raffles: the catalogue lists raffle offers like any other (type raffle_ticket, category raffles, a price row
// per pricing), and the raffles module holds their causes, draws, prizes and the past drawn draw.
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { PRICINGS, seedCatalogueRows } from '../modules/catalogue/index.ts';
import type { RaffleDrawsService, RaffleSupplyService } from '../modules/raffles/index.ts';
import { raffleCatalogueOffers, raffleCataloguePrices, seedRaffles } from '../modules/raffles/index.ts';

export async function seedRaffleOffers(deps: {
  db: Db;
  clock: Clock;
  raffles: Pick<RaffleDrawsService, 'createDraw' | 'drawInputs'>;
  supply: Pick<RaffleSupplyService, 'allocate' | 'priceOf'>;
}): Promise<number> {
  const rows = await seedCatalogueRows(
    deps.db,
    raffleCatalogueOffers(),
    raffleCataloguePrices(PRICINGS.map((p) => p.id)),
  );
  return rows + (await seedRaffles(deps));
}
