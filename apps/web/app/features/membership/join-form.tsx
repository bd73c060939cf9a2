// The Daily Winners join form: a plain post to /daily-winners, so it works without JavaScript from any entry point.
// On its own so the entry-point banner (home page, lotto games) does not bring every Daily Winners view along.
import type { EntryPoint, MembershipTier } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';

export function JoinForm({
  entryPoint,
  returnTo,
  children = 'Join for free',
  tier,
  className = 'btn btn-primary',
  testId = 'join-daily-winners',
}: {
  entryPoint?: EntryPoint;
  returnTo: string;
  children?: ReactNode;
  tier?: MembershipTier;
  className?: string;
  testId?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'join';
  return (
    <Form method="post" action="/daily-winners" className="contents">
      <input type="hidden" name="intent" value="join" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {entryPoint ? <input type="hidden" name="entryPoint" value={entryPoint} /> : null}
      {tier ? <input type="hidden" name="tier" value={tier} /> : null}
      <button type="submit" className={className} data-testid={testId} disabled={busy}>
        {busy ? 'Joining…' : children}
      </button>
    </Form>
  );
}
