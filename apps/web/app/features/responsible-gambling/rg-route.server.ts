// What the responsible-gambling account pages share on the server: a signed-in customer, the site's money settings,
// answers that are private and never cached, and failures turned into route errors.
import { data, redirect, type AppLoadContext } from 'react-router';
import { requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import type { LimitOutcome } from './limit-actions.server.ts';
import { siteMoney, type RgSite } from './rg.server.ts';
import { submitVerifyForm } from './verification-actions.server.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { withSuccessToast } from '../../lib/toast.server.ts';

/** A page's loader: the site's money settings next to what `load` reads as the customer. */
export async function rgPageLoader<T extends object>(
  request: Request,
  context: AppLoadContext,
  load: (auth: AuthApi) => Promise<T>,
) {
  try {
    const { auth } = await requireCustomer(request, context);
    const [site, page] = await Promise.all([siteMoney(context, request), load(auth)]);
    return data({ site, ...page }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

/** A limit form's post: back where the form says on success, else the form's state with its status. */
export async function limitFormAction(
  request: Request,
  context: AppLoadContext,
  submit: (api: ApiClient, site: RgSite, form: FormData) => Promise<LimitOutcome>,
) {
  try {
    const { auth } = await requireCustomer(request, context);
    const outcome = await submit(auth.api, await siteMoney(context, request), await request.formData());
    if ('redirectTo' in outcome)
      return redirect(outcome.redirectTo, {
        headers: outcome.toast ? withSuccessToast(auth.headers(), outcome.toast) : auth.headers(),
      });
    return data({ state: outcome.state }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

/**
 * A verification form's post: the outcome of the check, or the form with its errors. `elsewhere` names where a post
 * goes that this page does not take (null when it takes it).
 */
export async function verifyFormAction(
  request: Request,
  context: AppLoadContext,
  elsewhere: (form: FormData) => string | null = () => null,
) {
  try {
    const { auth } = await requireCustomer(request, context);
    const form = await request.formData();
    const away = elsewhere(form);
    if (away) return redirect(away, { headers: auth.headers() });
    const outcome = await submitVerifyForm(auth.api, form);
    if ('redirectTo' in outcome) return redirect(outcome.redirectTo, { headers: auth.headers() });
    if ('outcome' in outcome) return data({ outcome: outcome.outcome, form: null }, { headers: auth.headers() });
    return data({ outcome: null, form: outcome.form }, { status: outcome.status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}
