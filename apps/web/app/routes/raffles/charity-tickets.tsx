// Category page /charity-tickets (spec core §2, charity pages gate): every charity raffle on sale with its first prize,
// draw date, tickets left and the price to enter.
import { RaffleCard } from '../../features/raffles/raffle-parts.tsx';
import { loadRaffles, raffleSlug } from '../../features/raffles/raffles.server.ts';
import { useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/charity-tickets';

export async function loader({ request, context }: Route.LoaderArgs) {
  const raffles = await loadRaffles(context, request);
  return { raffles: raffles.filter((r) => r.draws.length > 0).map((raffle) => ({ raffle, slug: raffleSlug(raffle) })) };
}

export function meta() {
  return [{ title: 'Charity tickets' }];
}

export default function CharityTickets({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Charity tickets</h1>
      <p>Win a prize and support a good cause: every ticket helps the charity behind the raffle.</p>
      {loaderData.raffles.length === 0 ? (
        <p>There are currently no products available, please check back later. Thank you for being patient.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.raffles.map(({ raffle, slug }) => (
            <li key={raffle.productOfferKey}>
              <RaffleCard raffle={raffle} slug={slug} site={site} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
