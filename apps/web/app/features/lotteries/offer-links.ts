// Paths of an offer's screens (spec core §2 "Product offer routes", "Offer links"; features §2 game-type suffixes).
import type { DrawView, OfferView } from './lotteries.wire.ts';
import { periodSegment, type ResultsPeriod } from './results-paging.ts';

type OfferRef = Pick<OfferView, 'slug'>;

export function offerPath(offer: OfferRef): string {
  return `/${offer.slug}`;
}

/** Game-type path suffixes of the play screen (features §2); the others use their own key. */
const GAME_TYPE_SUFFIXES: Record<string, string> = {
  deferred: 'subscriptions',
  reduced_system: 'systems',
  strike_boxed: 'boxed',
  mega_combo: 'super-combos',
};

/** The play screen (ticket builder) of a game type: /:productOfferKey/:gameTypeKey. */
export function playPath(offer: OfferRef, gameType: string, drawNo?: number | null): string {
  const suffix = GAME_TYPE_SUFFIXES[gameType] ?? gameType.replace(/_/g, '-');
  const base = `${offerPath(offer)}/${suffix}`;
  return drawNo == null ? base : `${base}?firstDrawNo=${drawNo}`;
}

/**
 * Offer link for a draw (core §2): a lottery draw at {offerPath}?firstDrawNo={drawNumber}; a raffle draw open for
 * purchase at {offerPath}/draw/{drawNumber}; the plain offer page when the draw is the first, unknown, or a raffle
 * draw not open for purchase.
 */
export function offerDrawLink(
  offer: Pick<OfferView, 'slug' | 'type' | 'draws'>,
  drawNo: number | null | undefined,
): string {
  const plain = offerPath(offer);
  if (drawNo == null) return plain;
  const index = offer.draws.findIndex((d) => d.drawNo === drawNo);
  if (index <= 0) return plain;
  if (offer.type === 'raffle_ticket') return drawOpen(offer.draws[index]!) ? `${plain}/draw/${drawNo}` : plain;
  return `${plain}?firstDrawNo=${drawNo}`;
}

function drawOpen(draw: DrawView): boolean {
  return draw.purchaseStatus === 'standard' || draw.purchaseStatus === 'open';
}

/** The draw a `?firstDrawNo=` asks for, when it is one of the offer's draws; otherwise the first (next) draw. */
export function selectedDraw(offer: Pick<OfferView, 'draws'>, firstDrawNo: string | null): DrawView | null {
  if (firstDrawNo !== null && /^[0-9]{1,10}$/.test(firstDrawNo)) {
    const wanted = Number(firstDrawNo);
    const found = offer.draws.find((d) => d.drawNo === wanted);
    if (found) return found;
  }
  return offer.draws[0] ?? null;
}

export function resultsPath(offer: OfferRef, period?: ResultsPeriod | null): string {
  return period ? `${offerPath(offer)}/results/${periodSegment(period)}` : `${offerPath(offer)}/results`;
}

export function drawResultPath(offer: OfferRef, drawNo: number): string {
  return `${offerPath(offer)}/results/draw/${drawNo}`;
}

export function statisticsPath(offer: OfferRef): string {
  return `${offerPath(offer)}/statistics`;
}

export function termsPath(offer: OfferRef, drawNo?: number): string {
  return drawNo == null
    ? `${offerPath(offer)}/terms-and-conditions`
    : `${offerPath(offer)}/terms-and-conditions/${drawNo}`;
}
