// The only code that queries the catalogue tables.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import {
  catalogueBrandings,
  catalogueOffers,
  cataloguePrices,
  cataloguePricings,
  catalogueTips,
} from './catalogue.schema.ts';

export type OfferRow = typeof catalogueOffers.$inferSelect;
export type NewOfferRow = typeof catalogueOffers.$inferInsert;
export type PriceRow = typeof cataloguePrices.$inferSelect;
export type BrandingRow = typeof catalogueBrandings.$inferSelect;
export type TipRow = typeof catalogueTips.$inferSelect;

export function createCatalogueRepository(ex: Executor) {
  return {
    async pricingExists(pricingId: string): Promise<boolean> {
      const rows = await ex
        .select({ id: cataloguePricings.id })
        .from(cataloguePricings)
        .where(eq(cataloguePricings.id, pricingId));
      return rows.length > 0;
    },

    /** The price lists a visitor is put on by the `p` address code. */
    async pricingsOfferedByCode(): Promise<string[]> {
      const rows = await ex
        .select({ id: cataloguePricings.id })
        .from(cataloguePricings)
        .where(eq(cataloguePricings.offeredByCode, true));
      return rows.map((r) => r.id);
    },

    /** Every offer with its price under the pricing (offers without a price there are not sold under it). */
    offersWithPrices(pricingId: string) {
      return ex
        .select({ offer: catalogueOffers, price: cataloguePrices })
        .from(catalogueOffers)
        .innerJoin(cataloguePrices, eq(cataloguePrices.offerKey, catalogueOffers.key))
        .where(eq(cataloguePrices.pricingId, pricingId))
        .orderBy(asc(catalogueOffers.ranking), asc(catalogueOffers.key));
    },

    /** Every price list with how many offers it prices (the back office). */
    pricingsWithCounts() {
      return ex
        .select({
          id: cataloguePricings.id,
          description: cataloguePricings.description,
          offeredByCode: cataloguePricings.offeredByCode,
          offers: sql<number>`count(${cataloguePrices.offerKey})::int`,
        })
        .from(cataloguePricings)
        .leftJoin(cataloguePrices, eq(cataloguePrices.pricingId, cataloguePricings.id))
        .groupBy(cataloguePricings.id)
        .orderBy(asc(cataloguePricings.id));
    },

    /** One list's prices with their offers, in the catalogue's order; `lock` holds the rows for a change. */
    pricesOf(pricingId: string, only?: { offerKey: string; lock: true }) {
      const q = ex
        .select({
          offerKey: catalogueOffers.key,
          offerName: catalogueOffers.name,
          type: catalogueOffers.type,
          currency: catalogueOffers.currency,
          blockGames: cataloguePrices.blockGames,
          blockCents: cataloguePrices.blockCents,
        })
        .from(cataloguePrices)
        .innerJoin(catalogueOffers, eq(catalogueOffers.key, cataloguePrices.offerKey))
        .where(
          only
            ? and(eq(cataloguePrices.pricingId, pricingId), eq(cataloguePrices.offerKey, only.offerKey))
            : eq(cataloguePrices.pricingId, pricingId),
        )
        .orderBy(asc(catalogueOffers.ranking), asc(catalogueOffers.key));
      return only ? q.for('update', { of: cataloguePrices }) : q;
    },

    setPrice(pricingId: string, offerKey: string, price: { blockGames: number; blockCents: number }) {
      return ex
        .update(cataloguePrices)
        .set(price)
        .where(and(eq(cataloguePrices.pricingId, pricingId), eq(cataloguePrices.offerKey, offerKey)))
        .returning({ offerKey: cataloguePrices.offerKey });
    },

    brandings: () => ex.select().from(catalogueBrandings).orderBy(asc(catalogueBrandings.id)),
    tips: () => ex.select().from(catalogueTips).orderBy(asc(catalogueTips.ranking), asc(catalogueTips.id)),

    /** Seed writes: insert what is missing, never overwrite what an operator changed. */
    async insertMissing(seed: {
      pricings: (typeof cataloguePricings.$inferInsert)[];
      offers: NewOfferRow[];
      prices: (typeof cataloguePrices.$inferInsert)[];
      brandings: (typeof catalogueBrandings.$inferInsert)[];
      tips: (typeof catalogueTips.$inferInsert)[];
    }): Promise<number> {
      let inserted = 0;
      const count = (rows: unknown[]) => (inserted += rows.length);
      if (seed.pricings.length)
        count(
          await ex
            .insert(cataloguePricings)
            .values(seed.pricings)
            .onConflictDoNothing()
            .returning({ id: cataloguePricings.id }),
        );
      if (seed.offers.length)
        count(
          await ex
            .insert(catalogueOffers)
            .values(seed.offers)
            .onConflictDoNothing()
            .returning({ key: catalogueOffers.key }),
        );
      if (seed.prices.length)
        count(
          await ex
            .insert(cataloguePrices)
            .values(seed.prices)
            .onConflictDoNothing()
            .returning({ key: cataloguePrices.offerKey }),
        );
      if (seed.brandings.length)
        count(
          await ex
            .insert(catalogueBrandings)
            .values(seed.brandings)
            .onConflictDoNothing()
            .returning({ id: catalogueBrandings.id }),
        );
      if (seed.tips.length)
        count(
          await ex.insert(catalogueTips).values(seed.tips).onConflictDoNothing().returning({ id: catalogueTips.id }),
        );
      return inserted;
    },

    async offerKeys(): Promise<string[]> {
      const rows = await ex.select({ key: catalogueOffers.key }).from(catalogueOffers).orderBy(catalogueOffers.key);
      return rows.map((r) => r.key);
    },

    setOfferState(key: string, state: { availability?: 'available' | 'unavailable'; suspended?: boolean }) {
      return ex
        .update(catalogueOffers)
        .set({ ...state, updatedAt: sql`now()` })
        .where(eq(catalogueOffers.key, key))
        .returning({ key: catalogueOffers.key });
    },
  };
}
