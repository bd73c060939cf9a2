// The operator's session in the back office: the API's session token lives in an httpOnly, SameSite=Strict cookie of
// the back office's own (Secure in production), set by the sign-in action and read by every back-office loader and
// action, which send it as Bearer. The browser's scripts never see it; sign-out and an ended session clear it.
import { Operator, OPERATOR_SESSION_MAX_HOURS } from '@shop/contracts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { parseCookies, serializeCookie } from '../../lib/cookies.ts';
import { adminApi, isSessionEnded, type AdminApi } from './back-office-api.server.ts';
import { SIGN_IN_PATH } from './back-office-paths.ts';

export const OPERATOR_COOKIE = 'bo_session';

function secureFor(request: Request): boolean {
  return process.env.NODE_ENV === 'production' || new URL(request.url).protocol === 'https:';
}

// Path '/', not '/back-office': the index screen's data request is /back-office.data, outside that path.
const cookieOptions = (request: Request) =>
  ({ path: '/', httpOnly: true, sameSite: 'Strict', secure: secureFor(request) }) as const;

/** The cookie that holds a new session: it lasts no longer than the session's absolute end. */
export function sessionCookie(request: Request, token: string): string {
  return serializeCookie(OPERATOR_COOKIE, token, {
    ...cookieOptions(request),
    maxAgeSeconds: OPERATOR_SESSION_MAX_HOURS * 3600,
  });
}

export function clearedSessionCookie(request: Request): string {
  return serializeCookie(OPERATOR_COOKIE, '', { ...cookieOptions(request), maxAgeSeconds: 0 });
}

export function sessionToken(request: Request): string | null {
  return parseCookies(request.headers.get('cookie'))[OPERATOR_COOKIE] || null;
}

/** To the sign-in screen, with the notice that the session ended when there was one, and the cookie cleared. */
export function toSignIn(request: Request, ended: boolean): never {
  const from = new URL(request.url);
  const params = new URLSearchParams();
  if (ended) params.set('notice', 'ended');
  if (from.pathname !== SIGN_IN_PATH) params.set('next', `${from.pathname}${from.search}`);
  const query = params.toString();
  throw redirect(`${SIGN_IN_PATH}${query ? `?${query}` : ''}`, {
    headers: { 'Set-Cookie': clearedSessionCookie(request) },
  });
}

export interface SignedIn {
  operator: Operator;
  api: AdminApi;
}

/** The signed-in operator (GET /api/admin/me) and their API, or the sign-in screen. */
export async function requireOperator(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const token = sessionToken(request);
  if (!token) toSignIn(request, false);
  const api = adminApi(context, token);
  try {
    return { operator: Operator.parse(await api.get('/me')), api };
  } catch (error) {
    if (isSessionEnded(error)) toSignIn(request, true);
    throw error;
  }
}

/**
 * Any back-office call: a 401 (the session ended while the screen was open) goes to sign-in with the notice; the
 * gate's 403 (the role does not allow it) and a 404 become the back office's own error page with that status. A 403
 * of the business rules (confirming your own result, disabling your own account) stays an API error, for the screen
 * to show its reason.
 */
export async function orSignIn<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isSessionEnded(error)) toSignIn(request, true);
    const byRole = isApiError(error) && error.status === 403 && (!error.code || error.code === 'operator_forbidden');
    if (byRole || (isApiError(error) && error.status === 404)) throw data({}, { status: byRole ? 403 : 404 });
    throw error;
  }
}

/**
 * The API's answer to a write: a 401 (the session ended) goes to sign-in, a 5xx to the error page, and a refusal
 * (403 own adjustment, 409 decided, 422 with its reason) is answered for the screen to show.
 */
export async function writeOrRefusal<T>(
  request: Request,
  call: Promise<T>,
): Promise<{ ok: T } | { error: string; status: number }> {
  try {
    return { ok: await call };
  } catch (error) {
    if (isSessionEnded(error)) toSignIn(request, true);
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return { error: error.message, status: error.status };
  }
}
