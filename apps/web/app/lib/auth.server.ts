// The signed-in side of server rendering (spec core §4 Login success, Logout; §8 401 rules; §9 cookies): one api
// client per request that knows the visitor's tokens, refreshes an expired access token once, and collects every
// Set-Cookie the API answers with so loaders and actions can forward them to the browser.
import { randomBytes } from 'node:crypto';
import { CustomerOverview, HEADERS, LoginResult, RefreshResult, type TwoFactorMethod } from '@shop/contracts';
import { camelizeKeys, safeRedirect } from '@shop/protocol';
import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiClient, createDiscoveryCache, type RefreshHook, type SessionState } from './api-client.ts';
import { requestApi } from './api-client.server.ts';
import { ApiError, MISSING_REFRESH_TOKENS_MESSAGE, SESSION_EXPIRED_NOTICE } from './api-errors.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { COOKIE_NAMES } from './cookie-names.ts';
import { apiSessionFrom, UTM_KEYS } from './session.server.ts';
import './load-context.ts';
import { toRouteError } from './route-errors.ts';
import { flashToast } from './toast.server.ts';

const discovery = createDiscoveryCache();

/** Lifetime of the customer cookies when the API does not set them itself (spec core §9: the session timeout). */
export const DEFAULT_SESSION_TIMEOUT_SECONDS = 3600;
const ACCESS_TOKEN_FALLBACK_SECONDS = 15 * 60;

export const TOKEN_COOKIES = [
  COOKIE_NAMES.accessToken,
  COOKIE_NAMES.refreshToken,
  COOKIE_NAMES.customerId,
  COOKIE_NAMES.customerToken,
] as const;

/**
 * Refreshes in flight or just finished, by the refresh token they used. The root loader and a page loader run in
 * parallel with the same cookies: both must get the one rotated pair, because presenting the old refresh token twice
 * is exactly what reuse detection treats as theft and answers by revoking the whole family.
 */
const recentRefreshes = new Map<string, { at: number; promise: Promise<RefreshOutcome> }>();
const REFRESH_SHARE_MS = 10_000;

interface RefreshOutcome {
  tokens: { accessToken: string; refreshToken: string };
  setCookies: string[];
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf('=')).trim();
}

function secureFor(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** Seconds until a JWT's exp claim (read without verifying: only to time the cookie, the API verifies). */
export function jwtSecondsLeft(token: string, nowMs: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? Math.floor(claims.exp - nowMs / 1000) : null;
  } catch {
    return null;
  }
}

/** The cookies of a signed-in customer, for the names the API did not already set. */
export function sessionCookies(
  values: {
    accessToken: string;
    refreshToken: string;
    customerId?: string | null;
    customerToken?: string | null;
  },
  opts: {
    secure: boolean;
    sessionTimeoutSeconds: number;
    alreadySet: readonly string[];
    nowMs: number;
  },
): string[] {
  const set = new Set(opts.alreadySet.map(cookieName));
  const out: string[] = [];
  const add = (name: string, value: string | null | undefined, maxAgeSeconds: number, httpOnly: boolean) => {
    if (!value || set.has(name)) return;
    out.push(
      serializeCookie(name, value, {
        maxAgeSeconds,
        httpOnly,
        secure: opts.secure,
        sameSite: 'Lax',
      }),
    );
  };
  const accessLeft = jwtSecondsLeft(values.accessToken, opts.nowMs) ?? ACCESS_TOKEN_FALLBACK_SECONDS;
  add(COOKIE_NAMES.accessToken, values.accessToken, Math.max(0, accessLeft), true);
  add(COOKIE_NAMES.refreshToken, values.refreshToken, opts.sessionTimeoutSeconds, true);
  add(COOKIE_NAMES.customerId, values.customerId, opts.sessionTimeoutSeconds, false);
  add(COOKIE_NAMES.customerToken, values.customerToken, opts.sessionTimeoutSeconds, false);
  return out;
}

/** Set-Cookie headers that delete the customer's cookies (logout, a session the API no longer accepts). */
export function clearSessionCookies(secure: boolean): string[] {
  return TOKEN_COOKIES.map((name) =>
    serializeCookie(name, '', {
      maxAgeSeconds: 0,
      httpOnly: name === COOKIE_NAMES.accessToken || name === COOKIE_NAMES.refreshToken,
      secure,
    }),
  );
}

