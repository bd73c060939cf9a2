import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedCart, CART_CACHE_MS, invalidateCartCache, visitorKey } from './cart-cache.ts';

describe('browser cart cache (core §9: 20 s)', () => {
  beforeEach(() => {
    invalidateCartCache();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  it('serves the cart for 20 s to the same visitor only', async () => {
    const load = vi.fn(async () => ({ cart: load.mock.calls.length }));
    expect(await cachedCart('cus_1', load)).toEqual({ cart: 1 });
    vi.setSystemTime(1_000 + CART_CACHE_MS - 1);
    expect(await cachedCart('cus_1', load)).toEqual({ cart: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000 + CART_CACHE_MS);
    expect(await cachedCart('cus_1', load)).toEqual({ cart: 2 });
    expect(await cachedCart('anonymous', load)).toEqual({ cart: 3 });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('is emptied by a change', async () => {
    const load = vi.fn(async () => ({ cart: load.mock.calls.length }));
    await cachedCart('anonymous', load);
    invalidateCartCache();
    expect(await cachedCart('anonymous', load)).toEqual({ cart: 2 });
  });

  it('lets a fetch in flight during a change finish, and never serves it after the change', async () => {
    let release: (value: { cart: string }) => void = () => undefined;
    const before = cachedCart('anonymous', () => new Promise<{ cart: string }>((resolve) => (release = resolve)));
    invalidateCartCache();
    release({ cart: 'before the change' });
    await expect(before).resolves.toEqual({ cart: 'before the change' });
    const load = vi.fn(async () => ({ cart: 'after the change' }));
    expect(await cachedCart('anonymous', load)).toEqual({ cart: 'after the change' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keys the visitor by the readable customer id cookie', () => {
    expect(visitorKey('customer_id=cus_9; session_id=abc')).toBe('cus_9');
    expect(visitorKey('session_id=abc')).toBe('anonymous');
  });
});
