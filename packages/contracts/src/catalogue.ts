// Catalogue contracts (features §3 Product offer, §4 Offer availability, §7 Draw and offer calls): product offers
// keyed by key, branding and tips.
import { z } from 'zod';
import { Identifier, Money, Region } from './common.ts';

export const PRODUCT_TYPES = ['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership'] as const;
export const ProductType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductType>;

/** Every game type the spec names (features §3); an offer lists the ones it sells. */
export const OFFER_GAME_TYPES = [
  'standard',
  'syndicate',
  'powerhit',
  'powerhit_super_combo',
  'powerpik',
  'powerpik_system',
  'mega_combo',
  'lotto_party',
  'strike_standard',
  'strike_boxed',
  'sequential',
  'random',
  'reduced_system',
  'deferred',
] as const;
export const OfferGameType = z.enum(OFFER_GAME_TYPES);
export type OfferGameType = z.infer<typeof OfferGameType>;

/** Features §9: a standard ticket starts with 18 games. */
export const DEFAULT_STANDARD_GAMES = 18;

export const OfferAvailability = z.enum(['available', 'unavailable']);
export type OfferAvailability = z.infer<typeof OfferAvailability>;
export const OfferPurchaseStatus = z.enum(['standard', 'pre_order']);
export const OfferRecurringType = z.enum(['autoplay', 'subscription', 'none']);
export const OfferRestrictionKind = z.enum(['licensing', 'migration']);

export const NumberSetOffer = z.object({
  /** 'numbers', 'powerball', 'lucky_stars' ... */
  name: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  /** How many numbers a game picks from this set (a system picks more from 'numbers'). */
  pick: z.number().int(),
});
export type NumberSetOffer = z.infer<typeof NumberSetOffer>;

/** Features §3 "prices (games, price)": `games` is the spec's name, `numGames` the same number as the cart calls it. */
export const GamePrice = z.object({ games: z.number().int(), numGames: z.number().int(), price: Money });
export type GamePrice = z.infer<typeof GamePrice>;

/** One purchasable shape of a game type: a standard ticket, a System 10 entry, a PowerHit 8 entry... */
export const GameOffer = z.object({
  key: z.string(),
  name: z.string(),
  minGames: z.number().int(),
  maxGames: z.number().int(),
  defaultGames: z.number().int(),
  /** Games one line of this offer plays (System 10 of Oz Lotto: C(10,7) = 120; PowerHit 7: 20; Box 24: 24). */
  gamesPerLine: z.number().int(),
  numberSets: z.array(NumberSetOffer),
  /** Price of one line under this pricing. */
  pricePerLine: Money,
  /** Price of every allowed number of lines, minGames..maxGames. */
  prices: z.array(GamePrice),
  /** Features §3: the currency of `prices` (an ISO code). */
  priceCurrency: z.string(),
  /** Features §3: entries the play screen starts with (lines of a lottery ticket, a raffle's default bundle). */
  defaultEntryCount: z.number().int(),
  /** Features §3 "A syndicate has costPerShare": the syndicate game type's offer (one share; prices per shares). */
  costPerShare: Money.optional(),
});
export type GameOffer = z.infer<typeof GameOffer>;

/** What every screen's view of a game offer starts from (the lotteries pages, the ticket builder): no price lists. */
export type GameOfferBasics = Pick<
  GameOffer,
  'key' | 'name' | 'minGames' | 'maxGames' | 'defaultGames' | 'gamesPerLine'
>;

export function gameOfferBasics(g: GameOffer): GameOfferBasics {
  const { key, name, minGames, maxGames, defaultGames, gamesPerLine } = g;
  return { key, name, minGames, maxGames, defaultGames, gamesPerLine };
}

export const OfferGameTypeEntry = z.object({
  key: OfferGameType,
  name: z.string(),
  gameOffers: z.array(GameOffer),
});
export type OfferGameTypeEntry = z.infer<typeof OfferGameTypeEntry>;

export const OfferDraw = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  /** Sales close (ISO). */
  stop: z.string(),
  prizePool: Money.nullable(),
  prizePoolSuffix: z.string().nullable(),
  isPrizePoolUnknown: z.boolean(),
  purchaseStatus: OfferPurchaseStatus,
  drawData: z.object({
    drawNumber: z.number().int(),
    drawStop: z.string(),
    drawDate: z.string(),
    featureImage: z.string().nullable(),
    name: z.string(),
    value: Money.nullable(),
    drawPreOrderStartDate: z.string().nullable(),
  }),
});
export type OfferDraw = z.infer<typeof OfferDraw>;

