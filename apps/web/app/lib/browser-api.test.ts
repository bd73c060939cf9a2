import { describe, expect, it } from 'vitest';
import { createFakeApi, ok } from '../test-support/fake-api.ts';
import { createBrowserApi } from './browser-api.ts';

describe('browser api client', () => {
  it('discovers from the page origin, signs, and sends visitor headers from cookies; no GET cache', async () => {
    let n = 0;
    const api = createFakeApi({ 'GET /api/v2/capabilities': () => ok({ n: ++n }) });
    const client = createBrowserApi({
      origin: 'http://api.test/',
      appKey: 'web',
      appSecret: 'secret',
      readCookies: () => 'session_id=s-1; sv=b; customer_id=c1; customer_token=t1; cookie_consent=all',
      fetch: api.fetch,
    });
    await client.get('main', '/capabilities', { cache: { ttlMs: 60_000 } });
    const second = await client.get('main', '/capabilities', { cache: { ttlMs: 60_000 } });
    expect(second.result).toEqual({ n: 2 });
    expect(api.requests[0]!.url).toBe('http://api.test/api/discover');
    expect(api.requests.at(-1)!.headers).toMatchObject({
      'x-session-id': 's-1',
      'x-sub-variant': 'b',
      'x-customer-id': 'c1',
      'x-customer-token': 't1',
      'x-app-key': 'web',
    });
    expect(api.requests.at(-1)!.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });
});
