// THE api client (spec core §7, §8): discovery, versions, signed headers, casing, GET cache, token refresh and the
// error catalogue. SSR loaders and the browser both use it; only construction differs (see api-client.server.ts).
import {
  DEFAULT_API_VERSION,
  DiscoverResult,
  HEADERS,
  type ApiMessage,
  type ApiVersion,
  type PageInfo,
  type PageLinks,
} from '@shop/contracts';
import {
  AbortedError,
  ApiError,
  errorFromFailure,
  errorFromResponse,
  invalidResponseError,
  MISSING_REFRESH_TOKENS_MESSAGE,
  SESSION_EXPIRED_NOTICE,
} from './api-errors.ts';
import { identifierOrNull } from './identifiers.ts';
import { createRequestDebouncer, type RequestDebouncer } from './request-debounce.ts';
import { camelizeKeys, signRequest, snakeizeKeys } from '@shop/protocol';

export type ServiceName = keyof DiscoverResult['services'] & string;
export type Services = DiscoverResult['services'];

/** What the caller knows about the visitor; every value is optional and checked by the identifier rule. */
export interface SessionState {
  sessionId?: string | null;
  subVariant?: string | null;
  /** The price list the visit asked for (the `p` address code, else the pricing_id cookie; ADR 081). */
  pricingId?: string | null;
  customerId?: string | null;
  customerToken?: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
}

export interface SessionStore {
  get(): SessionState;
  /** Called after a successful token refresh. */
  setTokens?(tokens: { accessToken: string; refreshToken: string }): void;
}

export type RefreshHook = (args: {
  session: SessionState;
  client: ApiClient;
}) => Promise<{ accessToken: string; refreshToken: string }>;

export interface SessionNotice {
  title: string;
  text: string;
}

export interface GetCache {
  get(key: string): unknown | undefined;
  set(key: string, value: unknown, ttlMs: number): void;
  delete(key: string): void;
  clear(): void;
}

/** A GET cache by key; entries expire by the injected clock. */
export function createGetCache(now: () => number = Date.now, maxEntries = 500): GetCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: dropping the first entry drops the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