/** Logout clears analytics data (core §4): the campaign tags and the analytics anonymous id go with the session. */
export function clearAnalyticsCookies(secure: boolean): string[] {
  return [...UTM_KEYS, COOKIE_NAMES.analyticsId].map((name) => serializeCookie(name, '', { maxAgeSeconds: 0, secure }));
}

export interface AuthApi {
  api: ApiClient;
  /** The visitor as this request knows them; updated after a login or refresh. */
  session: SessionState;
  /** Set-Cookie headers to forward: the API's own plus any this request adds. */
  setCookies: string[];
  /** True when the request carried a token of any kind. */
  hasTokens: boolean;
  secure: boolean;
  /** The storefront's origin as this request reached it: redirect targets from input must stay on it. */
  origin: string;
  /** Records a successful login or refresh in the session and the cookies to send. */
  signIn(
    values: {
      accessToken: string;
      refreshToken: string;
      customerId?: string | null;
      customerToken?: string | null;
    },
    sessionTimeoutSeconds?: number,
  ): void;
  /** Forget the customer: cookies cleared, session anonymous. */
  signOut(): void;
  headers(init?: HeadersInit): Headers;
  /** The body of the last error answer (camelCase), for the parts ApiError does not keep (a 2FA challenge). */
  lastErrorBody(): unknown;
}

/** The request's api client with cookie capture and the refresh hook (core §8: refresh and retry once). */
export function authApi(request: Request, context: AppLoadContext, now: () => number = Date.now): AuthApi {
  const base = apiSessionFrom(request);
  const session: SessionState = { ...base };
  const setCookies: string[] = [];
  const secure = secureFor(request);
  let lastErrorBody: unknown = null;
  const cookieCapture: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    for (const c of res.headers.getSetCookie()) setCookies.push(c);
    if (!res.ok)
      lastErrorBody = camelizeKeys(
        await res
          .clone()
          .json()
          .catch(() => null),
      );
    return res;
  };

  const refresh: RefreshHook = async ({ session: current, client }) => {
    const token = current.refreshToken;
    if (!token) {
      throw new ApiError({
        status: 401,
        url: '/refresh',
        message: MISSING_REFRESH_TOKENS_MESSAGE,
        generalErrors: [MISSING_REFRESH_TOKENS_MESSAGE],
      });
    }
    const shared = recentRefreshes.get(token);
    let outcome: RefreshOutcome;
    if (shared && now() - shared.at < REFRESH_SHARE_MS) {
      outcome = await shared.promise;
      setCookies.push(...outcome.setCookies);
    } else {
      const before = setCookies.length;
      const promise = client
        .post<unknown>('main', '/refresh', { refreshToken: token }, { form: true, skipAuthRefresh: true })
        .then((res) => ({
          tokens: RefreshResult.parse(res.result),
          setCookies: setCookies.slice(before),
        }));
      recentRefreshes.set(token, { at: now(), promise });
      for (const [key, entry] of recentRefreshes) if (now() - entry.at >= REFRESH_SHARE_MS) recentRefreshes.delete(key);
      try {
        outcome = await promise;
      } catch (error) {
        recentRefreshes.delete(token);
        throw error;
      }
    }
    setCookies.push(
      ...sessionCookies(
        {
          ...outcome.tokens,
          customerId: session.customerId,
          customerToken: session.customerToken,
        },
        {
          secure,
          sessionTimeoutSeconds: DEFAULT_SESSION_TIMEOUT_SECONDS,
          alreadySet: setCookies,
          nowMs: now(),
        },
      ),
    );
    return outcome.tokens;
  };

  const api = requestApi(context, {
    discovery,
    fetch: cookieCapture,
    refresh,
    session: {
      get: () => session,
      setTokens(tokens) {
        session.accessToken = tokens.accessToken;
        session.refreshToken = tokens.refreshToken;
      },
    },
  });

  return {
    api,
    session,
    setCookies,
    hasTokens: !!(base.accessToken || base.refreshToken),
    secure,
    origin: new URL(request.url).origin,
    signIn(values, sessionTimeoutSeconds = DEFAULT_SESSION_TIMEOUT_SECONDS) {
      session.accessToken = values.accessToken;
      session.refreshToken = values.refreshToken;
      if (values.customerId) session.customerId = values.customerId;
      if (values.customerToken) session.customerToken = values.customerToken;
      setCookies.push(
        ...sessionCookies(values, {
          secure,
          sessionTimeoutSeconds,
          alreadySet: setCookies,
          nowMs: now(),
        }),
      );
    },
    signOut() {
      session.accessToken = null;
      session.refreshToken = null;
      session.customerId = null;
      session.customerToken = null;
      const apiSet = new Set(setCookies.map(cookieName));
      for (const c of clearSessionCookies(secure)) if (!apiSet.has(cookieName(c))) setCookies.push(c);
    },
    lastErrorBody: () => lastErrorBody,
    headers(init) {
      const headers = new Headers(init);
      for (const c of setCookies) headers.append('Set-Cookie', c);
      return headers;
    },
  };
}

