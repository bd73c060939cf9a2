// /account-verification (protected, gated by verify ID): where ConnectID sends the customer back (code and state in
// the query); the page completes the check and shows the outcome, or the verification status when opened directly.
import { Link, data } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import {
  feedbackOf,
  finishConnectId,
  siteMoney,
  verificationState,
} from '../../features/responsible-gambling/rg.server.ts';
import { OutcomeBanner, VerificationSummary } from '../../features/responsible-gambling/verification-view.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/account-verification';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Account verification' }];

const PARAM = /^[A-Za-z0-9_.~-]{1,200}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const url = new URL(request.url);
    const code = url.searchParams.get('code') ?? '';
    const state = url.searchParams.get('state') ?? '';
    let outcome: { status: string; message: string } | null = null;
    if (code || state) {
      if (!PARAM.test(code) || !PARAM.test(state)) {
        outcome = { status: 'failed', message: 'This verification link is not valid. Please start again.' };
      } else {
        try {
          const result = await finishConnectId(auth.api, { code, state });
          outcome = { status: result.status, message: result.message };
        } catch (error) {
          const feedback = feedbackOf(error);
          outcome = {
            status: 'failed',
            message:
              feedback.generalErrors[0] ??
              Object.values(feedback.fieldErrors)[0]?.[0] ??
              'We could not verify you with ConnectID.',
          };
        }
      }
    }
    const [site, current] = await Promise.all([siteMoney(context, request), verificationState(auth.api)]);
    // Reloading the return address replays a used code: a customer already verified sees the status, not a failure.
    if (outcome?.status === 'failed' && current.isVerified) outcome = null;
    return data({ site, state: current, outcome }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function AccountVerificationRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage title="Account verification">
      <OutcomeBanner outcome={loaderData.outcome} />
      <VerificationSummary state={loaderData.state} site={loaderData.site} />
      {loaderData.state.isVerified ? (
        <p>
          <Link to="/my-account" className="underline">
            Go to my account
          </Link>
        </p>
      ) : (
        <p>
          <Link to="/my-account/verify-account" className="underline">
            Try another way to verify
          </Link>
        </p>
      )}
    </AccountPage>
  );
}
