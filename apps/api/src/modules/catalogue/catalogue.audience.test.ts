// The offers a visitor may be offered unasked: site currency, a segment that sells lotteries, the visitor's region.
import type { Capability, ProductOffer, ProductOffers } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { createOfferAudience } from './catalogue.audience.ts';

const offer = (key: string, currency: 'AUD' | 'GBP', extra: Partial<ProductOffer> = {}) =>
  ({ key, type: 'lottery_ticket', currency, regionOverrides: [], ...extra }) as unknown as ProductOffer;

const OFFERS: ProductOffers = {
  'oz-lotto': offer('oz-lotto', 'AUD'),
  'saturday-lotto': offer('saturday-lotto', 'AUD', {
    regionOverrides: [{ region: 'WA', name: null, availability: 'unavailable' }],
  }),
  euromillions: offer('euromillions', 'GBP'),
  raffle: offer('raffle', 'AUD', { type: 'raffle_ticket' }),
};

function audience(o: { currency?: 'AUD' | 'GBP'; capabilities?: Capability[]; region?: string | null } = {}) {
  return createOfferAudience({
    // The catalogue's own market filter is ignored here on purpose: the audience checks the currency itself too.
    catalogue: { productOffers: async () => OFFERS },
    siteCurrency: async () => o.currency ?? 'AUD',
    capabilitiesOf: async () => o.capabilities ?? ['commercial_lotteries'],
    regionOf: async () => o.region ?? null,
  });
}

const keys = async (a: ReturnType<typeof audience>, customerId: string | null = null) =>
  Object.keys(await a.lotteryOffersFor('default', { segmentName: undefined, customerId })).sort();

describe('offer audience', () => {
  it("keeps the site's currency and lottery tickets only", async () => {
    expect(await keys(audience())).toEqual(['oz-lotto', 'saturday-lotto']);
    expect(await keys(audience({ currency: 'GBP' }))).toEqual(['euromillions']);
  });

  it('offers nothing to a segment without commercial lotteries or the multi-offer site', async () => {
    expect(await keys(audience({ capabilities: ['charity_lotteries'] }))).toEqual([]);
    expect(await keys(audience({ capabilities: ['multi_offer_site'] }))).toEqual(['oz-lotto', 'saturday-lotto']);
  });

  it("leaves out an offer unavailable in the signed-in customer's region", async () => {
    expect(await keys(audience({ region: 'WA' }), 'cus_wa')).toEqual(['oz-lotto']);
    expect(await keys(audience({ region: 'NSW' }), 'cus_nsw')).toEqual(['oz-lotto', 'saturday-lotto']);
  });
});
