// The storefront's side of the cart (spec core §4 Anonymous cart lifecycle, Login success; §7 Cart calls v3.3; §9
// anonymous cart token cookie). A signed-in customer's cart is the API's customer cart; an anonymous visitor's cart
// is an anonymous cart whose reference lives in the 14-day `anonymous_cart_token` cookie. Every cart-changing call
// answers the whole Cart.
import { AnonCartCreated, Cart, type AddCartItemBody, type BuildCartItemBody } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { ADD_TO_CART_FAILURE } from './cart-rules.ts';
import { parseCookies, serializeCookie } from '../../lib/cookies.ts';
import { COOKIE_NAMES } from '../../lib/cookie-names.ts';
import { ApiClient, createDiscoveryCache, type SessionState } from '../../lib/api-client.ts';
import { requestApi } from '../../lib/api-client.server.ts';
import { affiliateCodeFrom, apiSessionFrom } from '../../lib/session.server.ts';
import '../../lib/load-context.ts';

/**
 * What the cart calls need of the signed-in side: the request's api client and session. Routes pass the auth
 * feature's `authApi(request, context)` (token refresh with cookie capture); without one, a client from the request's
 * cookies that never refreshes (a rotated refresh token it could not store would later look like token theft).
 */
export interface CartAuth {
  api: ApiClient;
  session: SessionState;
  setCookies: string[];
  signOut(): void;
}

const discovery = createDiscoveryCache();

export function cartAuthFrom(request: Request, context: AppLoadContext): CartAuth {
  const session: SessionState = { ...apiSessionFrom(request) };
  const api = requestApi(context, {
    discovery,
    session: { get: () => session },
    refresh: async () => {
      throw new ApiError({ status: 401, url: '/refresh', message: 'The session needs a refresh first' });
    },
  });
  return {
    api,
    session,
    setCookies: [],
    signOut() {
      session.accessToken = null;
      session.refreshToken = null;
      session.customerId = null;
      session.customerToken = null;
    },
  };
}

/** Core §9: the anonymous cart token cookie (HttpOnly, SameSite=Lax, essential, 14 days). */
export const ANON_CART_COOKIE = COOKIE_NAMES.anonymousCart;
export const ANON_CART_COOKIE_DAYS = 14;
/** Core §7: every cart call is version 3.3. */
export const CART_API_VERSION = '3.3' as const;

const CART_REF = /^crt_[A-Za-z0-9]+$/;

export type CartFailure = { error: string; code?: string | undefined; fieldErrors?: Record<string, string[]> };
export type CartChange = { cart: Cart; setCookie?: string; setCookies: string[] } | CartFailure;

function secureFor(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** The anonymous cart reference from the cookie, when it looks like one. */
export function anonCartRef(request: Request): string | null {
  const value = parseCookies(request.headers.get('cookie'))[ANON_CART_COOKIE];
  return value && CART_REF.test(value) ? value : null;
}

export function anonCartCookie(reference: string, secure: boolean): string {
  return serializeCookie(ANON_CART_COOKIE, reference, {
    maxAgeSeconds: ANON_CART_COOKIE_DAYS * 86_400,
    httpOnly: true,
    secure,
    sameSite: 'Lax',
  });
}

export function clearAnonCartCookie(secure: boolean): string {
  return serializeCookie(ANON_CART_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true, secure, sameSite: 'Lax' });
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The client camel-cases every key, map keys too: product types and blocked reasons are ids, kept as the API names them. */
function snakeKeys<V>(record: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [snake(k), v]));
}

export function parseCart(value: unknown, what: string): Cart {
  const parsed = Cart.safeParse(value);
  if (!parsed.success) throw contractMismatch(what);
  const cart = parsed.data;
  const cartItems = snakeKeys(cart.cartItems);
  for (const items of Object.values(cartItems))
    for (const item of items) for (const game of item.games) game.sets = snakeKeys(game.sets);
  return { ...cart, cartItems, blockedReasons: snakeKeys(cart.blockedReasons) };
}

/** A signed-in visitor (tokens present and accepted): cart calls go to /cart/…; otherwise to /anon-cart/{ref}/…. */
function signedIn(auth: CartAuth): boolean {
  return !!auth.session.accessToken || !!auth.session.refreshToken;
}

/** An API answer the visitor can act on (a 4xx with a message), as the failure shape; anything else rethrows. */
export function cartFailureOf(error: unknown): CartFailure {
  if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.reason === undefined) {
    const { this: general, ...fieldErrors } = error.fieldErrors;
    // Core §8: the first message under the errors' `this` key, else the cart's own failure text.
    const message = general?.[0] ?? error.generalErrors[0] ?? error.messages[0]?.text ?? ADD_TO_CART_FAILURE;
    return { error: message || ADD_TO_CART_FAILURE, code: error.code, fieldErrors };
  }
  throw error;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface LoadedCart {
  cart: Cart | null;
  /** Set-Cookie headers to forward (a dropped anonymous cart token, a refreshed token pair). */
  setCookies: string[];
  /** The visitor is signed in (their customer cart), else anonymous. */
  customer: boolean;
}

