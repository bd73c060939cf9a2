// Request debounces of spec core §9 ("cart add 1000 ms; cart fetch 500 ms; build 500 ms; purchase 500 ms; most
// writes 500 ms") and §7 (promotion, transfer and POST /event 500 ms), applied in the one api client: the same call
// (method, service, path, query and body) made again within its window is answered by the first one instead of being
// sent twice. Different calls are never held back.

export const DEBOUNCE_MS = {
  cartAdd: 1000,
  cartFetch: 500,
  build: 500,
  purchase: 500,
  promotion: 500,
  transfer: 500,
  event: 500,
  write: 500,
} as const;

export type DebounceKind = keyof typeof DEBOUNCE_MS;

const ANON_CART = '/anon-cart/[^/]+';

/** Which debounce of core §9 a call falls under; null for a read that is not the cart (those have caches instead). */
export function debounceKind(method: string, service: string, path: string): DebounceKind | null {
  const p = path.split('?')[0]!.replace(/\/+$/, '');
  if (service !== 'main') return method === 'GET' ? null : 'write';
  if (method === 'GET') {
    return p === '/cart/items' || new RegExp(`^${ANON_CART}$`).test(p) ? 'cartFetch' : null;
  }
  if (method === 'POST') {
    if (p === '/cart/items' || new RegExp(`^${ANON_CART}/items$`).test(p)) return 'cartAdd';
    if (p === '/cart/build' || new RegExp(`^${ANON_CART}/build$`).test(p)) return 'build';
    if (p === '/cart/purchase' || p.endsWith('/deposit_purchase')) return 'purchase';
    if (p === '/cart/promotion' || new RegExp(`^${ANON_CART}/promotion$`).test(p)) return 'promotion';
    if (p === '/transfer') return 'transfer';
    if (p === '/event') return 'event';
  }
  return 'write';
}

export interface RequestDebouncer {
  /** Run `send` unless the same call ran within its window; then answer with that call's promise. */
  run<T>(key: { method: string; service: string; path: string; body: string }, send: () => Promise<T>): Promise<T>;
}

/** One per api client; `now` is the client's clock (milliseconds). Entries older than their window are dropped. */
export function createRequestDebouncer(now: () => number): RequestDebouncer {
  const recent = new Map<string, { at: number; windowMs: number; promise: Promise<unknown> }>();
  return {
    run(key, send) {
      const kind = debounceKind(key.method, key.service, key.path);
      if (!kind) return send();
      const at = now();
      for (const [k, e] of recent) {
        // A write makes every earlier read stale: the cart fetched before an add is not the cart after it.
        if (at - e.at >= e.windowMs || (key.method !== 'GET' && k.startsWith('GET '))) recent.delete(k);
      }
      const id = `${key.method} ${key.service} ${key.path} ${key.body}`;
      const earlier = recent.get(id);
      if (earlier) return earlier.promise as ReturnType<typeof send>;
      const promise = send();
      recent.set(id, { at, windowMs: DEBOUNCE_MS[kind], promise });
      return promise;
    },
  };
}
