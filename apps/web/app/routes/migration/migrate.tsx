// /migration/migrate (resource route, action only): the migration modal posts here, once and then every 3 seconds
// while the API answers 202 (features §7 "Migration"). Gated by the customer-migration capability.
import { data } from 'react-router';
import { authApi } from '../../lib/auth.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import type { Route } from './+types/migrate';

export async function action({ request, context }: Route.ActionArgs) {
  const auth = authApi(request, context);
  const headers = new Headers();
  const reply = (body: { state: 'in_progress' | 'migrated' | 'failed' }, status = 200) => {
    for (const c of auth.setCookies) headers.append('Set-Cookie', c);
    return data(body, { status, headers });
  };
  try {
    const res = await auth.api.post<{ migrationStatus: string }>('main', '/migration/migrate', {});
    return reply({ state: res.status === 202 ? 'in_progress' : 'migrated' });
  } catch (error) {
    if (error instanceof ApiError) return reply({ state: 'failed' }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}
