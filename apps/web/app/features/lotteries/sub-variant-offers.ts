// The offers as a state's site shows them (core §1 `sv`; features §3 product offer urlAliases {subvariant, url} and
// regionOverrides; ADR 078): under a sub-variant the offer goes by the state's name at its alias address, an offer the
// state does not sell is not offered, and the navigation's links to an offer follow it. The national site (no
// sub-variant, or one that is not a state) shows the offers as the catalogue has them. The cart applies the same
// overrides on the API side (docs/sub-variants.md).
import { ProductOffers, regionOfSubVariant, type NavigationItem, type ProductOffer } from '@shop/contracts';
import { normaliseOffer, slugOf, type OfferView } from './lotteries.wire.ts';

/** The offer under a sub-variant: its state's name and alias url (the national url stays an alias); null if not sold. */
export function offerForSubVariant(o: ProductOffer, subVariant: string | null): ProductOffer | null {
  const region = regionOfSubVariant(subVariant);
  if (!region || !subVariant) return o;
  const override = o.regionOverrides.find((r) => r.region === region);
  if (override?.availability === 'unavailable') return null;
  const wanted = subVariant.toLowerCase();
  const alias = o.urlAliases.find((a) => a.subvariant.toLowerCase() === wanted);
  return {
    ...o,
    name: override?.name ?? o.name,
    url: alias?.url ?? o.url,
    urlAliases: alias ? [{ subvariant: '', url: o.url }, ...o.urlAliases.filter((a) => a !== alias)] : o.urlAliases,
  };
}

const makers = new Map<string, (raw: unknown) => OfferView[] | null>();

/**
 * The offers answer parsed and shown for a sub-variant (null when it does not match the contract). One maker per
 * sub-variant, so lib/made-once.ts keeps each view beside the cached answer.
 */
export function offersMakerFor(subVariant: string | null): (raw: unknown) => OfferView[] | null {
  const key = regionOfSubVariant(subVariant) ? subVariant!.toLowerCase() : '';
  let make = makers.get(key);
  if (!make) {
    make = (raw: unknown) => {
      const parsed = ProductOffers.safeParse(raw);
      if (!parsed.success) return null;
      return Object.values(parsed.data)
        .map((o) => offerForSubVariant(o, key || null))
        .filter((o): o is ProductOffer => o !== null)
        .map(normaliseOffer);
    };
    makers.set(key, make);
  }
  return make;
}

/**
 * Navigation links to an offer's national address follow the offer under a sub-variant: the state's name at its alias
 * address (features §2: a nav item's label and url), children alike. Other items are left as they are.
 */
export function navigationForOffers(
  items: readonly NavigationItem[],
  offers: readonly Pick<OfferView, 'name' | 'slug' | 'aliases'>[],
): NavigationItem[] {
  const moved = new Map<string, { name: string; slug: string }>();
  for (const o of offers) for (const a of o.aliases) if (a !== o.slug) moved.set(`/${a}`, o);
  return items.map((item) => {
    const offer = item.url && item.routeType === 'internal' ? moved.get(`/${slugOf(item.url)}`) : undefined;
    const children = navigationForOffers(item.children, offers);
    return offer ? { ...item, label: offer.name, url: `/${offer.slug}`, children } : { ...item, children };
  });
}
