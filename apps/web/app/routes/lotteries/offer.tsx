// Offer page /:productOfferKey (spec core §2: the play screen is /:productOfferKey/:gameTypeKey?, so without a game
// type it plays the offer's first game type, standard): the offer with the draw chosen by ?firstDrawNo= (the next
// draw otherwise) and the draws to choose from, the ticket builder, each game type with its prices, and the links
// to results, statistics and terms. The action adds the ticket to the cart, or schedules it for later.
import { useActionData } from 'react-router';
import { loadOffer } from '../../features/lotteries/lotteries.server.ts';
import { PlayScreen } from './play-screen.tsx';
import { loadPlayScreen, playScreenAction, type PlayScreenResult } from './play-screen.server.ts';
// Charity raffles (issue 7, RAFFLE-WEB) have their own offer page.
import { RaffleScreen } from '../../features/raffles/raffle-screen.tsx';
import { loadRaffleScreen } from '../raffles/raffle-routes.server.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import type { Route } from './+types/offer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(context, request, params.productOfferKey);
  if (offer.type === 'raffle_ticket') return { raffle: await loadRaffleScreen(context, request, offer.key) };
  return loadPlayScreen(request, context, { productOfferKey: params.productOfferKey }, offer);
}

// Anonymous visitors share the page (lib/http-caching.ts); the loader says for how long.
export const headers: Route.HeadersFunction = withSharedCaching;

export function action({ request, context }: Route.ActionArgs) {
  return playScreenAction(request, context);
}

export function meta({ data }: Route.MetaArgs) {
  if (data && 'raffle' in data) return [{ title: `${data.raffle.raffle.name} tickets` }];
  return data ? [{ title: `${data.offer.name} tickets` }] : [];
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<PlayScreenResult>();
  if ('raffle' in loaderData) return <RaffleScreen data={loaderData.raffle} />;
  return <PlayScreen data={loaderData} result={result} />;
}
