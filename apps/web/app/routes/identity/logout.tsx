// /logout (spec core §4 Logout): ends the session at the API, clears the customer's cookies and goes home. Only a
// POST does it (issue 14: a cross-site link or a prefetch must not sign anyone out); a GET shows the button.
import { data, redirect } from 'react-router';
import { authApi, clearAnalyticsCookies } from '../../lib/auth.server.ts';
import { IDENTITY_PATHS } from '../../features/identity/login.server.ts';
import { PostButton } from '../../ui/post-button.tsx';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = () => [{ title: 'Log out' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = authApi(request, context);
  return data({ signedIn: auth.hasTokens }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ request, context }: Route.ActionArgs) {
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

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Log out</h1>
      {loaderData.signedIn ? (
        <>
          <p>Do you want to log out of your account?</p>
          <PostButton action="/logout" className="btn btn-primary self-start" testId="logout-button">
            Log out
          </PostButton>
        </>
      ) : (
        <>
          <p>You are not logged in.</p>
          <a href="/" className="btn btn-primary self-start">
            Go to the home page
          </a>
        </>
      )}
    </div>
  );
}
