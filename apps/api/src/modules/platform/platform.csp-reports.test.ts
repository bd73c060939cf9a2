// POST /api/v2/csp-report (core §8: security-policy violations reported once per message, extensions ignored), and
// the CSP header that points browsers at it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = (payload: unknown, contentType = 'application/csp-report') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/csp-report',
    headers: { 'content-type': contentType },
    payload: JSON.stringify(payload),
  });
const legacy = (over: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'https://shop.example.test/cart?token=secret',
    'blocked-uri': 'https://evil.example/x.js?id=1',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'source-file': 'https://shop.example.test/assets/root.js',
    'line-number': 3,
    ...over,
  },
});
const rows = async () =>
  (
    await t.database.pool.query(
      'select directive, blocked_uri, document_path, count from platform_csp_reports order by id',
    )
  ).rows;

describe('POST /api/v2/csp-report', () => {
  it('keeps one row per message, unsigned, without query strings; a repeat adds to its count', async () => {
    expect((await report(legacy())).statusCode).toBe(204);
    expect((await report(legacy({ 'document-uri': 'https://shop.example.test/' }))).statusCode).toBe(204);
    expect(await rows()).toEqual([
      {
        directive: 'script-src-elem',
        blocked_uri: 'https://evil.example/x.js',
        document_path: 'https://shop.example.test/cart',
        count: '2',
      },
    ]);
  });

  it("takes the Reporting API's list (report-to) and drops other report types", async () => {
    const res = await report(
      [
        {
          type: 'csp-violation',
          age: 1,
          url: 'https://shop.example.test/',
          body: {
            documentURL: 'https://shop.example.test/',
            blockedURL: 'inline',
            effectiveDirective: 'script-src-attr',
            disposition: 'enforce',
          },
        },
        { type: 'deprecation', age: 1, url: 'https://shop.example.test/', body: { id: 'x' } },
      ],
      'application/reports+json',
    );
    expect(res.statusCode).toBe(204);
    expect((await rows()).map((r) => r.directive)).toContain('script-src-attr');
    expect(await rows()).toHaveLength(2);
  });

  it('ignores violations caused by browser extensions', async () => {
    await report(legacy({ 'blocked-uri': 'chrome-extension://abcdef/inject.js' }));
    await report(legacy({ 'source-file': 'moz-extension://1234/content.js', 'blocked-uri': 'eval' }));
    expect(await rows()).toHaveLength(2);
  });

  it('refuses what is not a report and stores nothing', async () => {
    expect((await report({ hello: 'world' })).statusCode).toBe(422);
    expect((await report([])).statusCode).toBe(422);
    const big = await report(legacy({ 'script-sample': 'x'.repeat(40_000) }));
    expect(big.statusCode).toBe(413);
    expect(await rows()).toHaveLength(2);
  });
});

describe('the Content-Security-Policy header', () => {
  it('names the report endpoint with report-uri and report-to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('report-uri /api/v2/csp-report');
    expect(csp).toContain('report-to csp');
    expect(res.headers['reporting-endpoints']).toBe('csp="https://shop.example.test/api/v2/csp-report"');
  });
});
