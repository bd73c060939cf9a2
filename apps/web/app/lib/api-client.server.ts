// Server-side construction of the api client: one client per request (visitor headers from its cookies),
// sharing one GET cache and one discovery result across requests.
import type { AppLoadContext } from 'react-router';
import { ApiClient, createDiscoveryCache, createGetCache, type ApiClientOptions, type GetCache } from './api-client.ts';
import type { ApiError } from './api-errors.ts';
import { contentAwareCache, followContentChanges } from './content-changes.server.ts';
import type { VisitorSession } from './session.server.ts';
import './load-context.ts';

const cacheDisabled = ['off', 'false', '0', 'no'].includes((process.env.WEB_API_CACHE ?? '').toLowerCase());
// Content answers stay in this cache only while the content change stream is up (ADR 037).
const sharedCache = cacheDisabled ? null : contentAwareCache(createGetCache());
const sharedDiscovery = createDiscoveryCache();
let followingChanges = false;

/** The first server-side call starts this process' stream of content changes (one per process, for its life). */
function followChanges(context: AppLoadContext): void {
  if (followingChanges || !sharedCache) return;
  followingChanges = true;
  followContentChanges({
    origin: context.apiOrigin,
    appKey: context.appKey,
    appSecret: context.appSecret,
    cache: sharedCache,
    log: (line) => console.error(line),
  });
}

/** `?clear_cache` on any page empties the server-side cache before that page loads (spec core §9). */
export function wantsCacheCleared(request: Request): boolean {
  return new URL(request.url).searchParams.has('clear_cache');
}

function reportToLog(error: ApiError): void {
  console.error(`[api] ${error.status} ${error.url}: ${error.message}`);
}

type RequestOptions = Pick<ApiClientOptions, 'session' | 'refresh' | 'fetch' | 'discovery'>;

function clientFor(context: AppLoadContext, cache: GetCache | null, options: RequestOptions): ApiClient {
  if (cache) followChanges(context);
  const origin = context.apiOrigin.replace(/\/+$/, '');
  return new ApiClient({
    discoveryUrl: `${origin}/api/discover`,
    serviceOrigin: origin,
    appKey: context.appKey,
    appSecret: context.appSecret,
    cache,
    onReport: reportToLog,
    timeoutMs: 15_000,
    forwardedFor: context.clientIp,
    ...options,
  });
}

export function serverApi(
  context: AppLoadContext,
  session:
    | (Pick<
        VisitorSession,
        'sessionId' | 'subVariant' | 'customerId' | 'customerToken' | 'accessToken' | 'refreshToken'
      > & { pricingId?: string | null })
    | null,
): ApiClient {
  return clientFor(context, sharedCache, { discovery: sharedDiscovery, session: { get: () => session ?? {} } });
}

/** The client of one request that signs in, writes or reads the customer's data: no shared GET cache. */
export function requestApi(context: AppLoadContext, options: RequestOptions): ApiClient {
  return clientFor(context, null, options);
}
