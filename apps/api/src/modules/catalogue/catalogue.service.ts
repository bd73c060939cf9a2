// Catalogue rules: which offers are listed (features §4: only available offers with at least one open draw), their
// game types and game offers (built from the engine's game rules), and their prices under a pricing id.
import {
  DEFAULT_STANDARD_GAMES,
  toMoney,
  type Branding,
  type CurrencyCode,
  type GameOffer,
  type OfferDraw,
  type OfferGameType,
  type OfferGameTypeEntry,
  recurringPurchaseOf,
  type ProductOffer,
  type ProductOffers,
  type Tip,
} from '@shop/contracts';
import { gamesInEntry, getGame, isGameKey, priceOfGames, type GameDefinition, type GameType } from '@shop/lottery';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { notFound } from '../../lib/errors.ts';
import { createCatalogueRepository, type OfferRow, type PriceRow } from './catalogue.repository.ts';
import { syndicateOffersOf, type SyndicateOnSale } from './catalogue.syndicates.ts';

/** The part of an upcoming draw the catalogue shows (the draws module's DrawSummary satisfies it). */
export interface UpcomingDraw {
  id: string;
  drawNo: number;
  stopAt: Date;
  drawAt: Date;
  jackpotCents: number | null;
  /** Draws far ahead are sold as pre-orders (the draws module decides); standard when absent. */
  purchaseStatus?: 'standard' | 'pre_order';
}

export interface CatalogueDeps {
  db: Db;
  clock: Clock;
  /** Open draws of a game, soonest first (the draws module's upcomingDraws). */
  upcomingDraws(gameKey: string, limit?: number): Promise<UpcomingDraw[]>;
  /**
   * How long a built list of offers is kept per pricing. Offers are the hottest read; draws close on the clock (and
   * are filtered by stop time on every read) and offers change rarely, so a few seconds of staleness is the price.
   */
  cacheTtlMs?: number;
  /** Draw changes (closed, drawn…) from any process: the lists are rebuilt at once rather than served stale. */
  changes?: Pick<ChangeFeed, 'on'>;
  /** Raffle offers (type raffle_ticket) have no game: their draws come from the raffles module (hidden when absent). */
  raffleDraws?(offerKey: string): Promise<UpcomingDraw[]>;
  /** A raffle's one game offer: bundles as prices, numGames = tickets. */
  raffleGameOffer?(offerKey: string): Promise<GameOffer | null>;
  /**
   * Syndicates on sale (the syndicates module's onSale): each lottery with one gets a syndicate_share offer (ADR 095).
   * Absent: no syndicate offers. Shares left are as fresh as the list (cacheTtlMs); the purchase counts them exactly.
   */
  syndicatesOnSale?(): Promise<SyndicateOnSale[]>;
}

/** Draws listed per offer: enough for the draw picker and forward draw labels. */
export const DRAWS_PER_OFFER = 12;
const DEFAULT_TTL_MS = 5_000;
/** Lines of a system or PowerHit entry one ticket may hold. */
const MAX_SYSTEM_LINES = 10;

export interface StoredGameType {
  key: OfferGameType;
  name: string;
}

/** Prize pool wording where the top prize is not a lump sum (features §9 jackpot text: 'Win {k}k' + suffix). */
const PRIZE_POOL_SUFFIX: Partial<Record<string, string>> = { 'set-for-life': 'a month for 20 years' };

/** Price of `games` games from a block price (the lottery package's rule, shared with the back office's screen). */
export { priceOfGames };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function gameOffer(
  game: GameDefinition,
  price: PriceRow,
  currency: CurrencyCode,
  o: {
    key: string;
    name: string;
    minGames: number;
    maxGames: number;
    defaultGames: number;
    gameType: GameType;
    mainPick: number;
    withBonus: boolean;
  },
): GameOffer {
  const main = game.numberSets[0]!;
  const numberSets = game.numberSets
    .filter((s, i) => i === 0 || o.withBonus)
    .map((s) => ({ name: s.name, from: s.from, to: s.to, pick: s === main ? o.mainPick : s.pick }));
  const sampleSets = Object.fromEntries(numberSets.map((s) => [s.name, range(s.from, s.from + s.pick - 1)]));
  const gamesPerLine = gamesInEntry(game, { gameType: o.gameType, sets: sampleSets });
  const lineCents = priceOfGames(gamesPerLine, price);
  return {
    key: o.key,
    name: o.name,
    minGames: o.minGames,
    maxGames: o.maxGames,
    defaultGames: o.defaultGames,
    gamesPerLine,
    numberSets,
    pricePerLine: toMoney(lineCents, currency),
    prices: range(o.minGames, o.maxGames).map((n) => ({
      games: n,
      numGames: n,
      price: toMoney(priceOfGames(n * gamesPerLine, price), currency),
    })),
    priceCurrency: currency,
    defaultEntryCount: o.defaultGames,
  };
}

