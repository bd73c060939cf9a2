// Admission control of purchase transactions. Parts of a purchase that belong to other modules may read through the
// shared pool while the purchase's transaction holds a connection: the catalogue rebuilding its cache (every few
// seconds) when an item is re-checked, the ledger creating a house account on first use. If every pooled connection
// were held by a purchase waiting for such a read, none would ever be freed. At most `maxConcurrent` purchase
// transactions run at once (fewer than the pool's connections), so such a read always finds a free connection; the
// others queue here.

/** Runs `fn` once fewer than `maxConcurrent` admitted calls are running; the rest wait their turn in order. */
export function createAdmission(maxConcurrent: number) {
  const max = Math.max(1, maxConcurrent);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admitted<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
