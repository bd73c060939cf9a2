import { describe, expect, it } from 'vitest';
import {
  finishSharedHeaders,
  isShareable,
  PRIVATE_PAGE,
  SHARED_CACHE_BYPASS_COOKIES,
  sharedCacheControl,
  withSharedCaching,
} from './http-caching.ts';

const page = (path: string, init?: RequestInit) => new Request(`http://shop.test${path}`, init);

describe('shared caching of pages (ADR 034)', () => {
  it('an anonymous visitor without personal cookies gets a page shared caches keep; browsers revalidate', () => {
    expect(sharedCacheControl(page('/powerball', { headers: { cookie: 'session_id=abc' } }), 60)).toBe(
      'public, max-age=0, stale-while-revalidate=300, s-maxage=60',
    );
    expect(isShareable(page('/lotto-results?firstDrawNo=12'))).toBe(true);
  });

  it.each(SHARED_CACHE_BYPASS_COOKIES)('a request with the %s cookie gets a private page', (name) => {
    const request = page('/powerball', { headers: { cookie: `session_id=abc; ${name}=x` } });
    expect(sharedCacheControl(request, 60)).toBe(PRIVATE_PAGE);
  });

  it.each(['aff=partner', 'utm_source=mail', 'sv=wa', 'p=intro', 'act=code', 'clear_cache', 'variant=treatment'])(
    'an address code that sets a cookie, asks for fresh data or forces an experiment (?%s) gets a private page',
    (query) => {
      expect(sharedCacheControl(page(`/lotto-results?${query}`), 60)).toBe(PRIVATE_PAGE);
    },
  );

  it('only reads are shared', () => {
    expect(isShareable(page('/powerball', { method: 'POST' }))).toBe(false);
  });

  it('a public page drops the layout cookies; a private one keeps them; errors keep their own headers', () => {
    const parentHeaders = new Headers({ 'Cache-Control': PRIVATE_PAGE, 'Set-Cookie': 'session_id=x' });
    parentHeaders.append('X-Robots-Tag', 'noindex');
    const shared = withSharedCaching({
      parentHeaders,
      loaderHeaders: new Headers({ 'Cache-Control': 'public, max-age=0, s-maxage=60' }),
    });
    expect(shared.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60');
    expect(shared.get('Set-Cookie')).toBeNull();
    expect(shared.get('X-Robots-Tag')).toBe('noindex');
    const personal = withSharedCaching({
      parentHeaders,
      loaderHeaders: new Headers({ 'Cache-Control': PRIVATE_PAGE }),
    });
    expect(personal.get('Cache-Control')).toBe(PRIVATE_PAGE);
    expect(personal.get('Set-Cookie')).toBe('session_id=x');
    const errorHeaders = new Headers({ 'Cache-Control': 'no-store' });
    expect(withSharedCaching({ parentHeaders, loaderHeaders: new Headers(), errorHeaders })).toBe(errorHeaders);
  });
});

describe('the last word on an answer (entry.server)', () => {
  const shared = () =>
    new Headers([
      ['Cache-Control', 'public, max-age=0, s-maxage=60'],
      ['Set-Cookie', 'session_id=x'],
    ]);

  it('a public read loses its cookies', () => {
    const headers = shared();
    finishSharedHeaders(page('/powerball'), headers);
    expect(headers.get('Set-Cookie')).toBeNull();
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60');
  });

  it('the answer to a form post is private and keeps its cookies', () => {
    const headers = shared();
    finishSharedHeaders(page('/powerball', { method: 'POST' }), headers);
    expect(headers.get('Cache-Control')).toBe(PRIVATE_PAGE);
    expect(headers.get('Set-Cookie')).toBe('session_id=x');
  });

  it('a private answer is left as it is', () => {
    const headers = new Headers({ 'Cache-Control': PRIVATE_PAGE, 'Set-Cookie': 'session_id=x' });
    finishSharedHeaders(page('/cart'), headers);
    expect(headers.get('Set-Cookie')).toBe('session_id=x');
  });
});
