// Every back-office screen but sign-in: the operator is read from the session (GET /api/admin/me) before the screen
// loads; without a session, or with an ended one, the operator is sent to sign in (with a notice when it ended).
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import { BackOfficeErrorPage, BackOfficeFrame } from '../../features/back-office/back-office-frame.tsx';
import { requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import type { Route } from './+types/signed-in';

export function meta() {
  return backOfficeMeta(null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = await requireOperator(request, context);
  return { operator };
}

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeFrame operator={loaderData.operator}>
      <Outlet />
    </BackOfficeFrame>
  );
}

/** A screen's error (the role's 403, a 404) keeps the operator's navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const operator = useRouteLoaderData<typeof loader>('back-office-signed-in')?.operator ?? null;
  return <BackOfficeErrorPage status={isRouteErrorResponse(error) ? error.status : 500} operator={operator} />;
}
