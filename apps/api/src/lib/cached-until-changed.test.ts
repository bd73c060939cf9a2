import { describe, expect, it } from 'vitest';
import { cachedUntilChanged, keyedCacheUntilChanged, type ChangeSource } from './cached-until-changed.ts';

/** A change source the test drives: `change(table)` announces a write. */
function source(live = true): ChangeSource & { change(table: string): void } {
  const listeners = new Map<string, Set<() => void>>();
  return {
    on(table, l) {
      if (!listeners.has(table)) listeners.set(table, new Set());
      listeners.get(table)!.add(l);
      return () => listeners.get(table)!.delete(l);
    },
    isLive: () => live,
    change(table) {
      for (const l of listeners.get(table) ?? []) l();
    },
  };
}

function counter() {
  let n = 0;
  return {
    load: async () => ++n,
    get calls() {
      return n;
    },
  };
}

describe('cachedUntilChanged', () => {
  it('keeps the value while the feed is live and nothing changed', async () => {
    const s = source();
    const c = counter();
    const cached = cachedUntilChanged(s, ['t'], c.load);
    expect(await cached.get()).toBe(1);
    expect(await cached.get()).toBe(1);
    expect(c.calls).toBe(1);
  });

  it('reads again after a change to one of its tables, not after a change to another table', async () => {
    const s = source();
    const c = counter();
    const cached = cachedUntilChanged(s, ['a', 'b'], c.load);
    await cached.get();
    s.change('other');
    expect(await cached.get()).toBe(1);
    s.change('b');
    expect(await cached.get()).toBe(2);
    s.change('a');
    expect(await cached.get()).toBe(3);
  });

  it('reads through on every call when the feed is not live or absent', async () => {
    const s = source(false);
    const c = counter();
    const cached = cachedUntilChanged(s, ['t'], c.load);
    expect(await cached.get()).toBe(1);
    expect(await cached.get()).toBe(2);
    const none = counter();
    const uncached = cachedUntilChanged(undefined, ['t'], none.load);
    await uncached.get();
    await uncached.get();
    expect(none.calls).toBe(2);
  });

  it('does not keep a value whose load started before a change', async () => {
    const s = source();
    let release!: (v: string) => void;
    let calls = 0;
    const cached = cachedUntilChanged(s, ['t'], () => {
      calls++;
      return calls === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve('fresh');
    });
    const first = cached.get();
    s.change('t'); // committed while the first read was in flight
    release('stale');
    expect(await first).toBe('stale');
    expect(await cached.get()).toBe('fresh');
  });

  it('does not keep a failed load', async () => {
    const s = source();
    let calls = 0;
    const cached = cachedUntilChanged(s, ['t'], async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return 'ok';
    });
    await expect(cached.get()).rejects.toThrow('boom');
    expect(await cached.get()).toBe('ok');
  });

  it('invalidate() forgets the value at once', async () => {
    const s = source();
    const c = counter();
    const cached = cachedUntilChanged(s, ['t'], c.load);
    await cached.get();
    cached.invalidate();
    expect(await cached.get()).toBe(2);
  });
});

describe('keyedCacheUntilChanged', () => {
  it('keeps a value per key until one of its tables changes, and bounds the number kept', async () => {
    const s = source();
    const c = counter();
    const cache = keyedCacheUntilChanged<number>(s, ['draws'], 2);
    expect(await cache.get('a', c.load)).toBe(1);
    expect(await cache.get('b', c.load)).toBe(2);
    expect(await cache.get('a', c.load)).toBe(1);
    s.change('other');
    expect(await cache.get('b', c.load)).toBe(2);
    s.change('draws');
    expect(await cache.get('a', c.load)).toBe(3);
    expect(await cache.get('b', c.load)).toBe(4);
    expect(await cache.get('c', c.load)).toBe(5);
    // 'a' was the oldest of three with room for two.
    expect(await cache.get('a', c.load)).toBe(6);
  });

  it('reads through when the feed is not live, and drops a failed load', async () => {
    const dead = source(false);
    const c = counter();
    const cache = keyedCacheUntilChanged<number>(dead, ['t']);
    await cache.get('k', c.load);
    await cache.get('k', c.load);
    expect(c.calls).toBe(2);
    const live = keyedCacheUntilChanged<number>(source(), ['t']);
    await expect(live.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await new Promise((r) => setTimeout(r, 0));
    expect(await live.get('k', async () => 7)).toBe(7);
  });

  it('keeps only the values `keep` accepts, and each at most ttlMs', async () => {
    const s = source();
    const c = counter();
    const odd = keyedCacheUntilChanged<number>(s, ['t'], 10, { keep: (v) => v % 2 === 1 });
    expect(await odd.get('k', c.load)).toBe(1);
    expect(await odd.get('k', c.load)).toBe(1);
    odd.invalidate();
    expect(await odd.get('k', c.load)).toBe(2);
    // 2 was not kept: read again.
    expect(await odd.get('k', c.load)).toBe(3);

    const brief = keyedCacheUntilChanged<number>(s, ['t'], 10, { ttlMs: 20 });
    const d = counter();
    expect(await brief.get('k', d.load)).toBe(1);
    expect(await brief.get('k', d.load)).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(await brief.get('k', d.load)).toBe(2);
  });
});
