// The web process's content cache: content answers are kept only while the change stream is live, a change empties
// them (and drops an answer that was loading when the change came), and other answers are untouched.
import { describe, expect, it, vi } from 'vitest';
import { createGetCache } from './api-client.ts';
import { contentAwareCache, followContentChanges } from './content-changes.server.ts';

describe('contentAwareCache', () => {
  it('keeps content only while live, forgets it on change, and never keeps an answer older than the change', () => {
    const cache = contentAwareCache(createGetCache());
    const key = 'cms|3.0|/items/theme|anonymous|';
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, 'old', 60_000);
    expect(cache.get(key)).toBeUndefined(); // not live: not kept
    cache.set('main|3.0|/config|anonymous|', 'config', 60_000);
    expect(cache.get('main|3.0|/config|anonymous|')).toBe('config');

    cache.setLive(true);
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, 'v1', 60_000);
    expect(cache.get(key)).toBe('v1');

    cache.contentChanged();
    expect(cache.get(key)).toBeUndefined(); // miss recorded now
    cache.contentChanged(); // a change while that answer was loading
    cache.set(key, 'stale', 60_000);
    expect(cache.get(key)).toBeUndefined();
    expect(cache.get('main|3.0|/config|anonymous|')).toBe('config');

    cache.setLive(false);
    expect(cache.get(key)).toBeUndefined();
  });
});

describe('followContentChanges', () => {
  it('goes live on ready, empties content on change, and stops trusting the cache when the stream ends', async () => {
    const cache = contentAwareCache(createGetCache());
    let push!: (text: string) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        end = () => controller.close();
      },
    });
    const fetched: { url: string; headers: Record<string, string> }[] = [];
    const fakeFetch = vi.fn(async (url: string, init: RequestInit) => {
      fetched.push({ url, headers: init.headers as Record<string, string> });
      return fetched.length === 1 ? new Response(body, { status: 200 }) : new Promise<Response>(() => undefined);
    });
    const stop = followContentChanges({
      origin: 'http://api.test/',
      appKey: 'web',
      appSecret: 's',
      cache,
      fetch: fakeFetch as never,
    });
    try {
      push('event: ready\ndata: {"live":true}\n\n');
      await vi.waitFor(() => expect(cache.isLive()).toBe(true));
      expect(fetched[0]!.url).toBe('http://api.test/api/cms/changes');
      expect(fetched[0]!.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
      const key = 'translation|3.0|/en-AU/items|anonymous|';
      cache.get(key);
      cache.set(key, 'v1', 60_000);
      push('event: change\ndata: {"live":true}\n\n');
      await vi.waitFor(() => expect(cache.get(key)).toBeUndefined());
      push('event: change\ndata: {"live":false}\n\n');
      await vi.waitFor(() => expect(cache.isLive()).toBe(false));
      push('event: ready\ndata: {"live":true}\n\n');
      await vi.waitFor(() => expect(cache.isLive()).toBe(true));
      end();
      await vi.waitFor(() => expect(cache.isLive()).toBe(false));
    } finally {
      stop();
    }
  });
});
