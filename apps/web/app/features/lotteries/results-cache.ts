// HTTP caching of the results pages (DESIGN.md scaling: "HTTP caching headers and a CDN for catalogue and results
// pages"): they are hit hardest right after a draw, when every visitor asks for the same page.
import { parseCookies } from '../../lib/cookies.ts';
import { COOKIE_NAMES } from '../../lib/cookie-names.ts';

/** Spec core §9 lifetimes: 60 s on the server by default; draw results 24 h once final. */
const LATEST_MAX_AGE_S = 60;
const FINAL_MAX_AGE_S = 24 * 60 * 60;
const STALE_WHILE_REVALIDATE_S = 300;

/**
 * Anonymous visitors get a shared-cacheable page; the session cookie the layout slides on every answer is marked
 * private="Set-Cookie" so a shared cache never stores one visitor's cookie for the next. A signed-in visitor's page
 * carries their name and funds in the header, so it stays private.
 */
export function resultsCacheControl(request: Request, final: boolean): string {
  const cookies = parseCookies(request.headers.get('cookie'));
  if (cookies[COOKIE_NAMES.accessToken] || cookies[COOKIE_NAMES.customerToken]) return 'private, no-cache';
  const maxAge = final ? FINAL_MAX_AGE_S : LATEST_MAX_AGE_S;
  return `public, max-age=${maxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, private="Set-Cookie"`;
}

export function resultsHeaders(request: Request, final: boolean): Headers {
  return new Headers({ 'Cache-Control': resultsCacheControl(request, final) });
}

/** A route's `headers`: the layout's headers with the results page's Cache-Control (errors keep theirs). */
export function withResultsCaching({
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
  return headers;
}

/** A draw's dividends are final once prizes are paid. */
export function isFinal(status: string): boolean {
  return status === 'DRAW_PAID' || status === 'DRAW_EMAILED';
}
