// The play screen composed from several features (features never import each other; the routes do it here once):
// the offer from the catalogue (lotteries), the builder's view of it and the favourites (tickets), the customer
// (identity), the add-to-cart action (cart; core §2 Navigation behaviour, §8 add-to-cart failure) and "Schedule for
// later" (scheduled: the same ticket posted to POST /scheduled-purchases for a date and time in the site's zone).
import { AddCartItemBody, CustomerOverview, ProductOffers } from '@shop/contracts';
import { safeRedirect } from '@shop/protocol';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { jsonField } from '../../lib/form-data.ts';
import { contractMismatch } from '../../lib/api-errors.ts';
import { SHARED_PAGE_MAX_AGE_S } from '../../lib/cache-policy.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { UTM_KEYS } from '../../lib/session.server.ts';
import { sharedCacheControl, sharedPageHeaders } from '../../lib/http-caching.ts';
import { madeOnce } from '../../lib/made-once.ts';
import { authApi, loadCustomer, requireCustomer } from '../../lib/auth.server.ts';
import { formText } from '../../lib/form-data.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { addToCart } from '../../features/cart/cart.server.ts';
import { boostBuyTicketsVariant, type BoostBuyTicketsVariant } from '../../features/experiments/experiments.server.ts';
import { loadWebConfig } from '../../features/identity/login.server.ts';
import { scheduleTicket, type ScheduleFeedback } from '../../features/scheduled/scheduled.server.ts';
import { loadOffer, visitorProductOffers } from '../../features/lotteries/lotteries.server.ts';
import { playPath, selectedDraw } from '../../features/lotteries/offer-links.ts';
import type { OfferView } from '../../features/lotteries/lotteries.wire.ts';
import { builderOffer, favouritesFor, type BuilderOffer } from '../../features/tickets/builder-offer.ts';

/** Core §8: the add-to-cart failure text when the API gave no message under errors.this. */
export const ADD_TO_CART_FALLBACK = 'Sorry, there was an unexpected error while updating your cart. Please try again.';

/** The game type a play-screen path segment names (core §2 suffixes: /systems, /boxed ...), or undefined. */
export function gameTypeForSegment(offer: Pick<BuilderOffer, 'slug' | 'gameTypes'>, segment: string) {
  const wanted = segment.toLowerCase();
  return offer.gameTypes.find((t) => playPath(offer, t.type).endsWith(`/${wanted}`) || t.type === wanted);
}

export interface BuilderData {
  offer: BuilderOffer;
  gameType: string;
  firstDrawNo: number | null;
  favourites: Record<string, number[]>;
  signedIn: boolean;
  now: string;
  /** "Schedule for later"'s Idempotency-Key for this page view; null when signed out (the page may be shared). */
  scheduleKey: string | null;
}

/** The play screen's data: the offer as its header shows it, the draw asked for, and the builder's view of it. */
export interface PlayScreenData {
  offer: OfferView;
  selectedDrawNo: number | null;
  now: string;
  /** Null for offers that are not lottery tickets: the page then shows the offer without a builder. */
  builder: BuilderData | null;
  /** False on the plain offer path (/:productOfferKey), which plays the offer's first game type. */
  gameTypeInPath: boolean;
  /** The experiment boost-buy-tickets: which call to action the builder shows (absent without a builder). */
  cta?: BoostBuyTicketsVariant;
  /** An operator's preview of an offer that is not on sale (the preview flag): shown, never buyable. */
  preview?: boolean;
}

/** The offers' contract parse, made once per cached answer (lib/made-once.ts). */
const parseProductOffers = (raw: unknown) => ProductOffers.safeParse(raw);

/**
 * The play screen /:productOfferKey/:gameTypeKey? (core §2): without a game type segment the offer's first game type
 * (standard) is played; an unknown segment is the 404 page. `view` is the offer when the route already read it.
 */
