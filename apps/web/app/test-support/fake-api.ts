// A fake of the API for unit tests: answers by method + path with snake_case JSON, records every request.
import { snakeizeKeys } from '@shop/protocol';
import { ApiClient } from '../lib/api-client.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type FakeHandler = (req: RecordedRequest) => Response | Promise<Response>;

export const ORIGIN = 'http://api.test';

export const DISCOVERY = {
  result: {
    services: {
      main: `${ORIGIN}/api/v2`,
      cms: `${ORIGIN}/api/cms`,
      social: `${ORIGIN}/api/social/v3`,
      rewards: `${ORIGIN}/api/rewards`,
      customer_verify: `${ORIGIN}/api/customer-verify`,
      placement: `${ORIGIN}/api/placement`,
      translation: `${ORIGIN}/api/translation`,
      analytics: `${ORIGIN}/api/analytics`,
    },
  },
  page_info: null,
  links: null,
  messages: [],
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A success envelope with camelCase input converted to the wire's snake_case. */
export function ok(result: unknown, status = 200): Response {
  return json({ result: snakeizeKeys(result), page_info: null, links: null, messages: [] }, status);
}

export function errorEnvelope(
  status: number,
  opts: {
    errors?: Record<string, string[]>;
    error?: string[];
    messages?: { code: string; text: string; level: string }[];
  } = {},
): Response {
  return json(
    { status, errors: opts.errors ?? {}, error: opts.error ?? [], messages: opts.messages ?? [], result: null },
    status,
  );
}

export function createFakeApi(routes: Record<string, FakeHandler>) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const req: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(req);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const u = new URL(url);
    if (u.pathname === '/api/discover' && !routes['GET /api/discover']) return json(DISCOVERY);
    const handler = routes[`${req.method} ${u.pathname}`];
    if (!handler) return errorEnvelope(404, { messages: [{ code: 'not_found', text: 'Not found.', level: 'error' }] });
    return handler(req);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** The storefront's api client talking to a fake API, as server-side form actions take it. */
export function fakeApiClient(routes: Record<string, FakeHandler>) {
  const fake = createFakeApi(routes);
  const api = new ApiClient({
    discoveryUrl: `${ORIGIN}/api/discover`,
    appKey: 'web',
    appSecret: 'secret',
    fetch: fake.fetch,
    session: { get: () => ({}) },
  });
  return { api, fake };
}

/** A form post's body. */
export function formDataOf(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}