/**
 * The visitor's cart: the customer cart when signed in, else the anonymous cart from the cookie. An unknown or
 * converted anonymous cart (404) drops the cookie: a new one is created lazily by the next add (core §4). Any other
 * failure drops the cookie too, so a broken reference never sticks.
 */
export async function loadCart(
  request: Request,
  context: AppLoadContext,
  auth: CartAuth = cartAuthFrom(request, context),
): Promise<LoadedCart> {
  const secure = secureFor(request);
  if (signedIn(auth)) {
    try {
      const res = await auth.api.get<unknown>('main', '/cart/items', { version: CART_API_VERSION, cache: false });
      return { cart: parseCart(res.result, 'GET /cart/items'), setCookies: [...auth.setCookies], customer: true };
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      // The session is gone: the visitor is anonymous from here on.
      auth.signOut();
    }
  }
  const ref = anonCartRef(request);
  if (!ref) return { cart: null, setCookies: [...auth.setCookies], customer: false };
  try {
    const res = await auth.api.get<unknown>('main', `/anon-cart/${ref}`, { version: CART_API_VERSION, cache: false });
    return { cart: parseCart(res.result, 'GET /anon-cart/{ref}'), setCookies: [...auth.setCookies], customer: false };
  } catch (error) {
    if (!isNotFound(error))
      console.error(`[web] anonymous cart unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return { cart: null, setCookies: [...auth.setCookies, clearAnonCartCookie(secure)], customer: false };
  }
}

/** The visitor's cart or null (no cart yet, or an anonymous cart that is gone). */
export async function getCart(request: Request, context: AppLoadContext, auth?: CartAuth): Promise<Cart | null> {
  return (await loadCart(request, context, auth)).cart;
}

async function createAnonCart(auth: CartAuth): Promise<string> {
  const res = await auth.api.post<unknown>('main', '/anon-cart', {}, { version: CART_API_VERSION });
  const parsed = AnonCartCreated.safeParse(res.result);
  if (!parsed.success) throw contractMismatch('POST /anon-cart');
  return parsed.data.cartReference;
}

/**
 * Runs one cart-changing call: on the customer cart when signed in, else on the anonymous cart (created on first
 * use; a 404 for a stale reference creates a new cart and retries once). `path` is the part after the cart's base
 * ('/items', '/build', '/promotion', '/items/itm_…').
 */
export async function changeCart(
  request: Request,
  context: AppLoadContext,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  auth: CartAuth = cartAuthFrom(request, context),
): Promise<CartChange> {
  const secure = secureFor(request);
  const call = async (base: string) => {
    const url = `${base}${path}`;
    const opts = { version: CART_API_VERSION };
    const res =
      method === 'POST'
        ? await auth.api.post<unknown>('main', url, body ?? {}, opts)
        : method === 'PUT'
          ? await auth.api.put<unknown>('main', url, body, opts)
          : await auth.api.delete<unknown>('main', url, undefined, opts);
    return parseCart(res.result, `${method} ${base}${path.replace(/itm_[A-Za-z0-9]+/, '{itemId}')}`);
  };
  try {
    if (signedIn(auth)) {
      try {
        const cart = await call('/cart');
        return { cart, setCookies: [...auth.setCookies] };
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
        auth.signOut();
      }
    }
    let ref = anonCartRef(request);
    let created = false;
    if (!ref) {
      // Only adding creates a cart: removing from or promoting a cart that does not exist changes nothing.
      if (method !== 'POST' || !(path === '/items' || path === '/build'))
        return { error: 'Your cart is empty.', code: 'cart_not_found' };
      ref = await createAnonCart(auth);
      created = true;
    }
    let cart: Cart;
    try {
      cart = await call(`/anon-cart/${ref}`);
    } catch (error) {
      if (created || !isNotFound(error) || !(path === '/items' || path === '/build')) throw error;
      ref = await createAnonCart(auth);
      created = true;
      cart = await call(`/anon-cart/${ref}`);
    }
    if (!created) return { cart, setCookies: [...auth.setCookies] };
    const setCookie = anonCartCookie(ref, secure);
    return { cart, setCookie, setCookies: [...auth.setCookies, setCookie] };
  } catch (error) {
    return cartFailureOf(error);
  }
}

/**
 * POST /cart/items or /anon-cart/{ref}/items: add a ticket (core §5 add-to-cart rules; 422 names the game and set).
 * The visitor's affiliate code goes with it as affiliateCode (core §7), so the order is the affiliate's.
 */
export function addToCart(
  request: Request,
  context: AppLoadContext,
  body: AddCartItemBody,
  auth?: CartAuth,
): Promise<CartChange> {
  const affiliateCode = body.affiliateCode ?? affiliateCodeFrom(request) ?? undefined;
  return changeCart(request, context, 'POST', '/items', affiliateCode ? { ...body, affiliateCode } : body, auth);
}

/** POST /cart/build or /anon-cart/{ref}/build: the server builds a quickpick ticket and adds it. */
export function buildToCart(
  request: Request,
  context: AppLoadContext,
  body: BuildCartItemBody,
  auth?: CartAuth,
): Promise<CartChange> {
  return changeCart(request, context, 'POST', '/build', body, auth);
}

/** PUT …/items/{itemId}: replace an item's ticket (the play screen's edit mode). */
export function updateCartItem(
  request: Request,
  context: AppLoadContext,
  itemId: string,
  body: AddCartItemBody,
  auth?: CartAuth,
): Promise<CartChange> {
  return changeCart(request, context, 'PUT', `/items/${encodeURIComponent(itemId)}`, body, auth);
}

export function removeCartItem(
  request: Request,
  context: AppLoadContext,
  itemId: string,
  auth?: CartAuth,
): Promise<CartChange> {
  return changeCart(request, context, 'DELETE', `/items/${encodeURIComponent(itemId)}`, undefined, auth);
}

export function applyPromotion(
  request: Request,
  context: AppLoadContext,
  promotionCode: string,
  auth?: CartAuth,
): Promise<CartChange> {
  return changeCart(request, context, 'POST', '/promotion', { promotionCode }, auth);
}

export function removePromotion(request: Request, context: AppLoadContext, auth?: CartAuth): Promise<CartChange> {
  return changeCart(request, context, 'DELETE', '/promotion', undefined, auth);
}

export function dismissAutoRemoved(request: Request, context: AppLoadContext, auth?: CartAuth): Promise<CartChange> {
  return changeCart(request, context, 'POST', '/auto-removed/dismiss', {}, auth);
}

/**
 * Login success (core §4): the anonymous cart's items move into the customer's cart (POST /anon-cart/{ref}/convert
 * with the new access token) and the cookie goes. Answers the Set-Cookie headers to send (empty without a cart).
 * A cart that is already gone only loses its cookie; any other failure leaves the cookie so the next login retries.
 */
export async function convertAnonymousCart(
  request: Request,
  context: AppLoadContext,
  accessToken: string,
): Promise<string[]> {
  const ref = anonCartRef(request);
  if (!ref) return [];
  const secure = secureFor(request);
  const auth = cartAuthFrom(request, context);
  auth.session.accessToken = accessToken;
  try {
    await auth.api.post<unknown>(
      'main',
      `/anon-cart/${ref}/convert`,
      {},
      { version: CART_API_VERSION, skipAuthRefresh: true },
    );
  } catch (error) {
    if (!isNotFound(error)) {
      console.error(
        `[web] anonymous cart conversion failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    }
  }
  return [clearAnonCartCookie(secure)];
}

