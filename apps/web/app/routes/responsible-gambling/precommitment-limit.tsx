// /my-account/precommitment-limit (protected, no capability gate: spec core §2): POST /precommitment (form: limit,
// period) and DELETE /precommitment.
import { data, redirect } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../features/auth/auth.server.ts';
import { submitPrecommitmentForm } from '../../features/responsible-gambling/limit-actions.server.ts';
import { PrecommitmentView } from '../../features/responsible-gambling/precommitment-view.tsx';
import { isNoticeKey, NOTICES } from '../../features/responsible-gambling/rg-rules.ts';
import { precommitment, siteMoney } from '../../features/responsible-gambling/rg.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/precommitment-limit';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Pre-commitment limit' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const [site, current] = await Promise.all([siteMoney(context, request), precommitment(auth.api)]);
    const notice = new URL(request.url).searchParams.get('notice');
    return data(
      { site, precommitment: current, notice: isNoticeKey(notice) ? NOTICES[notice] : null },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const outcome = await submitPrecommitmentForm(auth.api, await siteMoney(context, request), await request.formData());
    if ('redirectTo' in outcome) return redirect(outcome.redirectTo, { headers: auth.headers() });
    return data({ state: outcome.state }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function PrecommitmentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Pre-commitment limit">
      <PrecommitmentView
        precommitment={loaderData.precommitment}
        site={loaderData.site}
        notice={actionData ? null : loaderData.notice}
        state={actionData?.state ?? null}
      />
    </AccountPage>
  );
}
