// The server-side GET cache keeps CMS answers for the spec's lifetimes (core §9: 60 s, theme 10 min, navigation 24 h,
// SEO translations 24 h), but a change must show on the next page load in every process (ADR 037). Each web process
// keeps one stream to its API's GET /api/cms/changes: a `change` event empties the cached content answers, and while
// the stream is down (or the API's own change feed is) content answers are not cached at all.
import { HEADERS } from '@shop/contracts';
import { signRequest } from '@shop/protocol';
import type { GetCache } from './api-client.ts';

/** Services whose answers are content (their cache keys start with the service name). */
const CONTENT_SERVICES = ['cms|', 'translation|'];
const isContentKey = (key: string) => CONTENT_SERVICES.some((prefix) => key.startsWith(prefix));

const RECONNECT_MS = [250, 1000, 2000, 5000];

export interface ContentAwareCache extends GetCache {
  /** Content answers are trusted only while this is true. */
  isLive(): boolean;
  setLive(live: boolean): void;
  /** Forget every cached content answer (and any answer still loading from before now). */
  contentChanged(): void;
}

/** A GET cache that keeps content answers only while it can hear of content changes. */
export function contentAwareCache(inner: GetCache): ContentAwareCache {
  let live = false;
  let generation = 0;
  const keys = new Set<string>();
  // The generation at which each content key missed: an answer that started loading before a change is not kept.
  const missedAt = new Map<string, number>();
  const forget = () => {
    generation++;
    for (const key of keys) inner.delete(key);
    keys.clear();
  };
  return {
    get(key) {
      if (!isContentKey(key)) return inner.get(key);
      if (!live) return undefined;
      const hit = inner.get(key);
      if (hit === undefined) missedAt.set(key, generation);
      return hit;
    },
    set(key, value, ttlMs) {
      if (!isContentKey(key)) return inner.set(key, value, ttlMs);
      const missed = missedAt.get(key);
      missedAt.delete(key);
      if (!live || missed !== generation) return;
      keys.add(key);
      inner.set(key, value, ttlMs);
    },
    delete(key) {
      keys.delete(key);
      inner.delete(key);
    },
    clear() {
      forget();
      inner.clear();
    },
    isLive: () => live,
    setLive(next) {
      if (next !== live) forget();
      live = next;
    },
    contentChanged: forget,
  };
}

export interface ChangeStreamOptions {
  /** Origin of the API process (the same one SSR loaders call). */
  origin: string;
  appKey: string;
  appSecret: string;
  cache: ContentAwareCache;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** Read server-sent events from a response body, calling `onEvent` for each `event:`/`data:` block. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (event) onEvent(event, data ?? '');
    }
  }
}

/** Keep a change stream open for the life of the process; returns a function that stops it. */
export function followContentChanges(options: ChangeStreamOptions): () => void {
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  let attempt = 0;
  let stopped = false;

  const onEvent = (event: string, data: string) => {
    let live: boolean;
    try {
      live = (JSON.parse(data) as { live?: boolean }).live === true;
    } catch {
      live = false;
    }
    if (event === 'ready') {
      attempt = 0;
      options.cache.setLive(live);
    } else if (event === 'change') {
      options.cache.contentChanged();
      options.cache.setLive(live);
    }
  };

  const run = async () => {
    while (!stopped) {
      try {
        const timestamp = Math.floor(Date.now() / 1000);
        const res = await doFetch(`${options.origin.replace(/\/+$/, '')}/api/cms/changes`, {
          headers: {
            accept: 'text/event-stream',
            [HEADERS.appKey]: options.appKey,
            [HEADERS.timestamp]: String(timestamp),
            [HEADERS.signature]: signRequest({ timestamp, appKey: options.appKey, secret: options.appSecret }),
          },
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        await readEvents(res.body, onEvent);
      } catch (error) {
        if (stopped) return;
        if (attempt === 0) options.log?.(`[web] content change stream down: ${(error as Error).message}`);
      }
      options.cache.setLive(false);
      const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
      await new Promise<void>((resolve) => setTimeout(resolve, delay).unref());
    }
  };
  void run();
  return () => {
    stopped = true;
    options.cache.setLive(false);
    controller.abort();
  };
}
