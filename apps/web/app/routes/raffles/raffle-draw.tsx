// One raffle draw /:productOfferKey/draw/:drawNo (spec core §2 offer links: a raffle draw open for purchase is reached
// here). A coming draw shows the raffle page for that draw with its buy form; a drawn draw shows its winners, the
// published seed next to the commitment and the sold-list hash, and the link to check the draw.
import { Link } from 'react-router';
import { isDrawn, rafflePath, verifyPath, winnersPath } from '../../features/raffles/raffle-format.ts';
import { DrawFacts, PrizeList, WinnersTable } from '../../features/raffles/raffle-parts.tsx';
import { RaffleScreen } from '../../features/raffles/raffle-screen.tsx';
import { drawNoParam } from '../../features/raffles/raffles.server.ts';
import { loadRaffleScreen } from './raffle-routes.server.ts';
import { longDate, useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/raffle-draw';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRaffleScreen(context, request, params.productOfferKey, { drawNo: drawNoParam(params.drawNo) });
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.raffle.name} draw ${data.draw.drawNo}` }] : [];
}

export default function RaffleDrawPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { raffle, slug, draw } = loaderData;
  if (!isDrawn(draw) && draw.status !== 'closed')
    return <RaffleScreen data={loaderData} title={`${raffle.name}: draw ${draw.drawNo}`} />;
  const ref = { slug };
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath(ref)} className="underline">
          {raffle.name}
        </Link>
      </nav>
      <header className="flex flex-col gap-0.5 rounded-theme bg-surface p-1.5">
        <h1 className="text-3xl font-extrabold text-brand">
          {raffle.name}: draw {draw.drawNo}
        </h1>
        <p className="font-semibold" data-testid="draw-status">
          {isDrawn(draw)
            ? `Drawn ${longDate(draw.drawDate, site)}`
            : `Sales have closed. The draw is on ${longDate(draw.drawDate, site)}.`}
        </p>
        <DrawFacts draw={draw} site={site} />
      </header>
      {isDrawn(draw) ? (
        <section aria-labelledby="draw-winners" className="flex flex-col gap-0.5">
          <h2 id="draw-winners" className="text-2xl font-bold">
            Winners
          </h2>
          <WinnersTable winners={draw.winners} site={site} caption={`Winners of ${raffle.name} draw ${draw.drawNo}`} />
        </section>
      ) : (
        <PrizeList prizes={draw.prizes} site={site} />
      )}
      <section aria-labelledby="draw-proof" className="flex flex-col gap-0.5 text-sm" data-testid="draw-proof">
        <h2 id="draw-proof" className="text-2xl font-bold">
          Check this draw
        </h2>
        <dl className="flex flex-col gap-0.5">
          <div>
            <dt className="font-semibold">Draw commitment (SHA-256 of the seed, published before sales opened)</dt>
            <dd>
              <code className="break-all font-mono">{draw.commitment}</code>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Seed</dt>
            <dd data-testid="published-seed">
              {draw.seed ? (
                <code className="break-all font-mono">{draw.seed}</code>
              ) : (
                'Published when the draw is done.'
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Sold-list hash (recorded when sales closed)</dt>
            <dd>
              {draw.soldListHash ? (
                <code className="break-all font-mono">{draw.soldListHash}</code>
              ) : (
                'Recorded when sales close.'
              )}
            </dd>
          </div>
        </dl>
        <p className="flex flex-wrap gap-1">
          <Link to={verifyPath(ref, draw.drawNo)} className="btn btn-primary">
            {isDrawn(draw) ? 'Check the draw yourself' : 'How the draw is checked'}
          </Link>
          <Link to={winnersPath(ref)} className="inline-flex min-h-[44px] items-center underline">
            Every draw&rsquo;s winners
          </Link>
        </p>
      </section>
    </div>
  );
}
