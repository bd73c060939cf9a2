// The browser's cart cache (spec core §9: cart 20 s; core §4: "The cart is fetching during changes and stamped for
// refetch expiry after success"), kept by TanStack Query (ADR 021): moving back to /cart within 20 s reuses the cart
// already fetched; any form submission anywhere (add to cart, promotion, purchase, login) may change the cart, so it
// empties the cache.
import { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFetchers, useNavigation } from 'react-router';
import { parseCookies } from '../../lib/cookies.ts';

export const CART_CACHE_MS = 20_000;

/** The browser's query cache (route clientLoaders only run in the browser, so it is never shared between visitors). */
const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
/** Whose cart: the signed-in customer's id (a readable cookie), else the anonymous visitor of this browser. */
export function visitorKey(cookieHeader: string): string {
  return parseCookies(cookieHeader).customer_id || 'anonymous';
}

/**
 * Bumped by every write. It is part of the query key, so a cart fetched before a write is never served after it,
 * and a fetch still in flight is left to finish (removing a fetching query would cancel it, and the cancelled
 * fetch would reject inside a route's clientLoader: the page would turn into the error page).
 */
let generation = 0;

/** The visitor's cart: the one fetched less than 20 s ago, else what `load` fetches now (one fetch at a time). */
export function cachedCart<T>(key: string, load: () => Promise<T>): Promise<T> {
  return queries.fetchQuery({ queryKey: ['cart', key, generation], queryFn: load, staleTime: CART_CACHE_MS });
}

export function invalidateCartCache(): void {
  generation += 1;
  // Older generations are unreachable now; drop the settled ones, let any in-flight fetch finish on its own.
  queries.removeQueries({ queryKey: ['cart'], predicate: (query) => query.state.fetchStatus !== 'fetching' });
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
