import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { registerTestRoutes } from './test-routes.ts';

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: (app) => {
      registerTestRoutes(app);
      // A query that fails inside PostgreSQL with the client's text as a parameter.
      app.get<{ Querystring: { q?: string } }>('/api/v2/test/db-boom', async (request) =>
        t.database.db.execute(sql`select * from no_such_table where name = ${request.query.q ?? ''}`),
      );
    },
    logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
  });
});
afterAll(() => t.close());

function envelope(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ErrorEnvelope.parse(res.json());
  expect(body.status).toBe(res.statusCode);
  expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'errors', 'messages', 'result', 'status']);
  return body;
}

describe('success envelope', () => {
  it('carries result, page_info, links and messages in snake_case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/discover' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['links', 'messages', 'page_info', 'result']);
  });

  it('answers 204 with no body for empty results', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/test/empty' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});

describe('error envelope', () => {
  it('404 for an unknown route, under /api and elsewhere when no storefront is mounted', async () => {
    for (const url of ['/api/v2/no-such-thing', '/api/nope', '/no-page']) {
      const body = envelope(await t.app.inject({ method: 'GET', url }));
      expect(body.status).toBe(404);
      expect(body.messages[0]).toMatchObject({ code: 'not_found', level: 'error' });
      expect(body.errors.this).toEqual([body.messages[0]!.text]);
      expect(body.error).toEqual([body.messages[0]!.text]);
    }
  });

  it('400 for malformed JSON', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"address_line_2": ',
    });
    const body = envelope(res);
    expect(body.status).toBe(400);
    expect(body.messages[0]).toEqual({
      code: 'malformed_body',
      text: 'The request body is not valid JSON.',
      level: 'error',
    });
  });

  it('400 for an empty JSON body', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(envelope(res).status).toBe(400);
  });

  it('422 with errors keyed by field and a readable message', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      payload: { atv_commercial: 'yes', nested: { inner_key: [] }, tags: [], extra_field: 1 },
    });
    const body = envelope(res);
    expect(body.status).toBe(422);
    expect(body.errors.address_line_2).toEqual(['This field is required.']);
    expect(body.errors.atv_commercial).toEqual(['Must be true or false.']);
    expect(body.errors.extra_field).toEqual(['This field is not allowed.']);
    expect(body.messages[0]).toMatchObject({ code: 'validation_failed', level: 'error' });
    expect(body.messages[0]!.text).toMatch(/^Some fields are not valid\. address_line_2: This field is required\.$/);
  });

  it('422 for a business rule, keeping its code and field errors in wire casing', async () => {
    const body = envelope(await t.injectSigned({ method: 'GET', url: '/api/v2/test/business' }));
    expect(body).toEqual({
      status: 422,
      errors: { draw_id: ['Pick another draw.'], 'address.address_line_2': ['Required.'] },
      error: ['This draw has closed.'],
      messages: [{ code: 'draw_closed', text: 'This draw has closed.', level: 'error' }],
      result: null,
    });
  });

  it('keeps the headers an AppError asks for', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/test/teapot' });
    expect(envelope(res).status).toBe(409);
    expect(res.headers['retry-after']).toBe('2');
  });

  it('500 with the fallback message and nothing internal, logged with the request id', async () => {
    logs.length = 0;
    const res = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/boom',
      headers: { 'x-request-id': 'req_boom_1' },
    });
    const body = envelope(res);
    expect(body).toEqual({
      status: 500,
      errors: { this: ['Something went wrong'] },
      error: ['Something went wrong'],
      messages: [{ code: 'server_error', text: 'Something went wrong', level: 'error' }],
      result: null,
    });
    expect(res.body).not.toMatch(/secret_table|db\.ts|stack|Query/);
    const logged = logs.map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } }).find((l) => l.err);
    expect(logged?.reqId).toBe('req_boom_1');
    expect(logged?.err?.message).toContain('secret_table');
  });

  it('logs a failed database query without its SQL text or parameters', async () => {
    logs.length = 0;
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/test/db-boom?q=attacker-text-4242' });
    expect(envelope(res).status).toBe(500);
    const logged = logs.join('\n');
    expect(logged).toContain('42P01'); // the SQLSTATE stays: undefined_table
    expect(logged).not.toContain('attacker-text-4242');
    expect(logged).not.toMatch(/no_such_table|select \*/);
  });

  it('415 for a content type the API does not read', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(envelope(res).status).toBe(415);
  });
});

describe('body limit', () => {
  it('413 envelope when the body is larger than BODY_LIMIT_BYTES', async () => {
    const small = await buildTestApp({
      database: t.database,
      config: { bodyLimitBytes: 1024 },
      beforeReady: registerTestRoutes,
    });
    try {
      const big = { address_line_2: 'x'.repeat(2000), atv_commercial: true, nested: { inner_key: [] }, tags: [] };
      const res = await small.injectSigned({ method: 'POST', url: '/api/v2/test/echo', payload: big });
      const body = envelope(res);
      expect(body.status).toBe(413);
      expect(body.messages[0]?.code).toBe('payload_too_large');

      const form = await small.injectSigned({
        method: 'POST',
        url: '/api/v2/test/form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `refresh_token=${'y'.repeat(2000)}&address_line_2=x`,
      });
      expect(envelope(form).status).toBe(413);
    } finally {
      await small.close();
    }
  });
});
