// Raffle prize details /prize-details/:productOfferKey?/:drawNo? (spec features §2: "A raffle prize-details page takes
// optional drawNo and productOfferKey"): every prize of a draw (the one on sale when no draw is given); without an
// offer, the first prizes of every raffle on sale.
import { Link } from 'react-router';
import type { Raffle, RaffleDraw } from '@shop/contracts';
import { currentDraw, prizeDetailsPath, rafflePath } from '../../features/raffles/raffle-format.ts';
import { DrawFacts, PrizeList } from '../../features/raffles/raffle-parts.tsx';
import { drawNoParam, loadRaffles, raffleSlug } from '../../features/raffles/raffles.server.ts';
import { loadRaffleScreen } from './raffle-routes.server.ts';
import { useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/raffle-prize-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.productOfferKey) {
    const raffles = await loadRaffles(context, request);
    const rows = raffles
      .map((r: Raffle) => ({ name: r.name, slug: raffleSlug(r), draw: currentDraw(r) }))
      .filter((r): r is { name: string; slug: string; draw: RaffleDraw } => r.draw !== null);
    return { kind: 'all' as const, rows };
  }
  const drawNo = params.drawNo === undefined ? undefined : drawNoParam(params.drawNo);
  const screen = await loadRaffleScreen(
    context,
    request,
    params.productOfferKey,
    drawNo === undefined ? {} : { drawNo },
  );
  return { kind: 'one' as const, name: screen.raffle.name, slug: screen.slug, draw: screen.draw };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: data.kind === 'one' ? `${data.name} prizes: draw ${data.draw.drawNo}` : 'Raffle prizes' }];
}

export default function RafflePrizeDetails({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  if (loaderData.kind === 'all') {
    return (
      <div className="page-container flex flex-col gap-1.5 py-1.5">
        <h1 className="text-3xl font-extrabold text-brand">Raffle prizes</h1>
        {loaderData.rows.length === 0 ? (
          <p>There are currently no products available, please check back later. Thank you for being patient.</p>
        ) : null}
        <ul className="flex flex-col gap-1">
          {loaderData.rows.map((r) => (
            <li key={r.slug} className="flex flex-col gap-0.25 rounded-theme border border-black/10 p-1">
              <h2 className="text-xl font-bold text-brand">{r.name}</h2>
              <p className="font-semibold">{r.draw.prizes.find((p) => p.kind === 'first')?.name ?? ''}</p>
              <Link to={prizeDetailsPath({ slug: r.slug }, r.draw.drawNo)} className="self-start underline">
                Every prize of draw {r.draw.drawNo}
                <span className="sr-only"> of {r.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const { name, slug, draw } = loaderData;
  return (
    <div className="page-container flex max-w-[50rem] flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath({ slug })} className="underline">
          {name}
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">
        {name} prizes: draw {draw.drawNo}
      </h1>
      <DrawFacts draw={draw} site={site} />
      <PrizeList prizes={draw.prizes} site={site} />
    </div>
  );
}
