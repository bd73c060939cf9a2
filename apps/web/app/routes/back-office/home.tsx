// /back-office: where an operator lands after signing in: the screens their role opens.
import { Link, useRouteLoaderData } from 'react-router';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { backOfficeMeta, ROLE_LABELS, screensFor } from '../../features/back-office/back-office-paths.ts';
import type { loader as signedInLoader } from './signed-in.tsx';

export function meta() {
  return backOfficeMeta(null);
}

export default function Home() {
  const operator = useRouteLoaderData<typeof signedInLoader>('back-office-signed-in')?.operator;
  if (!operator) return null;
  const screens = screensFor(operator.role);
  return (
    <>
      <ScreenTitle title={`Welcome, ${operator.name}`}>
        You are signed in as {ROLE_LABELS[operator.role].toLowerCase()}. Every action you take here is recorded in the
        audit log.
      </ScreenTitle>
      {screens.length ? (
        <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {screens.map((s) => (
            <li key={s.path}>
              <Link
                to={s.path}
                className="block rounded-theme border border-[#767676] p-1 text-lg font-semibold underline"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Your role has no back-office screens in this version of the shop; its work is done with the operator CLI.</p>
      )}
    </>
  );
}
