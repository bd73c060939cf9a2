// The lottery offers one visitor may be offered unasked (placements, the precart drawer, recommendations): only the
// site's currency (an A$ site never suggests a game priced in pounds), only when the visitor's segment sells
// lotteries (spec core §2: commercial lotteries or multi-offer site), and never an offer unavailable in their region.
import type { Capability, CurrencyCode, ProductOffers } from '@shop/contracts';
import type { CatalogueService } from './catalogue.service.ts';

export interface Visitor {
  /** The request's segment (undefined: the site's default segment). */
  segmentName: string | undefined;
  customerId: string | null;
}

export interface OfferAudienceDeps {
  catalogue: Pick<CatalogueService, 'productOffers'>;
  /** The site's base currency (web configuration). */
  siteCurrency(): Promise<CurrencyCode>;
  capabilitiesOf(segmentName: string | undefined): Promise<readonly Capability[]>;
  /** The customer's region (state), null when unknown. */
  regionOf(customerId: string): Promise<string | null>;
}

const SELLS_LOTTERIES: readonly Capability[] = ['commercial_lotteries', 'multi_offer_site'];

export function createOfferAudience(deps: OfferAudienceDeps) {
  return {
    async lotteryOffersFor(pricingId: string, visitor: Visitor): Promise<ProductOffers> {
      const [currency, capabilities, region] = await Promise.all([
        deps.siteCurrency(),
        deps.capabilitiesOf(visitor.segmentName),
        visitor.customerId ? deps.regionOf(visitor.customerId).catch(() => null) : null,
      ]);
      if (!capabilities.some((c) => SELLS_LOTTERIES.includes(c))) return {};
      const offers = await deps.catalogue.productOffers(pricingId, { market: currency === 'GBP' ? 'GB' : 'AU' });
      return Object.fromEntries(
        Object.entries(offers).filter(
          ([, o]) =>
            o.type === 'lottery_ticket' &&
            o.currency === currency &&
            !o.regionOverrides.some((r) => r.region === region && r.availability === 'unavailable'),
        ),
      );
    },
  };
}

export type OfferAudience = ReturnType<typeof createOfferAudience>;
