// The browser's cart cache (spec core §9: cart 20 s; core §4: "The cart is fetching during changes and stamped for
// refetch expiry after success"). Moving back to /cart within 20 s reuses the cart already fetched; any form
// submission anywhere (add to cart, promotion, purchase, login) may change the cart, so it empties the cache.
import { useEffect } from 'react';
import { useFetchers, useNavigation } from 'react-router';
import { parseCookies } from '../../lib/cookies.ts';

export const CART_CACHE_MS = 20_000;

let entry: { key: string; at: number; value: unknown } | null = null;

/** Whose cart: the signed-in customer's id (a readable cookie), else the anonymous visitor of this browser. */
export function visitorKey(cookieHeader: string): string {
  return parseCookies(cookieHeader).customer_id || 'anonymous';
}

export function readCartCache<T>(key: string, now: number): T | undefined {
  if (!entry || entry.key !== key || now - entry.at >= CART_CACHE_MS) return undefined;
  return entry.value as T;
}

export function writeCartCache(key: string, value: unknown, now: number): void {
  entry = { key, at: now, value };
}

export function invalidateCartCache(): void {
  entry = null;
}

const isWrite = (method: string | undefined) => !!method && method.toUpperCase() !== 'GET';

/** Mounted once in the layout: every non-GET submission (navigation or fetcher) drops the cached cart. */
export function useCartCacheInvalidation(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const writing = isWrite(navigation.formMethod) || fetchers.some((f) => isWrite(f.formMethod));
  useEffect(() => {
    if (writing) invalidateCartCache();
  }, [writing]);
}
