// Hostile input on every responsible-gambling route as a signed-in customer (the convention test walks them without
// a login, where they stop at 401): a client mistake is a 4xx error envelope and changes nothing, never a 5xx.
import { ErrorEnvelope } from '@shop/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRgTestApp, type RgTestApp } from '../../../test/helpers/responsible-gambling.ts';

let t: RgTestApp;
beforeAll(async () => {
  t = await buildRgTestApp();
});
afterAll(() => t.close());

const SQL = "' OR 1=1; DROP TABLE rg_limits; --";
const HUGE = 'A'.repeat(200_000);
const PROBES: { name: string; contentType?: string; payload?: string; param?: string }[] = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"limit": ' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1,2]' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  {
    name: 'wrong types',
    contentType: 'application/json',
    payload: JSON.stringify({ limit: { a: 1 }, period: 7, code: [], state: {}, document_number: 1 }),
  },
  {
    name: 'huge strings',
    contentType: 'application/json',
    payload: JSON.stringify({ limit: HUGE, period: HUGE, code: HUGE, state: HUGE, licence_number: HUGE }),
  },
  {
    name: 'SQL',
    contentType: 'application/json',
    payload: JSON.stringify({ limit: SQL, period: SQL, code: SQL, state: SQL, document_number: SQL }),
  },
  { name: 'absurd numbers', contentType: 'application/json', payload: '{"limit": 1e309}' },
  { name: 'negative zero and exponent', contentType: 'application/json', payload: '{"limit": "-0e5"}' },
  {
    name: 'form with prototype keys',
    contentType: 'application/x-www-form-urlencoded',
    payload: '__proto__[polluted]=1&limit=1.999&constructor[prototype][x]=1',
  },
  {
    name: 'multipart garbage',
    contentType: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n1\r\n--zz',
  },
  { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'nothing' },
  { name: 'SQL path param', param: SQL },
  { name: 'long path param', param: 'x'.repeat(500) },
  { name: 'prototype path param', param: '__proto__' },
];

describe('responsible gambling routes under hostile input', () => {
  it('answer 4xx envelopes (or 2xx where input is ignored), never 5xx, and store nothing from junk', async () => {
    const c = await t.customer();
    const routes = t.app.routeTable.filter((r) =>
      /spend-limits|precommitment|deposit-limits|take-a-break|self-exclusion|customer\/verif|customer\/exclusion/.test(
        r.url,
      ),
    );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const failures: string[] = [];
    for (const route of routes) {
      for (const probe of PROBES) {
        const url = route.url.replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(probe.param ?? 'lim_nothing'));
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers: { ...t.sign(), ...t.auth(c), ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        };
        const res = await t.app.inject(options);
        const where = `${route.method} ${route.url} [${probe.name}] -> ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 300)}`);
        else if (res.statusCode >= 400 && !ErrorEnvelope.safeParse(res.json()).success)
          failures.push(`${where}: not an error envelope`);
      }
    }
    expect(failures).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('polluted');
    const limits = await t.injectSigned({ method: 'GET', url: '/api/v2/spend-limits', headers: t.auth(c) });
    expect(limits.json().result.customer_limits).toEqual([]);
    const deposits = await t.injectSigned({ method: 'GET', url: '/api/v2/deposit-limits', headers: t.auth(c) });
    expect(deposits.json().result.customer_limits).toEqual([]);
  });

  it('every route is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v2/spend-limits',
      '/api/v2/spend-limits/{period}',
      '/api/v2/precommitment',
      '/api/v2/deposit-limits/{period}',
      '/api/v2/customer/verification',
      '/api/v2/customer/take-a-break',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
