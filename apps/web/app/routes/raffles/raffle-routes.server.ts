// What the raffle routes compose from several features: the catalogue (a raffle's url slug), the raffle API and the
// cart (adding tickets). Features never import each other; the routes do it here once.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from 'react-router';
import type { Raffle, RaffleDraw } from '@shop/contracts';
import { addToCart } from '../../features/cart/cart.server.ts';
import { loadOffer, loadOffers } from '../../features/lotteries/lotteries.server.ts';
import { offerPath } from '../../features/lotteries/offer-links.ts';
import {
  drawNoParam,
  loadRaffle,
  loadRaffleDraw,
  raffleSlug,
  utmSearch,
} from '../../features/raffles/raffles.server.ts';
import { CHOOSE_TICKETS, RaffleBuyForm } from '../../features/raffles/raffle-forms.ts';
import { submissionErrors } from '../../lib/form-data.ts';
import { notFound } from '../../lib/route-errors.ts';

const OFFER_KEY = /^[a-z0-9-]{1,64}$/;

export interface RaffleScreenLoad {
  raffle: Raffle;
  slug: string;
  draw: RaffleDraw;
  now: string;
  utm: string;
  chosenCause: string | null;
}

/** The raffle a path names: its url slug (as the catalogue lists it), an alias or its offer key; else the 404 page. */
export async function resolveRaffleKey(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
): Promise<string> {
  const wanted = (param ?? '').toLowerCase();
  if (!wanted || wanted.length > 80) notFound();
  const offers = await loadOffers(context, request);
  const match = offers.find(
    (o) => o.slug.toLowerCase() === wanted || o.aliases.some((a) => a.toLowerCase() === wanted) || o.key === wanted,
  );
  if (match) {
    if (match.type !== 'raffle_ticket') notFound();
    return match.key;
  }
  // A raffle with no draw on sale (every draw done) is not in the catalogue's list, yet its draws and winners stay
  // public: the raffle API answers 404 for anything else.
  if (!OFFER_KEY.test(wanted)) notFound();
  return wanted;
}

/**
 * What a raffle screen shows: the raffle and one draw (the one asked for, else the one on sale now, else the next).
 * A draw that is no longer coming (closed, drawn) is read on its own.
 */
export async function loadRaffleScreen(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
  opts: { drawNo?: number; chosenCause?: string | null } = {},
): Promise<RaffleScreenLoad> {
  const offerKey = await resolveRaffleKey(context, request, param);
  const raffle = await loadRaffle(context, request, offerKey);
  let draw: RaffleDraw | undefined;
  if (opts.drawNo !== undefined) {
    draw =
      raffle.draws.find((d) => d.drawNo === opts.drawNo) ??
      (await loadRaffleDraw(context, request, offerKey, opts.drawNo));
  } else {
    draw =
      raffle.draws.find((d) => d.purchaseStatus === 'open') ??
      raffle.draws.find((d) => d.purchaseStatus === 'pre_order') ??
      raffle.draws[0];
  }
  if (!draw) notFound();
  return {
    raffle,
    slug: raffleSlug(raffle),
    draw,
    now: new Date().toISOString(),
    utm: utmSearch(request.url),
    chosenCause: opts.chosenCause ?? null,
  };
}

/**
 * /:productOfferKey/buy of a lottery (core §2): buying a lottery ticket is its play screen, so the visitor goes there,
 * keeping the query (firstDrawNo, utm values); raffles carry on to their buy screen. An unknown offer is a 404.
 */
export async function playScreenUnlessRaffle(context: AppLoadContext, request: Request, param: string | undefined) {
  const offer = await loadOffer(context, request, param);
  if (offer.type === 'raffle_ticket') return;
  const query = new URL(request.url).searchParams;
  query.delete('free-postal-entry');
  const search = query.toString();
  throw redirect(`${offerPath(offer)}${search ? `?${search}` : ''}`);
}

export type RaffleBuyResult = { error: string; fieldErrors?: Record<string, string[]> };

const BUY_FALLBACK = 'Sorry, there was an unexpected error while updating your cart. Please try again.';

/**
 * The buy form's action: the chosen bundle (or another count) and cause become a raffle_ticket cart item for this
 * draw; then the cart, keeping the utm values (core §2 Navigation behaviour). A refusal (sold out, region, cause)
 * comes back with the API's message for the form.
 */
export async function raffleBuyAction(
  request: Request,
  context: AppLoadContext,
  params: { productOfferKey?: string; drawNo?: string },
) {
  const offerKey = await resolveRaffleKey(context, request, params.productOfferKey);
  const drawNo = drawNoParam(params.drawNo);
  const submission = parseWithZod(await request.formData(), { schema: RaffleBuyForm });
  if (submission.status !== 'success') {
    const { fieldErrors } = submissionErrors(submission);
    const error = Object.values(fieldErrors).flat()[0] ?? CHOOSE_TICKETS;
    return data<RaffleBuyResult>({ error, fieldErrors }, { status: 422 });
  }
  const { numTickets, causeKey: cause } = submission.value;
  let change;
  try {
    change = await addToCart(request, context, {
      item: {
        productType: 'raffle_ticket',
        productOfferKey: offerKey,
        drawNo,
        numTickets,
        ...(cause ? { causeKey: cause } : {}),
      },
    });
  } catch (error) {
    console.error('[raffles] add to cart failed:', error instanceof Error ? error.message : error);
    return data<RaffleBuyResult>({ error: BUY_FALLBACK }, { status: 500 });
  }
  if ('error' in change) {
    const fieldErrors =
      change.fieldErrors && Object.keys(change.fieldErrors).length > 0 ? { fieldErrors: change.fieldErrors } : {};
    return data<RaffleBuyResult>({ error: change.error || BUY_FALLBACK, ...fieldErrors }, { status: 422 });
  }
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  throw redirect(`/cart${utmSearch(request.url)}`, { headers });
}
