import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, DISCOVERY, errorEnvelope, json, ok, ORIGIN } from '../test-support/fake-api.ts';
import { ApiClient, createGetCache, type ApiClientOptions, type SessionState } from './api-client.ts';
import {
  AbortedError,
  ApiError,
  formErrorsOf,
  isAbortedError,
  MISSING_REFRESH_TOKENS_MESSAGE,
  SESSION_EXPIRED_NOTICE,
} from './api-errors.ts';
import { SERVER_CACHE_TTL } from './cache-policy.ts';

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);

function client(fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}, session: SessionState = {}) {
  return new ApiClient({
    discoveryUrl: `${ORIGIN}/api/discover`,
    appKey: 'web',
    appSecret: 'secret',
    fetch,
    now: () => NOW,
    requestId: () => 'req-1',
    session: { get: () => session },
    ...extra,
  });
}

describe('discovery', () => {
  it('reads service addresses once and calls them with the path', async () => {
    const api = createFakeApi({ 'GET /api/v2/config': () => ok({ siteName: 'Shop' }) });
    const c = client(api.fetch);
    await c.get('main', '/config');
    await c.get('main', '/config');
    expect(api.requests.filter((r) => r.url.endsWith('/api/discover'))).toHaveLength(1);
    expect(api.requests.at(-1)?.url).toBe(`${ORIGIN}/api/v2/config`);
  });

  it('rebases discovered addresses on the server origin when asked', async () => {
    const api = createFakeApi({ 'GET /api/cms/items/theme': () => ok({}) });
    const c = client(api.fetch, { serviceOrigin: 'http://127.0.0.1:4000' });
    await expect(c.services()).resolves.toMatchObject({
      cms: 'http://127.0.0.1:4000/api/cms',
      customerVerify: 'http://127.0.0.1:4000/api/customer-verify',
    });
  });

  it('does not keep a failed discovery', async () => {
    let calls = 0;
    const api = createFakeApi({
      'GET /api/discover': () => (++calls === 1 ? errorEnvelope(503) : json(DISCOVERY)),
      'GET /api/v2/config': () => ok({}),
    });
    const c = client(api.fetch);
    await expect(c.get('main', '/config')).rejects.toMatchObject({ status: 503 });
    await expect(c.get('main', '/config')).resolves.toMatchObject({ status: 200 });
  });

  it('answers a call to a service discovery does not list with a 404, sending nothing', async () => {
    const api = createFakeApi({
      'GET /api/discover': () => json({ ...DISCOVERY, result: { services: { main: `${ORIGIN}/api/v2` } } }),
    });
    const c = client(api.fetch);
    await expect(c.get('analytics', '/events')).rejects.toMatchObject({
      status: 404,
      message: 'The analytics service is not available.',
    });
    expect(api.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/discover']);
  });
});

describe('headers and signing', () => {
  it('signs with HMAC-SHA256 of timestamp, app key and customer token, and sends the visitor headers', async () => {
    const api = createFakeApi({ 'GET /api/v2/config': () => ok({}) });
    const session = {
      sessionId: 'sess_1',
      subVariant: 'sv-a',
      pricingId: 'intro',
      customerId: 'cus_1',
      customerToken: 'tok_1',
      accessToken: 'jwt.a.b',
    };
    await client(api.fetch, {}, session).get('main', '/config', { version: '3.2' });
    const h = api.requests.at(-1)!.headers;
    const ts = Math.floor(NOW / 1000);
    expect(h['x-timestamp']).toBe(String(ts));
    expect(h['x-app-key']).toBe('web');
    expect(h['x-signature']).toBe(createHmac('sha256', 'secret').update(`${ts}webtok_1`).digest('hex'));
    expect(h).toMatchObject({
      version: '3.2',
      'x-request-id': 'req-1',
      'x-session-id': 'sess_1',
      'x-sub-variant': 'sv-a',
      'x-pricing-id': 'intro',
      'x-customer-id': 'cus_1',
      'x-customer-token': 'tok_1',
      authorization: 'Bearer jwt.a.b',
    });
  });

  it("forwards the visitor's address on server-side calls, and only when it is given", async () => {
    const api = createFakeApi({ 'GET /api/v2/config': () => ok({}) });
    await client(api.fetch, { forwardedFor: '198.51.100.7' }).get('main', '/config');
    expect(api.requests.at(-1)!.headers['x-forwarded-for']).toBe('198.51.100.7');
    await client(api.fetch).get('main', '/config');
    expect(api.requests.at(-1)!.headers['x-forwarded-for']).toBeUndefined();
  });

  it('defaults to version 3.0 and leaves out customer headers unless both id and token are valid', async () => {
    const api = createFakeApi({ 'GET /api/v2/config': () => ok({}) });
    await client(
      api.fetch,
      {},
      { customerId: 'cus_1', customerToken: 'bad token!', sessionId: 'has space', pricingId: 'p;x' },
    ).get('main', '/config');
    const h = api.requests.at(-1)!.headers;
    const ts = Math.floor(NOW / 1000);
    expect(h.version).toBe('3.0');
    expect(h['x-customer-id']).toBeUndefined();
    expect(h['x-customer-token']).toBeUndefined();
    expect(h['x-session-id']).toBeUndefined();
    expect(h['x-pricing-id']).toBeUndefined();
    expect(h['x-signature']).toBe(createHmac('sha256', 'secret').update(`${ts}web`).digest('hex'));
  });
});

describe('casing and bodies', () => {
  it('sends snake_case JSON and query keys and returns camelCase', async () => {
    const api = createFakeApi({
      'POST /api/v2/customer/details': (req) => {
        expect(JSON.parse(req.body!)).toEqual({
          first_name: 'Ann',
          address_line_2: 'Unit 2',
          nested: [{ post_code: '2000' }],
        });
        return json({
          result: { customer_id: 'cus_1', available_funds: { amount: 1.5, currency: 'AUD' } },
          page_info: null,
          links: null,
          messages: [],
        });
      },
      'GET /api/cms/items/pages': () =>
        json({
          result: [],
          page_info: { limit: 10, offset: 0, total: 0 },
          links: { next: null, prev: null },
          messages: [],
        }),
    });
    const c = client(api.fetch);
    const res = await c.post<{ customerId: string; availableFunds: { amount: number } }>('main', '/customer/details', {
      firstName: 'Ann',
      addressLine2: 'Unit 2',
      nested: [{ postCode: '2000' }],
    });
    expect(api.requests.at(-1)!.headers['content-type']).toBe('application/json');
    expect(res.result).toEqual({ customerId: 'cus_1', availableFunds: { amount: 1.5, currency: 'AUD' } });
    const list = await c.get('cms', '/items/pages', { query: { pagePath: '/about', limit: 10, skip: undefined } });
    expect(api.requests.at(-1)!.url).toBe(`${ORIGIN}/api/cms/items/pages?page_path=%2Fabout&limit=10`);
    expect(list.pageInfo).toEqual({ limit: 10, offset: 0, total: 0 });
  });

  it('sends form-encoded writes when asked', async () => {
    const api = createFakeApi({ 'POST /api/v2/refresh': () => ok({ accessToken: 'a', refreshToken: 'r' }) });
    await client(api.fetch).post('main', '/refresh', { refreshToken: 'abc 123' }, { form: true });
    const req = api.requests.at(-1)!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toBe('refresh_token=abc+123');
  });

  it('gives an empty result for 204 and drops prototype keys from answers', async () => {
    const api = createFakeApi({
      'DELETE /api/v2/precommitment': () => new Response(null, { status: 204 }),
      'GET /api/v2/config': () =>
        new Response('{"result":{"__proto__":{"polluted":1},"site_name":"S"},"messages":[]}', { status: 200 }),
    });
    const c = client(api.fetch);
    await expect(c.delete('main', '/precommitment')).resolves.toMatchObject({ status: 204, result: null });
    const res = await c.get<Record<string, unknown>>('main', '/config');
    expect(res.result).toEqual({ siteName: 'S' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET cache', () => {
  it('keeps a result for its lifetime by the injected clock, shares in-flight requests, and can be cleared', async () => {
    let now = NOW;
    let served = 0;
    const api = createFakeApi({ 'GET /api/cms/items/theme': () => ok({ n: ++served }) });
    const cache = createGetCache(() => now);
    const c = client(api.fetch, { cache, now: () => now });
    const opts = { cache: { ttlMs: SERVER_CACHE_TTL.theme } } as const;
    const [a, b] = await Promise.all([c.get('cms', '/items/theme', opts), c.get('cms', '/items/theme', opts)]);
    expect(a.result).toEqual({ n: 1 });
    expect(b.result).toEqual({ n: 1 });
    now += SERVER_CACHE_TTL.theme - 1;
    expect((await c.get('cms', '/items/theme', opts)).result).toEqual({ n: 1 });
    now += 1;
    expect((await c.get('cms', '/items/theme', opts)).result).toEqual({ n: 2 });
    c.clearCache();
    expect((await c.get('cms', '/items/theme', opts)).result).toEqual({ n: 3 });
    expect((await c.get('cms', '/items/theme')).result).toEqual({ n: 4 });
  });

  it("keys cached answers by visitor, so one customer never sees another one's answer", async () => {
    const api = createFakeApi({
      'GET /api/v2/capabilities': (req) => ok({ who: req.headers['x-customer-id'] ?? 'anon' }),
    });
    const cache = createGetCache(() => NOW);
    const opts = { cache: { ttlMs: 60_000 } } as const;
    const anon = await client(api.fetch, { cache }).get('main', '/capabilities', opts);
    const cus = await client(api.fetch, { cache }, { customerId: 'cus_9', customerToken: 't9' }).get(
      'main',
      '/capabilities',
      opts,
    );
    expect(anon.result).toEqual({ who: 'anon' });
    expect(cus.result).toEqual({ who: 'cus_9' });
  });

  it('does not cache failures', async () => {
    let n = 0;
    const api = createFakeApi({ 'GET /api/v2/config': () => (++n === 1 ? errorEnvelope(500) : ok({ ok: true })) });
    const c = client(api.fetch, { cache: createGetCache(() => NOW) });
    await expect(c.get('main', '/config', { cache: { ttlMs: 60_000 } })).rejects.toBeInstanceOf(ApiError);
    await expect(c.get('main', '/config', { cache: { ttlMs: 60_000 } })).resolves.toMatchObject({
      result: { ok: true },
    });
  });
});

describe('error catalogue', () => {
  it('uses the first API message, keeps field errors and general errors', async () => {
    const api = createFakeApi({
      'POST /api/v2/signup': () =>
        errorEnvelope(422, {
          errors: { email: ['Please enter a valid email address.'], address_line_2: ['Too long'] },
          error: ['Check the form'],
          messages: [{ code: 'validation', text: 'Please check your details', level: 'error' }],
        }),
    });
    const error = await client(api.fetch)
      .post('main', '/signup', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Please check your details', code: 'validation' });
    expect(formErrorsOf(error)).toEqual({
      fieldErrors: { email: ['Please enter a valid email address.'], addressLine2: ['Too long'] },
      generalErrors: ['Check the form'],
    });
  });

  it('falls back to the status-and-url sentence without messages', async () => {
    const api = createFakeApi({ 'GET /api/v2/customer': () => errorEnvelope(409) });
    await expect(client(api.fetch).get('main', '/customer')).rejects.toMatchObject({
      status: 409,
      message: `The API responded with a 409 error when requesting the following url: ${ORIGIN}/api/v2/customer`,
    });
  });

  it('treats a non-JSON failure as a general error with the fallback message', async () => {
    const api = createFakeApi({
      'GET /api/v2/config': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const error = await client(api.fetch)
      .get('main', '/config')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect(formErrorsOf(error).generalErrors).toEqual(['Something went wrong']);
  });

  it('raises invalid-response (422) for an unparseable success body and reports it', async () => {
    const onReport = vi.fn();
    const api = createFakeApi({ 'GET /api/v2/config': () => new Response('{"result": ', { status: 200 }) });
    const error = await client(api.fetch, { onReport })
      .get('main', '/config')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, reason: 'invalid_response' });
    expect(onReport).toHaveBeenCalledTimes(1);
  });

  it('reports 5xx answers', async () => {
    const onReport = vi.fn();
    const api = createFakeApi({
      'GET /api/v2/config': () =>
        errorEnvelope(503, { messages: [{ code: 'maintenance', text: 'Down for maintenance', level: 'error' }] }),
    });
    await expect(client(api.fetch, { onReport }).get('main', '/config')).rejects.toMatchObject({
      status: 503,
      message: 'Down for maintenance',
    });
    expect(onReport).toHaveBeenCalledTimes(1);
  });

  it('maps network and timeout failures to 408', async () => {
    const failing = (message: string) =>
      createFakeApi({ 'GET /api/v2/config': () => Promise.reject(new TypeError(message)) });
    await expect(client(failing('fetch failed: network error').fetch).get('main', '/config')).rejects.toMatchObject({
      status: 408,
      message: 'Something went wrong',
    });
    await expect(client(failing('The operation timed out.').fetch).get('main', '/config')).rejects.toMatchObject({
      status: 408,
    });
  });

  it('maps our own timeout to 408', async () => {
    const api = createFakeApi({
      'GET /api/v2/config': (req) => new Promise<Response>(() => void req),
    });
    const hanging: typeof fetch = (input, init) =>
      String(input).endsWith('/config')
        ? new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          )
        : api.fetch(input, init);
    await expect(client(hanging, { timeoutMs: 1 }).get('main', '/config')).rejects.toMatchObject({ status: 408 });
  });

  it('maps a blocked frame to 418 and does not report it', async () => {
    const onReport = vi.fn();
    const api = createFakeApi({
      'GET /api/v2/config': () =>
        Promise.reject(new Error('Blocked a frame with origin "https://x" from accessing a cross-origin frame.')),
    });
    await expect(client(api.fetch, { onReport }).get('main', '/config')).rejects.toMatchObject({
      status: 418,
      reportable: false,
    });
    expect(onReport).not.toHaveBeenCalled();
  });

  it('rejects an aborted request with AbortedError, silently', async () => {
    const onReport = vi.fn();
    const api = createFakeApi({ 'GET /api/v2/config': () => ok({}) });
    const controller = new AbortController();
    const hanging: typeof fetch = (input, init) =>
      String(input).endsWith('/config')
        ? new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          )
        : api.fetch(input, init);
    const pending = client(hanging, { onReport }).get('main', '/config', { signal: controller.signal });
    setTimeout(() => controller.abort(), 0);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(isAbortedError(error)).toBe(true);
    expect(onReport).not.toHaveBeenCalled();
  });
});

describe('401/403 refresh', () => {
  it('refreshes once and retries with the new token', async () => {
    let calls = 0;
    const api = createFakeApi({
      'GET /api/v2/customer': (req) => (++calls === 1 ? errorEnvelope(401) : ok({ auth: req.headers.authorization })),
    });
    const session: SessionState = { customerId: 'cus_1', customerToken: 't1', accessToken: 'old', refreshToken: 'r1' };
    const refresh = vi.fn(async () => ({ accessToken: 'new', refreshToken: 'r2' }));
    const c = client(api.fetch, {
      refresh,
      session: { get: () => session, setTokens: (t) => Object.assign(session, t) },
    });
    await expect(c.get('main', '/customer')).resolves.toMatchObject({ result: { auth: 'Bearer new' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.refreshToken).toBe('r2');
  });

  it('without a refresh token: reports missing tokens, logs out with the session notice, fails the call', async () => {
    const api = createFakeApi({ 'GET /api/v2/customer': () => errorEnvelope(403) });
    const onSessionExpired = vi.fn();
    const onReport = vi.fn();
    await expect(client(api.fetch, { onSessionExpired, onReport }).get('main', '/customer')).rejects.toMatchObject({
      status: 403,
    });
    expect(onReport.mock.calls[0]?.[0]).toMatchObject({ message: MISSING_REFRESH_TOKENS_MESSAGE });
    expect(onSessionExpired).toHaveBeenCalledWith(SESSION_EXPIRED_NOTICE, expect.any(ApiError));
    expect(SESSION_EXPIRED_NOTICE).toEqual({
      title: '401 - Something went wrong',
      text: 'Sorry, looks like we had some trouble verifying your login details. Please try again.',
    });
  });

  it('the default refresh posts the refresh token form-encoded; a second 401 is not retried again', async () => {
    let customerCalls = 0;
    const api = createFakeApi({
      'GET /api/v2/customer': () => {
        customerCalls += 1;
        return errorEnvelope(401);
      },
      'POST /api/v2/refresh': (req) => {
        expect(req.body).toBe('refresh_token=r1');
        return ok({ accessToken: 'a2', refreshToken: 'r2' });
      },
    });
    const c = client(api.fetch, {}, { customerId: 'c', customerToken: 't', refreshToken: 'r1' });
    await expect(c.get('main', '/customer')).rejects.toMatchObject({ status: 401 });
    expect(customerCalls).toBe(2);
  });

  it('never refreshes for login and signup failures', async () => {
    const refresh = vi.fn();
    const api = createFakeApi({
      'POST /api/v2/login': () =>
        errorEnvelope(401, { messages: [{ code: 'bad_login', text: 'Wrong email or password', level: 'error' }] }),
    });
    await expect(client(api.fetch, { refresh }).post('main', '/login', { email: 'a' })).rejects.toMatchObject({
      message: 'Wrong email or password',
    });
    expect(refresh).not.toHaveBeenCalled();
  });
});