/** GET /customer for a visitor with tokens; null when anonymous or when the API no longer accepts the session. */
export async function loadCustomer(auth: AuthApi): Promise<CustomerOverview | null> {
  if (!auth.hasTokens) return null;
  try {
    const res = await auth.api.get<unknown>('main', '/customer', {
      cache: false,
    });
    return CustomerOverview.parse(res.result);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      auth.signOut();
      return null;
    }
    throw error;
  }
}

/** With no origin to compare with, only a path can pass (an absolute URL never matches this one). */
const PATHS_ONLY_ORIGIN = 'http://storefront.invalid';

/**
 * A redirect target from input (?redirect=, a form field) as a same-origin path, or `fallback` (issue 14): the one
 * `safeRedirect` of @shop/protocol, which strips control and whitespace characters and compares origins after
 * parsing the URL as a browser would.
 */
export function safeRedirectPath(value: unknown, fallback = '/my-account', origin = PATHS_ONLY_ORIGIN): string {
  return safeRedirect(typeof value === 'string' ? value : null, origin, fallback);
}

/** The login address that returns the visitor to where they were (spec core §6: protected routes need login). */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** For protected screens: the signed-in customer, or a redirect to /login with the return path. */
export async function requireCustomer(
  request: Request,
  context: AppLoadContext,
): Promise<{ auth: AuthApi; customer: CustomerOverview }> {
  const auth = authApi(request, context);
  const hadSession = auth.hasTokens;
  const customer = await loadCustomer(auth);
  if (!customer) {
    const headers = auth.headers();
    // Core §8: a session the API no longer accepts (refresh failed) logs out, redirects and shows the 401 notification.
    if (hadSession)
      flashToast(headers, {
        id: 'session-expired',
        title: SESSION_EXPIRED_NOTICE.title,
        message: SESSION_EXPIRED_NOTICE.text,
        level: 'error',
      });
    throw redirect(loginPathFor(request), { headers });
  }
  return { auth, customer };
}

