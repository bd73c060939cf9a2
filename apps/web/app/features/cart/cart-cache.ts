// The browser's cart cache (spec core §9: cart 20 s; core §4: "The cart is fetching during changes and stamped for
// refetch expiry after success"), kept by TanStack Query (ADR 021): moving back to /cart within 20 s reuses the cart
// already fetched; any form submission anywhere empties it (cart-writes.ts).
import { QueryClient } from '@tanstack/react-query';
import { parseCookies } from '../../lib/cookies.ts';
import { cartGeneration } from './cart-writes.ts';

export { invalidateCartCache } from './cart-writes.ts';

export const CART_CACHE_MS = 20_000;

/** The browser's query cache (route clientLoaders only run in the browser, so it is never shared between visitors). */
const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
/** Whose cart: the signed-in customer's id (a readable cookie), else the anonymous visitor of this browser. */
export function visitorKey(cookieHeader: string): string {
  return parseCookies(cookieHeader).customer_id || 'anonymous';
}

/** The visitor's cart: the one fetched less than 20 s ago, else what `load` fetches now (one fetch at a time). */
export function cachedCart<T>(key: string, load: () => Promise<T>): Promise<T> {
  const generation = cartGeneration();
  // Carts of older generations are unreachable: drop the settled ones, let any in-flight fetch finish on its own.
  queries.removeQueries({
    queryKey: ['cart'],
    predicate: (query) => query.queryKey[2] !== generation && query.state.fetchStatus !== 'fetching',
  });
  return queries.fetchQuery({ queryKey: ['cart', key, generation], queryFn: load, staleTime: CART_CACHE_MS });
}
