// Placements (features §3 Placements, §7 Placement API): offers to show around the cart, built from the catalogue.
// The pre-cart drawer and the cart's inline slot get the two biggest upcoming jackpots not already in the cart, each
// with a ready-made quickpick (the game offer's default number of games) that the drawer posts to /cart/build.
import {
  CART_PLACEMENT_KEYS,
  PLACEMENT_KEYS,
  toCents,
  type Placement,
  type ProductOffer,
  type ProductOffers,
} from '@shop/contracts';

/** Who is asking: placements follow their segment, region and the site's currency. */
export interface PlacementVisitor {
  segmentName: string | undefined;
  customerId: string | null;
}

export interface PlacementDeps {
  /** The lottery offers this visitor may be offered (the catalogue's offer audience). */
  productOffers(pricingId: string, visitor: PlacementVisitor): Promise<ProductOffers>;
  /** Offer keys already in a cart (by cart reference or customer), so placements don't repeat them. */
  offersInCart?: (p: { cartReference: string | null; customerId: string | null }) => Promise<string[]>;
  /** Milliseconds since the epoch (the shop's clock): primed placements expire by it. */
  now?: () => number;
}

/** How long primed cart placements are kept (core §9: feature placement cache 5 minutes). */
export const PRIMED_TTL_MS = 5 * 60_000;
/** At most this many carts are kept primed per process; the oldest goes first. */
const PRIMED_MAX = 5_000;

interface PlacementQuery {
  keys: string;
  pricingId?: string;
  cartReference: string | null;
  customerId: string | null;
  segmentName?: string;
}

type PlacementKey = Placement['key'];
const ITEMS_PER_KEY = 2;

function quickBuy(offer: ProductOffer): Placement['build'] {
  const type = offer.gameTypes.find((t) => t.key === 'standard') ?? offer.gameTypes[0];
  const gameOffer = type?.gameOffers[0];
  if (!type || !gameOffer) return null;
  return {
    productOfferKey: offer.key,
    gameType: type.key,
    gameOffer: gameOffer.key,
    numGames: gameOffer.defaultGames,
    numDraws: 1,
  };
}

function priceOf(offer: ProductOffer, build: NonNullable<Placement['build']>): Placement['price'] {
  const gameOffer = offer.gameTypes
    .find((t) => t.key === build.gameType)
    ?.gameOffers.find((g) => g.key === build.gameOffer);
  return gameOffer?.prices.find((p) => p.numGames === build.numGames)?.price ?? null;
}

const jackpotOf = (o: ProductOffer) => {
  const pool = o.draws[0]?.prizePool;
  return pool ? toCents(pool.amount) : 0;
};

export function createPlacementService(deps: PlacementDeps) {
  const now = deps.now ?? Date.now;
  // Primed cart placements per cart (customer or anonymous reference, segment and price list), in this process.
  const primed = new Map<string, { at: number; items: Placement[] }>();
  const cartKey = (q: Omit<PlacementQuery, 'keys'>) =>
    [q.customerId ? `c:${q.customerId}` : `a:${q.cartReference}`, q.segmentName ?? '', q.pricingId ?? 'default'].join(
      '|',
    );
  const offersIn = async (q: Pick<PlacementQuery, 'cartReference' | 'customerId'>) =>
    new Set(
      deps.offersInCart ? await deps.offersInCart({ cartReference: q.cartReference, customerId: q.customerId }) : [],
    );

  async function compute(
    q: Omit<PlacementQuery, 'keys'>,
    keys: PlacementKey[],
    inCart: Set<string>,
  ): Promise<Placement[]> {
    const visitor = { segmentName: q.segmentName, customerId: q.customerId };
    const offers = Object.values(await deps.productOffers(q.pricingId ?? 'default', visitor)).filter(
      (o) => !o.suspended && o.draws.length > 0,
    );
    const byJackpot = offers
      .filter((o) => o.type === 'lottery_ticket')
      .sort((a, b) => jackpotOf(b) - jackpotOf(a) || a.ranking - b.ranking);
    const out: Placement[] = [];
    for (const key of keys) {
      const pool =
        key === 'feature_placement'
          ? [...offers].sort((a, b) => a.ranking - b.ranking)
          : byJackpot.filter((o) => !inCart.has(o.key));
      for (const offer of pool.slice(0, key === 'feature_placement' ? 1 : ITEMS_PER_KEY)) {
        const build = offer.type === 'lottery_ticket' ? quickBuy(offer) : null;
        const draw = offer.draws[0]!;
        out.push({
          key,
          productType: offer.type,
          productOfferKey: offer.key,
          title: offer.name,
          description: draw.prizePool ? `${offer.name} draw ${draw.drawNo}` : offer.name,
          build,
          price: build ? priceOf(offer, build) : null,
          config: { productType: offer.type },
        });
      }
    }
    return out;
  }

  return {
    /** Placements for the keys asked (unknown keys are ignored); an empty list when nothing fits. */
    async placements(q: PlacementQuery): Promise<Placement[]> {
      const keys = [...new Set(q.keys.split(',').map((k) => k.trim()))].filter((k): k is PlacementKey =>
        (PLACEMENT_KEYS as readonly string[]).includes(k),
      );
      if (!keys.length) return [];
      const inCart = await offersIn(q);
      const hasCart = q.customerId !== null || q.cartReference !== null;
      const hit = hasCart ? primed.get(cartKey(q)) : undefined;
      if (hit && now() - hit.at < PRIMED_TTL_MS && keys.every((k) => CART_PLACEMENT_KEYS.includes(k))) {
        // Primed for this cart: what was computed then, less anything put in the cart since.
        return hit.items.filter((i) => keys.includes(i.key) && !inCart.has(i.productOfferKey));
      }
      return compute(q, keys, inCart);
    },

    /**
     * POST /placement/cart/prime: compute every cart placement of this cart now and keep it for PRIMED_TTL_MS, so
     * the pre-cart drawer opening next answers from it. Returns what was primed.
     */
    async primeCart(q: Omit<PlacementQuery, 'keys'>): Promise<Placement[]> {
      const items = await compute(q, [...CART_PLACEMENT_KEYS], await offersIn(q));
      if (q.customerId === null && q.cartReference === null) return items;
      const key = cartKey(q);
      primed.delete(key);
      if (primed.size >= PRIMED_MAX) primed.delete(primed.keys().next().value!);
      primed.set(key, { at: now(), items });
      return items;
    },
  };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