export async function loadPlayScreen(
  request: Request,
  context: AppLoadContext,
  params: { productOfferKey?: string; gameTypeKey?: string },
  view?: OfferView,
  options: { preview?: boolean } = {},
) {
  const offerView = view ?? (await loadOffer(context, request, params.productOfferKey));
  const selected = selectedDraw(offerView, new URL(request.url).searchParams.get('firstDrawNo'));
  const now = new Date().toISOString();
  const gameTypeInPath = params.gameTypeKey !== undefined;
  if (offerView.type !== 'lottery_ticket') {
    if (gameTypeInPath) notFound();
    const body: PlayScreenData = {
      offer: offerView,
      selectedDrawNo: selected?.drawNo ?? null,
      now,
      builder: null,
      gameTypeInPath,
    };
    return data(body, { headers: sharedPageHeaders(request, SHARED_PAGE_MAX_AGE_S) });
  }
  const res = await visitorProductOffers(context, request);
  const parsed = madeOnce(res.result, parseProductOffers);
  if (!parsed.success) throw toRouteError(contractMismatch(`GET ${res.path}`));
  const raw: ProductOffers = parsed.data;
  const product = raw[offerView.key];
  if (!product || product.type !== 'lottery_ticket') notFound();
  // The builder names the offer as the page does (a state's sub-variant: the state's name).
  const offer = { ...builderOffer(product, offerView.slug), name: offerView.name };
  const type =
    params.gameTypeKey !== undefined
      ? gameTypeForSegment(offer, params.gameTypeKey)
      : offer.gameTypes.find((t) => t.gameOffers.length > 0);
  if (!type || type.gameOffers.length === 0) notFound();
  const auth = authApi(request, context);
  const ctaPromise = boostBuyTicketsVariant(request, context);
  let customer: CustomerOverview | null = null;
  try {
    customer = await loadCustomer(auth);
  } catch {
    // Favourites are a convenience: the builder works without them when the customer cannot be read.
  }
  const builder: BuilderData = {
    offer,
    gameType: type.type,
    firstDrawNo: selected && selected.drawNo !== offer.draws[0]?.drawNo ? selected.drawNo : null,
    favourites: favouritesFor(customer?.favouriteNumbers, offer.lotteryKey),
    signedIn: customer !== null,
    now,
    scheduleKey: customer ? newIdempotencyKey() : null,
  };
  const body: PlayScreenData = {
    offer: offerView,
    selectedDrawNo: selected?.drawNo ?? null,
    now,
    builder,
    gameTypeInPath,
    cta: await ctaPromise,
  };
  if (options.preview)
    // A preview is for the link's holder only: never stored, never indexed.
    return data(
      { ...body, builder: { ...builder, scheduleKey: null }, preview: true },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' }) },
    );
  return data(body, { headers: auth.headers({ 'Cache-Control': sharedCacheControl(request, SHARED_PAGE_MAX_AGE_S) }) });
}

export type AddTicketResult = { error: string; fieldErrors?: Record<string, string[]> };
/** What the play screen's action answers when it does not redirect: Add to cart's failure or the schedule form's. */
export type PlayScreenResult = AddTicketResult | { schedule: ScheduleFeedback };

const INCOMPLETE = 'Complete at least 1 game';

/** The play screen's form: the ticket as JSON (checked against the contract next) and where to go after adding. */
const AddTicketForm = z.object({ ticket: jsonField(INCOMPLETE), after: z.string().optional() });

/** Where the visitor goes after adding (core §2): /cart keeping the utm values, or the precart drawer on this page. */
export function afterAddPath(requestUrl: string, precart: boolean): string {
  const url = new URL(requestUrl);
  if (precart) {
    const here = new URLSearchParams(url.search);
    here.set('precart', '1');
    return safeRedirect(`${url.pathname}?${here.toString()}`, url.origin);
  }
  const kept = new URLSearchParams();
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `/cart?${query}` : '/cart';
}

/**
 * The play screen's action: the ticket arrives as JSON in the `ticket` field (the form works without JavaScript) and
 * is added to the cart, or with intent `schedule`, scheduled for later.
 */
export async function playScreenAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  if (formText(form, 'intent') === 'schedule') return scheduleTicketAction(request, context, form);
  return addTicketAction(request, context, form);
}

/** "Schedule for later": signed-in customers only (a visitor whose session ended logs in and comes back here). */
async function scheduleTicketAction(request: Request, context: AppLoadContext, form: FormData) {
  const { auth } = await requireCustomer(request, context);
  try {
    const outcome = await scheduleTicket(auth.api, form, (await loadWebConfig(request, context)).siteTimeZone);
    if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: auth.headers() });
    return data<PlayScreenResult>({ schedule: outcome.feedback }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

async function addTicketAction(request: Request, context: AppLoadContext, form: FormData) {
  const submission = parseWithZod(form, { schema: AddTicketForm });
  const body = AddCartItemBody.safeParse({ item: submission.status === 'success' ? submission.value.ticket : null });
  if (submission.status !== 'success' || !body.success || body.data.item.productType !== 'lottery_ticket') {
    return data<PlayScreenResult>({ error: INCOMPLETE }, { status: 422 });
  }
  const item = body.data.item;
  // Core §4: adding with 'autoplay' as the number of draws buys one draw with recurring on.
  const payload =
    item.numDraws === 'autoplay'
      ? {
          item: { ...item, numDraws: 1 },
          numDraws: 'autoplay' as const,
          recurringPurchase: { type: 'autoplay' as const, enabled: true },
        }
      : { item };
  let change;
  try {
    change = await addToCart(request, context, payload);
  } catch (error) {
    console.error('[tickets] add to cart failed:', error instanceof Error ? error.message : error);
    return data<PlayScreenResult>({ error: ADD_TO_CART_FALLBACK }, { status: 500 });
  }
  if ('error' in change) {
    const { error, fieldErrors } = change;
    return data<PlayScreenResult>(
      { error: error || ADD_TO_CART_FALLBACK, ...(fieldErrors ? { fieldErrors } : {}) },
      { status: 422 },
    );
  }
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  throw redirect(afterAddPath(request.url, submission.value.after === 'precart'), { headers });
}
