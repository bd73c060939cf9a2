// HTTP caching of the pages that are the same for every anonymous visitor (DESIGN.md §12: "HTTP caching headers and
// a CDN for catalogue and results pages"; ADR 034): the home page, category and play screens, and the results. They
// are hit hardest at a draw's close and right after it, when everyone asks for the same page.
//
// Every page carries the layout, and the layout shows the visitor's name and funds, cart count, consent banner and
// prices of their pricing variant. So a page may be shared only when the request carries none of the cookies that
// change it, and no address code that sets a cookie (aff, utm_*, sv, p, act). A shared page drops its Set-Cookie
// headers (the sliding session_id, a first sv): a cache must never hand one visitor's cookie to the next, and the next
// private page sets them. A CDN in front must bypass its cache when the request has one of SHARED_CACHE_BYPASS_COOKIES.
import { COOKIE_NAMES } from './cookie-names.ts';
import { parseCookies } from './cookies.ts';

/** Cookies that change what a page shows: a request with any of them gets a private page. */
export const SHARED_CACHE_BYPASS_COOKIES = [
  COOKIE_NAMES.accessToken,
  COOKIE_NAMES.refreshToken,
  COOKIE_NAMES.customerToken,
  COOKIE_NAMES.customerId,
  COOKIE_NAMES.anonymousCart,
  COOKIE_NAMES.consent,
  COOKIE_NAMES.subVariant,
  COOKIE_NAMES.pricing,
  COOKIE_NAMES.analyticsId,
] as const;

/**
 * Address codes the layout turns into cookies (or that ask for fresh data, or an offer preview): such a request is
 * answered privately.
 */
const PRIVATE_PARAMS = ['aff', 'sv', 'p', 'act', 'clear_cache', 'variant', 'preview'];

/** Seconds a shared cache may serve a page after it has gone stale while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE_S = 300;

export const PRIVATE_PAGE = 'private, no-cache';

/** The request asks for a page that is the same for every anonymous visitor. */
export function isShareable(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const cookies = parseCookies(request.headers.get('cookie'));
  if (SHARED_CACHE_BYPASS_COOKIES.some((name) => cookies[name])) return false;
  const params = new URL(request.url).searchParams;
  for (const key of params.keys()) if (PRIVATE_PARAMS.includes(key) || key.startsWith('utm_')) return false;
  return true;
}

/**
 * Cache-Control of a page shared caches may keep for `seconds` (spec core §9 lifetimes). Browsers revalidate every
 * time (max-age=0): a visitor who signs in must not see the anonymous page from their own cache.
 */
export function sharedCacheControl(request: Request, seconds: number): string {
  if (!isShareable(request)) return PRIVATE_PAGE;
  return `public, max-age=0, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, s-maxage=${seconds}`;
}

export function sharedPageHeaders(request: Request, seconds: number): Headers {
  return new Headers({ 'Cache-Control': sharedCacheControl(request, seconds) });
}

/**
 * The last word on a page or data answer (entry.server.tsx): a public answer never carries Set-Cookie, and an answer
 * to a form post is never public (its loaders ran as reads after the action).
 */
export function finishSharedHeaders(request: Request, headers: Headers): void {
  if (!headers.get('Cache-Control')?.startsWith('public')) return;
  if (request.method === 'GET' || request.method === 'HEAD') headers.delete('Set-Cookie');
  else headers.set('Cache-Control', PRIVATE_PAGE);
}

/**
 * A route's `headers` for a shared page: the layout's headers with the page's Cache-Control; a public page without
 * the layout's Set-Cookie headers. Errors keep their own headers.
 */
export function withSharedCaching({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  errorHeaders?: Headers | undefined;
}): Headers {
  if (errorHeaders) return errorHeaders;
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  if (cacheControl?.startsWith('public')) headers.delete('Set-Cookie');
  return headers;
}
