// A value read from the database and kept in memory until one of its tables changes (see db/change-feed.ts).
// Without a live change feed nothing is kept: every call reads through, so a cache never serves what it cannot
// prove is current.

export interface ChangeSource {
  on(table: string, listener: () => void): () => void;
  isLive(): boolean;
}

export interface CachedValue<T> {
  get(): Promise<T>;
  /** Forget the value now (this process wrote the tables itself). */
  invalidate(): void;
}

export function cachedUntilChanged<T>(
  source: ChangeSource | undefined,
  tables: readonly string[],
  load: () => Promise<T>,
): CachedValue<T> {
  let value: Promise<T> | undefined;
  // Bumped by every change: a load that started before a change must not be kept after it.
  let generation = 0;
  let subscribed = false;

  const invalidate = () => {
    generation++;
    value = undefined;
  };

  return {
    get() {
      if (!source) return load();
      if (!subscribed) {
        subscribed = true;
        for (const t of tables) source.on(t, invalidate);
      }
      if (!source.isLive()) return load();
      if (value) return value;
      const started = generation;
      const loading = load();
      value = loading;
      loading.then(
        () => {
          if (generation !== started && value === loading) value = undefined;
        },
        () => {
          if (value === loading) value = undefined;
        },
      );
      return loading;
    },
    invalidate,
  };
}

export interface KeyedCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

export interface KeyedCacheOptions<T> {
  /** Keep a value at most this long (ms) even when no change is announced; unset: until a change. */
  ttlMs?: number;
  /** Whether a loaded value may be kept (e.g. only a "yes" answer); unset: every value. */
  keep?: (value: T) => boolean;
}

/**
 * Many values of the same tables by key (a page of results per query): all dropped together when a table changes.
 * Same rule as cachedUntilChanged: without a live change feed every call reads through. At most `maxEntries` are
 * kept; past that the oldest is dropped.
 */
export function keyedCacheUntilChanged<T>(
  source: ChangeSource | undefined,
  tables: readonly string[],
  maxEntries = 1000,
  options: KeyedCacheOptions<T> = {},
): KeyedCache<T> {
  const { ttlMs, keep } = options;
  const values = new Map<string, { value: Promise<T>; until: number }>();
  let generation = 0;
  let subscribed = false;
  const invalidate = () => {
    generation++;
    values.clear();
  };
  return {
    get(key, load) {
      if (!source) return load();
      if (!subscribed) {
        subscribed = true;
        for (const t of tables) source.on(t, invalidate);
      }
      if (!source.isLive()) return load();
      const now = performance.now();
      const hit = values.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) values.delete(key);
      const started = generation;
      const loading = load();
      if (values.size >= maxEntries) values.delete(values.keys().next().value!);
      values.set(key, { value: loading, until: ttlMs === undefined ? Infinity : now + ttlMs });
      const drop = () => {
        if (values.get(key)?.value === loading) values.delete(key);
      };
      loading.then((value) => {
        if (generation !== started || (keep && !keep(value))) drop();
      }, drop);
      return loading;
    },
    invalidate,
  };
}
