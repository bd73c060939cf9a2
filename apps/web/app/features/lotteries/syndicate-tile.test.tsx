// The syndicate tile of the product list (features §9 "Syndicate tile goes at position 3 in the product list; the
// powerhit offer moves to position 2"; features §3 product type syndicate_share with size and tickets, each with
// numStandardGames, and costPerShare): read from the catalogue's answer, placed third, linking to the syndicate
// play screen, and left out where the site does not sell syndicates.
import { describe, expect, it } from 'vitest';
import { wireOffer } from '../../test-support/api-fixtures.ts';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { normaliseOffers, offerTileOf } from './lotteries.wire.ts';
import { orderTiles } from './offer-order.ts';
import { OfferGrid } from './offer-tile.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;
const aud = (amount: number) => ({ amount, currency: 'AUD' });

const lottery = (key: string, ranking: number) => ({ ...wireOffer, key, name: key, url: `/${key}`, ranking });
/** The catalogue's syndicate_share offer for Oz Lotto (apps/api catalogue.syndicates.ts). */
const syndicateOffer = {
  ...wireOffer,
  key: 'oz-lotto-syndicate',
  type: 'syndicate_share',
  name: 'Oz Lotto 50-share syndicate',
  url: '/oz-lotto/syndicate',
  urlAliases: [],
  displayCategory: 'syndicates',
  ranking: 20,
  recurringPurchase: { type: 'none', availability: 'never' },
  gameTypes: [
    {
      key: 'syndicate',
      name: 'Syndicate',
      gameOffers: [
        {
          ...wireOffer.gameTypes[0]!.gameOffers[0]!,
          key: 'syndicate',
          name: '50-share syndicate',
          maxGames: 12,
          gamesPerLine: 240,
          pricePerLine: aud(8),
          prices: [{ games: 1, numGames: 1, price: aud(8) }],
          priceCurrency: 'AUD',
          defaultEntryCount: 1,
          costPerShare: aud(8),
        },
      ],
    },
  ],
  size: 50,
  sharesLeft: 12,
  tickets: [
    { name: 'System 10', gameType: 'system', numStandardGames: 120 },
    { name: 'System 10', gameType: 'system', numStandardGames: 120 },
  ],
};

/** The product list as /lotto-tickets builds it: lotteries and syndicate tiles, in tile order. */
function productList() {
  const offers = normaliseOffers({
    a: lottery('a', 1),
    'oz-lotto': lottery('oz-lotto', 2),
    b: lottery('b', 3),
    c: lottery('c', 4),
    'oz-lotto-syndicate': syndicateOffer,
  })!;
  return orderTiles(
    offers
      .filter((o) => o.type === 'lottery_ticket' || o.type === 'syndicate_share')
      .sort((x, y) => x.ranking - y.ranking),
  ).map(offerTileOf);
}

describe('the syndicate tile (features §9)', () => {
  it('reads size, shares left, cost per share and the tickets from the syndicate_share offer', () => {
    const tile = productList().find((o) => o.type === 'syndicate_share')!;
    expect(tile.syndicate).toEqual({
      size: 50,
      sharesLeft: 12,
      costPerShareCents: 800,
      numStandardGames: 240,
      tickets: [
        { name: 'System 10', numStandardGames: 120 },
        { name: 'System 10', numStandardGames: 120 },
      ],
    });
    expect(productList().find((o) => o.key === 'a')!.syndicate).toBeNull();
  });

  it('goes at position 3 of the product list and links to /:offer/syndicate', () => {
    const list = productList();
    expect(list.map((o) => o.key)).toEqual(['a', 'oz-lotto', 'oz-lotto-syndicate', 'b', 'c']);
    const html = renderHtml(<OfferGrid offers={list} now="2026-11-20T00:00:00.000Z" site={site} syndicates />);
    const tiles = html.split('data-testid="offer-tile"').slice(1);
    expect(tiles).toHaveLength(5);
    expect(tiles[2]).toContain('data-offer-type="syndicate_share"');
    expect(tiles[2]).toMatch(/href="\/oz-lotto\/syndicate"/);
    const text = textOf(tiles[2]!);
    expect(text).toContain('Oz Lotto 50-share syndicate');
    expect(text).toContain('$8.00 a share · 12 of 50 shares left');
    expect(text).toContain('240 games: System 10 + System 10');
    expect(text).toContain('Buy a share');
  });

  it('is left out where the site does not sell syndicates (capability syndicates)', () => {
    const html = renderHtml(
      <OfferGrid offers={productList()} now="2026-11-20T00:00:00.000Z" site={site} syndicates={false} />,
    );
    expect(html.split('data-testid="offer-tile"')).toHaveLength(5);
    expect(html).not.toContain('syndicate_share');
  });
});
