// Demo raffles: the catalogue lists raffle offers like any other (type raffle_ticket, category raffles, a price row
// per pricing), and the raffles module holds their causes, draws, prizes and the past drawn draw.
import { cataloguePrices, catalogueOffers } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { PRICINGS } from '../modules/catalogue/index.ts';
import { raffleCatalogueOffers, raffleCataloguePrices, seedRaffles } from '../modules/raffles/index.ts';

export async function seedRaffleOffers(deps: { db: Db; clock: Clock }): Promise<number> {
  const offers = await deps.db
    .insert(catalogueOffers)
    .values(raffleCatalogueOffers())
    .onConflictDoNothing()
    .returning({ key: catalogueOffers.key });
  const prices = await deps.db
    .insert(cataloguePrices)
    .values(raffleCataloguePrices(PRICINGS.map((p) => p.id)))
    .onConflictDoNothing()
    .returning({ key: cataloguePrices.offerKey });
  return offers.length + prices.length + (await seedRaffles(deps));
}
