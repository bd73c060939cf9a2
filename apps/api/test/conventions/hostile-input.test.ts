// Every registered route, fed hostile input in body, query, params and headers: a client mistake or an attack is
// answered with a 4xx error envelope (or a 2xx where the route ignores input), never a 5xx, and nothing leaks into
// Object.prototype. Routes added by any module show up here automatically through app.routeTable, and a second walk
// goes through the OpenAPI document: signed with the route's version and signed in, it sends each operation a body,
// query and path built from its own schema, then the same with NUL bytes and control characters in every id, query
// parameter and string field, huge numbers, wrong types, money as text and JSON nested 5,000-8,000 deep.
import RandExp from 'randexp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { signUpAndLogin } from '../helpers/customers.ts';
import { camelToSnake } from '../../src/lib/casing.ts';

const SQL = "' OR 1=1; DROP TABLE x; --";
const HTML = '<script>alert(1)</script>';
const HUGE = 'A'.repeat(200_000);

/**
 * Server-sent event streams answer 200 and stay open until the client goes, so an in-process inject never returns;
 * they take no input but the app signature (their own tests open them over a socket and check the signature).
 */
const STREAMS = new Set(['/api/cms/changes']);

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

/** The 4xx checks every hostile answer must pass; returns a failure text or null. */
function envelopeProblem(res: LightMyRequestResponse, where: string): string | null {
  if (res.statusCode >= 500) return `${where}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    return `${where}: not JSON`;
  }
  const envelope = ErrorEnvelope.safeParse(parsed);
  if (!envelope.success) return `${where}: not an error envelope`;
  if (envelope.data.status !== res.statusCode) return `${where}: status field ${envelope.data.status}`;
  if (envelope.data.messages[0]?.level !== 'error') return `${where}: messages[0] is not an error`;
  return null;
}

function urlFor(route: string, probe: Probe): string {
  const param = probe.rawParam ? (probe.param ?? '') : encodeURIComponent(probe.param ?? 'item_1');
  const path = route.replace(/:[A-Za-z0-9_]+/g, param).replace(/\*$/, probe.param ? param : 'anything');
  return probe.query ? `${path}?${probe.query}` : path;
}

describe('hostile input on every route', () => {
  it('has routes to walk, including the system routes', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    // Every stream left out of the walks is a real route (a renamed stream must not leave a hole in the walk).
    expect(urls).toEqual(expect.arrayContaining([...STREAMS]));
    expect(urls).toEqual(
      expect.arrayContaining(['/api/discover', '/api/healthz', '/api/readyz', '/api/metrics', '/api/docs']),
    );
  });

  it('never answers 5xx and always answers a 4xx with a valid error envelope', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of t.app.routeTable) {
      if (STREAMS.has(route.url)) continue;
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
        const problem = envelopeProblem(res, `${route.method} ${route.url} [${probe.name}] -> ${res.statusCode}`);
        if (problem) failures.push(problem);
      }
    }
    console.log(
      `hostile input (route table): ${requests} requests over ${t.app.routeTable.length} routes, ${failures.length} failures`,
    );
    expect(requests).toBeGreaterThan(PROBES.length * 10);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // Five thousand requests: 10 s alone on 2 cores, over 30 s while other suites share them.
  }, 300_000);
});

// ---------------------------------------------------------------- the OpenAPI walk

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  'x-api-versions'?: string[];
};

const NUL = 'x\u0000y';
const CONTROLS = ['\u0000', '\u0007', '\n', '\u001b', '\u0085'];
/** JSON nested 8,000 deep in 16 KB, and 5,000 deep inside an otherwise valid-looking object. */
const DEEP_ARRAY = '['.repeat(8_000) + ']'.repeat(8_000);
const DEEP_OBJECT = (field: string) => `{"${field}":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
const MONEY_AS_TEXT = ['10 ', ' 10 ', '1e1', '10', '0x10', '１０'];
const MONEY_FIELDS = new Set(['amount', 'limit', 'minimum_jackpot_amount']);

/** Fields whose rules a pattern cannot tell (a real date, a new email, a strong password): realistic values. */
const FIELD_SAMPLES: Record<string, unknown> = {
  email: `hostile.${Date.now().toString(36)}@example.test`,
  password: 'correct horse battery staple',
  date_of_birth: '1990-01-15',
  phone: '0412 345 678',
  postcode: '2000',
  country: 'AU',
};

/** A value the schema accepts (as far as a generic walk can tell): defaults, enums, patterns, minimums. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return sample(branches.find((b) => b.type !== 'null') ?? branches[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        out[key] = key in FIELD_SAMPLES ? FIELD_SAMPLES[key] : sample(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return schema.maximum !== undefined ? Math.min(min, schema.maximum) : min;
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'hostile@example.test';
      if (schema.format === 'date') return '2025-06-02';
      if (schema.format === 'date-time') return '2025-06-02T00:00:00.000Z';
      if (schema.pattern) {
        const gen = new RandExp(schema.pattern);
        gen.max = 4;
        return gen.gen();
      }
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

/** Paths to every leaf of a sample body (depth-limited), with the schema that produced it. */
function leaves(value: unknown, path: string[] = [], out: { path: string[]; value: unknown }[] = []) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && path.length < 4) {
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  } else if (path.length) out.push({ path, value });
  return out;
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

function wrongTypeOf(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { not: 'an array' };
  return [value];
}

type WalkRequest = {
  name: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  raw?: string;
};

function requestsFor(op: Operation): WalkRequest[] {
  const params = op.parameters ?? [];
  const pathParams = Object.fromEntries(
    params.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema))]),
  );
  const queryParams = params.filter((p) => p.in === 'query');
  const query = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema))]),
  );
  const content = op.requestBody?.content ?? {};
  const bodySchema = (content['application/json'] ?? Object.values(content)[0])?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const base = { path: pathParams, query, body };
  const out: WalkRequest[] = [{ name: 'schema sample', ...base }];

  for (const name of Object.keys(pathParams))
    for (const c of CONTROLS)
      out.push({
        name: `control ${JSON.stringify(c)} in :${name}`,
        ...base,
        path: { ...pathParams, [name]: `ab${c}cd` },
      });
  for (const p of queryParams) {
    out.push({ name: `NUL in ?${p.name}`, ...base, query: { ...query, [p.name]: NUL } });
    out.push({ name: `escape in ?${p.name}`, ...base, query: { ...query, [p.name]: '\u001b[2J' } });
    out.push({ name: `huge ?${p.name}`, ...base, query: { ...query, [p.name]: '9'.repeat(400) } });
  }
  if (body !== undefined) {
    for (const leaf of leaves(body).slice(0, 24)) {
      const field = leaf.path.join('.');
      if (typeof leaf.value === 'string') {
        out.push({ name: `NUL in ${field}`, ...base, body: withValue(body, leaf.path, NUL) });
        out.push({ name: `C1 control in ${field}`, ...base, body: withValue(body, leaf.path, 'a\u0085b') });
      }
      if (typeof leaf.value === 'number')
        for (const n of [1e308, -1e308, 2 ** 63, 2 ** 53 + 1, 1e-7])
          out.push({ name: `${n} in ${field}`, ...base, body: withValue(body, leaf.path, n) });
      out.push({ name: `wrong type in ${field}`, ...base, body: withValue(body, leaf.path, wrongTypeOf(leaf.value)) });
      if (MONEY_FIELDS.has(leaf.path[leaf.path.length - 1]!))
        for (const text of MONEY_AS_TEXT)
          out.push({
            name: `money ${JSON.stringify(text)} in ${field}`,
            ...base,
            body: withValue(body, leaf.path, text),
          });
    }
    out.push({ name: 'JSON 8,000 deep', ...base, raw: DEEP_ARRAY });
    const first = leaves(body)[0]?.path[0] ?? 'a';
    out.push({ name: 'JSON 5,000 deep in a field', ...base, raw: DEEP_OBJECT(first) });
    out.push({ name: 'NUL key', ...base, raw: JSON.stringify({ ...(body as object), 'k\u0000': 1 }) });
  } else {
    out.push({ name: 'JSON 8,000 deep', ...base, raw: DEEP_ARRAY });
  }
  return out;
}

