// /my-account/verify-account (protected, gated by verify ID): the status of each verification method and the forms
// of the online check, the driver's licence check and ConnectID; documents go to /my-account/manual-verification.
import { data, redirect } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../features/auth/auth.server.ts';
import { siteMoney, verificationState } from '../../features/responsible-gambling/rg.server.ts';
import { submitVerifyForm } from '../../features/responsible-gambling/verification-actions.server.ts';
import { VerifyAccountView } from '../../features/responsible-gambling/verification-view.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/verify-account';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Verify your account' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const [site, state] = await Promise.all([siteMoney(context, request), verificationState(auth.api)]);
    return data({ site, state }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const outcome = await submitVerifyForm(auth.api, context, auth.session, await request.formData());
    if ('redirectTo' in outcome) return redirect(outcome.redirectTo, { headers: auth.headers() });
    if ('outcome' in outcome) return data({ outcome: outcome.outcome, form: null }, { headers: auth.headers() });
    return data({ outcome: null, form: outcome.form }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function VerifyAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Verify your account">
      <VerifyAccountView state={loaderData.state} site={loaderData.site} form={actionData?.form ?? null} outcome={actionData?.outcome ?? null} />
    </AccountPage>
  );
}
