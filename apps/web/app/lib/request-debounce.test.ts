// Core §9 request debounces (cart add 1000 ms; cart fetch, build, purchase, promotion, transfer, event and other
// writes 500 ms), in the classification and through the one api client with an injected clock.
import { describe, expect, it } from 'vitest';
import { createFakeApi, ok, ORIGIN } from '../test-support/fake-api.ts';
import { ApiClient } from './api-client.ts';
import { createRequestDebouncer, debounceKind, DEBOUNCE_MS } from './request-debounce.ts';

describe('debounceKind', () => {
  it('names the debounce of each call of core §7 and §9', () => {
    const cases: [string, string, string, keyof typeof DEBOUNCE_MS | null][] = [
      ['GET', 'main', '/cart/items', 'cartFetch'],
      ['GET', 'main', '/anon-cart/crt_abc', 'cartFetch'],
      ['POST', 'main', '/cart/items', 'cartAdd'],
      ['POST', 'main', '/anon-cart/crt_abc/items', 'cartAdd'],
      ['POST', 'main', '/cart/build', 'build'],
      ['POST', 'main', '/anon-cart/crt_abc/build', 'build'],
      ['POST', 'main', '/cart/purchase', 'purchase'],
      ['POST', 'main', '/cart/deposit_purchase', 'purchase'],
      ['POST', 'main', '/cart/promotion', 'promotion'],
      ['POST', 'main', '/anon-cart/crt_abc/promotion', 'promotion'],
      ['POST', 'main', '/transfer', 'transfer'],
      ['POST', 'main', '/event', 'event'],
      ['PUT', 'main', '/cart/items/itm_1', 'write'],
      ['DELETE', 'main', '/cart/items/itm_1', 'write'],
      ['PATCH', 'main', '/customer/confirm-address', 'write'],
      ['POST', 'rewards', '/v3/draws/1', 'write'],
      ['GET', 'main', '/config', null],
      ['GET', 'main', '/anon-cart/crt_abc/items', null],
      ['GET', 'cms', '/items/theme', null],
    ];
    for (const [method, service, path, kind] of cases) expect(debounceKind(method, service, path), path).toBe(kind);
    expect(DEBOUNCE_MS).toMatchObject({ cartAdd: 1000, cartFetch: 500, build: 500, purchase: 500, write: 500 });
  });
});

describe('createRequestDebouncer', () => {
  it('answers the same call within its window with the first one, and sends it again after', async () => {
    let now = 0;
    let sent = 0;
    const d = createRequestDebouncer(() => now);
    const key = { method: 'POST', service: 'main', path: '/cart/build', body: '{"a":1}' };
    const send = () => Promise.resolve(++sent);
    expect(await d.run(key, send)).toBe(1);
    now = 499;
    expect(await d.run(key, send)).toBe(1);
    now = 500;
    expect(await d.run(key, send)).toBe(2);
    // Another body is another call: never held back.
    expect(await d.run({ ...key, body: '{"a":2}' }, send)).toBe(3);
  });

  it('keeps a cart add for 1000 ms and never debounces a plain read', async () => {
    let now = 0;
    let sent = 0;
    const d = createRequestDebouncer(() => now);
    const send = () => Promise.resolve(++sent);
    const add = { method: 'POST', service: 'main', path: '/cart/items', body: '{}' };
    await d.run(add, send);
    now = 999;
    expect(await d.run(add, send)).toBe(1);
    now = 1000;
    expect(await d.run(add, send)).toBe(2);
    const read = { method: 'GET', service: 'main', path: '/config', body: 'null' };
    await d.run(read, send);
    expect(await d.run(read, send)).toBe(4);
  });

  it('never answers a cart fetch made after a write with the cart fetched before it', async () => {
    let sent = 0;
    const d = createRequestDebouncer(() => 0);
    const send = () => Promise.resolve(++sent);
    const fetchCart = { method: 'GET', service: 'main', path: '/cart/items', body: 'null' };
    expect(await d.run(fetchCart, send)).toBe(1);
    expect(await d.run(fetchCart, send)).toBe(1);
    await d.run({ method: 'POST', service: 'main', path: '/cart/items', body: '{}' }, send);
    expect(await d.run(fetchCart, send)).toBe(3);
  });
});

describe('the api client applies the debounces', () => {
  it('sends a double-clicked promotion once; the same code after 500 ms again', async () => {
    let now = Date.UTC(2026, 10, 27);
    const api = createFakeApi({ 'POST /api/v2/cart/promotion': () => ok({ applied: true }) });
    const client = new ApiClient({
      discoveryUrl: `${ORIGIN}/api/discover`,
      appKey: 'web',
      appSecret: 'secret',
      fetch: api.fetch,
      now: () => now,
      session: { get: () => ({ customerId: 'cus_1', customerToken: 'tok_1' }) },
    });
    const promotionCalls = () => api.requests.filter((r) => r.url.endsWith('/cart/promotion')).length;
    const [a, b] = await Promise.all([
      client.post('main', '/cart/promotion', { promotionCode: 'SAVE10' }),
      client.post('main', '/cart/promotion', { promotionCode: 'SAVE10' }),
    ]);
    expect(a).toBe(b);
    expect(promotionCalls()).toBe(1);
    await client.post('main', '/cart/promotion', { promotionCode: 'WELCOME5' });
    expect(promotionCalls()).toBe(2);
    now += 500;
    await client.post('main', '/cart/promotion', { promotionCode: 'SAVE10' });
    expect(promotionCalls()).toBe(3);
  });
});
