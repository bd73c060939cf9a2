import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

describe('GET /api/discover', () => {
  it('lists the services this deployment serves as absolute URLs built from PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/discover' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      services: {
        main: `${TEST_PUBLIC_URL}/api/v2`,
        cms: `${TEST_PUBLIC_URL}/api/cms`,
        rewards: `${TEST_PUBLIC_URL}/api/rewards`,
        // The placement calls are answered by the main API (GET /placement, POST /placement/cart/prime).
        placement: `${TEST_PUBLIC_URL}/api/v2`,
        translation: `${TEST_PUBLIC_URL}/api/translation`,
        // Consented analytics events (POST /events).
        analytics: `${TEST_PUBLIC_URL}/api/analytics`,
        // Lotto Party (issue 16).
        social: `${TEST_PUBLIC_URL}/api/social/v3`,
      },
    });
  });

  it('every listed service answers a call of its own; the services left out have no routes', async () => {
    const services = (await t.app.inject({ method: 'GET', url: '/api/discover' })).json().result.services;
    const paths = Object.keys(t.app.swagger().paths ?? {});
    expect(services.customer_verify).toBeUndefined();
    expect(paths.filter((p) => p.startsWith('/api/customer-verify/'))).toEqual([]);
    const probes: Record<string, string> = {
      main: '/config',
      cms: '/items/theme',
      rewards: '/v4/config',
      placement: '/placement?keys=pre_cart_item&pricing_id=standard',
      translation: '/en-AU/items',
      social: '/config',
    };
    for (const [name, path] of Object.entries(probes)) {
      const res = await t.app.inject({ method: 'GET', url: `${new URL(services[name]).pathname}${path}` });
      expect(res.statusCode, name).not.toBe(404);
    }
    // The analytics service takes events only: an empty batch is refused by the route, not missed by the router.
    const events = await t.app.inject({
      method: 'POST',
      url: `${new URL(services.analytics).pathname}/events`,
      payload: {},
    });
    expect(events.statusCode).not.toBe(404);
  });

  it('follows another PUBLIC_URL', async () => {
    const other = await buildTestApp({ database: t.database, config: { publicUrl: 'http://10.0.0.5:8080' } });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/api/discover' })).json();
      expect(body.result.services.main).toBe('http://10.0.0.5:8080/api/v2');
      expect(body.result.services.cms).toBe('http://10.0.0.5:8080/api/cms');
    } finally {
      await other.close();
    }
  });
});

describe('health and readiness', () => {
  it('healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.status).toBe('ok');
  });

  it('readyz is 200 on a reachable, migrated database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ status: 'ok', checks: { database: 'reachable', migrations: 'applied' } });
  });

  it('readyz is 503 when the database is not migrated', async () => {
    const database = await createTestDatabase();
    await database.pool.query('DELETE FROM drizzle.__drizzle_migrations');
    const app = await buildTestApp({ database });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(ErrorEnvelope.parse(res.json()).messages[0]?.code).toBe('database_not_migrated');
      // Liveness is not readiness: the process is still up.
      expect((await app.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('readyz is 503 when the database is unreachable', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    try {
      await database.close();
      const res = await app.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      const body = ErrorEnvelope.parse(res.json());
      expect(body.messages[0]?.code).toBe('database_unreachable');
      expect(res.body).not.toMatch(/pool|postgres:\/\//i);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/metrics', () => {
  it('exposes default metrics and the request duration histogram in the text format', async () => {
    await t.app.inject({ method: 'GET', url: '/api/discover' });
    await t.app.inject({ method: 'GET', url: '/api/v2/missing' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/discover",method="GET",status_code="200"\} [1-9]/,
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{route="unmatched",method="GET",status_code="404"\} [1-9]/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_heap_size_total_bytes');
  });

  it('keeps one registry per app', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(body).not.toContain('route="/api/discover"');
    } finally {
      await other.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP with a per-request script nonce and the usual hardening headers', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const b = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{16,}'/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('does not upgrade requests or send HSTS on a plain-http deployment', async () => {
    const local = await buildTestApp({
      database: t.database,
      config: { publicUrl: 'http://localhost:3000', corsOrigins: ['http://localhost:3000'] },
    });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/healthz' });
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('answers CORS only for configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/config',
      headers: {
        origin: TEST_PUBLIC_URL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-app-key,x-signature',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(TEST_PUBLIC_URL);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-signature');

    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/discover',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI document and docs page', () => {
  it('is OpenAPI 3.1, lists every API route and uses snake_case property names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS');
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    // Storefront and static routes are not part of the API reference.
    expect(doc.paths['/blank.html']).toBeUndefined();

    const echo = doc.paths['/api/v2/test/echo'].post;
    const bodySchema = echo.requestBody.content['application/json'].schema;
    expect(Object.keys(bodySchema.properties).sort()).toEqual(['address_line_2', 'atv_commercial', 'nested', 'tags']);
    expect(bodySchema.required).toContain('address_line_2');
    expect(Object.keys(bodySchema.properties.nested.properties)).toEqual(['inner_key']);
    const okSchema = echo.responses['200'].content['application/json'].schema;
    expect(Object.keys(okSchema.properties).sort()).toEqual(['links', 'messages', 'page_info', 'result']);
    const queryNames = doc.paths['/api/v2/test/query'].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(queryNames).toEqual(['draw_date', 'num_draws']);

    const text = JSON.stringify(doc.paths);
    expect(text).not.toMatch(/"(pageInfo|addressLine2|customerVerify)"/);
    expect(echo.security).toEqual([{ appKey: [], timestamp: [], signature: [] }]);
    expect(doc.paths['/api/discover'].get.security).toBeUndefined();
    expect(doc.paths['/api/v2/test/versions'].get['x-api-versions']).toEqual(['3.3', '3.4']);
  });

  it('answers the document itself at /api/docs when a tool asks for JSON, the page when a browser asks', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'application/json' } });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json().openapi).toBe('3.1.0');
    const browser = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.headers['content-type']).toMatch(/^text\/html/);
  });

  it('renders the reference as a self-contained HTML page grouped by service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain('id="tag-system"');
    expect(html).toContain('id="tag-main"');
    expect(html).toContain('<code>/api/discover</code>');
    expect(html).toContain('<code>/api/v2/test/echo</code>');
    expect(html).toContain('<code class="p">address_line_2</code>');
    expect(html).toContain('Versions: 3.3, 3.4');
  });
});
