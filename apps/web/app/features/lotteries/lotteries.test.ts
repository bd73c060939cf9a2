// Pure parts of the lottery screens: tile order, offer links, paging and archive periods, countdown, chart geometry,
// results caching headers and the reading of the catalogue and results answers.
import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown.tsx';
import {
  normaliseDrawDetails,
  normaliseOffers,
  normalisePastDraws,
  normaliseStatistics,
  type OfferView,
} from './lotteries.wire.ts';
import { offerDrawLink, playPath, selectedDraw } from './offer-links.ts';
import { wireOffer } from '../../test-support/api-fixtures.ts';
import { orderTiles } from './offer-order.ts';
import { isFinal, resultsHeaders } from './results-cache.ts';
import { pageCount, parsePage, parsePeriod, periodLabel, periodSegment } from './results-paging.ts';
import { chartBars } from './statistics-chart.tsx';

function draw(drawNo: number, stop: string, purchaseStatus = 'standard') {
  return {
    drawId: `drw_${drawNo}`,
    drawNo,
    stop,
    drawAt: null,
    prizePoolCents: null,
    currency: 'AUD' as const,
    prizePoolSuffix: null,
    isPrizePoolUnknown: true,
    purchaseStatus,
  };
}

function offer(key: string, type = 'lottery_ticket', firstGameType = 'standard'): OfferView {
  return {
    key,
    type,
    name: key,
    slug: key,
    aliases: [],
    available: true,
    suspended: false,
    displayCategory: 'lotto',
    ranking: 0,
    currency: 'AUD',
    draws: [draw(100, '2026-11-24T08:00:00Z'), draw(101, '2026-12-01T08:00:00Z')],
    gameTypes: [{ type: firstGameType, name: firstGameType, gameOffers: [] }],
    restrictions: [],
    syndicate: null,
  };
}

describe('orderTiles (features §9: syndicate tile at position 3, powerhit offer at position 2)', () => {
  it('moves the powerhit offer to 2 and the syndicate tile to 3, keeping the rest in ranking order', () => {
    const list = [
      offer('a'),
      offer('b'),
      offer('c'),
      offer('syn', 'syndicate_share'),
      offer('ph', 'lottery_ticket', 'powerhit'),
      offer('d'),
    ];
    expect(orderTiles(list).map((o) => o.key)).toEqual(['a', 'ph', 'syn', 'b', 'c', 'd']);
  });

  it('puts a tile last when the list is shorter than its position, and leaves lists without them alone', () => {
    expect(orderTiles([offer('syn', 'syndicate_share'), offer('a')]).map((o) => o.key)).toEqual(['a', 'syn']);
    expect(orderTiles([offer('a'), offer('b'), offer('c')]).map((o) => o.key)).toEqual(['a', 'b', 'c']);
  });

  it('does not mutate its input', () => {
    const list = [offer('a'), offer('b'), offer('ph', 'lottery_ticket', 'powerhit')];
    orderTiles(list);
    expect(list.map((o) => o.key)).toEqual(['a', 'b', 'ph']);
  });
});

describe('offer links (core §2)', () => {
  const lotto = offer('oz-lotto');
  it('a lottery draw after the first gets ?firstDrawNo=; the first or an unknown draw gets the plain page', () => {
    expect(offerDrawLink(lotto, 101)).toBe('/oz-lotto?firstDrawNo=101');
    expect(offerDrawLink(lotto, 100)).toBe('/oz-lotto');
    expect(offerDrawLink(lotto, 999)).toBe('/oz-lotto');
    expect(offerDrawLink(lotto, null)).toBe('/oz-lotto');
  });

  it('a raffle draw open for purchase is at /draw/{n}; one not open gets the plain page', () => {
    const raffle = {
      ...offer('raffle', 'raffle_ticket'),
      draws: [
        draw(1, '2026-11-24T08:00:00Z'),
        draw(2, '2026-12-01T08:00:00Z'),
        draw(3, '2026-12-08T08:00:00Z', 'sold_out'),
      ],
    };
    expect(offerDrawLink(raffle, 2)).toBe('/raffle/draw/2');
    expect(offerDrawLink(raffle, 3)).toBe('/raffle');
  });

  it('selects the asked draw, falling back to the next one for junk or unknown numbers', () => {
    expect(selectedDraw(lotto, '101')?.drawNo).toBe(101);
    expect(selectedDraw(lotto, '5')?.drawNo).toBe(100);
    expect(selectedDraw(lotto, '1e2')?.drawNo).toBe(100);
    expect(selectedDraw(lotto, null)?.drawNo).toBe(100);
  });

  it('play paths use the game-type suffixes of features §2', () => {
    expect(playPath(lotto, 'standard')).toBe('/oz-lotto/standard');
    expect(playPath(lotto, 'reduced_system', 101)).toBe('/oz-lotto/systems?firstDrawNo=101');
    expect(playPath(lotto, 'strike_boxed')).toBe('/oz-lotto/boxed');
    expect(playPath(lotto, 'deferred')).toBe('/oz-lotto/subscriptions');
    expect(playPath(lotto, 'mega_combo')).toBe('/oz-lotto/super-combos');
  });
});