/** Game offers of one game type, from the game's rules (min/max games, system and PowerHit sizes, number sets). */
export function gameOffersFor(
  game: GameDefinition,
  type: OfferGameType,
  price: PriceRow,
  currency: CurrencyCode,
): GameOffer[] {
  const main = game.numberSets[0]!;
  const single = (key: string, name: string, gameType: GameType, defaultGames: number) =>
    gameOffer(game, price, currency, {
      key,
      name,
      minGames: game.minGames,
      maxGames: game.maxGames,
      defaultGames,
      gameType,
      mainPick: main.pick,
      withBonus: true,
    });
  switch (type) {
    case 'standard':
      return [
        single(
          'standard',
          'Standard',
          'standard',
          Math.min(game.maxGames, Math.max(game.minGames, DEFAULT_STANDARD_GAMES)),
        ),
      ];
    case 'random':
      return [single('random', 'QuickPick', 'random', game.minGames)];
    case 'strike_standard':
      return [single('strike_standard', 'Strike', 'strike_standard', game.minGames)];
    case 'strike_boxed':
      return [
        gameOffer(game, price, currency, {
          key: 'boxed',
          name: 'Box 24',
          minGames: 1,
          maxGames: MAX_SYSTEM_LINES,
          defaultGames: 1,
          gameType: 'strike_boxed',
          mainPick: main.pick,
          withBonus: true,
        }),
      ];
    case 'reduced_system':
      return game.systems
        ? range(game.systems.min, game.systems.max).map((n) =>
            gameOffer(game, price, currency, {
              key: `system-${n}`,
              name: `System ${n}`,
              minGames: 1,
              maxGames: MAX_SYSTEM_LINES,
              defaultGames: 1,
              gameType: 'system',
              mainPick: n,
              withBonus: true,
            }),
          )
        : [];
    case 'powerhit':
      return game.powerHit
        ? range(game.powerHit.min, game.powerHit.max).map((n) =>
            gameOffer(game, price, currency, {
              key: `powerhit-${n}`,
              name: `PowerHit ${n}`,
              minGames: 1,
              maxGames: MAX_SYSTEM_LINES,
              defaultGames: 1,
              gameType: 'powerhit',
              mainPick: n,
              withBonus: false,
            }),
          )
        : [];
    default:
      // Game types the engine does not sell yet are not listed rather than listed without game offers.
      return [];
  }
}

function offerDraw(offer: OfferRow, draw: UpcomingDraw, currency: CurrencyCode): OfferDraw {
  const prizePool = draw.jackpotCents === null ? null : toMoney(draw.jackpotCents, currency);
  return {
    drawId: draw.id,
    drawNo: draw.drawNo,
    stop: draw.stopAt.toISOString(),
    prizePool,
    prizePoolSuffix: PRIZE_POOL_SUFFIX[offer.key] ?? null,
    isPrizePoolUnknown: prizePool === null,
    purchaseStatus: draw.purchaseStatus ?? 'standard',
    drawData: {
      drawNumber: draw.drawNo,
      drawStop: draw.stopAt.toISOString(),
      drawDate: draw.drawAt.toISOString(),
      featureImage: null,
      name: `${offer.name} draw ${draw.drawNo}`,
      value: prizePool,
      drawPreOrderStartDate: null,
    },
  };
}

interface BuiltOffer {
  offer: ProductOffer;
  /** Sales close of each draw, to drop the draws that closed since the list was built. */
  stops: number[];
}

