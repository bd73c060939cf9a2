// What every wallet route does first: the signed-in customer's api client (or a redirect to /login with the return
// path), and the site's money settings for labels and messages.
import { WebConfig } from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import { requireCustomer } from '../../lib/auth.server.ts';
import type { SiteMoney } from './wallet-forms.server.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import { getDeposit } from './wallet.server.ts';

export async function walletContext(request: Request, context: AppLoadContext) {
  const { auth } = await requireCustomer(request, context);
  let site: SiteMoney & { timeZone: string } = { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' };
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('main', '/config', {
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    const config = WebConfig.safeParse(res.result).data;
    if (config) site = { currency: config.baseCurrency, locale: config.siteLocale, timeZone: config.siteTimeZone };
  } catch {
    // Labels fall back to the base locale (en-AU, AUD) when the configuration cannot be read.
  }
  return { api: auth.api, headers: () => auth.headers(), site, origin: new URL(request.url).origin };
}

/** A wallet call's failure as the route's answer: someone else's or an unknown id is the 404 page. */
export function walletRouteError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422))
    return data({}, { status: 404 });
  return toRouteError(error);
}

/** The deposit an address names, read as the signed-in customer (another customer's or an unknown id: 404 page). */
export async function depositScreen(request: Request, context: AppLoadContext, depositId: string | undefined) {
  const id = checkId(depositId);
  const wallet = await walletContext(request, context);
  try {
    return { wallet, deposit: await getDeposit(wallet.api, id) };
  } catch (error) {
    throw walletRouteError(error);
  }
}

export const PUBLIC_ID = /^[a-z]{2,4}_[A-Za-z0-9]+$/;

export function checkId(id: string | undefined): string {
  if (!id || !PUBLIC_ID.test(id)) notFound();
  return id;
}