export interface ApiClientOptions {
  /** Absolute URL of GET /api/discover. */
  discoveryUrl: string;
  appKey: string;
  appSecret: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  requestId?: () => string;
  session?: SessionStore;
  /** Token refresh on 401/403; the default reports missing tokens (accounts arrive in a later issue). */
  refresh?: RefreshHook;
  /** Refresh failed or was impossible: log out, redirect, show the notice. */
  onSessionExpired?: (notice: SessionNotice, error: ApiError) => void;
  /** Error reporting (5xx, thrown failures); blocked frames are never reported. */
  onReport?: (error: ApiError) => void;
  /** GET cache; null disables caching. */
  cache?: GetCache | null;
  /** Replace the origin of discovered service URLs (SSR calls the API in-process instead of through PUBLIC_URL). */
  serviceOrigin?: string;
  /** Share discovery between clients (the server builds one client per request). */
  discovery?: DiscoveryCache;
  timeoutMs?: number;
  /** Server side only: the visitor's address, sent as X-Forwarded-For so the API limits and locates per visitor. */
  forwardedFor?: string;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  version?: ApiVersion;
  query?: Query;
  signal?: AbortSignal;
  /** GET only: cache the result for ttlMs under key (default key: service, version, path, query and visitor). */
  cache?: { ttlMs: number; key?: string } | false;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** Never try a token refresh for this call (login, signup, the refresh call itself). */
  skipAuthRefresh?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  result: T;
  pageInfo: PageInfo | null;
  links: PageLinks | null;
  messages: ApiMessage[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls for which a 401/403 is an answer, not an expired session (spec core §8). */
const AUTH_REFRESH_EXEMPT = /^\/(login|signup|refresh|transfer)(\/|$)/;

export interface DiscoveryCache {
  get(load: () => Promise<Services>): Promise<Services>;
  clear(): void;
}

/** Discovery result kept for ttlMs; a failed discovery is not kept. */
export function createDiscoveryCache(now: () => number = Date.now, ttlMs = 60_000): DiscoveryCache {
  let entry: { promise: Promise<Services>; at: number } | null = null;
  return {
    get(load) {
      if (entry && now() - entry.at < ttlMs) return entry.promise;
      const promise = load();
      const current = { promise, at: now() };
      entry = current;
      promise.catch(() => {
        if (entry === current) entry = null;
      });
      return promise;
    },
    clear() {
      entry = null;
    },
  };
}

export const defaultRefresh: RefreshHook = async ({ session, client }) => {
  if (!session.refreshToken) {
    throw new ApiError({
      status: 401,
      url: '/refresh',
      message: MISSING_REFRESH_TOKENS_MESSAGE,
      generalErrors: [MISSING_REFRESH_TOKENS_MESSAGE],
    });
  }
  const answer = await client.post<{ accessToken: string; refreshToken: string }>(
    'main',
    '/refresh',
    { refreshToken: session.refreshToken },
    { form: true, skipAuthRefresh: true },
  );
  return { accessToken: answer.result.accessToken, refreshToken: answer.result.refreshToken };
};

function randomRequestId(): string {
  return crypto.randomUUID();
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(snakeizeKeys<Query>(query))) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function formBody(body: unknown): string {
  const params = new URLSearchParams();
  const snake = snakeizeKeys<Record<string, unknown>>(body ?? {});
  for (const [key, value] of Object.entries(snake)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

/** JSON (keys snake_cased), form-encoded, or multipart as given (file uploads: field names are the caller's). */
function requestBody(body: unknown, opts: RequestOptions): string | FormData | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  return opts.form ? formBody(body) : JSON.stringify(snakeizeKeys(body));
}

function isAbortLike(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: string }).name === 'AbortError';
}

export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly discovery: DiscoveryCache;
  private readonly inFlight = new Map<string, Promise<ApiResponse<unknown>>>();
  private readonly debouncer: RequestDebouncer;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.discovery = options.discovery ?? createDiscoveryCache(this.now);
    this.debouncer = createRequestDebouncer(this.now);
  }

  /** Service base URLs from GET /discover (spec core §7), cached. */
  services(): Promise<Services> {
    return this.discovery.get(async () => {
      const url = this.options.discoveryUrl;
      let res: Response;
      try {
        res = await this.fetchImpl(url, { headers: { accept: 'application/json' } });
      } catch (error) {
        throw this.report(errorFromFailure(error, url));
      }
      const body = await this.readBody(res, url);
      if (!res.ok) throw this.report(errorFromResponse(res.status, url, body));
      const parsed = DiscoverResult.safeParse((body as { result?: unknown } | null)?.result);
      if (!parsed.success) throw this.report(invalidResponseError(url, res.status));
      const services = parsed.data.services;
      const origin = this.options.serviceOrigin;
      if (!origin) return services;
      const rebased = {} as Services;
      for (const [name, base] of Object.entries(services) as [ServiceName, string | undefined][]) {
        if (!base) continue;
        const u = new URL(base);
        rebased[name] = `${origin.replace(/\/+$/, '')}${u.pathname.replace(/\/+$/, '')}`;
      }
      return rebased;
    });
  }

  clearCache(): void {
    this.options.cache?.clear();
    this.discovery.clear();
  }

  get<T>(service: ServiceName, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const cache = this.options.cache;
    if (!cache || !opts.cache) return this.request<T>('GET', service, path, undefined, opts);
    const key = opts.cache.key ?? this.defaultCacheKey(service, path, opts);
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit as ApiResponse<T>);
    // Concurrent loaders asking for the same thing share one request.
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<ApiResponse<T>>;
    const ttlMs = opts.cache.ttlMs;
    const promise = this.request<T>('GET', service, path, undefined, opts).then(
      (res) => {
        cache.set(key, res, ttlMs);
        this.inFlight.delete(key);
        return res;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, promise as Promise<ApiResponse<unknown>>);
    return promise;
  }

  post<T>(service: ServiceName, path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', service, path, body, opts);
  }
  put<T>(service: ServiceName, path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PUT', service, path, body, opts);
  }
  patch<T>(service: ServiceName, path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PATCH', service, path, body, opts);
  }
  delete<T>(service: ServiceName, path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('DELETE', service, path, body, opts);
  }

  /**
   * The pricing header is not part of the key: no cached answer depends on it (the price list of product offers is in
   * their path; the overview and the cart are never cached), and an address code must not split the cache.
   */
  private defaultCacheKey(service: ServiceName, path: string, opts: RequestOptions): string {
    const s = this.session();
    const visitor = s.customerId && s.customerToken ? s.customerId : 'anonymous';
    return `${service}|${opts.version ?? DEFAULT_API_VERSION}|${path}${queryString(opts.query)}|${visitor}|${s.subVariant ?? ''}`;
  }

  private session(): SessionState {
    const raw = this.options.session?.get() ?? {};
    return {
      sessionId: identifierOrNull(raw.sessionId),
      subVariant: identifierOrNull(raw.subVariant),
      pricingId: identifierOrNull(raw.pricingId),
      customerId: identifierOrNull(raw.customerId),
      customerToken: identifierOrNull(raw.customerToken),
      accessToken: raw.accessToken ?? null,
      refreshToken: raw.refreshToken ?? null,
    };
  }

  private report(error: ApiError): ApiError {
    if (error.reportable && (error.status >= 500 || error.reason !== undefined)) this.options.onReport?.(error);
    return error;
  }

  private async headersFor(
    method: Method,
    opts: RequestOptions,
    body: string | FormData | undefined,
  ): Promise<Record<string, string>> {
    const s = this.session();
    // A customer counts as authenticated only with both id and token (spec core §5).
    const authenticated = !!(s.customerId && s.customerToken);
    const timestamp = Math.floor(this.now() / 1000);
    const customerToken = authenticated ? s.customerToken : null;
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADERS.version]: opts.version ?? DEFAULT_API_VERSION,
      [HEADERS.appKey]: this.options.appKey,
      [HEADERS.timestamp]: String(timestamp),
      [HEADERS.signature]: signRequest({
        secret: this.options.appSecret,
        timestamp,
        appKey: this.options.appKey,
        customerToken,
      }),
      [HEADERS.requestId]: (this.options.requestId ?? randomRequestId)(),
    };
    // A multipart body's content type (with its boundary) is set by fetch itself.
    if (body !== undefined && !(body instanceof FormData))
      headers['content-type'] = opts.form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (s.sessionId) headers[HEADERS.sessionId] = s.sessionId;
    if (s.subVariant) headers[HEADERS.subVariant] = s.subVariant;
    if (s.pricingId) headers[HEADERS.pricingId] = s.pricingId;
    if (authenticated && s.customerId && customerToken) {
      headers[HEADERS.customerId] = s.customerId;
      headers[HEADERS.customerToken] = customerToken;
    }
    if (s.accessToken) headers.authorization = `Bearer ${s.accessToken}`;
    if (opts.idempotencyKey && method !== 'GET') headers[HEADERS.idempotencyKey] = opts.idempotencyKey;
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    return { ...headers, ...opts.headers };
  }

  private async readBody(res: Response, url: string): Promise<unknown> {
    if (res.status === 204) return null;
    const text = await res.text();
    if (text === '') return null;
    try {
      return camelizeKeys(JSON.parse(text));
    } catch {
      if (res.ok) throw invalidResponseError(url, res.status);
      return undefined;
    }
  }

  /** Every call goes through the request debounces of core §9 (lib/request-debounce.ts). */
  private request<T>(
    method: Method,
    service: ServiceName,
    path: string,
    body: unknown,
    opts: RequestOptions,
  ): Promise<ApiResponse<T>> {
    // A file upload is never the same call twice: it is sent as it is.
    if (body instanceof FormData) return this.send<T>(method, service, path, body, opts);
    // The same call of the same visitor: a client is made per request on the server, but the key says so anyway.
    const s = this.session();
    const who = [s.customerId, s.sessionId, opts.version, opts.idempotencyKey].map((v) => v ?? '').join('|');
    const key = {
      method,
      service,
      path: `${path}${queryString(opts.query)}`,
      body: `${who} ${JSON.stringify(body ?? null)}`,
    };
    return this.debouncer.run(key, () => this.send<T>(method, service, path, body, opts));
  }

  private async send<T>(
    method: Method,
    service: ServiceName,
    path: string,
    body: unknown,
    opts: RequestOptions,
    retried = false,
  ): Promise<ApiResponse<T>> {
    const services = await this.services();
    const base = services[service];
    // Discovery lists only the services the deployment serves (core §7): a call to another is answered here.
    if (!base) throw new ApiError({ status: 404, url: path, message: `The ${service} service is not available.` });
    const url = `${base}${path}${queryString(opts.query)}`;
    const payload = requestBody(body, opts);
    const headers = await this.headersFor(method, opts, payload);

    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) throw new AbortedError(url);
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = this.options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, this.options.timeoutMs)
      : undefined;

    let res: Response;
    try {
      res = await this.fetchImpl(url, { method, headers, body: payload, signal: controller.signal });
    } catch (error) {
      if (opts.signal?.aborted) throw new AbortedError(url);
      if (timedOut) throw this.report(errorFromFailure(new Error('Request timed out'), url));
      if (isAbortLike(error)) throw new AbortedError(url);
      throw this.report(errorFromFailure(error, url));
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (res.ok && (res.headers.get('content-type') ?? '').includes('application/pdf')) {
      // A PDF answer becomes a blob link the page can open or download.
      const blob = await res.blob();
      const result = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : blob;
      return { status: res.status, result: result as T, pageInfo: null, links: null, messages: [] };
    }

    let parsed: unknown;
    try {
      parsed = await this.readBody(res, url);
    } catch (error) {
      if (error instanceof ApiError) throw this.report(error);
      throw error;
    }

    if (!res.ok) {
      const error = errorFromResponse(res.status, url, parsed);
      if (
        (res.status === 401 || res.status === 403) &&
        !retried &&
        !opts.skipAuthRefresh &&
        !(service === 'main' && AUTH_REFRESH_EXEMPT.test(path))
      ) {
        await this.refreshSession(error);
        return this.send<T>(method, service, path, body, opts, true);
      }
      throw this.report(error);
    }

    const envelope = (parsed ?? {}) as Partial<ApiResponse<T>>;
    return {
      status: res.status,
      result: (res.status === 204 ? null : (envelope.result ?? null)) as T,
      pageInfo: envelope.pageInfo ?? null,
      links: envelope.links ?? null,
      messages: envelope.messages ?? [],
    };
  }

  /** One refresh attempt; on failure the visitor is logged out with the session notice and the call fails. */
  private async refreshSession(original: ApiError): Promise<void> {
    const refresh = this.options.refresh ?? defaultRefresh;
    try {
      const tokens = await refresh({ session: this.session(), client: this });
      this.options.session?.setTokens?.(tokens);
    } catch (refreshError) {
      const error = refreshError instanceof ApiError ? refreshError : original;
      this.options.onReport?.(error);
      this.options.onSessionExpired?.(SESSION_EXPIRED_NOTICE, error);
      throw original;
    }
  }
}
