// A button that POSTs to an address: what changes state (log out, cancel a deposit, buy again) is a form post, never
// a link, so a cross-site link or prefetch cannot trigger it (issue 14). It works without JavaScript.
import type { ReactNode } from 'react';
import { Form } from 'react-router';

export function PostButton({
  action,
  className,
  testId,
  children,
}: {
  action: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="contents">
      <button type="submit" className={className} data-testid={testId}>
        {children}
      </button>
    </Form>
  );
}
