// Draws and results on the wire (spec features §4 Draw states, §7 Draw and offer calls, §9 results page size 5).
import { z } from 'zod';
import { Money, PAGE_SIZES, MAX_PAGE_LIMIT } from './common.ts';

export const DRAW_STATUSES = [
  'DRAW_OPEN',
  'DRAW_CLOSED',
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_PAID',
  'DRAW_EMAILED',
] as const;
export const DrawStatus = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof DrawStatus>;

/** Spec features §4: "Results-visible states: drawn, scored, paid, emailed." */
export const RESULT_VISIBLE_STATUSES = [
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_PAID',
  'DRAW_EMAILED',
] as const satisfies readonly DrawStatus[];

/** Spec features §4: "Purchase status otherwise standard or pre_order." */
export const DrawPurchaseStatus = z.enum(['standard', 'pre_order']);
export type DrawPurchaseStatus = z.infer<typeof DrawPurchaseStatus>;

export const ResultSource = z.enum(['simulated', 'import', 'manual']);
export type ResultSource = z.infer<typeof ResultSource>;

/** A product offer key as used in URLs (`oz-lotto`); offers are keyed like their game. */
export const OfferKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);
export const DrawNo = z.coerce.number().int().min(1).max(1_000_000_000);

export const DrawNumbers = z.object({
  numbers: z.array(z.number().int()),
  supplementaries: z.array(z.number().int()),
  /** Numbers of the bonus barrels by number set name, e.g. { powerball: [7] }, { lucky_stars: [2, 9] }. */
  bonus: z.record(z.string(), z.array(z.number().int())),
});
export type DrawNumbers = z.infer<typeof DrawNumbers>;

export const DrawDividend = z.object({
  division: z.number().int(),
  /** What the division needs, e.g. "5 + supp". */
  description: z.string(),
  prize: Money.nullable(),
  /** Winners in that division across the whole lottery, when the results feed gives them. */
  winners: z.number().int().nullable(),
});
export type DrawDividend = z.infer<typeof DrawDividend>;

/** One draw of one offer: schedule, state, prize pool and (once drawn) its result. */
export const Draw = z.object({
  id: z.string(),
  productOfferKey: z.string(),
  gameName: z.string(),
  drawNo: z.number().int(),
  /** Sales close (stop time), ISO 8601. */
  stopDate: z.string(),
  drawDate: z.string(),
  /** Local calendar date of the draw in the game's time zone (YYYY-MM-DD). */
  localDrawDate: z.string(),
  timeZone: z.string(),
  status: DrawStatus,
  purchaseStatus: DrawPurchaseStatus,
  prizePool: Money.nullable(),
  isPrizePoolUnknown: z.boolean(),
});
export type Draw = z.infer<typeof Draw>;

export const DrawResultItem = Draw.extend({
  result: DrawNumbers,
  dividends: z.array(DrawDividend),
  resultSource: ResultSource,
});
export type DrawResultItem = z.infer<typeof DrawResultItem>;

/** The signed-in customer's part of a result: their orders on that draw (filled by the Cart issue). */
export const CustomerDrawData = z.object({ orders: z.array(z.unknown()) });
export const CustomerDrawResultItem = DrawResultItem.extend({ customerData: CustomerDrawData });
export type CustomerDrawResultItem = z.infer<typeof CustomerDrawResultItem>;

/** Draw details (v3.6): the draw, its result when visible, and the neighbouring draw numbers. */
export const DrawDetails = Draw.extend({
  result: DrawNumbers.nullable(),
  dividends: z.array(DrawDividend).nullable(),
  previousDrawNo: z.number().int().nullable(),
  nextDrawNo: z.number().int().nullable(),
});
export type DrawDetails = z.infer<typeof DrawDetails>;

/** Draw preview (v3.3): what an offer page shows about a coming draw. */
export const DrawPreview = Draw.extend({
  isOpenForSales: z.boolean(),
  secondsToStop: z.number().int(),
});
export type DrawPreview = z.infer<typeof DrawPreview>;

export const DrawPrizes = z.object({
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  prizes: z.array(DrawDividend),
});
export const DrawWinners = z.object({
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  totalWinners: z.number().int().nullable(),
  winners: z.array(
    z.object({ division: z.number().int(), description: z.string(), winners: z.number().int().nullable() }),
  ),
});

/** Result keys: which months of which offers have results (archive navigation). */
export const ResultKey = z.object({
  productOfferKey: z.string(),
  latestDrawNo: z.number().int(),
  months: z.array(
    z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), draws: z.number().int() }),
  ),
});
export type ResultKey = z.infer<typeof ResultKey>;

export const NumberFrequency = z.object({
  number: z.number().int(),
  timesDrawn: z.number().int(),
  /** Draw number it was last drawn in, or null if never within the stored results. */
  lastDrawnDrawNo: z.number().int().nullable(),
  lastDrawnDate: z.string().nullable(),
  drawsSinceDrawn: z.number().int().nullable(),
});
export const NumberSetStatistics = z.object({
  name: z.string(),
  label: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  frequencies: z.array(NumberFrequency),
  /** The most often drawn numbers (ties broken by the most recent, then the lower number). */
  hot: z.array(z.number().int()),
  cold: z.array(z.number().int()),
});
export const OfferStatistics = z.object({
  productOfferKey: z.string(),
  drawsAnalysed: z.number().int(),
  firstDrawNo: z.number().int().nullable(),
  lastDrawNo: z.number().int().nullable(),
  numberSets: z.array(NumberSetStatistics),
});
export type OfferStatistics = z.infer<typeof OfferStatistics>;

const resultsPage = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZES.results),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
};
export const ResultsCategory = z.enum(['lotteries', 'raffles']);

/** Query of the results lists: limit (default 5), offset, customerId, category (v3.7), optional offer filter. */
export const PastResultsQuery = z
  .object({
    ...resultsPage,
    customerId: z.string().max(128).optional(),
    category: ResultsCategory.optional(),
    productOfferKey: OfferKey.optional(),
    clearCache: z.string().max(16).optional(),
  })
  .strict();
export type PastResultsQuery = z.infer<typeof PastResultsQuery>;

export const ResultsPricingParams = z
  .object({
    pricingId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
export const ArchivedParams = z
  .object({
    offer: OfferKey,
    year: z.coerce.number().int().min(1900).max(9999),
    month: z.coerce.number().int().min(1).max(12),
  })
  .strict();
export const OfferDrawParams = z.object({ offerKey: OfferKey, drawNo: DrawNo }).strict();
export const OfferParams = z.object({ offerKey: OfferKey }).strict();
export const NoQuery = z.object({ clearCache: z.string().max(16).optional() }).strict();
