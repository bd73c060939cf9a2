import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

describe('casing: snake_case on the wire, camelCase in code', () => {
  it('converts a JSON body in and the response out, nested, in arrays, with digits', async () => {
    const wire = {
      address_line_2: 'Unit 4',
      atv_commercial: true,
      nested: { inner_key: [{ deep_value_1: 1 }, { deep_value_1: 2 }] },
      tags: ['keep_values_as_they_are', 'addressLine2'],
    };
    const res = await t.injectSigned({ method: 'POST', url: '/api/v2/test/echo', payload: wire });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The route's zod schema only knows camelCase, so a 200 proves the keys were converted on the way in.
    expect(body).toEqual({ result: wire, page_info: null, links: null, messages: [] });
  });

  it('converts query keys before validation', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/test/query?draw_date=2025-06-07&num_draws=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.seen).toEqual({ draw_date: '2025-06-07', num_draws: 3 });
  });

  it('accepts application/x-www-form-urlencoded bodies', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'refresh_token=rt_abc123&address_line_2=Level%202',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ refresh_token: 'rt_abc123', address_line_2: 'Level 2' });
  });

  it('names validation errors by their wire field path', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      payload: { address_line_2: 5, atv_commercial: true, nested: { inner_key: [{ deep_value_1: 'x' }] }, tags: [] },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['address_line_2', 'nested.inner_key.0.deep_value_1']);
  });

  it('drops prototype-polluting keys from JSON, form and query input', async () => {
    const json = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"address_line_2":"a","atv_commercial":false,"nested":{"inner_key":[],"__proto__":{"polluted":1}},"tags":[],"constructor":{"prototype":{"polluted":1}}}',
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().result).toEqual({
      address_line_2: 'a',
      atv_commercial: false,
      nested: { inner_key: [] },
      tags: [],
    });

    const form = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'refresh_token=rt_1&address_line_2=x&__proto__=1&constructor=2&prototype=3',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().result).toEqual({ refresh_token: 'rt_1', address_line_2: 'x' });

    const query = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/query?draw_date=d&num_draws=1&__proto__=1&constructor=x',
    });
    expect(query.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('answers JSON nested 5,000 deep with the 400 envelope, not a stack overflow (issue 14)', async () => {
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: `${'{"nested":'.repeat(5000)}1${'}'.repeat(5000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, result: null });
    expect(res.json().messages[0].code).toBeTypeOf('string');
  });
});
