// What empties the browser's cart cache (cart-cache.ts): any form submission anywhere (add to cart, promotion,
// purchase, login) may change the cart. Kept apart from the cache itself so the layout, which watches every page's
// submissions, does not bring TanStack Query into every page's first load; only /cart's clientLoader needs it.
import { useEffect } from 'react';
import { useFetchers, useNavigation } from 'react-router';

/**
 * Bumped by every write. It is part of the cache's query key, so a cart fetched before a write is never served after
 * it, and a fetch still in flight is left to finish (removing a fetching query would cancel it, and the cancelled
 * fetch would reject inside a route's clientLoader: the page would turn into the error page).
 */
let generation = 0;

export function cartGeneration(): number {
  return generation;
}

export function invalidateCartCache(): void {
  generation += 1;
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
