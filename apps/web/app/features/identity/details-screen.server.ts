// The details form's load and save for the screens that show it: /my-account/my-details,
// /my-account/upgrade-account and /force-upgrade-account (which go on to the account home once saved).
import { data, redirect, type AppLoadContext } from 'react-router';
import { loadDetails, saveDetails } from './details.server.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { loadWebConfig } from './login.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { withSuccessToast } from '../../lib/toast.server.ts';

export async function loadDetailsScreen(
  request: Request,
  context: AppLoadContext,
  options: { onlyForRequiredUpgrade?: boolean } = {},
) {
  try {
    const { auth, customer } = await requireCustomer(request, context);
    // The forced upgrade page is for a customer who owes one; anyone else has nothing to do there.
    if (options.onlyForRequiredUpgrade && !customer.accountUpgrade)
      throw redirect('/my-account', { headers: auth.headers() });
    const [{ details, defaults }, config] = await Promise.all([loadDetails(auth.api), loadWebConfig(request, context)]);
    return data(
      { email: details.email, defaults, regions: config.regions, immutable: config.immutableCustomerFields },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function saveDetailsScreen(
  request: Request,
  context: AppLoadContext,
  options: { thenGoTo?: string } = {},
) {
  try {
    const { auth } = await requireCustomer(request, context);
    const config = await loadWebConfig(request, context);
    const saved = await saveDetails(auth.api, await request.formData(), config.immutableCustomerFields);
    const headers = saved.message ? withSuccessToast(auth.headers(), saved.message) : auth.headers();
    if (saved.message && options.thenGoTo) throw redirect(options.thenGoTo, { headers });
    return data(saved, { status: saved.message ? 200 : 400, headers });
  } catch (error) {
    throw toRouteError(error);
  }
}
