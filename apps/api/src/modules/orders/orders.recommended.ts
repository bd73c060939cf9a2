// GET /orders/recommended: the next open draw of each offer the customer bought most, from the catalogue's cached
// offers (so only offers still on sale appear).
import type { ProductOffers, RecommendedDraw } from '@shop/contracts';
import type { OrderHistoryService } from './orders.history.service.ts';

export interface RecommendationsDeps {
  checkouts: Pick<OrderHistoryService, 'topOffers'>;
  /** The lottery offers this customer may be offered (the catalogue's offer audience), under the default pricing. */
  productOffers(
    pricingId: string,
    visitor: { segmentName: string | undefined; customerId: string },
  ): Promise<ProductOffers>;
  pricingId?: string;
}

const MAX_RECOMMENDED = 3;

export function createRecommendationsService(deps: RecommendationsDeps) {
  return {
    async recommended(customerId: string, segmentName?: string): Promise<RecommendedDraw[]> {
      const top = await deps.checkouts.topOffers(customerId, MAX_RECOMMENDED * 2);
      if (!top.length) return [];
      const offers = await deps.productOffers(deps.pricingId ?? 'default', { segmentName, customerId });
      const out: RecommendedDraw[] = [];
      for (const t of top) {
        const offer = offers[t.productOfferKey];
        const draw = offer?.draws[0];
        if (!offer || offer.suspended || !draw) continue;
        out.push({
          productOfferKey: offer.key,
          offerName: offer.name,
          drawId: draw.drawId,
          drawNo: draw.drawNo,
          drawDate: draw.drawData.drawDate,
          stop: draw.stop,
          prizePool: draw.prizePool,
          timesBought: t.orders,
        });
        if (out.length === MAX_RECOMMENDED) break;
      }
      return out;
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
