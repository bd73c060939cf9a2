// The catalogue and results answers (spec features §3 Product offer, §7 Draw and offer calls), parsed with the
// contracts and reduced to the small, serialisable view models the screens render (loader data crosses to the
// browser, so only what a screen shows is kept).
import {
  DrawDetails,
  DrawResultItem,
  gameOfferBasics,
  moneyToCents,
  OfferStatistics,
  ProductOffers,
  ResultKey,
  type CurrencyCode,
  type DrawDividend,
  type DrawStatus,
  type GameOffer,
  type GameOfferBasics,
  type Money,
  type OfferDraw,
  type ProductOffer,
} from '@shop/contracts';

export interface NumberSetView {
  name: string;
  from: number;
  to: number;
  pick: number;
}

export interface GameOfferView extends GameOfferBasics {
  /** Price of one line (one game, or one System / PowerHit entry). */
  priceCents: number;
  currency: CurrencyCode;
  numberSets: NumberSetView[];
}

export interface GameTypeView {
  type: string;
  name: string;
  gameOffers: GameOfferView[];
}

export interface DrawView {
  drawId: string;
  drawNo: number;
  /** Sales close (ISO). */
  stop: string;
  /** The draw itself (ISO), when the API says. */
  drawAt: string | null;
  prizePoolCents: number | null;
  currency: CurrencyCode;
  prizePoolSuffix: string | null;
  isPrizePoolUnknown: boolean;
  purchaseStatus: string;
}

export interface OfferView {
  key: string;
  type: string;
  name: string;
  /** The url slug without slashes: the offer page is "/{slug}". */
  slug: string;
  aliases: string[];
  available: boolean;
  suspended: boolean;
  displayCategory: string | null;
  ranking: number;
  currency: CurrencyCode;
  draws: DrawView[];
  gameTypes: GameTypeView[];
  restrictions: string[];
  /** A syndicate_share offer's facts (features §3: size, tickets with numStandardGames, costPerShare); else null. */
  syndicate: SyndicateOfferView | null;
}

export interface SyndicateOfferView {
  size: number;
  sharesLeft: number;
  costPerShareCents: number;
  /** Standard games of all its tickets together ("2 × System 10": 240). */
  numStandardGames: number;
  tickets: { name: string; numStandardGames: number }[];
}

/**
 * What an offer tile needs (home and category pages): the next draw only. The full offer (every draw and game type)
 * is ~4 KB each; a page's loader data goes into the HTML for hydration, so tiles carry only this.
 */
export type OfferTileView = Pick<OfferView, 'key' | 'type' | 'name' | 'slug' | 'draws' | 'syndicate'>;

export function offerTileOf(o: OfferView): OfferTileView {
  return { key: o.key, type: o.type, name: o.name, slug: o.slug, draws: o.draws.slice(0, 1), syndicate: o.syndicate };
}

export function slugOf(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/i, '').replace(/^\/+|\/+$/g, '');
}

function moneyCents(money: Money | null | undefined): number | null {
  return money ? moneyToCents(money) : null;
}

function normaliseDraw(d: OfferDraw, currency: CurrencyCode): DrawView {
  return {
    drawId: d.drawId,
    drawNo: d.drawNo,
    stop: d.stop,
    drawAt: Number.isNaN(Date.parse(d.drawData.drawDate)) ? null : d.drawData.drawDate,
    prizePoolCents: moneyCents(d.prizePool),
    currency: d.prizePool?.currency ?? currency,
    prizePoolSuffix: d.prizePoolSuffix,
    isPrizePoolUnknown: d.isPrizePoolUnknown,
    purchaseStatus: d.purchaseStatus,
  };
}

function normaliseGameOffer(g: GameOffer): GameOfferView {
  return {
    ...gameOfferBasics(g),
    priceCents: moneyToCents(g.pricePerLine),
    currency: g.pricePerLine.currency,
    numberSets: g.numberSets,
  };
}

export function normaliseOffer(o: ProductOffer): OfferView {
  return {
    key: o.key,
    type: o.type,
    name: o.name,
    slug: slugOf(o.url) || o.key,
    aliases: o.urlAliases.map((a) => slugOf(a.url)).filter((s) => s !== ''),
    available: o.availability === 'available',
    suspended: o.suspended,
    displayCategory: o.displayCategory,
    ranking: o.ranking,
    currency: o.currency,
    draws: o.draws.map((d) => normaliseDraw(d, o.currency)).sort((a, b) => Date.parse(a.stop) - Date.parse(b.stop)),
    gameTypes: o.gameTypes.map((g) => ({
      type: g.key,
      name: g.name,
      gameOffers: g.gameOffers.map(normaliseGameOffer),
    })),
    restrictions: o.restrictions.map((r) => r.message),
    syndicate: syndicateOf(o),
  };
}