/** Loader of a protected screen that shows nothing from the API: only a signed-in customer may open it. */
export async function signedInScreen(request: Request, context: AppLoadContext) {
  try {
    const { auth } = await requireCustomer(request, context);
    return data({}, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

/** A second factor the visitor must give: the code goes back with this token (POST /login, v3.3). */
export interface PendingTwoFactor {
  token: string;
  method: TwoFactorMethod;
  identifier: string;
}

/** The outcome of a login call: signed in, or a two-factor challenge to answer. */
export type LoginOutcome =
  | { kind: 'signed-in'; customer: CustomerOverview | null; isNew: boolean }
  | { kind: '2fa'; challenge: PendingTwoFactor };

/** Name of the cookie keeping the remember-device token (features §2: "Don't require 2FA again for n days"). */
export const REMEMBER_DEVICE_COOKIE = 'remember_2fa_device';

function pendingOf(result: LoginResult): PendingTwoFactor | null {
  if (result.status !== '2fa_required' || !result.token || !result.twoFactorAuth) return null;
  return {
    token: result.token,
    method: result.twoFactorAuth.method,
    identifier: result.twoFactorAuth.identifier,
  };
}

/** A 2fa_required error answer carries the challenge in its result; everything else is the API's error. */
export function twoFactorChallengeOf(auth: AuthApi, error: unknown): PendingTwoFactor | null {
  if (!(error instanceof ApiError) || error.code !== '2fa_required') return null;
  const body = auth.lastErrorBody();
  const result = body && typeof body === 'object' ? (body as { result?: unknown }).result : null;
  const parsed = LoginResult.partial().safeParse(result);
  if (!parsed.success || !parsed.data.token || !parsed.data.twoFactorAuth) return null;
  return {
    token: parsed.data.token,
    method: parsed.data.twoFactorAuth.method,
    identifier: parsed.data.twoFactorAuth.identifier,
  };
}

/**
 * Reads a login-like answer (login, 2FA, autologin, transfer, signup) and signs the visitor in when it carries
 * tokens (core §4 Login success: cookies and tokens stored). A remember-device token is kept for rememberDays.
 */
export function completeLogin(
  auth: AuthApi,
  result: unknown,
  opts: { sessionTimeoutSeconds?: number; rememberDays?: number } = {},
): LoginOutcome {
  const parsed = LoginResult.parse(result);
  const pending = pendingOf(parsed);
  if (pending) return { kind: '2fa', challenge: pending };
  if (!parsed.accessToken || !parsed.refreshToken) {
    throw new ApiError({
      status: 422,
      url: '/login',
      message: 'invalid-response: login answered without tokens',
      reason: 'invalid_response',
    });
  }
  auth.signIn(
    {
      accessToken: parsed.accessToken,
      refreshToken: parsed.refreshToken,
      customerId: parsed.customer?.customerId ?? null,
      customerToken: parsed.customer?.customerToken ?? null,
    },
    opts.sessionTimeoutSeconds,
  );
  if (
    parsed.rememberDeviceToken &&
    opts.rememberDays &&
    !auth.setCookies.some((c) => cookieName(c) === REMEMBER_DEVICE_COOKIE)
  ) {
    auth.setCookies.push(
      serializeCookie(REMEMBER_DEVICE_COOKIE, parsed.rememberDeviceToken, {
        maxAgeSeconds: opts.rememberDays * 86_400,
        httpOnly: true,
        secure: auth.secure,
      }),
    );
  }
  return { kind: 'signed-in', customer: parsed.customer, isNew: parsed.isNew };
}

/** Browsers keep a cookie at most 400 days; the device id is renewed at every sign-in. */
const DEVICE_ID_MAX_AGE_SECONDS = 400 * 86_400;

/**
 * Headers that name this browser to a sign-in call (the API's new-device email): its device id, made and kept in an
 * essential HttpOnly cookie at the first sign-in, and the visitor's user agent.
 */
export function signInDeviceHeaders(auth: AuthApi, request: Request): Record<string, string> {
  const known = requestCookies(request)[COOKIE_NAMES.deviceId];
  const id = known && /^[A-Za-z0-9_-]{16,128}$/.test(known) ? known : randomBytes(24).toString('base64url');
  if (!auth.setCookies.some((c) => cookieName(c) === COOKIE_NAMES.deviceId))
    auth.setCookies.push(
      serializeCookie(COOKIE_NAMES.deviceId, id, {
        maxAgeSeconds: DEVICE_ID_MAX_AGE_SECONDS,
        httpOnly: true,
        secure: auth.secure,
      }),
    );
  const userAgent = request.headers.get('user-agent');
  return { [HEADERS.deviceId]: id, ...(userAgent ? { 'user-agent': userAgent } : {}) };
}

/** Cookies as the browser sent them, for reading a value the API set (the remember-device cookie). */
export function requestCookies(request: Request): Record<string, string> {
  return parseCookies(request.headers.get('cookie'));
}

/**
 * A route's `headers`: the parent's (the root's visitor cookies) plus any Set-Cookie this route's loader or action
 * added (a refreshed token pair), so neither replaces the other.
 */
export function mergeSetCookieHeaders({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders?: Headers | undefined;
}): Headers {
  const out = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const c of source?.getSetCookie() ?? []) out.append('Set-Cookie', c);
  }
  return out;
}
