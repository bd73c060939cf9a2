// The back office's confirmation step (docs/back-office.md): a write that moves money, settles, suspends or sends
// first shows this panel on its own address (?confirm=…), so it works without JavaScript and from the keyboard. The
// panel is named by its title; what it asks and its form are the screen's own.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ConfirmPanel({
  testId,
  title,
  className = 'mb-2',
  children,
}: {
  testId?: string;
  title: ReactNode;
  /** Spacing and width around the panel (default: a gap below it). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="confirm-title"
      data-testid={testId}
      className={`${className} rounded-theme border-2 border-[#0d47a1] bg-[#e3f2fd] p-1`}
    >
      <h2 id="confirm-title" className="text-xl font-bold [overflow-wrap:anywhere]">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Tabs of a list's statuses as links (`?status=`), the current one marked for assistive technology. */
export function StatusTabs<S extends string>({
  label,
  statuses,
  current,
  name,
}: {
  label: string;
  statuses: readonly S[];
  current: S;
  name: (status: S) => string;
}) {
  return (
    <nav aria-label={label} className="mb-1 flex flex-wrap gap-1">
      {statuses.map((s) => (
        <Link
          key={s}
          to={`?status=${s}`}
          aria-current={s === current ? 'page' : undefined}
          className="inline-block min-h-[44px] py-0.5 font-semibold underline aria-[current=page]:no-underline aria-[current=page]:border-b-4 aria-[current=page]:border-black"
        >
          {name(s)}
        </Link>
      ))}
    </nav>
  );
}

/** A status as a tab names it: "pending" is what waits. */
export const statusName = (s: string) => (s === 'pending' ? 'Waiting' : s[0]!.toUpperCase() + s.slice(1));
