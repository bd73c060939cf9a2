// /my-account/spend-limits (protected, gated by spend limits): spend limits per period, the site-wide limits and the
// deposit limits (#deposit). "?from=cart" (the cart's blocked-reason action) goes back to the cart after saving.
import { data, redirect } from 'react-router';
import { AccountPage } from '../../features/account/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../features/auth/auth.server.ts';
import { submitLimitForm } from '../../features/responsible-gambling/limit-actions.server.ts';
import { FROM_CART, isNoticeKey, NOTICES } from '../../features/responsible-gambling/rg-rules.ts';
import { depositLimits, siteMoney, spendLimits } from '../../features/responsible-gambling/rg.server.ts';
import { SpendLimitsView } from '../../features/responsible-gambling/spend-limits-view.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/spend-limits';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Spend limits' }];

/** "?from=cart", or a visit that followed the cart's blocked-reason link (its Referer is the cart on this site). */
function fromOf(request: Request): string | null {
  const url = new URL(request.url);
  if (url.searchParams.get('from') === FROM_CART) return FROM_CART;
  const referer = request.headers.get('referer');
  if (!referer || request.method !== 'GET') return null;
  try {
    const ref = new URL(referer);
    return ref.origin === url.origin && (ref.pathname === '/cart' || ref.pathname === '/cart/buy') ? FROM_CART : null;
  } catch {
    return null;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const [site, limits, deposits] = await Promise.all([
      siteMoney(context, request),
      spendLimits(auth.api),
      // The deposit section says so when its limits cannot be read; the spend limits still show.
      depositLimits(auth.api).catch(() => null),
    ]);
    const notice = new URL(request.url).searchParams.get('notice');
    return data(
      { site, limits, deposits, notice: isNoticeKey(notice) ? NOTICES[notice] : null, from: fromOf(request) },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const form = await request.formData();
    const from = form.get('from') === FROM_CART || new URL(request.url).searchParams.get('from') === FROM_CART ? FROM_CART : null;
    const outcome = await submitLimitForm(auth.api, await siteMoney(context, request), form, from);
    if ('redirectTo' in outcome) return redirect(outcome.redirectTo, { headers: auth.headers() });
    return data({ state: outcome.state }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function SpendLimitsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Spend limits">
      <SpendLimitsView
        limits={loaderData.limits}
        deposits={loaderData.deposits}
        site={loaderData.site}
        notice={actionData ? null : loaderData.notice}
        state={actionData?.state ?? null}
        from={loaderData.from}
      />
    </AccountPage>
  );
}
