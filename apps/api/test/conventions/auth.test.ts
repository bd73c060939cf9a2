// Access tokens and the requireCustomer guard (ADR 004): bearer or cookie, tampering, expiry, revoked sessions, CSRF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const revoked = new Set<string>();
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: (app) => {
      app.get('/api/v2/test/me', { preHandler: app.requireCustomer }, async (request) => ({
        result: { customerId: request.auth!.customerId, via: request.auth!.via },
      }));
      app.post('/api/v2/test/me', { preHandler: app.requireCustomer }, async (request) => ({
        result: { customerId: request.auth!.customerId },
      }));
      app.get('/api/v2/test/who', async (request) => ({ result: { customerId: request.auth?.customerId ?? null } }));
    },
  });
});
afterAll(() => t.close());

describe('access tokens', () => {
  it('answers 401 with the error envelope when no token is given', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/test/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 401,
      result: null,
      messages: [{ code: 'unauthorized', level: 'error' }],
    });
  });

  it('accepts a valid token as a bearer header and as the web_access_token cookie', async () => {
    const token = t.tokenFor('cus_alice');
    const viaHeader = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaHeader.json().result).toEqual({ customer_id: 'cus_alice', via: 'bearer' });
    const viaCookie = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/me',
      cookies: { web_access_token: token },
    });
    expect(viaCookie.json().result).toEqual({ customer_id: 'cus_alice', via: 'cookie' });
  });

  it('rejects a tampered, foreign-signed or expired token with 401, and treats it as anonymous on open routes', async () => {
    const token = t.tokenFor('cus_alice');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.parse(Buffer.from(p!, 'base64url').toString()) &&
        JSON.stringify({ sub: 'cus_bob', sid: 's', iat: 1, exp: 9_999_999_999 }),
    ).toString('base64url');
    const tampered = `${h}.${forged}.${s}`;
    const foreign = signAccessToken(
      'another-secret-0123456789abcdef0123456789',
      { customerId: 'cus_alice', sessionId: 's' },
      t.clock.now(),
    );
    const expired = signAccessToken(
      t.config.authSecret!,
      { customerId: 'cus_alice', sessionId: 's' },
      new Date(t.clock.now().getTime() - 16 * 60_000),
    );
    for (const bad of [tampered, foreign, expired, 'not-a-jwt', `${h}.${p}`]) {
      const res = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/test/me',
        headers: { authorization: `Bearer ${bad}` },
      });
      expect(res.statusCode).toBe(401);
      const open = await t.injectSigned({ method: 'GET', url: '/api/v2/test/who', cookies: { web_access_token: bad } });
      expect(open.json().result.customer_id).toBeNull();
    }
  });

  it('never takes the customer from the x-customer-id header', async () => {
    const res = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/me',
      headers: { 'x-customer-id': 'cus_alice' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write from another origin (CSRF) but not a bearer one', async () => {
    const token = t.tokenFor('cus_alice');
    const evil = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/me',
      cookies: { web_access_token: token },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().messages[0].code).toBe('csrf');
    const ours = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/me',
      cookies: { web_access_token: token },
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(ours.statusCode).toBe(200);
    const api = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/me',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    });
    expect(api.statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated write with Origin: null (sandboxed frame, data: page), even with our Referer', async () => {
    const token = t.tokenFor('cus_alice');
    const opaque = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/me',
      cookies: { web_access_token: token },
      headers: { origin: 'null', referer: `${TEST_PUBLIC_URL}/cart` },
    });
    expect(opaque.statusCode).toBe(403);
    expect(opaque.json().messages[0].code).toBe('csrf');
  });
});

describe('revoked sessions', () => {
  it('stops accepting a token as soon as its session is revoked', async () => {
    const app = await buildTestApp({
      database: t.database,
      sessionActive: async (sid: string) => !revoked.has(sid),
      beforeReady: (a) => {
        a.get('/api/v2/test/me', { preHandler: a.requireCustomer }, async (request) => ({
          result: { customerId: request.auth!.customerId },
        }));
      },
    });
    try {
      const token = app.tokenFor('cus_carol', 'ses_carol');
      expect(
        (
          await app.injectSigned({
            method: 'GET',
            url: '/api/v2/test/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
      revoked.add('ses_carol');
      expect(
        (
          await app.injectSigned({
            method: 'GET',
            url: '/api/v2/test/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });
});
