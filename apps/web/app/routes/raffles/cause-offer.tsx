// A raffle reached from a cause, /causes/:causeSlug/:productOfferKey (spec core §2): the raffle page with this cause
// already chosen in the buy form. A raffle that does not support the cause is the 404 page.
import { RaffleScreen } from '../../features/raffles/raffle-screen.tsx';
import { loadCause } from '../../features/raffles/raffles.server.ts';
import { loadRaffleScreen } from './raffle-routes.server.ts';
import { notFound } from '../../lib/route-errors.ts';
import { Link } from 'react-router';
import type { Route } from './+types/cause-offer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const cause = await loadCause(context, request, params.causeSlug);
  const screen = await loadRaffleScreen(context, request, params.productOfferKey, { chosenCause: cause.slug });
  if (!screen.raffle.causes.some((c) => c.slug === cause.slug)) notFound();
  return { screen, cause: { slug: cause.slug, name: cause.name } };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.screen.raffle.name}: supporting ${data.cause.name}` }] : [];
}

export default function CauseOffer({ loaderData }: Route.ComponentProps) {
  const { screen, cause } = loaderData;
  return (
    <>
      <nav aria-label="Breadcrumb" className="page-container pt-1 text-sm">
        <Link to="/causes" className="underline">
          Causes
        </Link>{' '}
        /{' '}
        <Link to={`/causes/${cause.slug}`} className="underline">
          {cause.name}
        </Link>
      </nav>
      <RaffleScreen data={screen} />
    </>
  );
}
