// The back office's calls to the operators' API (/api/admin, docs/operators.md): the operator's session token from
// the back office's own cookie goes as a Bearer header, never to the browser. /api/admin is not one of the customer
// services that discovery lists and takes no app signature or visitor headers, so this is a narrow client of its
// own (ADR 085): the same casing helpers and error envelope as lib/api-client.ts.
import { camelizeKeys, snakeizeKeys } from '@shop/protocol';
import type { AppLoadContext } from 'react-router';
import { ApiError, errorFromFailure, errorFromResponse } from '../../lib/api-errors.ts';
import '../../lib/load-context.ts';

export type AdminQuery = Record<string, string | number | undefined>;

export interface AdminApi {
  get<T>(path: string, query?: AdminQuery): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A GET whose answer is not JSON (a CSV report): the body as text. */
  text(path: string, query?: AdminQuery): Promise<string>;
  /** A GET whose answer is a file (a CSV report, a document's bytes): the API's response, to pass on as it streams. */
  file(path: string, query?: AdminQuery): Promise<Response>;
}

/** A paged list of the admin API: `{ result: [...], page_info: { total } }` read as items and total. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

function queryString(query: AdminQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(snakeizeKeys<AdminQuery>(query ?? {})))
    if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function adminApi(context: AppLoadContext, token: string | null): AdminApi {
  const base = `${context.apiOrigin.replace(/\/+$/, '')}/api/admin`;
  async function send(method: string, path: string, body: unknown, query?: AdminQuery): Promise<Response> {
    const url = `${base}${path}${queryString(query)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (context.clientIp) headers['x-forwarded-for'] = context.clientIp;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(snakeizeKeys(body)),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw errorFromFailure(error, url);
    }
    if (!res.ok) {
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? camelizeKeys(JSON.parse(text)) : null;
      } catch {
        parsed = undefined;
      }
      const error = errorFromResponse(res.status, url, parsed);
      if (res.status >= 500) console.error(`[admin api] ${res.status} ${method} ${url}: ${error.message}`);
      throw error;
    }
    return res;
  }
  async function json<T>(method: string, path: string, body?: unknown, query?: AdminQuery): Promise<T> {
    const res = await send(method, path, body, query);
    if (res.status === 204) return null as T;
    const envelope = camelizeKeys(await res.json()) as { result: unknown; pageInfo?: { total?: number } | null };
    // A paged list answers its page and the total; anything else answers its result.
    if (envelope.pageInfo && Array.isArray(envelope.result))
      return { items: envelope.result, total: envelope.pageInfo.total ?? envelope.result.length } as T;
    return envelope.result as T;
  }
  return {
    get: (path, query) => json('GET', path, undefined, query),
    post: (path, body) => json('POST', path, body ?? {}),
    put: (path, body) => json('PUT', path, body),
    patch: (path, body) => json('PATCH', path, body),
    delete: (path) => json('DELETE', path),
    text: async (path, query) => (await send('GET', path, undefined, query)).text(),
    file: (path, query) => send('GET', path, undefined, query),
  };
}

export const isSessionEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
export const isRefused = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
