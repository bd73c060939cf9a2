// /logout (spec core §4 Logout): ends the session at the API, clears the customer's cookies and goes home.
import { redirect } from 'react-router';
import { authApi, clearAnalyticsCookies } from '../../lib/auth.server.ts';
import { IDENTITY_PATHS } from '../../features/identity/login.server.ts';
import type { Route } from './+types/logout';

async function logout(request: Request, context: Route.LoaderArgs['context']) {
  const auth = authApi(request, context);
  if (auth.hasTokens) {
    try {
      await auth.api.get('main', IDENTITY_PATHS.logout, {
        cache: false,
        skipAuthRefresh: true,
      });
    } catch (error) {
      // The cookies go either way: a session the API already ended (or cannot reach) must not keep the visitor in.
      console.error(`[web] logout: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  auth.signOut();
  const headers = auth.headers({ 'Cache-Control': 'no-store' });
  for (const c of clearAnalyticsCookies(new URL(request.url).protocol === 'https:')) headers.append('Set-Cookie', c);
  return redirect('/', { headers });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return logout(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return logout(request, context);
}

export default function Logout() {
  return null;
}
