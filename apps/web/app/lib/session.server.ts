// Visitor cookies and address query codes (spec core §1, §5, §9): session id, affiliate code, sub-variant,
// campaign tags and the act code. Pure functions of the request; the root loader sends the Set-Cookie headers.
import { safeRedirect } from '@shop/protocol';
import { nonEssentialAllowed, readConsent, type ConsentChoice } from './consent.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { COOKIE_NAMES } from './cookie-names.ts';
import { identifierOrNull } from './identifiers.ts';

export const COOKIES = COOKIE_NAMES;

const DAY = 86_400;
export const AFFILIATE_COOKIE_DAYS = 14;
export const SUB_VARIANT_COOKIE_DAYS = 365;
/** Campaign tags kept for attribution at signup and carried to the cart (spec core §2 Navigation behaviour). */
export const UTM_KEYS = ['utm_campaign', 'utm_medium', 'utm_source', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
const UTM_COOKIE_DAYS = 14;
const UTM_MAX_LENGTH = 200;
/** Core §9: the analytics anonymous id lasts about 365 days. */
export const ANALYTICS_ID_COOKIE_DAYS = 365;

export interface VisitorSession {
  sessionId: string;
  /** True when this request started a new session (first visit, or idle longer than the idle window). */
  sessionRenewed: boolean;
  subVariant: string | null;
  /**
   * True when the address's `sv` moves the visitor to another sub-variant than their cookie held (a first `sv` on a
   * visit without one counts too): the cart is seen under the new one, so the shell tells a visitor with items that
   * their cart was updated (features §8).
   */
  subVariantChanged: boolean;
  affiliateCode: string | null;
  customerId: string | null;
  customerToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  consent: ConsentChoice | null;
  utm: Partial<Record<UtmKey, string>>;
  /**
   * The analytics anonymous id, also the experiment visitor id: a non-essential cookie, so only while non-essential
   * cookies are allowed ("Accept all", or a site that asks nothing); null otherwise.
   */
  analyticsId: string | null;
  /** Codes read from the address: p (the price list, see requestedPricing), favourite_numbers (read only) and act. */
  queryCodes: { p: string | null; favouriteNumbers: string | null; act: string | null };
}

export interface ReadVisitorOptions {
  consentCapability: boolean;
  sessionIdleMinutes: number;
  randomId?: () => string;
}

function cleanUtm(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, UTM_MAX_LENGTH);
  return v || null;
}

/**
 * Reads the visitor's cookies and the address query codes and returns the session plus the Set-Cookie headers to
 * send. The session id cookie lives for the idle window and is re-sent on every request, so it slides while the
 * visitor is active and a new id starts after the idle window passes without a request.
 */
export function readVisitor(
  request: Request,
  options: ReadVisitorOptions,
): { session: VisitorSession; setCookies: string[] } {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('cookie'));
  const secure = url.protocol === 'https:';
  const setCookies: string[] = [];
  const randomId = options.randomId ?? (() => crypto.randomUUID());

  let sessionId = identifierOrNull(cookies[COOKIES.sessionId]);
  const sessionRenewed = sessionId === null;
  if (!sessionId) sessionId = randomId();
  setCookies.push(
    serializeCookie(COOKIES.sessionId, sessionId, {
      maxAgeSeconds: options.sessionIdleMinutes * 60,
      httpOnly: false,
      secure,
    }),
  );

  let affiliateCode = identifierOrNull(cookies[COOKIES.affiliate]);
  const affFromQuery = identifierOrNull(url.searchParams.get('aff'));
  if (affFromQuery) {
    affiliateCode = affFromQuery;
    setCookies.push(
      serializeCookie(COOKIES.affiliate, affFromQuery, { maxAgeSeconds: AFFILIATE_COOKIE_DAYS * DAY, secure }),
    );
  }

  let subVariant = identifierOrNull(cookies[COOKIES.subVariant]);
  const svFromQuery = identifierOrNull(url.searchParams.get('sv'));
  const subVariantChanged = svFromQuery !== null && svFromQuery !== subVariant;
  if (svFromQuery) {
    subVariant = svFromQuery;
    setCookies.push(
      serializeCookie(COOKIES.subVariant, svFromQuery, { maxAgeSeconds: SUB_VARIANT_COOKIE_DAYS * DAY, secure }),
    );
  }

  const consent = readConsent(request.headers.get('cookie'));
  const mayTrack = nonEssentialAllowed(options.consentCapability, consent);
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const fromQuery = cleanUtm(url.searchParams.get(key));
    const stored = cleanUtm(cookies[key]);
    if (!mayTrack) continue;
    if (fromQuery) {
      utm[key] = fromQuery;
      setCookies.push(serializeCookie(key, fromQuery, { maxAgeSeconds: UTM_COOKIE_DAYS * DAY, secure }));
    } else if (stored) {
      utm[key] = stored;
    }
  }

  let analyticsId = mayTrack ? identifierOrNull(cookies[COOKIES.analyticsId]) : null;
  if (mayTrack && !analyticsId) {
    analyticsId = crypto.randomUUID();
    setCookies.push(
      serializeCookie(COOKIES.analyticsId, analyticsId, { maxAgeSeconds: ANALYTICS_ID_COOKIE_DAYS * DAY, secure }),
    );
  }

  const customerId = identifierOrNull(cookies[COOKIES.customerId]);
  const customerToken = identifierOrNull(cookies[COOKIES.customerToken]);

  return {
    session: {
      sessionId,
      sessionRenewed,
      subVariant,
      subVariantChanged,
      affiliateCode,
      customerId,
      customerToken,
      accessToken: cookies[COOKIES.accessToken] || null,
      refreshToken: cookies[COOKIES.refreshToken] || null,
      isAuthenticated: !!(customerId && customerToken),
      consent,
      utm,
      analyticsId,
      queryCodes: {
        p: identifierOrNull(url.searchParams.get('p')),
        favouriteNumbers: url.searchParams.get('favourite_numbers'),
        act: identifierOrNull(url.searchParams.get('act')),
      },
    },
    setCookies,
  };
}

