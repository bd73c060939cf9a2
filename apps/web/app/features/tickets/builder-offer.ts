// The play screen's view of a product offer (spec features §3 Product offer, Ticket being built): game types with
// their game offers and full price lists, the draws to start from, recurring availability and causes. Loader data
// crosses to the browser, so only what the builder uses is kept.
import { getGame, isGameKey } from '@shop/lottery';
import {
  gameOfferBasics,
  moneyToCents,
  type CurrencyCode,
  type FavouriteNumbers,
  sellsRecurring,
  type ProductOffer,
} from '@shop/contracts';
import type { BuilderGameOffer, BuilderGameType } from './ticket-state.ts';

export interface BuilderDraw {
  drawNo: number;
  stop: string;
  drawAt: string | null;
  purchaseStatus: string;
}

export interface BuilderOffer {
  key: string;
  slug: string;
  name: string;
  /** The engine's game (favourite numbers are kept per lottery under this key). */
  lotteryKey: string;
  currency: CurrencyCode;
  ordered: boolean;
  gameTypes: BuilderGameType[];
  draws: BuilderDraw[];
  /** Core §4: numDraws 'autoplay' is offered when the offer sells autoplay. */
  autoplay: boolean;
  autoplayInformation: string | null;
  causes: { key: string; name: string }[];
}

/** Display labels of number sets (features §3: Numbers, Powerball ...), from the engine where it knows the game. */
function setLabel(gameKey: string | null, name: string): string {
  if (gameKey && isGameKey(gameKey)) {
    const rule = getGame(gameKey).numberSets.find((s) => s.name === name);
    if (rule) return rule.label;
  }
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
}

export function builderOffer(o: ProductOffer, slug: string): BuilderOffer {
  const gameKey = o.gameKey;
  return {
    key: o.key,
    slug,
    name: o.name,
    lotteryKey: gameKey ?? o.key,
    currency: o.currency,
    ordered: gameKey !== null && isGameKey(gameKey) ? getGame(gameKey).ordered : false,
    gameTypes: o.gameTypes.map((t) => ({
      type: t.key,
      name: t.name,
      gameOffers: t.gameOffers.map((g): BuilderGameOffer => ({
        ...gameOfferBasics(g),
        numberSets: g.numberSets.map((s) => ({ ...s, label: setLabel(gameKey, s.name) })),
        pricePerLineCents: moneyToCents(g.pricePerLine),
        pricesCents: Object.fromEntries(g.prices.map((p) => [p.numGames, moneyToCents(p.price)])),
      })),
    })),
    draws: o.draws
      .map((d) => ({
        drawNo: d.drawNo,
        stop: d.stop,
        drawAt: Number.isNaN(Date.parse(d.drawData.drawDate)) ? null : d.drawData.drawDate,
        purchaseStatus: d.purchaseStatus,
      }))
      .sort((a, b) => Date.parse(a.stop) - Date.parse(b.stop)),
    autoplay: sellsRecurring(o.recurringPurchase),
    autoplayInformation: o.recurringPurchaseInformation,
    causes: o.causes.map((c) => ({ key: c.key, name: c.name })),
  };
}

/** The customer's favourite numbers for this lottery, by set name. */
export function favouritesFor(all: FavouriteNumbers | null | undefined, lotteryKey: string): Record<string, number[]> {
  return all?.find((f) => f.lotteryKey === lotteryKey)?.sets ?? {};
}

/** How many draws the "Number of draws" picker offers from the first draw (the draws the shop has scheduled). */
export const MAX_DRAWS_OFFERED = 10;

export function drawCountOptions(offer: Pick<BuilderOffer, 'draws'>, firstDrawNo: number | null): number[] {
  const start =
    firstDrawNo === null
      ? 0
      : Math.max(
          0,
          offer.draws.findIndex((d) => d.drawNo === firstDrawNo),
        );
  const left = Math.max(1, Math.min(MAX_DRAWS_OFFERED, offer.draws.length - start));
  return Array.from({ length: left }, (_, i) => i + 1);
}
