// The raffles tab of the results lists /lotto-results/raffles/:page? (spec core §2): drawn raffle draws, newest first,
// five a page, each with its first prize and winning ticket and a link to the draw's winners. Cacheable like the
// lotteries tab.
import { data, Link, NavLink } from 'react-router';
import { RaffleResultCard } from '../../features/raffles/raffle-result-card.tsx';
import { loadRaffleResults } from '../../features/raffles/raffles.server.ts';
import { loadOffers, pricingOf } from '../../features/lotteries/lotteries.server.ts';
import { pageCount, parsePage, RESULTS_PAGE_SIZE } from '../../features/lotteries/results-paging.ts';
import { resultsHeaders } from '../../features/lotteries/results-cache.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import { Pager } from '../../features/lotteries/results-view.tsx';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/raffle-results';

const BASE = '/lotto-results/raffles';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  if (page === null) notFound();
  const [{ results, total }, offers] = await Promise.all([
    loadRaffleResults(context, request, pricingOf(request), page, RESULTS_PAGE_SIZE),
    loadOffers(context, request).catch(() => []),
  ]);
  if (page > 1 && results.length === 0) notFound();
  const slugs = Object.fromEntries(offers.map((o) => [o.key, o.slug]));
  return data({ page, pages: pageCount(total), results, slugs }, { headers: resultsHeaders(request, false) });
}

export const headers: Route.HeadersFunction = withSharedCaching;

export function meta() {
  return [{ title: 'Raffle results' }];
}

const tabClass = (active: boolean) =>
  `flex min-h-[44px] items-center border-b-4 px-1 font-semibold no-underline ${active ? 'border-brand text-brand' : 'border-transparent'}`;

export default function RaffleResults({ loaderData }: Route.ComponentProps) {
  const { page, pages, results, slugs } = loaderData;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Lotto results</h1>
      <nav aria-label="Results type" className="flex gap-0.5 border-b border-black/10">
        <NavLink to="/lotto-results/lotteries" className={() => tabClass(false)}>
          Lotteries
        </NavLink>
        <NavLink to={BASE} className={() => tabClass(true)} aria-current="page">
          Raffles
        </NavLink>
      </nav>
      {results.length === 0 ? (
        <div className="rounded-theme bg-surface p-1.5" data-testid="results-empty">
          <p className="font-semibold">There are no raffle results yet.</p>
          <p>
            Results appear here as soon as a draw is done.{' '}
            <Link to="/charity-tickets" className="underline">
              See the raffles on sale
            </Link>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-1">
          {results.map((r) => (
            <li key={r.drawId}>
              <RaffleResultCard result={r} slug={slugs[r.productOfferKey] ?? r.productOfferKey} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => (p === 1 ? BASE : `${BASE}/${p}`)} label="Results pages" />
    </div>
  );
}
