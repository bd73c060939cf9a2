// HTTP caching of the storefront's pages against the real server (ADR 034): the catalogue and results pages are
// shared-cacheable for anonymous visitors, private for anyone whose cookies change the page, never with a cookie.
import { describe, expect, inject, it } from 'vitest';

const SHARED = /^public, max-age=0, stale-while-revalidate=300, s-maxage=(\d+)$/;

async function head(path: string, cookie?: string) {
  const res = await fetch(`${inject('baseUrl')}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control'), cookies: res.headers.getSetCookie() };
}

describe('shared pages (catalogue and results)', () => {
  it.each(['/', '/lotto-tickets', '/powerball', '/powerball/systems', '/lotto-results', '/powerball/results'])(
    '%s: an anonymous visitor gets a page a CDN may keep for the spec lifetime, without cookies',
    async (path) => {
      const res = await head(path);
      expect(res.status).toBe(200);
      expect(res.cacheControl).toMatch(SHARED);
      expect(Number(SHARED.exec(res.cacheControl!)![1])).toBeGreaterThanOrEqual(60);
      expect(res.cookies).toEqual([]);
    },
  );

  it('the data of a client navigation to a shared page is shared the same way', async () => {
    const res = await head('/powerball.data');
    expect(res.status).toBe(200);
    expect(res.cacheControl).toMatch(SHARED);
    expect(res.cookies).toEqual([]);
  });

  it.each([
    'web_access_token=abc',
    'customer_token=abc; customer_id=cus_1',
    'anonymous_cart_token=abc',
    'cookie_consent=all',
    'pricing_id=other',
  ])('with %s the page is private', async (cookie) => {
    for (const path of ['/', '/powerball', '/lotto-results']) {
      const res = await head(path, `session_id=abc; ${cookie}`);
      expect(res.cacheControl, path).toBe('private, no-cache');
    }
  });

  it('an address code that sets a cookie makes the page private, and the cookie is set', async () => {
    const res = await head('/lotto-results?sv=wa');
    expect(res.cacheControl).toBe('private, no-cache');
    expect(res.cookies.some((c) => c.startsWith('sv='))).toBe(true);
  });

  it('pages about the visitor stay private and keep the session cookie', async () => {
    const res = await head('/cart');
    expect(res.cacheControl).toBe('private, no-cache');
    expect(res.cookies.some((c) => c.startsWith('session_id='))).toBe(true);
  });
});