/**
 * The `act` query code for an anonymous visitor (core §1): adopt that anonymous cart when it exists (sets the
 * cookie). Answers the Set-Cookie headers.
 */
export async function adoptAnonymousCart(
  request: Request,
  context: AppLoadContext,
  reference: string,
): Promise<string[]> {
  if (!CART_REF.test(reference)) return [];
  const auth = cartAuthFrom(request, context);
  try {
    await auth.api.get<unknown>('main', `/anon-cart/${reference}`, { version: CART_API_VERSION, cache: false });
  } catch (error) {
    if (!isNotFound(error))
      console.error(`[web] act cart unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
  return [anonCartCookie(reference, secureFor(request))];
}

/** Items in a cart (the header badge). */
export function cartItemCount(cart: Cart | null): number {
  if (!cart) return 0;
  return cart.itemCount;
}

/** Features §2 Main navigation bar: the lotto item links straight to the lotto page when the cart holds a lottery ticket. */
export function cartHoldsLotteryTicket(cart: Cart | null): boolean {
  return !!cart && (cart.cartItems.lottery_ticket?.length ?? 0) > 0;
}

/**
 * Features §2 Main navigation bar: the social-play item links straight to the social page when the cart holds a
 * syndicate share. The spec does not tell the two kinds apart here: a share of an operator's syndicate
 * (syndicate_share) and a share of a Lotto Party session (social_syndicate_share) both count.
 */
export function cartHoldsSyndicateShare(cart: Cart | null): boolean {
  return (
    !!cart && (cart.cartItems.syndicate_share?.length ?? 0) + (cart.cartItems.social_syndicate_share?.length ?? 0) > 0
  );
}
