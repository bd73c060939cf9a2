// Cross-process cache invalidation. Triggers (migration 0001) announce every write to a cached table on the
// 'shop_changes' channel; each Database keeps one LISTEN connection and tells its subscribers. A cache may only trust
// what it holds while the feed is live: when the connection drops, every subscriber is told to forget (a change may
// have gone unnoticed) and caches read through until the feed is live again.
import pg from 'pg';

export const CHANGES_CHANNEL = 'shop_changes';

export interface ChangeFeed {
  /** Subscribe to writes on `table`; returns the unsubscribe function. Connects on first use. */
  on(table: string, listener: () => void): () => void;
  /** True while LISTEN is in place: only then can no change go unnoticed. */
  isLive(): boolean;
  close(): Promise<void>;
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

export function createChangeFeed(url: string): ChangeFeed {
  const listeners = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let connecting: Promise<void> | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const tellAll = () => {
    for (const set of listeners.values()) for (const l of set) l();
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    live = false;
    tellAll();
    c.end().catch(() => undefined);
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, application_name: 'lottery-shop-changes' });
      client = c;
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      c.on('notification', (msg) => {
        if (msg.channel !== CHANGES_CHANNEL || !msg.payload) return;
        for (const l of listeners.get(msg.payload) ?? []) l();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANGES_CHANNEL}`);
        if (client !== c || closed) return;
        attempt = 0;
        live = true;
        // Writes made before LISTEN took effect were not announced: start from nothing.
        tellAll();
      } catch {
        lost(c);
      }
    })().finally(() => {
      connecting = undefined;
    }));

  return {
    on(table, listener) {
      let set = listeners.get(table);
      if (!set) listeners.set(table, (set = new Set()));
      set.add(listener);
      if (!client && !closed && !retry) void connect();
      return () => set.delete(listener);
    },
    isLive: () => live,
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => undefined);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
