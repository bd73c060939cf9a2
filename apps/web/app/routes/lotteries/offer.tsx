// Offer page /:productOfferKey (spec core §2: the play screen is /:productOfferKey/:gameTypeKey?, so without a game
// type it plays the offer's first game type, standard): the offer with the draw chosen by ?firstDrawNo= (the next
// draw otherwise) and the draws to choose from, the ticket builder, each game type with its prices, and the links
// to results, statistics and terms. The action adds the ticket to the cart, or schedules it for later.
import { data, useActionData } from 'react-router';
import { loadOffer, loadOfferPreview } from '../../features/lotteries/lotteries.server.ts';
import { PlayScreen } from './play-screen.tsx';
import { loadPlayScreen, playScreenAction, type PlayScreenResult } from './play-screen.server.ts';
import { loadRaffleScreen } from '../raffles/raffle-routes.server.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import { deferredPart } from '../../ui/deferred-part.tsx';
import type { Route } from './+types/offer';

/**
 * Charity raffles (issue 7, RAFFLE-WEB) have their own offer page on this path. Its code loads only where an offer is
 * a raffle, so a lottery's play screen carries none of it (a named deferred part, ADR 107; docs/storefront.md
 * "Performance"): the server renders it in place, and a page that arrives with it loads it before hydrating.
 */
const RaffleScreen = deferredPart(
  () => import('../../features/raffles/raffle-screen.tsx').then((m) => m.RaffleScreen),
  undefined,
  'raffle-screen',
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The preview flag (spec core §2): an operator-signed link shows an offer that is not on sale, never buyable.
  const previewed = await loadOfferPreview(context, request, params.productOfferKey);
  if (previewed)
    return loadPlayScreen(request, context, { productOfferKey: params.productOfferKey }, previewed, { preview: true });
  const offer = await loadOffer(context, request, params.productOfferKey);
  if (offer.type === 'raffle_ticket') return { raffle: await loadRaffleScreen(context, request, offer.key) };
  return loadPlayScreen(request, context, { productOfferKey: params.productOfferKey }, offer);
}

// Anonymous visitors share the page (lib/http-caching.ts); the loader says for how long. A preview is not indexed.
export const headers: Route.HeadersFunction = (args) => {
  const headers = withSharedCaching(args);
  const robots = args.loaderHeaders.get('X-Robots-Tag');
  if (robots) headers.set('X-Robots-Tag', robots);
  return headers;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  // A preview is never buyable, whatever is posted to it.
  if (await loadOfferPreview(context, request, params.productOfferKey))
    return data({ error: 'Tickets cannot be bought from this preview.' }, { status: 403 });
  return playScreenAction(request, context);
}

export function meta({ data }: Route.MetaArgs) {
  if (data && 'raffle' in data) return [{ title: `${data.raffle.raffle.name} tickets` }];
  if (data && 'preview' in data && data.preview)
    return [{ title: `Preview: ${data.offer.name}` }, { name: 'robots', content: 'noindex, nofollow' }];
  return data ? [{ title: `${data.offer.name} tickets` }] : [];
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<PlayScreenResult>();
  if ('raffle' in loaderData) return <RaffleScreen data={loaderData.raffle} />;
  return <PlayScreen data={loaderData} result={result} />;
}
