import { beforeEach, describe, expect, it } from 'vitest';
import { CART_CACHE_MS, invalidateCartCache, readCartCache, visitorKey, writeCartCache } from './cart-cache.ts';

describe('browser cart cache (core §9: 20 s)', () => {
  beforeEach(() => invalidateCartCache());
  it('serves the cart for 20 s to the same visitor only', () => {
    writeCartCache('cus_1', { cart: 1 }, 1_000);
    expect(readCartCache('cus_1', 1_000 + CART_CACHE_MS - 1)).toEqual({ cart: 1 });
    expect(readCartCache('cus_1', 1_000 + CART_CACHE_MS)).toBeUndefined();
    expect(readCartCache('anonymous', 1_500)).toBeUndefined();
  });
  it('is emptied by a change', () => {
    writeCartCache('anonymous', { cart: 2 }, 0);
    invalidateCartCache();
    expect(readCartCache('anonymous', 1)).toBeUndefined();
  });
  it('keys the visitor by the readable customer id cookie', () => {
    expect(visitorKey('customer_id=cus_9; session_id=abc')).toBe('cus_9');
    expect(visitorKey('session_id=abc')).toBe('anonymous');
  });
});
