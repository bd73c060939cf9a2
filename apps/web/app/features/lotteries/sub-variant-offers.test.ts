// The offers and navigation as a state's site shows them (core §1 sv, features §3 urlAliases and regionOverrides).
import type { NavigationItem, ProductOffer } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { wireOffer } from '../../test-support/api-fixtures.ts';
import { navigationForOffers, offerForSubVariant, offersMakerFor } from './sub-variant-offers.ts';

const saturday = {
  ...wireOffer,
  key: 'saturday-lotto',
  name: 'Saturday Lotto',
  url: '/saturday-lotto',
  urlAliases: [
    { subvariant: 'qld', url: '/gold-lotto' },
    { subvariant: 'vic', url: '/tattslotto' },
  ],
  regionOverrides: [
    { region: 'QLD', name: 'Gold Lotto', availability: null },
    { region: 'TAS', name: 'TattsLotto', availability: null },
    { region: 'WA', name: null, availability: 'unavailable' },
  ],
} as unknown as ProductOffer;

const nav = (url: string, label: string, children: NavigationItem[] = []): NavigationItem => ({
  id: url,
  label,
  routeType: 'internal',
  url,
  productGroup: children.length ? 'lotto' : null,
  capabilities: [],
  children,
});

describe('offers under a sub-variant', () => {
  it("takes the state's name and alias address, keeping the national address as an alias", () => {
    const qld = offerForSubVariant(saturday, 'qld')!;
    expect(qld.name).toBe('Gold Lotto');
    expect(qld.url).toBe('/gold-lotto');
    expect(qld.urlAliases.map((a) => a.url)).toEqual(['/saturday-lotto', '/tattslotto']);
    const view = offersMakerFor('QLD')({ [saturday.key]: saturday })![0]!;
    expect(view).toMatchObject({ name: 'Gold Lotto', slug: 'gold-lotto' });
    expect(view.aliases).toContain('saturday-lotto');
  });

  it('a state with a name but no alias keeps the address; a state that does not sell it has no offer', () => {
    expect(offerForSubVariant(saturday, 'tas')).toMatchObject({ name: 'TattsLotto', url: '/saturday-lotto' });
    expect(offerForSubVariant(saturday, 'wa')).toBeNull();
    expect(offersMakerFor('wa')({ [saturday.key]: saturday })).toEqual([]);
  });

  it('the national site, and any value that is not a state, show the catalogue as it is', () => {
    for (const sv of [null, 'other', 'zz', 'queensland']) expect(offerForSubVariant(saturday, sv)).toBe(saturday);
    expect(offersMakerFor('zz')).toBe(offersMakerFor(null));
    expect(offersMakerFor('qld')).toBe(offersMakerFor('QLD'));
  });

  it("moves navigation links to an offer's national address to the state's name and address", () => {
    const offers = offersMakerFor('qld')({ [saturday.key]: saturday })!;
    const items = [
      nav('/lotto-tickets', 'Lotteries', [nav('/saturday-lotto', 'Saturday Lotto'), nav('/oz-lotto', 'Oz Lotto')]),
      nav('/lotto-results', 'Results'),
    ];
    const moved = navigationForOffers(items, offers);
    expect(moved[0]!.children.map((c) => [c.label, c.url])).toEqual([
      ['Gold Lotto', '/gold-lotto'],
      ['Oz Lotto', '/oz-lotto'],
    ]);
    expect(moved[1]).toEqual(items[1]);
    // Nationally nothing moves.
    expect(navigationForOffers(items, offersMakerFor(null)({ [saturday.key]: saturday })!)).toEqual(items);
  });
});
