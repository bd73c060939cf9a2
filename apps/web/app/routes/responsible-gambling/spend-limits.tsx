// /my-account/spend-limits (protected, gated by spend limits): spend limits per period, the site-wide limits and the
// deposit limits (#deposit). "?from=cart" (the cart's blocked-reason action) goes back to the cart after saving.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { submitLimitForm } from '../../features/responsible-gambling/limit-actions.server.ts';
import { FROM_CART, isNoticeKey, NOTICES } from '../../features/responsible-gambling/rg-rules.ts';
import { depositLimits, spendLimits } from '../../features/responsible-gambling/rg.server.ts';
import { SpendLimitsView } from '../../features/responsible-gambling/spend-limits-view.tsx';
import { limitFormAction, rgPageLoader } from '../../features/responsible-gambling/rg-route.server.ts';
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
  return rgPageLoader(request, context, async (auth) => {
    const [limits, deposits] = await Promise.all([
      spendLimits(auth.api),
      // The deposit section says so when its limits cannot be read; the spend limits still show.
      depositLimits(auth.api).catch(() => null),
    ]);
    const notice = new URL(request.url).searchParams.get('notice');
    return { limits, deposits, notice: isNoticeKey(notice) ? NOTICES[notice] : null, from: fromOf(request) };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return limitFormAction(request, context, (api, site, form) => {
    const from =
      form.get('from') === FROM_CART || new URL(request.url).searchParams.get('from') === FROM_CART ? FROM_CART : null;
    return submitLimitForm(api, site, form, from);
  });
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
