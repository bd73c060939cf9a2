// Issue 14, the storefront's part, through the route modules themselves against a fake API: a redirect target from
// input never leaves the site nor puts an invalid character into Location, and no cross-site GET changes state
// (logout, deposit cancel, cart replay are POSTs behind buttons).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, ORIGIN, type FakeHandler } from '../test-support/fake-api.ts';
import { customerOverview, SIGNED_IN_COOKIES, webConfig } from '../test-support/api-fixtures.ts';
import { loader as loginLoader, action as loginAction } from './identity/login.tsx';
import { loader as autologinLoader } from './identity/autologin.tsx';
import { loader as logoutLoader, action as logoutAction } from './identity/logout.tsx';
import { action as consentAction } from './platform/cookie-consent.tsx';
import { loader as depositCancelLoader, action as depositCancelAction } from './wallet/deposit-return.tsx';
import { loader as checkoutDepositLoader, action as checkoutDepositAction } from './cart/checkout-deposit.tsx';
import { loader as replayLoader, action as replayAction } from './cart/cart-replay.tsx';

const SITE = 'http://localhost:3000';
const context = { apiOrigin: ORIGIN, appKey: 'web', appSecret: 'secret' };

/** The hostile values of the finding, as the browser sends them (percent-encoded in the address). */
const HOSTILE = [
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d/evil.example',
  '/%E2%80%A8',
  '/%E2%80%A9/evil.example',
  '//evil.example',
  '/%5Cevil.example',
  '/.//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '%09//evil.example',
];

const deposit = (status: string) => ({
  id: 'dep_abc1',
  status,
  amount: { amount: 20, currency: 'AUD' },
  methodCode: 'cc',
  fundId: null,
  failureReason: null,
  challengeUrl: null,
  transactionId: null,
  createdAt: '2026-11-20T10:00:00Z',
});

