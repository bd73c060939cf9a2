// Server-side reads of the catalogue and the results (spec features §7 Draw and offer calls) for the route loaders.
// Every answer is parsed (contract or lenient reader) before a screen sees it; a 404 from the API, or an offer or
// draw that is not there, becomes the 404 page with HTTP 404.
import type { AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { parseCookies, serializeCookie } from '../../lib/cookies.ts';
import { COOKIE_NAMES } from '../../lib/cookie-names.ts';
import { identifierOrNull } from '../../lib/identifiers.ts';
import { madeOnce } from '../../lib/made-once.ts';
import { noProducts, notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import { WebConfig, type ApiVersion, type ResultKey } from '@shop/contracts';
import {
  normaliseDrawDetails,
  normalisePastDraws,
  normaliseResultKeys,
  normaliseStatistics,
  type OfferView,
  type PastDrawView,
  type StatisticsView,
} from './lotteries.wire.ts';
import { RESULTS_PAGE_SIZE } from './results-paging.ts';
import { offersMakerFor } from './sub-variant-offers.ts';

/** The price list of anonymous visitors; a visitor's `pricing_id` cookie (spec core §9) picks another. */
export const DEFAULT_PRICING = 'default';

/** The list the pricing cookie names (the visitor's list, set by the root loader), else the default list. */
export function pricingOf(request: Request): string {
  return identifierOrNull(parseCookies(request.headers.get('cookie'))[COOKIE_NAMES.pricing]) ?? DEFAULT_PRICING;
}

/**
 * The price lists a request may be shown, best first (ADR 081): the address's `p` code, the pricing cookie, the
 * default list. The API answers a list that is not this visitor's (unknown, or members to a non-member) as 404
 * unknown_pricing, so the first list it serves is the one the cart charges.
 */
function pricingCandidates(request: Request): string[] {
  const fromAddress = identifierOrNull(new URL(request.url).searchParams.get('p'));
  return [...new Set([fromAddress, pricingOf(request), DEFAULT_PRICING].filter((p): p is string => p !== null))];
}

/** GET /pricing/{p}/product_offers under the first of the visitor's lists the API serves them (see above). */
export async function visitorProductOffers(
  context: AppLoadContext,
  request: Request,
  query?: Record<string, string | number>,
): Promise<{ pricingId: string; path: string; result: unknown }> {
  const candidates = pricingCandidates(request);
  for (const [i, pricingId] of candidates.entries()) {
    const path = `/pricing/${encodeURIComponent(pricingId)}/product_offers`;
    try {
      const res = await serverApi(context, apiSessionFrom(request)).get<unknown>('main', path, {
        query,
        cache: { ttlMs: SERVER_CACHE_TTL.default },
      });
      return { pricingId, path, result: res.result };
    } catch (error) {
      const last = i === candidates.length - 1;
      if (last || !(error instanceof ApiError) || error.code !== 'unknown_pricing') throw toRouteError(error);
    }
  }
  throw toRouteError(contractMismatch('GET /pricing/default/product_offers'));
}

/**
 * The `pricing_id` cookie follows the price list the API prices the visitor's cart by (for a customer the overview's
 * `pricingId`: `members` for a Daily Winners member, or the list their `p` code named; for an anonymous visitor the
 * list their product pages were served), so product pages show what the cart will charge and a hand-set cookie names
 * no list the visitor may not have. A visit with `p` in the address starts the cookie's lifetime (the session
 * timeout, core §9) again. An anonymous visitor on the default list has no cookie. Returns the Set-Cookie to send, or
 * null when the stored cookie is already right or the list could not be read.
 */
export function pricingCookieFor(
  request: Request,
  visitor: { isAuthenticated: boolean; entitledPricing: string | null; sessionTimeoutSeconds: number },
): string | null {
  const stored = parseCookies(request.headers.get('cookie'))[COOKIE_NAMES.pricing];
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const entitled = identifierOrNull(visitor.entitledPricing);
  if (entitled === null) return null;
  if (!visitor.isAuthenticated && entitled === DEFAULT_PRICING) {
    return stored === undefined ? null : serializeCookie(COOKIE_NAMES.pricing, '', { maxAgeSeconds: 0, secure });
  }
  const renewed = identifierOrNull(url.searchParams.get('p')) === entitled;
  if (stored === entitled && !renewed) return null;
  return serializeCookie(COOKIE_NAMES.pricing, entitled, { maxAgeSeconds: visitor.sessionTimeoutSeconds, secure });
}

async function getResult(
  context: AppLoadContext,
  request: Request,
  path: string,
  query?: Record<string, string | number>,
  version?: ApiVersion,
): Promise<{ result: unknown; total: number | null }> {
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get<unknown>('main', path, {
      query,
      version,
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    return { result: res.result, total: res.pageInfo?.total ?? null };
  } catch (error) {
    throw toRouteError(error);
  }
}

const parseConfig = (raw: unknown) => WebConfig.safeParse(raw);

/** The en-AU site sells the Australian games, the en-GB site the British ones (the configuration is cached). */
async function marketOf(context: AppLoadContext, request: Request): Promise<'AU' | 'GB'> {
  const { result } = await getResult(context, request, '/config');
  const config = madeOnce(result, parseConfig);
  if (!config.success) throw toRouteError(contractMismatch('GET /config'));
  return config.data.baseCurrency === 'GBP' ? 'GB' : 'AU';
}

/**
 * The offers a visitor can buy (features §4 Offer availability: only available offers with at least one draw),
 * in the catalogue's ranking order.
 */
export async function loadOffers(context: AppLoadContext, request: Request): Promise<OfferView[]> {
  return (await loadPricedOffers(context, request)).offers;
}

/** loadOffers, with the price list they were served under (the root loader keeps it in the pricing cookie). */
export async function loadPricedOffers(
  context: AppLoadContext,
  request: Request,
): Promise<{ pricingId: string; offers: OfferView[] }> {
  const { pricingId, offers } = await catalogueOffers(context, request);
  const onSale = offers.filter(isOnSale);
  // A shop with nothing on sale says so (418) rather than show empty pages.
  if (onSale.length === 0) noProducts();
  return { pricingId, offers: onSale.sort((a, b) => a.ranking - b.ranking) };
}

const isOnSale = (o: OfferView) => o.available && !o.suspended && o.draws.length > 0;

/** Every offer of the visitor's price list and market the catalogue answers, on sale or not. */
async function catalogueOffers(
  context: AppLoadContext,
  request: Request,
): Promise<{ pricingId: string; offers: OfferView[] }> {
  const { pricingId, path, result } = await visitorProductOffers(context, request, {
    market: await marketOf(context, request),
  });
  // Under a state's sub-variant the offers go by the state's names and addresses (sub-variant-offers.ts).
  const offers = madeOnce(result, offersMakerFor(apiSessionFrom(request).subVariant));
  if (!offers) throw toRouteError(contractMismatch(`GET ${path}`));
  return { pricingId, offers };
}

/**
 * The offer of `offers` whose url slug, alias or key is `param` (lower case). A syndicate offer has no page of its
 * own: its url is its lottery's syndicate play screen (/:productOfferKey/syndicate), found by the lottery.
 */
function offerNamed(all: OfferView[], wanted: string): OfferView | undefined {
  const offers = all.filter((o) => o.type !== 'syndicate_share');
  return (
    offers.find((o) => o.slug.toLowerCase() === wanted) ??
    offers.find((o) => o.aliases.some((a) => a.toLowerCase() === wanted)) ??
    offers.find((o) => o.key.toLowerCase() === wanted)
  );
}

/** The offer whose url slug, alias or key is `param`, or the 404 page. */
export async function loadOffer(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
): Promise<OfferView> {
  const wanted = (param ?? '').toLowerCase();
  if (!wanted) notFound();
  const offer = offerNamed(await loadOffers(context, request), wanted);
  if (!offer) notFound();
  return offer;
}

const MAX_PREVIEW_TOKEN = 2048;

/**
 * The offer page's preview flag (spec core §2; ADR 084): `?preview=<token>` with a valid operator-signed link
 * naming this lottery offer shows its page although it is not on sale. Anything else (no token, a bad, expired or
 * another offer's token, an offer on sale, a raffle, an offer without draws) answers null: the page behaves as
 * without the flag, and nothing about the offer is shown.
 */
export async function loadOfferPreview(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
): Promise<OfferView | null> {
  const token = new URL(request.url).searchParams.get('preview');
  const wanted = (param ?? '').toLowerCase();
  if (!token || token.length > MAX_PREVIEW_TOKEN || !wanted) return null;
  let previewed: string;
  try {
    // The api client answers in camel case.
    const res = await serverApi(context, apiSessionFrom(request)).get<{ productOfferKey?: unknown }>(
      'main',
      '/product_offers/preview',
      { query: { token }, cache: false },
    );
    if (typeof res.result?.productOfferKey !== 'string') return null;
    previewed = res.result.productOfferKey;
  } catch {
    // Refused (403) or malformed (422): the page as without the flag.
    return null;
  }
  const offer = offerNamed((await catalogueOffers(context, request)).offers, wanted);
  if (!offer || offer.key !== previewed || isOnSale(offer)) return null;
  return offer.type === 'lottery_ticket' && offer.draws.length > 0 ? offer : null;
}

export interface ResultsPage {
  draws: PastDrawView[];
  total: number | null;
}

function pastDraws(raw: unknown, what: string): PastDrawView[] {
  const draws = normalisePastDraws(raw);
  if (!draws) throw toRouteError(contractMismatch(what));
  return draws;
}

/**
 * Latest results (features §7: page size 5) across offers, or of one category (lotteries, raffles), or of one offer.
 */
export async function loadPastResults(
  context: AppLoadContext,
  request: Request,
  page: number,
  filter: { category?: 'lotteries' | 'raffles'; productOfferKey?: string } = {},
): Promise<ResultsPage> {
  const path = `/draws/pricing/${encodeURIComponent(pricingOf(request))}/past`;
  const query: Record<string, string | number> = { limit: RESULTS_PAGE_SIZE, offset: (page - 1) * RESULTS_PAGE_SIZE };
  if (filter.category) query.category = filter.category;
  if (filter.productOfferKey) query.productOfferKey = filter.productOfferKey;
  const { result, total } = await getResult(context, request, path, query, '3.7');
  return { draws: pastDraws(result, `GET ${path}`), total };
}

/** Which months of which offers have results (the archive navigation). */
export async function loadResultKeys(context: AppLoadContext, request: Request): Promise<ResultKey[]> {
  const path = `/draws/pricing/${encodeURIComponent(pricingOf(request))}/past/result_keys`;
  const { result } = await getResult(context, request, path);
  const keys = normaliseResultKeys(result);
  if (!keys) throw toRouteError(contractMismatch(`GET ${path}`));
  return keys;
}

/** One month of an offer's archived results, newest first. */
export async function loadArchivedMonth(
  context: AppLoadContext,
  request: Request,
  offer: OfferView,
  year: number,
  month: number,
): Promise<PastDrawView[]> {
  const path = `/draws/past/archived/${encodeURIComponent(offer.key)}/${year}/${month}`;
  const { result } = await getResult(context, request, path);
  return pastDraws(result, `GET ${path}`).sort((a, b) => b.drawNo - a.drawNo);
}

/** One draw's result with its prizes and neighbours (draw details, v3.6), or the 404 page (unknown or not drawn). */
export async function loadDrawResult(
  context: AppLoadContext,
  request: Request,
  offer: OfferView,
  drawNo: number,
): Promise<PastDrawView> {
  const path = `/draw/details/${encodeURIComponent(offer.key)}/${drawNo}`;
  const { result } = await getResult(context, request, path, undefined, '3.6');
  const details = normaliseDrawDetails(result);
  if (!details) throw toRouteError(contractMismatch(`GET ${path}`));
  if (!details.draw || details.draw.drawNo !== drawNo) notFound();
  return details.draw;
}

export async function loadStatistics(
  context: AppLoadContext,
  request: Request,
  offer: OfferView,
): Promise<StatisticsView> {
  const path = `/statistics/${encodeURIComponent(offer.key)}`;
  const { result } = await getResult(context, request, path);
  const stats = normaliseStatistics(result);
  if (!stats) throw toRouteError(contractMismatch(`GET ${path}`));
  return stats;
}