export const UrlAlias = z.object({ subvariant: z.string(), url: z.string() });
export const OfferRestriction = z.object({ kind: OfferRestrictionKind, regions: z.array(Region), message: z.string() });
export type OfferRestriction = z.infer<typeof OfferRestriction>;
/** Per-region changes to an offer (e.g. a state where it is sold under another name or not at all). */
export const OfferRegionOverride = z.object({
  region: Region,
  name: z.string().nullable(),
  availability: OfferAvailability.nullable(),
});
/**
 * Features §3/§6 (and core §3 for the cart item): recurring availability is never, optional or always. Offers stored
 * before 2026-12 say available/unavailable; the catalogue answers them as optional/never (`recurringAvailabilityOf`).
 */
export const OfferRecurringAvailability = z.enum(['never', 'optional', 'always']);
export const OfferRecurringPurchase = z.object({ type: OfferRecurringType, availability: OfferRecurringAvailability });
export type OfferRecurringPurchase = z.infer<typeof OfferRecurringPurchase>;

/** A stored offer's recurring purchase in the spec's words (old rows: available → optional, unavailable → never). */
export function recurringPurchaseOf(stored: { type: string; availability: string }): OfferRecurringPurchase {
  const type = OfferRecurringType.safeParse(stored.type);
  const availability =
    stored.availability === 'available'
      ? 'optional'
      : stored.availability === 'unavailable'
        ? 'never'
        : (OfferRecurringAvailability.safeParse(stored.availability).data ?? 'never');
  return type.success && type.data !== 'none'
    ? { type: type.data, availability }
    : { type: 'none', availability: 'never' };
}

/** Whether the offer sells a recurring purchase at all (optional or always, of a type). */
export const sellsRecurring = (r: OfferRecurringPurchase) => r.type !== 'none' && r.availability !== 'never';
export const OfferCause = z.object({ key: z.string(), name: z.string(), url: z.string().nullable() });

/** A syndicate's ticket as its product offer lists it: "System 10", 120 standard games. */
export const SyndicateOfferTicket = z.object({
  name: z.string(),
  gameType: z.enum(['system', 'standard']),
  numStandardGames: z.number().int(),
});
export type SyndicateOfferTicket = z.infer<typeof SyndicateOfferTicket>;

export const ProductOffer = z.object({
  key: z.string(),
  type: ProductType,
  name: z.string(),
  url: z.string(),
  urlAliases: z.array(UrlAlias),
  availability: OfferAvailability,
  /** AUD for the Australian games, GBP for the en-GB ones. */
  currency: z.enum(['AUD', 'GBP']),
  gameKey: z.string().nullable(),
  draws: z.array(OfferDraw),
  displayCategory: z.string(),
  suspended: z.boolean(),
  gameTypes: z.array(OfferGameTypeEntry),
  /** Lotteries have none; charity raffles list the causes a buyer chooses from. */
  causes: z.array(OfferCause),
  recurringPurchase: OfferRecurringPurchase,
  recurringPurchaseInformation: z.string().nullable(),
  regionOverrides: z.array(OfferRegionOverride),
  ranking: z.number().int(),
  restrictions: z.array(OfferRestriction),
  /** syndicate_share only (features §3): the shares of the soonest syndicate on sale, and how many are left. */
  size: z.number().int().optional(),
  sharesLeft: z.number().int().optional(),
  /** syndicate_share only (features §3): the syndicate's tickets, each with the standard games it plays. */
  tickets: z.array(SyndicateOfferTicket).optional(),
});
export type ProductOffer = z.infer<typeof ProductOffer>;

/** GET /pricing/{pricingName}/product_offers: offers keyed by key. */
export const ProductOffers = z.record(z.string(), ProductOffer);
export type ProductOffers = z.infer<typeof ProductOffers>;

export const PricingParams = z.object({ pricingName: Identifier });
export const ProductOffersQuery = z.object({
  /** Only the offers sold in this market (AU or GB); all when absent. */
  market: z.enum(['AU', 'GB']).optional(),
  /** One display category only (e.g. 'lotto'). */
  category: Identifier.optional(),
});

export const Branding = z.object({
  id: z.string(),
  aliases: z.array(z.string()),
  regionOverrides: z.array(z.object({ region: Region, brandingRegions: z.array(z.string()) })),
  subvariant: z.string().nullable(),
  url: z.string(),
});
export type Branding = z.infer<typeof Branding>;

export const Tip = z.object({
  id: z.string(),
  offerKey: z.string().nullable(),
  title: z.string(),
  text: z.string(),
});
export type Tip = z.infer<typeof Tip>;

/** Features §9 / core §9: clients keep product offers and tips 18 minutes. */
export const OFFERS_CLIENT_CACHE_MS = 1_080_000;
