// Every registered route, fed hostile input in body, query, params and headers: a client mistake or an attack is
// answered with a 4xx error envelope (or a 2xx where the route ignores input), never a 5xx, and nothing leaks into
// Object.prototype. Routes added by any module show up here automatically through app.routeTable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const SQL = "' OR 1=1; DROP TABLE x; --";
const HTML = '<script>alert(1)</script>';
const HUGE = 'A'.repeat(200_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
});
afterAll(() => t.close());

type Probe = {
  name: string;
  query?: string;
  contentType?: string;
  payload?: string;
  headers?: Record<string, string>;
  param?: string;
  /** Put the param in the path as it is, not percent-encoded. */
  rawParam?: boolean;
};

const json = (value: unknown) => JSON.stringify(value);
const commonKeys = (v: unknown) => ({
  path: v,
  limit: v,
  offset: v,
  id: v,
  clear_cache: v,
  address_line_2: v,
  name: v,
  items: v,
});

const PROBES: Probe[] = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"path": "/", ' },
  { name: 'JSON that is not an object', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'JSON string', contentType: 'application/json', payload: '"just a string"' },
  { name: 'empty JSON body', contentType: 'application/json', payload: '' },
  {
    name: 'wrong types',
    contentType: 'application/json',
    payload: json({ path: 123, limit: 'ten', offset: {}, id: [1], clear_cache: false, items: 'x' }),
  },
  { name: 'deeply nested', contentType: 'application/json', payload: '{"a":'.repeat(200) + '1' + '}'.repeat(200) },
  { name: 'huge strings', contentType: 'application/json', payload: json(commonKeys(HUGE)) },
  { name: 'SQL in body', contentType: 'application/json', payload: json(commonKeys(SQL)) },
  { name: 'HTML in body', contentType: 'application/json', payload: json(commonKeys(HTML)) },
  {
    name: '__proto__ in body',
    contentType: 'application/json',
    payload: '{"__proto__":{"polluted":1},"a":{"__proto__":{"polluted":1}}}',
  },
  {
    name: 'constructor.prototype in body',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"polluted":1}}}',
  },
  {
    name: 'prototype keys in a form body',
    contentType: 'application/x-www-form-urlencoded',
    payload: '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=1&path=%27+OR+1%3D1',
  },
  { name: 'unknown content type', contentType: 'application/xml', payload: '<x/>' },
  {
    name: 'multipart garbage',
    contentType: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz',
  },
  {
    name: 'SQL in query',
    query: `path=${encodeURIComponent(SQL)}&limit=${encodeURIComponent(SQL)}&offset=${encodeURIComponent(SQL)}&id=${encodeURIComponent(SQL)}`,
  },
  { name: 'HTML in query', query: `path=${encodeURIComponent(HTML)}&clear_cache=${encodeURIComponent(HTML)}` },
  {
    name: 'prototype keys in query',
    query: '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&constructor=y&prototype=z',
  },
  { name: 'repeated query keys', query: 'path=/&path=/about&limit=1&limit=2&offset=0&offset=1' },
  { name: 'long query values', query: `path=${'p'.repeat(8_000)}&limit=${'9'.repeat(400)}` },
  { name: 'odd numbers in query', query: 'limit=1e309&offset=-0&path=%00' },
  { name: 'broken percent-encoding', query: 'path=%E0%A4%A&limit=%' },
  { name: 'SQL in path params', param: SQL },
  { name: 'HTML in path params', param: HTML },
  { name: 'long path params', param: 'x'.repeat(500) },
  { name: 'prototype path params', param: '__proto__' },
  { name: 'broken percent-encoding in the path', param: '%E0%A4%A', rawParam: true },
  { name: 'hostile version header', headers: { version: `3.0${SQL}` } },
  {
    name: 'hostile context headers',
    headers: {
      'x-request-id': HTML,
      'x-session-id': SQL,
      'x-customer-id': '../../etc/passwd',
      'x-sub-variant': HUGE.slice(0, 5_000),
    },
  },
];

function urlFor(route: string, probe: Probe): string {
  const param = probe.rawParam ? (probe.param ?? '') : encodeURIComponent(probe.param ?? 'item_1');
  const path = route.replace(/:[A-Za-z0-9_]+/g, param).replace(/\*$/, probe.param ? param : 'anything');
  return probe.query ? `${path}?${probe.query}` : path;
}

describe('hostile input on every route', () => {
  it('has routes to walk, including the system routes', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/discover', '/api/healthz', '/api/readyz', '/api/metrics', '/api/docs']),
    );
  });

  it('never answers 5xx and always answers a 4xx with a valid error envelope', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of t.app.routeTable) {
      for (const probe of PROBES) {
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: urlFor(route.url, probe),
          headers: {
            ...t.sign(),
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            ...probe.headers,
          },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        };
        const res = await t.app.inject(options);
        requests++;
        const where = `${route.method} ${route.url} [${probe.name}] -> ${res.statusCode}`;
        if (res.statusCode >= 500) {
          failures.push(`${where}: ${res.body.slice(0, 200)}`);
          continue;
        }
        if (res.statusCode >= 400) {
          let parsed: unknown;
          try {
            parsed = res.json();
          } catch {
            failures.push(`${where}: not JSON`);
            continue;
          }
          const envelope = ErrorEnvelope.safeParse(parsed);
          if (!envelope.success) failures.push(`${where}: not an error envelope`);
          else if (envelope.data.status !== res.statusCode)
            failures.push(`${where}: status field ${envelope.data.status}`);
          else if (envelope.data.messages[0]?.level !== 'error') failures.push(`${where}: messages[0] is not an error`);
        }
      }
    }
    expect(requests).toBeGreaterThan(PROBES.length * 10);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
