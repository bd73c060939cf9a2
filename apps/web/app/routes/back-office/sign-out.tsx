// POST /back-office/sign-out: ends the session at the API (DELETE /api/admin/session) and clears the cookie. An
// already-ended session signs out just the same.
import { redirect } from 'react-router';
import { adminApi, isSessionEnded } from '../../features/back-office/back-office-api.server.ts';
import { SIGN_IN_PATH } from '../../features/back-office/back-office-paths.ts';
import { clearedSessionCookie, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import type { Route } from './+types/sign-out';

export async function action({ request, context }: Route.ActionArgs) {
  const token = sessionToken(request);
  if (token) {
    try {
      await adminApi(context, token).delete('/session');
    } catch (error) {
      if (!isSessionEnded(error)) throw error;
    }
  }
  throw redirect(`${SIGN_IN_PATH}?notice=signed-out`, { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
}

/** A GET (a bookmarked or typed address) signs nobody out: it shows the sign-in screen. */
export function loader() {
  throw redirect(SIGN_IN_PATH);
}
