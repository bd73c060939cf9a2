import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** Stands in for React Router's request listener: answers with what it received, read from the raw request. */
function echoWebHandler(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        body: Buffer.concat(chunks).toString('utf8'),
        nonce: req.cspNonce ?? null,
      }),
    );
  });
}

let t: TestApp;
let assetsDir: string;
beforeAll(async () => {
  assetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-assets-'));
  fs.mkdirSync(path.join(assetsDir, 'assets'));
  fs.writeFileSync(path.join(assetsDir, 'assets', 'entry.client-AbC123.js'), 'console.log("hydrate")');
  fs.writeFileSync(path.join(assetsDir, 'robots.txt'), 'User-agent: *\n');
  // The web build's precompressed sibling (apps/web/scripts/precompress.mjs).
  fs.writeFileSync(
    path.join(assetsDir, 'assets', 'entry.client-AbC123.js.br'),
    brotliCompressSync('console.log("hydrate")'),
  );
  t = await buildTestApp({
    webHandler: echoWebHandler,
    webAssetsDir: assetsDir,
    config: { rateLimit: { max: 2, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(assetsDir, { recursive: true, force: true });
});

describe('storefront mount', () => {
  it("serves the build's precompressed brotli file to browsers that accept it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/entry.client-AbC123.js',
      headers: { 'accept-encoding': 'br' },
      remoteAddress: '192.0.2.70',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe('console.log("hydrate")');
  });

  it('counts server-rendered pages in the request metrics under one storefront label', async () => {
    await t.app.inject({ method: 'GET', url: '/about/privacy', remoteAddress: '192.0.2.60' });
    await t.app.inject({ method: 'GET', url: '/some/other/page', remoteAddress: '192.0.2.61' });
    const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    const count = /http_request_duration_seconds_count\{route="storefront",method="GET",status_code="200"\} (\d+)/.exec(
      text,
    );
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('route="/about/privacy"');
  });

  it('compresses pages for browsers that accept it, and leaves them alone otherwise', async () => {
    const padded = '/about/' + 'x'.repeat(1500); // the echoed body is over the 1 KiB threshold
    const gz = await t.app.inject({
      method: 'GET',
      url: padded,
      headers: { 'accept-encoding': 'gzip' },
      remoteAddress: '192.0.2.50',
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).url).toBe(padded);
    const plain = await t.app.inject({ method: 'GET', url: padded, remoteAddress: '192.0.2.51' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().url).toBe(padded);
  });

  it('hands every non-/api path and method to the web handler with the raw body and the CSP nonce', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/about/faq?x=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'GET' ? undefined : 'intent=subscribe&email_address=a%40b.c',
        remoteAddress: `192.0.2.${method.length}`,
      });
      expect(res.statusCode).toBe(200);
      const seen = res.json();
      expect(seen).toMatchObject({
        method,
        url: '/about/faq?x=1',
        body: method === 'GET' ? '' : 'intent=subscribe&email_address=a%40b.c',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(seen.nonce).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(csp).toContain(`'nonce-${seen.nonce}'`);
      expect(res.headers['x-request-id']).toBeDefined();
    }
  });

  it('serves the home page and HEAD through the web handler', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '192.0.2.50' });
    expect(home.json()).toMatchObject({ method: 'GET', url: '/' });
    const head = await t.app.inject({ method: 'HEAD', url: '/lotto-results', remoteAddress: '192.0.2.51' });
    expect(head.statusCode).toBe(200);
  });

  it('keeps unknown /api paths as API 404 envelopes', async () => {
    for (const [i, url] of ['/api/unknown', '/api/v2/nothing', '/api'].entries()) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `192.0.2.6${i}` });
      expect(res.statusCode, url).toBe(404);
      expect(ErrorEnvelope.parse(res.json()).messages[0]?.code).toBe('not_found');
    }
  });

  it('serves fingerprinted assets as immutable and other files with a short cache, never rate-limited', async () => {
    for (let i = 0; i < 5; i++) {
      const asset = await t.app.inject({
        method: 'GET',
        url: '/assets/entry.client-AbC123.js',
        remoteAddress: '192.0.2.70',
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe('console.log("hydrate")');
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', remoteAddress: '192.0.2.70' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('serves /blank.html for the heartbeat, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blank.html', remoteAddress: '192.0.2.80' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<!doctype html>/);
  });

  it('rate-limits storefront pages per IP like API calls', async () => {
    const ip = '192.0.2.90';
    expect((await t.app.inject({ method: 'GET', url: '/a', remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/b', remoteAddress: ip })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/c', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
  });
});
