// Results lists (spec core §2): /lotto-results/:page?, /lotto-results/lotteries/:page? and /lotto-results/raffles/:page?,
// five draws a page (features §9), newest first, with lotteries and raffles tabs. Cacheable: hit hardest after a draw.
import { Link, NavLink } from 'react-router';
import { loadOffers, loadPastResults } from '../../features/lotteries/lotteries.server.ts';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { pageCount, parsePage } from '../../features/lotteries/results-paging.ts';
import { resultsHeaders } from '../../features/lotteries/results-cache.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import { Pager, ResultCard } from '../../features/lotteries/results-view.tsx';
import { notFound } from '../../lib/route-errors.ts';
import { data } from 'react-router';
import type { Route } from './+types/lotto-results';

type Tab = 'lotteries' | 'raffles';

function tabOf(pathname: string): { tab: Tab; base: string } {
  if (/^\/lotto-results\/raffles(\/|$)/.test(pathname)) return { tab: 'raffles', base: '/lotto-results/raffles' };
  if (/^\/lotto-results\/lotteries(\/|$)/.test(pathname)) return { tab: 'lotteries', base: '/lotto-results/lotteries' };
  return { tab: 'lotteries', base: '/lotto-results' };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  if (page === null) notFound();
  const { tab, base } = tabOf(new URL(request.url).pathname);
  const [results, offers] = await Promise.all([
    loadPastResults(context, request, page, { category: tab }),
    loadOffers(context, request),
  ]);
  const pages = pageCount(results.total);
  if (page > 1 && results.draws.length === 0) notFound();
  // Draws link to their offer's result page when the offer is on sale here (its slug is known).
  const slugs = Object.fromEntries(offers.map((o) => [o.key, o.slug]));
  return data({ tab, base, page, pages, draws: results.draws, slugs }, { headers: resultsHeaders(request, false) });
}

export const headers: Route.HeadersFunction = withSharedCaching;

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d?.tab === 'raffles' ? 'Raffle results' : 'Lotto results' }];
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-[44px] items-center border-b-4 px-1 font-semibold no-underline ${isActive ? 'border-brand text-brand' : 'border-transparent'}`;

export default function LottoResults({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { tab, base, page, pages, draws, slugs } = loaderData;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Lotto results</h1>
      <nav aria-label="Results type" className="flex gap-0.5 border-b border-black/10">
        <NavLink
          to="/lotto-results/lotteries"
          className={() => tabClass({ isActive: tab === 'lotteries' })}
          aria-current={tab === 'lotteries' ? 'page' : undefined}
        >
          Lotteries
        </NavLink>
        <NavLink
          to="/lotto-results/raffles"
          className={() => tabClass({ isActive: tab === 'raffles' })}
          aria-current={tab === 'raffles' ? 'page' : undefined}
        >
          Raffles
        </NavLink>
      </nav>
      {draws.length === 0 ? (
        <div className="rounded-theme bg-surface p-1.5" data-testid="results-empty">
          <p className="font-semibold">
            {tab === 'raffles' ? 'There are no raffle results yet.' : 'There are no lottery results yet.'}
          </p>
          <p>
            Results appear here as soon as a draw is done.{' '}
            <Link to="/" className="underline">
              See what you can play
            </Link>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-1">
          {draws.map((d) => (
            <li key={`${d.offerKey}-${d.drawNo}`}>
              <ResultCard draw={d} site={site} offerSlug={slugs[d.offerKey] ?? null} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => (p === 1 ? base : `${base}/${p}`)} label="Results pages" />
    </div>
  );
}