/** An available offer with its upcoming draws and game types, as the list serves it (lotteries and raffles alike). */
function builtOffer(
  offer: OfferRow,
  type: ProductOffer['type'],
  gameKey: ProductOffer['gameKey'],
  draws: UpcomingDraw[],
  gameTypes: ProductOffer['gameTypes'],
): BuiltOffer {
  const currency = offer.currency as CurrencyCode;
  const product: ProductOffer = {
    key: offer.key,
    type,
    name: offer.name,
    url: offer.url,
    urlAliases: offer.urlAliases as ProductOffer['urlAliases'],
    availability: 'available',
    currency,
    gameKey,
    draws: draws.map((d) => offerDraw(offer, d, currency)),
    displayCategory: offer.displayCategory,
    suspended: offer.suspended,
    gameTypes,
    causes: offer.causes as ProductOffer['causes'],
    recurringPurchase: recurringPurchaseOf(offer.recurringPurchase as { type: string; availability: string }),
    recurringPurchaseInformation: offer.recurringPurchaseInformation,
    regionOverrides: offer.regionOverrides as ProductOffer['regionOverrides'],
    ranking: offer.ranking,
    restrictions: offer.restrictions as ProductOffer['restrictions'],
  };
  return { offer: product, stops: draws.map((d) => d.stopAt.getTime()) };
}