describe('hostile input through the OpenAPI document, signed and signed in', () => {
  it('never answers 5xx for any operation, whatever its ids, queries and body carry', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    // A real customer (so customer-scoped handlers find their rows), signed in with a session logout cannot end.
    const customer = await signUpAndLogin(t);
    const auth = { authorization: `Bearer ${t.tokenFor(customer.customerId)}` };
    const failures: string[] = [];
    let requests = 0;
    let operations = 0;
    const statuses = new Map<number, number>();
    for (const [pathTemplate, methods] of Object.entries(doc.paths)) {
      if (STREAMS.has(pathTemplate)) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations++;
        const version = op['x-api-versions']?.[0];
        for (const r of requestsFor(op)) {
          const path = pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) =>
            encodeURIComponent(r.path[name] ?? r.path[camelToSnake(name)] ?? 'x'),
          );
          const search = new URLSearchParams(r.query).toString();
          const hasBody = method !== 'get' && method !== 'delete' ? r.raw !== undefined || r.body !== undefined : false;
          const res = await t.app.inject({
            method: method.toUpperCase() as InjectOptions['method'],
            url: search ? `${path}?${search}` : path,
            headers: {
              ...t.sign(version ? { version } : {}),
              ...auth,
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
              'idempotency-key': `hostile-${requests}`,
            },
            ...(hasBody ? { payload: r.raw ?? JSON.stringify(r.body) } : {}),
          });
          requests++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = envelopeProblem(
            res,
            `${method.toUpperCase()} ${pathTemplate} [${r.name}] -> ${res.statusCode}`,
          );
          if (problem) failures.push(problem);
        }
      }
    }
    console.log(
      `hostile input (OpenAPI walk): ${requests} requests over ${Object.keys(doc.paths).length} paths (${operations} operations), ${failures.length} failures; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(operations).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);
});
