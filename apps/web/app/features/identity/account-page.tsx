// The frame of every /my-account screen: a heading, the way back to the account home, and the page's content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AccountPage({ title, children, back = true }: { title: string; children: ReactNode; back?: boolean }) {
  return (
    <div className="page-container max-w-[720px] py-2">
      {back ? (
        <p className="mb-0.5">
          <Link to="/my-account" className="underline">
            My account
          </Link>
        </p>
      ) : null}
      <h1 className="mb-1 text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
