// Play screen /:productOfferKey/:gameTypeKey (spec core §2 product offer routes and game-type suffixes: /systems,
// /boxed, /powerhit ...): the same screen as the offer page, building a ticket of the game type the path names;
// ?firstDrawNo= picks the first draw. An unknown game type, or one on an offer that is not a lottery, is a 404.
import { useActionData } from 'react-router';
import { PlayScreen } from './play-screen.tsx';
import { loadPlayScreen, playScreenAction, type PlayScreenResult } from './play-screen.server.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import type { Route } from './+types/offer-play';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPlayScreen(request, context, params);
}

// Anonymous visitors share the page (lib/http-caching.ts); the loader says for how long.
export const headers: Route.HeadersFunction = withSharedCaching;

export function action({ request, context }: Route.ActionArgs) {
  return playScreenAction(request, context);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const type = data.builder?.offer.gameTypes.find((t) => t.type === data.builder?.gameType);
  return [{ title: `Play ${data.offer.name} ${type?.name ?? ''}`.trim() }];
}

export default function OfferPlay({ loaderData }: Route.ComponentProps) {
  const result = useActionData<PlayScreenResult>();
  return <PlayScreen data={loaderData} result={result} />;
}
