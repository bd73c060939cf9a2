// The subscription routes composed from several features (features never import each other; the routes do it here
// once): the raffle (raffles) and its catalogue offer (whether it sells subscriptions), the cart (subscribing goes
// through the cart and checkout, paid like any purchase) and the subscriptions themselves.
import { parseWithZod } from '@conform-to/zod/v4';
import { ProductOffers, type Raffle } from '@shop/contracts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { contractMismatch } from '../../lib/api-errors.ts';
import { submissionErrors } from '../../lib/form-data.ts';
import { madeOnce } from '../../lib/made-once.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { addToCart } from '../../features/cart/cart.server.ts';
import { visitorProductOffers } from '../../features/lotteries/lotteries.server.ts';
import { bundleOptions, defaultEntry } from '../../features/raffles/raffle-format.ts';
import { loadRaffle, utmSearch } from '../../features/raffles/raffles.server.ts';
import { SubscribeForm } from '../../features/subscriptions/subscription-forms.ts';
import type { CauseChoice, TicketsChoice } from '../../features/subscriptions/subscription-views.tsx';
import { loadRaffleScreen, resolveRaffleKey } from '../raffles/raffle-routes.server.ts';

const parseOffers = (raw: unknown) => ProductOffers.safeParse(raw);

/** The raffles the catalogue sells subscriptions of now (their recurring purchase; docs/recurring.md). */
export async function subscriptionOffers(
  context: AppLoadContext,
  request: Request,
): Promise<{ key: string; name: string; path: string }[]> {
  try {
    const res = await visitorProductOffers(context, request);
    const parsed = madeOnce(res.result, parseOffers);
    if (!parsed.success) throw contractMismatch(`GET ${res.path}`);
    return Object.values(parsed.data)
      .filter(
        (o) =>
          o.type === 'raffle_ticket' &&
          o.availability === 'available' &&
          !o.suspended &&
          o.recurringPurchase.type === 'subscription' &&
          o.recurringPurchase.availability !== 'never',
      )
      .sort((a, b) => a.ranking - b.ranking)
      .map((o) => ({ key: o.key, name: o.name, path: `${o.url.replace(/\/$/, '')}/subscription` }));
  } catch (error) {
    throw toRouteError(error);
  }
}

const causesOf = (raffle: Raffle): CauseChoice[] => raffle.causes.map((c) => ({ key: c.slug, name: c.name }));

/** /:productOfferKey/subscription: a charity raffle that sells subscriptions, else the 404 page. */
export async function loadSubscribeScreen(context: AppLoadContext, request: Request, param: string | undefined) {
  const screen = await loadRaffleScreen(context, request, param);
  const sold = await subscriptionOffers(context, request);
  if (!sold.some((o) => o.key === screen.raffle.productOfferKey)) notFound();
  const choices: TicketsChoice[] = bundleOptions(screen.raffle).map((b) => ({
    tickets: b.tickets,
    priceCents: b.priceCents,
  }));
  const chosen = new URL(request.url).searchParams.get('cause');
  return {
    offerName: screen.raffle.name,
    offerKey: screen.raffle.productOfferKey,
    slug: screen.slug,
    currency: screen.raffle.currency,
    choices,
    defaultTickets: defaultEntry(screen.raffle),
    causes: causesOf(screen.raffle),
    chosenCause: chosen && screen.raffle.causes.some((c) => c.slug === chosen) ? chosen : null,
    utm: screen.utm,
  };
}

const FALLBACK = 'Sorry, there was an unexpected error while updating your cart. Please try again.';

/** The subscribe form's action: the entry with its period goes to the cart; then the cart (utm values kept). */
export async function subscribeAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const offerKey = await resolveRaffleKey(context, request, param);
  const submission = parseWithZod(await request.formData(), { schema: SubscribeForm });
  if (submission.status !== 'success') {
    const { fieldErrors } = submissionErrors(submission);
    return data({ error: Object.values(fieldErrors).flat()[0] ?? FALLBACK }, { status: 422 });
  }
  const { period, numTickets, causeKey } = submission.value;
  let change;
  try {
    change = await addToCart(request, context, {
      item: { productType: 'raffle_ticket', productOfferKey: offerKey, numTickets, ...(causeKey ? { causeKey } : {}) },
      recurringPurchase: { type: 'subscription', enabled: true, period },
    });
  } catch (error) {
    console.error('[subscriptions] add to cart failed:', error instanceof Error ? error.message : error);
    return data({ error: FALLBACK }, { status: 500 });
  }
  if ('error' in change) return data({ error: change.error || FALLBACK }, { status: 422 });
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  throw redirect(`/cart${utmSearch(request.url)}`, { headers });
}

/** The causes a raffle subscription can support (the change form), [] for anything else or a raffle gone. */
export async function causesFor(context: AppLoadContext, request: Request, productType: string, offerKey: string) {
  if (productType !== 'raffle_ticket') return [];
  try {
    return causesOf(await loadRaffle(context, request, offerKey));
  } catch {
    return [];
  }
}