function syndicateOf(o: ProductOffer): SyndicateOfferView | null {
  const share = o.gameTypes.find((g) => g.key === 'syndicate')?.gameOffers.find((g) => g.costPerShare);
  if (o.type !== 'syndicate_share' || !share?.costPerShare || o.size === undefined || o.sharesLeft === undefined)
    return null;
  const tickets = (o.tickets ?? []).map((t) => ({ name: t.name, numStandardGames: t.numStandardGames }));
  return {
    size: o.size,
    sharesLeft: o.sharesLeft,
    costPerShareCents: moneyToCents(share.costPerShare),
    numStandardGames: tickets.reduce((n, t) => n + t.numStandardGames, 0),
    tickets,
  };
}

/** The offers answer parsed with the catalogue contract; null when it does not match. */
export function normaliseOffers(raw: unknown): OfferView[] | null {
  const parsed = ProductOffers.safeParse(raw);
  if (!parsed.success) return null;
  return Object.values(parsed.data).map(normaliseOffer);
}

// ---- results (contracts in @shop/contracts draws.ts) ----

export interface DividendView {
  division: number;
  description: string;
  prizeCents: number | null;
  currency: CurrencyCode | null;
  winners: number | null;
}

export interface PastDrawView {
  offerKey: string;
  gameName: string;
  drawNo: number;
  /** The draw's instant (ISO). */
  drawDate: string;
  status: DrawStatus;
  numbers: number[];
  supplementaries: number[];
  bonus: { name: string; numbers: number[] }[];
  dividends: DividendView[];
  prizePoolCents: number | null;
  currency: CurrencyCode | null;
  previousDrawNo: number | null;
  nextDrawNo: number | null;
}

function dividendView(d: DrawDividend): DividendView {
  return {
    division: d.division,
    description: d.description,
    prizeCents: moneyCents(d.prize),
    currency: d.prize?.currency ?? null,
    winners: d.winners,
  };
}

function pastDrawView(d: DrawDetails | DrawResultItem): PastDrawView | null {
  if (!d.result) return null;
  const dividends = (d.dividends ?? []).map(dividendView).sort((a, b) => a.division - b.division);
  return {
    offerKey: d.productOfferKey,
    gameName: d.gameName,
    drawNo: d.drawNo,
    drawDate: d.drawDate,
    status: d.status,
    numbers: d.result.numbers,
    supplementaries: d.result.supplementaries,
    bonus: Object.entries(d.result.bonus).map(([name, numbers]) => ({ name, numbers })),
    dividends,
    prizePoolCents: moneyCents(d.prizePool),
    currency: d.prizePool?.currency ?? dividends.find((v) => v.currency)?.currency ?? null,
    previousDrawNo: 'previousDrawNo' in d ? d.previousDrawNo : null,
    nextDrawNo: 'nextDrawNo' in d ? d.nextDrawNo : null,
  };
}

const PastDrawList = DrawResultItem.array();

/** A results list answer (features §7 past results); null when it does not match the contract. */
export function normalisePastDraws(raw: unknown): PastDrawView[] | null {
  // Features §7: "204 yields an empty list".
  if (raw === null || raw === undefined) return [];
  const parsed = PastDrawList.safeParse(raw);
  if (!parsed.success) return null;
  return parsed.data.map(pastDrawView).filter((d): d is PastDrawView => d !== null);
}

/**
 * Draw details (v3.6): null when the answer does not match; `result: null` inside means the draw exists but its
 * result is not visible yet.
 */
export function normaliseDrawDetails(raw: unknown): { draw: PastDrawView | null } | null {
  const parsed = DrawDetails.safeParse(raw);
  if (!parsed.success) return null;
  return { draw: pastDrawView(parsed.data) };
}

export function normaliseResultKeys(raw: unknown): ResultKey[] | null {
  if (raw === null || raw === undefined) return [];
  const parsed = ResultKey.array().safeParse(raw);
  return parsed.success ? parsed.data : null;
}

// ---- statistics ----

export interface NumberFrequencyView {
  number: number;
  count: number;
  lastDrawnDrawNo: number | null;
  drawsSinceDrawn: number | null;
}

export interface NumberSetStatsView {
  name: string;
  label: string;
  frequencies: NumberFrequencyView[];
  hot: number[];
  cold: number[];
}

export interface StatisticsView {
  drawsAnalysed: number;
  firstDrawNo: number | null;
  lastDrawNo: number | null;
  sets: NumberSetStatsView[];
}

export function normaliseStatistics(raw: unknown): StatisticsView | null {
  const parsed = OfferStatistics.safeParse(raw);
  if (!parsed.success) return null;
  const s = parsed.data;
  return {
    drawsAnalysed: s.drawsAnalysed,
    firstDrawNo: s.firstDrawNo,
    lastDrawNo: s.lastDrawNo,
    sets: s.numberSets.map((set) => ({
      name: set.name,
      label: set.label,
      frequencies: set.frequencies
        .map((f) => ({
          number: f.number,
          count: f.timesDrawn,
          lastDrawnDrawNo: f.lastDrawnDrawNo,
          drawsSinceDrawn: f.drawsSinceDrawn,
        }))
        .sort((a, b) => a.number - b.number),
      hot: set.hot,
      cold: set.cold,
    })),
  };
}
