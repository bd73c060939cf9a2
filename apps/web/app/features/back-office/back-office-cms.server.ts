// The back office's calls to the content API (/api/cms) and the translation service (/api/translation): these are
// the customer-facing services of core §7, so every call is signed with the app's key like any storefront call
// (lib/api-client.ts does the signing) and carries the operator's session token as Bearer, which the API's operator
// gate checks (docs/content.md "Writing through the API"). No shared cache: an editor reads what is stored now.
import type { AppLoadContext } from 'react-router';
import { requestApi } from '../../lib/api-client.server.ts';
import type { ApiClient, Query } from '../../lib/api-client.ts';
import type { AdminPage } from './back-office-api.server.ts';

type Service = 'cms' | 'translation';

export interface ContentApi {
  get<T>(service: Service, path: string, query?: Query): Promise<T>;
  page<T>(service: Service, path: string, query?: Query): Promise<AdminPage<T>>;
  post<T>(service: Service, path: string, body?: unknown): Promise<T>;
  patch<T>(service: Service, path: string, body: unknown): Promise<T>;
  put<T>(service: Service, path: string, body: unknown): Promise<T>;
  /** A multipart upload (POST /api/cms/files): the form's parts as they are. */
  upload<T>(path: string, form: FormData): Promise<T>;
}

export function contentApi(context: AppLoadContext, token: string): ContentApi {
  const client: ApiClient = requestApi(context, { session: { get: () => ({ accessToken: token }) } });
  // An operator's session is never refreshed: a 401 means it ended, and the back office sends them to sign in.
  const opts = { skipAuthRefresh: true } as const;
  return {
    get: async (service, path, query) => (await client.get(service, path, { ...opts, query })).result as never,
    page: async <T>(service: Service, path: string, query?: Query) => {
      const res = await client.get<T[]>(service, path, { ...opts, query });
      return { items: res.result ?? [], total: res.pageInfo?.total ?? res.result?.length ?? 0 };
    },
    post: async (service, path, body) => (await client.post(service, path, body ?? {}, opts)).result as never,
    patch: async (service, path, body) => (await client.patch(service, path, body, opts)).result as never,
    put: async (service, path, body) => (await client.put(service, path, body, opts)).result as never,
    upload: async (path, form) => (await client.post('cms', path, form, opts)).result as never,
  };
}
