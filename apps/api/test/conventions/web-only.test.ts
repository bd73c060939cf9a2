// `npm run start:web`: the storefront alone, no API routes, no database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { buildWebApp } from '../../src/app.ts';
import { testConfig } from '../helpers/app.ts';

function page(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><title>page</title><script nonce="${req.cspNonce ?? ''}">1</script>${req.url}`);
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildWebApp({ config: testConfig(), webHandler: page, logger: false, cspNonce: () => 'fixed-nonce' });
  await app.ready();
});
afterAll(() => app.close());

describe('web-only process', () => {
  it('serves pages with the security headers and the CSP nonce the page uses', async () => {
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('nonce="fixed-nonce"');
    expect(res.headers['content-security-policy']).toContain("'nonce-fixed-nonce'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('has no API routes: an /api request that reaches it gets the 404 envelope', async () => {
    for (const url of ['/api/v2/config', '/api/discover', '/api/readyz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(ErrorEnvelope.safeParse(res.json()).success, url).toBe(true);
    }
  });

  it('counts its pages in its own metrics registry', async () => {
    await app.inject({ method: 'GET', url: '/' });
    const text = await app.metrics.metrics();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="storefront",method="GET",status_code="200"\} [1-9]/,
    );
  });
});