export function createCatalogueService(deps: CatalogueDeps) {
  const repo = createCatalogueRepository(deps.db);
  const ttl = deps.cacheTtlMs ?? DEFAULT_TTL_MS;
  type CacheEntry = { at: number; built: Promise<BuiltOffer[]>; loaded?: Promise<BuiltOffer[]> };
  const cache = new Map<string, CacheEntry>();
  deps.changes?.on('draws_draws', () => cache.clear());
  // An operator's switch (offer:suspend in another process) reaches every process at once (migration trigger).
  deps.changes?.on('catalogue_offers', () => cache.clear());
  // A price changed in the back office (any process): the next read is priced anew (migration trigger, ADR 101).
  deps.changes?.on('catalogue_prices', () => cache.clear());

  async function buildRaffle(offer: OfferRow): Promise<BuiltOffer | null> {
    if (!deps.raffleDraws) return null;
    const draws = await deps.raffleDraws(offer.key);
    if (draws.length === 0) return null;
    const gameOffer = await deps.raffleGameOffer?.(offer.key);
    return builtOffer(
      offer,
      'raffle_ticket',
      null,
      draws,
      gameOffer ? [{ key: 'standard', name: 'Tickets', gameOffers: [gameOffer] }] : [],
    );
  }

  async function build(pricingId: string): Promise<BuiltOffer[]> {
    if (!(await repo.pricingExists(pricingId)))
      throw notFound(`There is no pricing named "${pricingId}".`, 'unknown_pricing');
    const rows = await repo.offersWithPrices(pricingId);
    const built = await Promise.all(
      rows.map(async ({ offer, price }): Promise<BuiltOffer | null> => {
        if (offer.type === 'raffle_ticket') return offer.availability === 'available' ? buildRaffle(offer) : null;
        if (offer.availability !== 'available' || !offer.gameKey || !isGameKey(offer.gameKey)) return null;
        const draws = await deps.upcomingDraws(offer.gameKey, DRAWS_PER_OFFER);
        if (draws.length === 0) return null;
        const currency = offer.currency as CurrencyCode;
        const game = getGame(offer.gameKey, draws[0]!.drawNo);
        const gameTypes: OfferGameTypeEntry[] = (offer.gameTypes as StoredGameType[])
          .map((t) => ({ key: t.key, name: t.name, gameOffers: gameOffersFor(game, t.key, price, currency) }))
          .filter((t) => t.gameOffers.length > 0);
        return builtOffer(offer, offer.type as ProductOffer['type'], offer.gameKey, draws, gameTypes);
      }),
    );
    const offers = built.filter((b): b is BuiltOffer => b !== null);
    const syndicates = deps.syndicatesOnSale ? await deps.syndicatesOnSale() : [];
    const shares = syndicateOffersOf(
      offers.map((b) => b.offer),
      syndicates,
    ).map((offer) => ({ offer, stops: offer.draws.map((d) => Date.parse(d.stop)) }));
    return [...offers, ...shares];
  }

  /**
   * Stale-while-revalidate: once a list has loaded, an expired one is still served while a fresh one loads, so a
   * read never waits on the database after the first. This matters inside purchase transactions: a transaction that
   * holds a pooled connection and then waited for the list to rebuild on another one could, with every connection
   * held that way, wait forever. Draws close on the clock and are filtered by stop time on every read, and
   * fulfilment locks the draw row, so a list a few seconds old sells nothing it should not.
   */
  function builtFor(pricingId: string): Promise<BuiltOffer[]> {
    const now = deps.clock.now().getTime();
    const hit = cache.get(pricingId);
    if (hit && now - hit.at < ttl && now >= hit.at) return hit.built;
    const built = build(pricingId);
    const previous = hit?.loaded;
    const entry: CacheEntry = { at: now, built, loaded: previous };
    cache.set(pricingId, entry);
    built.then(
      () => {
        entry.loaded = built;
      },
      () => {
        // A failed load (unknown pricing, database down) is not kept: the next read tries again.
        if (cache.get(pricingId) === entry) {
          if (previous) cache.set(pricingId, { at: 0, built: previous, loaded: previous });
          else cache.delete(pricingId);
        }
      },
    );
    return previous ?? built;
  }

  let byCode: { at: number; ids: Promise<Set<string>> } | null = null;
  /** The lists offered by code, read at most once per cache period (a failed read is not kept). */
  function pricingsByCode(): Promise<Set<string>> {
    const now = deps.clock.now().getTime();
    if (byCode && now - byCode.at < ttl && now >= byCode.at) return byCode.ids;
    const entry = { at: now, ids: repo.pricingsOfferedByCode().then((ids) => new Set(ids)) };
    byCode = entry;
    entry.ids.catch(() => {
      if (byCode === entry) byCode = null;
    });
    return entry.ids;
  }

  return {
    /** Whether a price list is offered by the `p` address code (core §1): open to every visitor who follows it. */
    async offeredByCode(pricingId: string): Promise<boolean> {
      return (await pricingsByCode()).has(pricingId);
    },

    /**
     * Offers keyed by key under a pricing: available, with at least one draw still open for sales now (or `at`: a cart
     * judging an item passes the instant it checks it at, so the list and the check agree).
     */
    async productOffers(
      pricingId: string,
      filter: { market?: 'AU' | 'GB'; category?: string } = {},
      at?: Date,
    ): Promise<ProductOffers> {
      const now = (at ?? deps.clock.now()).getTime();
      const out: ProductOffers = {};
      for (const { offer, stops } of await builtFor(pricingId)) {
        if (filter.market && offer.currency !== (filter.market === 'AU' ? 'AUD' : 'GBP')) continue;
        if (filter.category && offer.displayCategory !== filter.category) continue;
        const open = offer.draws.filter((_, i) => stops[i]! > now);
        if (open.length === 0) continue;
        out[offer.key] = open.length === offer.draws.length ? offer : { ...offer, draws: open };
      }
      return out;
    },

    async brandings(): Promise<Branding[]> {
      return (await repo.brandings()).map((b) => ({
        id: b.id,
        aliases: b.aliases as string[],
        regionOverrides: b.regionOverrides as Branding['regionOverrides'],
        subvariant: b.subvariant,
        url: b.url,
      }));
    },

    async tips(): Promise<Tip[]> {
      return (await repo.tips()).map((t) => ({ id: t.id, offerKey: t.offerKey, title: t.title, text: t.text }));
    },

    offerKeys(): Promise<string[]> {
      return repo.offerKeys();
    },

    /** Forgets the cached lists of this process (a price changed): the next read builds them anew and waits for it. */
    forgetOffers(): void {
      cache.clear();
    },

    /** Operator switch (availability or suspension); this process forgets its cached lists at once. */
    async setOfferState(key: string, state: { availability?: 'available' | 'unavailable'; suspended?: boolean }) {
      const rows = await repo.setOfferState(key, state);
      if (rows.length === 0) throw notFound(`There is no product offer "${key}".`, 'unknown_offer');
      cache.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
