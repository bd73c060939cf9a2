import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ErrorEnvelope } from '@shop/contracts';
import type { AppConfig } from '../../src/env.ts';
import errorsPlugin from '../../src/plugins/errors.ts';
import rateLimitPlugin from '../../src/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 3, windowMs: 60_000 } } });
});
afterAll(() => t.close());

describe('rate limit', () => {
  it('answers 429 with the envelope and Retry-After once an IP exceeds the limit', async () => {
    const from = (ip: string) => t.app.inject({ method: 'GET', url: '/api/discover', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    const body = ErrorEnvelope.parse(limited.json());
    expect(body.messages[0]?.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-request-id']).toBeDefined();

    // Per IP: another address is unaffected.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });

  it('a page visit over the limit gets a page with the wait, not the JSON envelope; an API call keeps the envelope', async () => {
    // The shop's error handler and rate limit on a bare server with a page route (the test app serves no pages).
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(rateLimitPlugin, { config: { rateLimit: { max: 1, windowMs: 60_000 } } as AppConfig });
    app.get('/about/faq', async () => 'a page');
    app.get('/api/discover', async () => ({ ok: true }));
    try {
      const visit = (url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: '203.0.113.30', headers: { accept: 'text/html,*/*' } });
      expect((await visit('/about/faq')).statusCode).toBe(200);
      const limited = await visit('/about/faq?x=<b>');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toContain('<h1>Please wait a moment</h1>');
      expect(limited.body).toMatch(/Too many requests\. Please try again in /);
      expect(limited.body).toMatch(/href="\/about\/faq\?x=[^"<>]*"/);
      expect(limited.body).not.toContain('<b>');
      const api = await visit('/api/discover');
      expect(api.statusCode).toBe(429);
      expect(ErrorEnvelope.parse(api.json()).messages[0]?.code).toBe('rate_limited');
    } finally {
      await app.close();
    }
  });

  it('never limits health, readiness or metrics probes', async () => {
    for (let i = 0; i < 6; i++) {
      for (const url of ['/api/healthz', '/api/readyz', '/api/metrics']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.1' });
        expect(res.statusCode, url).toBe(200);
      }
    }
  });

  it("limits the storefront's loopback calls per visitor it names, and ignores the header from anyone else", async () => {
    // The server-rendered storefront calls over loopback and names the visitor in X-Forwarded-For.
    const viaStorefront = (visitor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/discover',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': visitor },
      });
    for (let i = 0; i < 3; i++) expect((await viaStorefront('198.51.100.20')).statusCode).toBe(200);
    expect((await viaStorefront('198.51.100.20')).statusCode).toBe(429);
    // Another visitor rendered by the same storefront process has a budget of its own.
    expect((await viaStorefront('198.51.100.21')).statusCode).toBe(200);

    // A direct caller cannot pick a fresh address by sending the header: its own address counts.
    const spoof = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/discover',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    for (let i = 0; i < 3; i++) expect((await spoof(i)).statusCode).toBe(200);
    expect((await spoof(99)).statusCode).toBe(429);
  });
});
