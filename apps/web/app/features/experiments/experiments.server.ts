// The experiment flag boost-buy-tickets (spec core §9; docs/experiments-and-analytics.md): which play-screen call to
// action a visitor sees, asked of the API's experiment-flag service, and the purchase that converts them.
// A visitor is enrolled (sticky variant, exposure recorded) only with the analytics anonymous id, which exists only
// while non-essential cookies are allowed; others see the control. ?variant=treatment|control forces the variant
// (anything else is ignored by the service). A page shared between anonymous visitors always shows the control.
import { ExperimentAssignment } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import type { ApiClient } from '../../lib/api-client.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { readConsent } from '../../lib/consent.ts';
import { COOKIE_NAMES } from '../../lib/cookie-names.ts';
import { parseCookies } from '../../lib/cookies.ts';
import { isShareable } from '../../lib/http-caching.ts';
import { identifierOrNull } from '../../lib/identifiers.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';

export type BoostBuyTicketsVariant = 'control' | 'treatment';
const EXPERIMENT = 'boost-buy-tickets';

/** The visitor's experiment id: the analytics anonymous id, unless they chose "Essential only". */
function experimentVisitorId(request: Request): string | null {
  const cookie = request.headers.get('cookie');
  if (readConsent(cookie) === 'essential') return null;
  return identifierOrNull(parseCookies(cookie)[COOKIE_NAMES.analyticsId]);
}

export async function boostBuyTicketsVariant(
  request: Request,
  context: AppLoadContext,
): Promise<BoostBuyTicketsVariant> {
  if (isShareable(request)) return 'control';
  const visitorId = experimentVisitorId(request);
  const forced = new URL(request.url).searchParams.get('variant');
  if (!visitorId && !forced) return 'control';
  try {
    const res = await serverApi(context, apiSessionFrom(request)).post<unknown>(
      'main',
      `/experiments/${EXPERIMENT}/assignment`,
      { visitorId, variant: forced },
    );
    const variant = ExperimentAssignment.safeParse(res.result).data?.variant;
    return variant === 'treatment' ? 'treatment' : 'control';
  } catch (error) {
    // The experiment never breaks the play screen: without an answer the visitor sees the control.
    console.error(`[experiments] assignment unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return 'control';
  }
}

/** The receipt of a purchase: counted for the experiments this visitor saw (the API checks it is the customer's). */
export async function recordExperimentPurchase(request: Request, api: ApiClient, checkoutId: string): Promise<void> {
  const visitorId = experimentVisitorId(request);
  if (!visitorId) return;
  try {
    await api.post('main', '/experiments/conversions', { visitorId, checkoutId });
  } catch (error) {
    console.error(`[experiments] conversion not recorded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
