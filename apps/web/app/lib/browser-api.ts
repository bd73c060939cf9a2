// Browser-side construction of the api client: discovery from the page's own origin, the app key and secret the
// root loader passed down, visitor headers from the (non-HttpOnly) cookies. The server-side GET cache is off here:
// browser lifetimes (CLIENT_CACHE_TTL) belong to the query cache of the features that use them.
import { ApiClient, type ApiClientOptions, type SessionNotice } from './api-client.ts';
import type { ApiError } from './api-errors.ts';
import { parseCookies } from './cookies.ts';
import { COOKIE_NAMES } from './cookie-names.ts';

export interface BrowserApiOptions {
  origin: string;
  appKey: string;
  appSecret: string;
  readCookies: () => string;
  fetch?: typeof fetch;
  onSessionExpired?: (notice: SessionNotice, error: ApiError) => void;
  onReport?: (error: ApiError) => void;
}

export function createBrowserApi(opts: BrowserApiOptions): ApiClient {
  const options: ApiClientOptions = {
    discoveryUrl: `${opts.origin.replace(/\/+$/, '')}/api/discover`,
    appKey: opts.appKey,
    appSecret: opts.appSecret,
    cache: null,
    session: {
      get: () => {
        const c = parseCookies(opts.readCookies());
        // Access and refresh tokens are HttpOnly cookies: the browser sends them, scripts never see them.
        return {
          sessionId: c[COOKIE_NAMES.sessionId],
          subVariant: c[COOKIE_NAMES.subVariant],
          pricingId: c[COOKIE_NAMES.pricing],
          customerId: c[COOKIE_NAMES.customerId],
          customerToken: c[COOKIE_NAMES.customerToken],
        };
      },
    },
    timeoutMs: 30_000,
  };
  if (opts.fetch) options.fetch = opts.fetch;
  if (opts.onSessionExpired) options.onSessionExpired = opts.onSessionExpired;
  if (opts.onReport) options.onReport = opts.onReport;
  return new ApiClient(options);
}