function api(extra: Record<string, FakeHandler> = {}) {
  const fake = createFakeApi({
    'GET /api/v2/config': () => ok(webConfig()),
    'GET /api/v2/customer': () => ok(customerOverview()),
    ...extra,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function req(path: string, init: RequestInit & { cookies?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookies) headers.set('cookie', init.cookies);
  return new Request(`${SITE}${path}`, { ...init, headers });
}

function post(path: string, fields: Record<string, string> = {}, cookies = SIGNED_IN_COOKIES): Request {
  return req(path, { method: 'POST', body: new URLSearchParams(fields), cookies });
}

async function thrown(p: unknown): Promise<Response> {
  try {
    const value = await p;
    if (value instanceof Response) return value;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a Response');
}

/** Where a browser goes with this Location, and that it is a valid header value. */
function expectSameSite(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
  expect(new URL(location, `${SITE}/login`).origin).toBe(SITE);
}

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context, params }) as unknown as Parameters<typeof loginLoader>[0];

afterEach(() => vi.unstubAllGlobals());

describe('redirect targets from input stay on the site (issue 14)', () => {
  it.each(HOSTILE)('signed in, GET /login?redirect=%s answers a same-site Location', async (payload) => {
    api();
    expectSameSite(await thrown(loginLoader(args(req(`/login?redirect=${payload}`, { cookies: SIGNED_IN_COOKIES })))));
    expectSameSite(
      await thrown(loginLoader(args(req(`/checkout/login?redirect=${payload}`, { cookies: SIGNED_IN_COOKIES })))),
    );
  });

  it('keeps a same-site return path', async () => {
    api();
    const res = await thrown(
      loginLoader(args(req('/login?redirect=%2Fmy-account%2Fdeposit', { cookies: SIGNED_IN_COOKIES }))),
    );
    expect(res.headers.get('location')).toBe('/my-account/deposit');
  });

  it('sends the login form to a same-site path whatever its redirect field holds', async () => {
    for (const payload of HOSTILE) {
      api({
        'POST /api/v2/login': () =>
          ok({
            status: 'authenticated',
            accessToken: 'at_new',
            refreshToken: 'rt_new',
            customer: customerOverview(),
            token: null,
            twoFactorAuth: null,
            rememberDeviceToken: null,
            isNew: false,
          }),
      });
      const redirect = decodeURIComponent(payload);
      const res = await thrown(
        loginAction(
          args(post('/login', { email: 'ann@example.com', password: 'koala-wombat-42', redirect }, '')),
        ) as Promise<unknown>,
      );
      expectSameSite(res);
    }
  });

  it('gives the automatic login page only a same-site return path', async () => {
    api();
    for (const payload of HOSTILE) {
      const page = await autologinLoader(
        args(req(`/login/autologin/tok_abc?redirect=${payload}`), { autologinToken: 'tok_abc' }) as never,
      );
      expect(page.redirectTo).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      expect(new URL(page.redirectTo, SITE).origin).toBe(SITE);
    }
  });

  it('returns from the cookie-consent form to a same-site path only', async () => {
    api();
    for (const payload of HOSTILE)
      expectSameSite(
        await thrown(
          consentAction(
            args(post('/cookie-consent', { choice: 'essential', returnTo: decodeURIComponent(payload) }, '')) as never,
          ),
        ),
      );
  });
});

describe('no state change on a cross-site GET (issue 14)', () => {
  it('GET /logout shows a button and keeps the session; POST /logout ends it', async () => {
    const fake = api({ 'GET /api/v2/logout': () => new Response(null, { status: 204 }) });
    const page = (await logoutLoader(args(req('/logout', { cookies: SIGNED_IN_COOKIES })) as never)) as unknown as {
      data: { signedIn: boolean };
      init: { headers?: HeadersInit } | null;
    };
    expect(page.data.signedIn).toBe(true);
    expect(fake.requests.some((r) => r.url.endsWith('/logout'))).toBe(false);
    expect(new Headers(page.init?.headers).get('set-cookie')).toBeNull();

    const res = await thrown(logoutAction(args(post('/logout')) as never));
    expect(res.headers.get('location')).toBe('/');
    expect(fake.requests.filter((r) => r.url.endsWith('/api/v2/logout'))).toHaveLength(1);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('web_access_token=;'))).toBe(true);
  });

  it('GET of the provider cancel return shows "Cancel deposit"; only the POST cancels', async () => {
    let status = 'pending';
    const fake = api({
      'GET /api/v2/deposits/dep_abc1': () => ok(deposit(status)),
      'POST /api/v2/deposits/dep_abc1/cancel': () => {
        status = 'cancelled';
        return ok(deposit(status));
      },
    });
    const params = { depositId: 'dep_abc1' };
    const page = (await depositCancelLoader(
      args(req('/my-account/deposit/dep_abc1/cancel', { cookies: SIGNED_IN_COOKIES }), params) as never,
    )) as unknown as { data: { deposit: { status: string } } };
    expect(page.data.deposit.status).toBe('pending');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    const res = await thrown(depositCancelAction(args(post('/my-account/deposit/dep_abc1/cancel'), params) as never));
    expect(res.headers.get('location')).toBe('/my-account/deposit/dep_abc1/cancel');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/cancel'))).toHaveLength(1);
  });

  it('GET of the checkout cancel return shows "Cancel deposit"; only the POST cancels', async () => {
    const fake = api({ 'POST /api/v2/deposits/dep_abc1/cancel': () => ok(deposit('cancelled')) });
    const params = { depositId: 'dep_abc1' };
    const page = (await checkoutDepositLoader(
      args(req('/checkout/deposit/dep_abc1/cancel', { cookies: SIGNED_IN_COOKIES }), params) as never,
    )) as unknown as { data: { cancel: boolean } };
    expect(page.data.cancel).toBe(true);
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    const res = await thrown(checkoutDepositAction(args(post('/checkout/deposit/dep_abc1/cancel'), params) as never));
    expect(res.headers.get('location')).toBe('/cart/buy?notice=deposit-cancelled');
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/deposits/dep_abc1/cancel')),
    ).toHaveLength(1);
  });

  it('GET /cart/replay/:id shows a button; only the POST puts the order back in the cart', async () => {
    const fake = api({ 'POST /api/v2/cart/replay/ord_abc1': () => ok({}) });
    const params = { replayID: 'ord_abc1' };
    const page = (await replayLoader(
      args(req('/cart/replay/ord_abc1', { cookies: SIGNED_IN_COOKIES }), params) as never,
    )) as unknown as { data: { orderId: string } };
    expect(page.data.orderId).toBe('ord_abc1');
    expect(fake.requests.some((r) => r.url.includes('/cart/replay/'))).toBe(false);

    // The fake's empty cart is not a valid answer, so the action ends in the error page: the call is what counts.
    await Promise.resolve(replayAction(args(post('/cart/replay/ord_abc1'), params) as never)).catch(() => undefined);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.url.includes('/cart/replay/ord_abc1'))).toHaveLength(1);
  });
});
