// The back office's own frame: a plain header with the area's name, the signed-in operator's navigation and sign-out,
// and a main area. Nothing of the customer site (header, footer, drawers, widgets, consent) is rendered here.
import type { Operator } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form, Link, NavLink } from 'react-router';
import { BACK_OFFICE_PATH, ROLE_LABELS, screensFor } from './back-office-paths.ts';

export function BackOfficeFrame({ operator, children }: { operator: Operator | null; children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-1 focus:top-1 focus:z-[70] focus:bg-white focus:p-0.5 focus:text-black"
      >
        Skip to main content
      </a>
      <header className="bg-[#1f2933] text-white">
        <div className="mx-auto flex max-w-[80rem] flex-wrap items-center justify-between gap-1 px-1 py-0.5">
          <p className="text-lg font-bold">
            {operator ? (
              <a href={BACK_OFFICE_PATH} className="text-white no-underline">
                Back office
              </a>
            ) : (
              'Back office'
            )}
          </p>
          {operator ? (
            <div className="flex flex-wrap items-center gap-1">
              <p data-testid="signed-in-operator">
                {operator.name} <span className="text-[#d9e2ec]">({ROLE_LABELS[operator.role]})</span>
              </p>
              <Link
                to={`${BACK_OFFICE_PATH}/account`}
                className="inline-flex min-h-[44px] items-center font-semibold text-white underline"
              >
                Your password
              </Link>
              <Form method="post" action={`${BACK_OFFICE_PATH}/sign-out`}>
                <button type="submit" className="min-h-[44px] rounded-theme border border-white px-1 font-semibold">
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {operator ? (
          <nav aria-label="Back office" className="border-t border-[#52606d]">
            <ul className="mx-auto flex max-w-[80rem] flex-wrap gap-x-1 px-1">
              {screensFor(operator.role).map((s) => (
                <li key={s.path}>
                  <NavLink
                    to={s.path}
                    className="inline-block min-h-[44px] py-0.5 font-semibold text-white aria-[current=page]:underline aria-[current=page]:decoration-2"
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[80rem] flex-1 px-1 py-1 focus:outline-none">
        {children}
      </main>
    </>
  );
}

/** A screen's heading and what it is for. */
export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-1">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children ? <p className="text-[#4a4a4a]">{children}</p> : null}
    </div>
  );
}

/** When an operator's action happened, in UTC (operators work across time zones; the audit log is in UTC). */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An error inside the back office: its own frame (with the navigation when the operator is known). */
export function BackOfficeErrorPage({ status, operator }: { status: number; operator: Operator | null }) {
  const text =
    status === 403
      ? 'Your role does not allow this.'
      : status === 404
        ? 'There is no such back-office page.'
        : 'Something went wrong. Try again; if it keeps failing, tell an admin.';
  return (
    <BackOfficeFrame operator={operator}>
      <h1 className="mb-1 text-2xl font-bold">
        {status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : 'Something went wrong'}
      </h1>
      <p role="alert">{text}</p>
      <p className="mt-1">
        <a href={BACK_OFFICE_PATH} className="font-semibold underline">
          Back to the back office
        </a>
      </p>
    </BackOfficeFrame>
  );
}