/** Converts an anonymous visitor's cart for an act code; the cart issue registers the real conversion. */
export type ActCartConverter = (code: string, session: VisitorSession) => Promise<void>;

/**
 * The act code (spec core §1): for an anonymous visitor it converts the cart; for an authenticated customer the code
 * is removed from the address. Returns the address to redirect to when the code must disappear, else null.
 */
export async function handleActCode(
  request: Request,
  session: VisitorSession,
  convertCart: ActCartConverter | null,
): Promise<string | null> {
  const code = session.queryCodes.act;
  if (!code) return null;
  if (!session.isAuthenticated) {
    if (convertCart) await convertCart(code, session);
    return null;
  }
  const url = new URL(request.url);
  url.searchParams.delete('act');
  // The address itself is input: `//evil.example/?act=…` must not come back as a Location another host.
  return safeRedirect(`${url.pathname}${url.search}${url.hash}`, url.origin);
}

/** The visitor's affiliate code (core §1 aff, kept 14 days): from the address, else the aff cookie; null if invalid. */
export function affiliateCodeFrom(request: Request): string | null {
  return (
    identifierOrNull(new URL(request.url).searchParams.get('aff')) ??
    identifierOrNull(parseCookies(request.headers.get('cookie'))[COOKIES.affiliate])
  );
}

/**
 * The price list a request asks for (core §1 `p`, ADR 081): the address's `p` code, else the pricing_id cookie (where
 * the root loader keeps the list the visitor is priced by); null for the visitor's own list. Bad values are ignored.
 */
export function requestedPricing(request: Request): string | null {
  return (
    identifierOrNull(new URL(request.url).searchParams.get('p')) ??
    identifierOrNull(parseCookies(request.headers.get('cookie'))[COOKIES.pricing])
  );
}

/** The visitor identifiers the api client sends, read from cookies without issuing any (for route loaders). */
export function apiSessionFrom(request: Request): Pick<
  VisitorSession,
  'sessionId' | 'subVariant' | 'customerId' | 'customerToken' | 'accessToken' | 'refreshToken'
> & {
  pricingId: string | null;
} {
  const cookies = parseCookies(request.headers.get('cookie'));
  return {
    sessionId: identifierOrNull(cookies[COOKIES.sessionId]) ?? '',
    pricingId: requestedPricing(request),
    subVariant:
      identifierOrNull(new URL(request.url).searchParams.get('sv')) ?? identifierOrNull(cookies[COOKIES.subVariant]),
    customerId: identifierOrNull(cookies[COOKIES.customerId]),
    customerToken: identifierOrNull(cookies[COOKIES.customerToken]),
    accessToken: cookies[COOKIES.accessToken] || null,
    refreshToken: cookies[COOKIES.refreshToken] || null,
  };
}