describe('results paging and periods', () => {
  it('parses page segments', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '01', '9999999']) expect(parsePage(bad)).toBeNull();
    expect(pageCount(11)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(null)).toBeNull();
  });

  it('parses "month-year" and "year" and round-trips them', () => {
    expect(parsePeriod('november-2026')).toEqual({ year: 2026, month: 11 });
    expect(parsePeriod('November-2026')).toEqual({ year: 2026, month: 11 });
    expect(parsePeriod('2025')).toEqual({ year: 2025, month: null });
    for (const bad of ['smarch-2026', '2026-11', '26', 'november', '']) expect(parsePeriod(bad)).toBeNull();
    expect(periodSegment({ year: 2026, month: 1 })).toBe('january-2026');
    expect(periodLabel({ year: 2026, month: 1 })).toBe('January 2026');
    expect(periodLabel({ year: 2026, month: null })).toBe('2026');
  });
});

describe('countdownText', () => {
  const stop = Date.parse('2026-11-24T08:00:00Z');
  it('shows days ahead, seconds within a day, and closed once past', () => {
    expect(countdownText(stop, stop - (2 * 86_400 + 3 * 3600 + 15 * 60) * 1000)).toBe('2d 03h 15m');
    expect(countdownText(stop, stop - (3 * 3600 + 15 * 60 + 9) * 1000)).toBe('03h 15m 09s');
    expect(countdownText(stop, stop)).toBe('Sales closed');
  });
});

describe('chartBars', () => {
  it('scales to the most drawn number and wraps into rows of ten', () => {
    const freq = Array.from({ length: 12 }, (_, i) => ({ number: i + 1, count: i === 4 ? 10 : 5 }));
    const { bars, height } = chartBars(freq);
    expect(bars[4]!.height).toBe(80);
    expect(bars[0]!.height).toBe(40);
    expect(bars[10]!.row).toBe(1);
    expect(bars[10]!.x).toBe(0);
    expect(height).toBeGreaterThan(bars[11]!.y);
  });

  it('a set never drawn has zero-height bars, not NaN', () => {
    const { bars } = chartBars([{ number: 1, count: 0 }]);
    expect(bars[0]!.height).toBe(0);
  });
});

describe('results caching', () => {
  it('latest results for a minute, final results for a day, in shared caches only; signed-in visitors privately', () => {
    const anon = new Request('http://shop.test/lotto-results');
    expect(resultsHeaders(anon, false).get('Cache-Control')).toBe(
      'public, max-age=0, stale-while-revalidate=300, s-maxage=60',
    );
    expect(resultsHeaders(anon, true).get('Cache-Control')).toBe(
      'public, max-age=0, stale-while-revalidate=300, s-maxage=86400',
    );
    const signedIn = new Request('http://shop.test/lotto-results', { headers: { cookie: 'web_access_token=abc' } });
    expect(resultsHeaders(signedIn, false).get('Cache-Control')).toBe('private, no-cache');
    expect(isFinal('DRAW_PAID')).toBe(true);
    expect(isFinal('DRAW_DRAWN')).toBe(false);
  });
});

describe('reading the API answers', () => {
  it('offers keyed by key become view models with cents, slugs and draw times', () => {
    const [o] = normaliseOffers({ 'oz-lotto': wireOffer })!;
    expect(o!.slug).toBe('oz-lotto');
    expect(o!.aliases).toEqual(['oz']);
    expect(o!.draws[0]).toMatchObject({
      drawNo: 1500,
      prizePoolCents: 3_000_000_000,
      drawAt: '2026-11-24T09:30:00.000Z',
    });
    expect(o!.gameTypes[0]!.gameOffers[0]).toMatchObject({ priceCents: 155, defaultGames: 18 });
  });

  it('an answer that breaks the contract is refused, not half-read', () => {
    expect(normaliseOffers({ 'oz-lotto': { ...wireOffer, draws: 'soon' } })).toBeNull();
    expect(normalisePastDraws([{ drawNo: 'x' }])).toBeNull();
    expect(normaliseStatistics({ productOfferKey: 'oz-lotto' })).toBeNull();
  });

  const wireResult = {
    id: 'drw_9',
    productOfferKey: 'powerball',
    gameName: 'Powerball',
    drawNo: 1490,
    stopDate: '2026-11-19T07:00:00.000Z',
    drawDate: '2026-11-19T09:30:00.000Z',
    localDrawDate: '2026-11-19',
    timeZone: 'Australia/Sydney',
    status: 'DRAW_PAID',
    purchaseStatus: 'standard',
    prizePool: null,
    isPrizePoolUnknown: true,
    result: { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [], bonus: { powerball: [9] } },
    dividends: [
      { division: 2, description: '7', prize: null, winners: 0 },
      { division: 1, description: '7 + PB', prize: { amount: 1000000, currency: 'AUD' }, winners: 1 },
    ],
    resultSource: 'simulated',
  };

  it('results read numbers, bonus barrels and dividends in division order; 204 is an empty list', () => {
    const [r] = normalisePastDraws([wireResult])!;
    expect(r!.bonus).toEqual([{ name: 'powerball', numbers: [9] }]);
    expect(r!.dividends.map((d) => d.division)).toEqual([1, 2]);
    expect(r!.dividends[0]!.prizeCents).toBe(100_000_000);
    expect(normalisePastDraws(null)).toEqual([]);
  });

  it('draw details without a visible result read as "no draw to show"', () => {
    const { result: _result, dividends: _dividends, resultSource: _source, ...drawOnly } = wireResult;
    expect(
      normaliseDrawDetails({
        ...drawOnly,
        status: 'DRAW_OPEN',
        result: null,
        dividends: null,
        previousDrawNo: 1489,
        nextDrawNo: null,
      }),
    ).toEqual({ draw: null });
    expect(normaliseDrawDetails({ ...wireResult, previousDrawNo: 1489, nextDrawNo: 1491 })?.draw?.previousDrawNo).toBe(
      1489,
    );
  });
});
