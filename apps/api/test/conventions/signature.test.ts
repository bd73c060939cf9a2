import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { signedHeaders } from '../helpers/sign.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

const url = '/api/v2/test/versions';
const get = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v2/test/query?draw_date=d&num_draws=1', headers });

function expect401(res: { statusCode: number; json(): unknown }, code: string) {
  expect(res.statusCode).toBe(401);
  const body = ErrorEnvelope.parse(res.json());
  expect(body.messages[0]).toMatchObject({ code, level: 'error' });
  expect(body.errors.this?.length).toBe(1);
}

describe('app signature', () => {
  it('accepts a valid signature, with and without a customer token', async () => {
    expect((await get(t.sign())).statusCode).toBe(200);
    expect((await get(t.sign({ appKey: 'partner' }))).statusCode).toBe(200);
    const withToken = await get(t.sign({ customerToken: 'tok_123' }));
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().result.ctx).toMatchObject({ app_key: 'web', customer_token: 'tok_123' });
  });

  it('signs the customer_token cookie when no header carries the token', async () => {
    const headers = t.sign({ customerToken: 'tok_cookie' });
    delete headers['x-customer-token'];
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/test/query?draw_date=d&num_draws=1',
      headers,
      cookies: { customer_token: 'tok_cookie' },
    });
    expect(res.statusCode).toBe(200);
    const unsignedToken = await t.app.inject({
      method: 'GET',
      url: '/api/v2/test/query?draw_date=d&num_draws=1',
      headers: t.sign(),
      cookies: { customer_token: 'tok_cookie' },
    });
    expect401(unsignedToken, 'invalid_signature');
  });

  it('rejects a bad signature', async () => {
    const headers = t.sign();
    headers['x-signature'] = headers['x-signature']!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect401(await get(headers), 'invalid_signature');
    expect401(await get(signedHeaders(t.config, t.clock, { secret: 'not-the-secret' })), 'invalid_signature');
  });

  it('rejects a token swapped after signing', async () => {
    const headers = { ...t.sign({ customerToken: 'tok_a' }), 'x-customer-token': 'tok_b' };
    expect401(await get(headers), 'invalid_signature');
  });

  it('rejects an unknown app key', async () => {
    expect401(
      await get(signedHeaders(t.config, t.clock, { appKey: 'intruder', secret: 'whatever' })),
      'invalid_signature',
    );
    expect401(await get(signedHeaders(t.config, t.clock, { appKey: 'constructor', secret: 'x' })), 'invalid_signature');
  });

  it('rejects a stale or future timestamp outside the window, accepts the edge', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const window = t.config.signatureWindowSeconds;
    expect401(await get(t.sign({ timestamp: now - window - 1 })), 'stale_request');
    expect401(await get(t.sign({ timestamp: now + window + 1 })), 'stale_request');
    expect((await get(t.sign({ timestamp: now - window }))).statusCode).toBe(200);
    expect((await get(t.sign({ timestamp: now + window }))).statusCode).toBe(200);
  });

  it('follows the injected clock', async () => {
    const headers = t.sign();
    t.clock.advance((t.config.signatureWindowSeconds + 1) * 1000);
    try {
      expect401(await get(headers), 'stale_request');
    } finally {
      t.clock.set(new Date(t.clock.now().getTime() - (t.config.signatureWindowSeconds + 1) * 1000));
    }
  });

  it('rejects a request without signature headers on service routes', async () => {
    expect401(await t.app.inject({ method: 'GET', url }), 'invalid_signature');
    expect401(await t.app.inject({ method: 'GET', url: '/api/v2/config' }), 'invalid_signature');
    expect401(await t.app.inject({ method: 'GET', url: '/api/cms/items/theme' }), 'invalid_signature');
    const { 'x-signature': _dropped, ...noSignature } = t.sign();
    expect401(await get(noSignature), 'invalid_signature');
    expect401(await get({ ...t.sign(), 'x-timestamp': 'yesterday' }), 'invalid_signature');
  });

  it('is not required on discovery, health, readiness, metrics and docs', async () => {
    for (const path of [
      '/api/discover',
      '/api/healthz',
      '/api/readyz',
      '/api/metrics',
      '/api/docs',
      '/api/docs/openapi.json',
      '/blank.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
    }
  });
});

describe('signature switched off', () => {
  it('lets unsigned service calls through when SIGNATURE_REQUIRED is false', async () => {
    const open = await buildTestApp({ database: t.database, config: { signatureRequired: false } });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/api/v2/config' });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('still requires the signature on GET /logout: a cross-site link cannot end a session', async () => {
    const open = await buildTestApp({ database: t.database, config: { signatureRequired: false } });
    try {
      const link = await open.app.inject({
        method: 'GET',
        url: '/api/v2/logout',
        cookies: { web_access_token: open.tokenFor('cus_linked') },
      });
      expect(link.statusCode).toBe(401);
      expect(link.json().messages[0].code).toBe('invalid_signature');
      expect(link.headers['set-cookie']).toBeUndefined();
      const app = await open.injectSigned({ method: 'GET', url: '/api/v2/logout' });
      expect(app.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
