import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

const query = '/api/v2/test/query?draw_date=d&num_draws=1';

describe('request context', () => {
  it('echoes a valid x-request-id and generates one otherwise', async () => {
    const given = await t.injectSigned({ method: 'GET', url: query, headers: { 'x-request-id': 'req_abc-123' } });
    expect(given.headers['x-request-id']).toBe('req_abc-123');
    expect(given.json().result.ctx.request_id).toBe('req_abc-123');

    const invalid = await t.injectSigned({ method: 'GET', url: query, headers: { 'x-request-id': 'bad id<script>' } });
    expect(invalid.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const none = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes the request id on error answers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'req_404' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('req_404');
  });

  it('reads session id, sub-variant and customer id, dropping values that break the identifier rule', async () => {
    const res = await t.injectSigned({
      method: 'GET',
      url: query,
      sign: { customerToken: 'tok_1' },
      headers: { 'x-session-id': 'ses_1', 'x-sub-variant': 'sv-b', 'x-customer-id': 'cus_42' },
    });
    expect(res.json().result.ctx).toEqual({
      request_id: expect.any(String),
      session_id: 'ses_1',
      sub_variant: 'sv-b',
      customer_id: 'cus_42',
      customer_token: 'tok_1',
      app_key: 'web',
    });

    const bad = await t.injectSigned({
      method: 'GET',
      url: query,
      headers: { 'x-session-id': 'ses 1', 'x-sub-variant': '../etc', 'x-customer-id': "1' OR '1'='1" },
    });
    const ctx = bad.json().result.ctx;
    expect(ctx.session_id).toBeUndefined();
    expect(ctx.sub_variant).toBeUndefined();
    expect(ctx.customer_id).toBeUndefined();
  });

  it('falls back to the sv and customer_id cookies', async () => {
    const res = await t.injectSigned({ method: 'GET', url: query, cookies: { sv: 'variant_2', customer_id: 'cus_7' } });
    expect(res.json().result.ctx).toMatchObject({ sub_variant: 'variant_2', customer_id: 'cus_7' });
  });
});
