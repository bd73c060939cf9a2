// /my-account/manual-verification (protected, gated by verify ID): what a manual check needs, and the photo ID upload
// (multipart: images or PDF, checked by the API, which names a refused file).
import { data, redirect } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../features/auth/auth.server.ts';
import { siteMoney, verificationState } from '../../features/responsible-gambling/rg.server.ts';
import { submitVerifyForm } from '../../features/responsible-gambling/verification-actions.server.ts';
import { ManualVerificationView } from '../../features/responsible-gambling/verification-view.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/manual-verification';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Verify with documents' }];

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
    const form = await request.formData();
    // Only the upload lives on this page: another intent posted here is someone else's form.
    if (form.get('intent') !== 'upload') return redirect('/my-account/manual-verification', { headers: auth.headers() });
    const outcome = await submitVerifyForm(auth.api, context, auth.session, form);
    if ('redirectTo' in outcome) return redirect(outcome.redirectTo, { headers: auth.headers() });
    if ('outcome' in outcome) return data({ outcome: outcome.outcome, form: null }, { headers: auth.headers() });
    return data({ outcome: null, form: outcome.form }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function ManualVerificationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Verify with documents">
      <ManualVerificationView state={loaderData.state} site={loaderData.site} form={actionData?.form ?? null} outcome={actionData?.outcome ?? null} />
    </AccountPage>
  );
}
