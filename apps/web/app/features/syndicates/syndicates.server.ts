// Server side of the syndicate screens (issue 16): the syndicates on sale, one syndicate (its play screen), adding
// shares to the cart, and the signed-in customer's share page. Every answer is parsed with its contract; an unknown
// syndicate or another customer's share is the 404 page.
import { Syndicate, SyndicateShare } from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';

const SYNDICATE_ID = /^syn_[A-Za-z0-9_-]{1,60}$/;
const SHARE_ID = /^shr_[A-Za-z0-9_-]{1,60}$/;

async function readPublic<S extends z.ZodType>(context: AppLoadContext, request: Request, path: string, schema: S) {
  let result: unknown;
  try {
    result = (await serverApi(context, apiSessionFrom(request)).get<unknown>('main', path, { cache: false })).result;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound();
    throw toRouteError(error);
  }
  const parsed = schema.safeParse(result ?? null);
  if (!parsed.success) throw toRouteError(contractMismatch(`GET ${path}`));
  return parsed.data as z.infer<S>;
}

/** GET /syndicates: every syndicate on sale, soonest draw first. */
export const loadSyndicates = (context: AppLoadContext, request: Request) =>
  readPublic(context, request, '/syndicates', Syndicate.array());

/** The syndicate a play screen shows: ?syndicate=<id>, else the first on sale for the lottery (404 when none). */
export async function loadSyndicateFor(
  context: AppLoadContext,
  request: Request,
  offerKey: string,
): Promise<{ syndicate: Syndicate; others: Syndicate[] }> {
  const wanted = new URL(request.url).searchParams.get('syndicate');
  const onSale = (await loadSyndicates(context, request)).filter((s) => s.productOfferKey === offerKey);
  if (wanted !== null) {
    if (!SYNDICATE_ID.test(wanted)) notFound();
    const one = await readPublic(context, request, `/syndicates/${wanted}`, Syndicate);
    if (one.productOfferKey !== offerKey) notFound();
    return { syndicate: one, others: onSale.filter((s) => s.id !== one.id) };
  }
  const first = onSale[0];
  if (!first) notFound();
  return { syndicate: first, others: onSale.slice(1) };
}

/** GET /syndicate-shares/{id}: the signed-in customer's share purchase (another customer's is 404). */
export async function loadShare(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !SHARE_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  let result: unknown;
  try {
    result = (await auth.api.get<unknown>('main', `/syndicate-shares/${id}`, { cache: false })).result;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound();
    throw toRouteError(error);
  }
  const share = SyndicateShare.safeParse(result);
  if (!share.success) throw toRouteError(contractMismatch('GET /syndicate-shares/{id}'));
  return data({ share: share.data }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
}
