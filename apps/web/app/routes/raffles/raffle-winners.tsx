// Winners of a raffle /:productOfferKey/winners (spec core §2, features §7 draw winners): the past draws, newest
// first, each with its prizes' winning tickets, masked winner names and localities, and a link to check the draw.
import { Link } from 'react-router';
import type { RaffleDraw } from '@shop/contracts';
import { drawPath, rafflePath, verifyPath } from '../../features/raffles/raffle-format.ts';
import { WinnersTable } from '../../features/raffles/raffle-parts.tsx';
import { loadRaffle, loadRaffleDraw, raffleSlug } from '../../features/raffles/raffles.server.ts';
import { resolveRaffleKey } from './raffle-routes.server.ts';
import { longDate, useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/raffle-winners';

/** The most recent past draws shown; older ones stay reachable at their draw page. */
const WINNERS_DRAWS = 10;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offerKey = await resolveRaffleKey(context, request, params.productOfferKey);
  const raffle = await loadRaffle(context, request, offerKey);
  const drawNos = [...raffle.pastDrawNos].sort((a, b) => b - a).slice(0, WINNERS_DRAWS);
  const draws: RaffleDraw[] = await Promise.all(drawNos.map((n) => loadRaffleDraw(context, request, offerKey, n)));
  return {
    name: raffle.name,
    slug: raffleSlug(raffle),
    draws: draws.filter((d) => d.status === 'drawn' || d.status === 'paid'),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.name} winners` }] : [];
}

export default function RaffleWinners({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { name, slug, draws } = loaderData;
  const ref = { slug };
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath(ref)} className="underline">
          {name}
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">{name} winners</h1>
      {draws.length === 0 ? (
        <p data-testid="winners-empty">
          No draw of {name} has been drawn yet.{' '}
          <Link to={rafflePath(ref)} className="underline">
            Buy tickets for the next draw
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {draws.map((d) => (
            <li key={d.drawNo}>
              <article
                aria-labelledby={`winners-${d.drawNo}`}
                className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1"
                data-testid="winners-draw"
              >
                <h2 id={`winners-${d.drawNo}`} className="text-xl font-bold text-brand">
                  Draw {d.drawNo} · {longDate(d.drawDate, site)}
                </h2>
                <WinnersTable winners={d.winners} site={site} caption={`Winners of ${name} draw ${d.drawNo}`} />
                <p className="flex flex-wrap gap-1 text-sm">
                  <Link to={drawPath(ref, d.drawNo)} className="underline">
                    Draw {d.drawNo} details
                  </Link>
                  <Link to={verifyPath(ref, d.drawNo)} className="underline">
                    Check draw {d.drawNo}
                  </Link>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
