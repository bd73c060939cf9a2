// An offer's results (spec core §2 Product offer routes): /:productOfferKey/results (latest, paged with ?page=),
// /:productOfferKey/results/:date (a month "november-2026" or a year "2026" of the archive) and
// /:productOfferKey/results/draw/:drawNo (one draw: numbers, prizes per division, neighbouring draws).
import { data, Link, redirect, useRouteLoaderData } from 'react-router';
import {
  loadArchivedMonth,
  loadDrawResult,
  loadOffer,
  loadPastResults,
  loadResultKeys,
  pricingOf,
} from '../../features/lotteries/lotteries.server.ts';
import { drawPath } from '../../features/raffles/raffle-format.ts';
import { RaffleResultCard } from '../../features/raffles/raffle-result-card.tsx';
import { loadRaffleResults } from '../../features/raffles/raffles.server.ts';
import type { PastDrawView } from '../../features/lotteries/lotteries.wire.ts';
import type { RaffleResult } from '@shop/contracts';
import { longDate, useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { drawResultPath, offerPath, resultsPath, statisticsPath } from '../../features/lotteries/offer-links.ts';
import { isFinal, resultsHeaders } from '../../features/lotteries/results-cache.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import {
  pageCount,
  parsePage,
  parsePeriod,
  periodLabel,
  RESULTS_PAGE_SIZE,
  type ResultsPeriod,
} from '../../features/lotteries/results-paging.ts';
import { DividendsTable, DrawnNumbers, Pager, ResultCard } from '../../features/lotteries/results-view.tsx';
import { hasCapability } from '../../lib/capability-checks.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { loader as rootLoader } from '../../root.tsx';
import type { Route } from './+types/offer-results';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(context, request, params.productOfferKey);
  const offerRef = { key: offer.key, name: offer.name, slug: offer.slug };

  // A raffle's results: its drawn draws as the raffles tab shows them; one draw's winners are its draw page.
  if (offer.type === 'raffle_ticket') {
    if ('drawNo' in params && params.drawNo !== undefined) {
      if (!/^[1-9][0-9]{0,9}$/.test(params.drawNo)) notFound();
      throw redirect(drawPath(offerRef, Number(params.drawNo)));
    }
    if ('date' in params && params.date !== undefined) throw redirect(resultsPath(offerRef));
    const page = parsePage(new URL(request.url).searchParams.get('page') ?? undefined);
    if (page === null) notFound();
    const { results, total } = await loadRaffleResults(
      context,
      request,
      pricingOf(request),
      page,
      RESULTS_PAGE_SIZE,
      offer.key,
    );
    if (page > 1 && results.length === 0) notFound();
    return data(
      { view: 'raffle' as const, offer: offerRef, page, pages: pageCount(total), results },
      { headers: resultsHeaders(request, false) },
    );
  }

  if ('drawNo' in params && params.drawNo !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(params.drawNo)) notFound();
    const draw = await loadDrawResult(context, request, offer, Number(params.drawNo));
    return data(
      { view: 'draw' as const, offer: offerRef, draw },
      { headers: resultsHeaders(request, isFinal(draw.status)) },
    );
  }

  const keys = (await loadResultKeys(context, request)).find((k) => k.productOfferKey === offer.key);
  const months = (keys?.months ?? []).filter((m) => m.draws > 0).sort((a, b) => b.year - a.year || b.month - a.month);
  const dateParam = 'date' in params ? params.date : undefined;

  if (dateParam !== undefined) {
    const period = parsePeriod(dateParam);
    if (!period) notFound();
    const wanted = months.filter((m) => m.year === period.year && (period.month === null || m.month === period.month));
    const lists = await Promise.all(wanted.map((m) => loadArchivedMonth(context, request, offer, m.year, m.month)));
    const draws = lists.flat().sort((a, b) => b.drawNo - a.drawNo);
    const current = new Date();
    const past =
      period.year < current.getUTCFullYear() ||
      (period.month !== null && period.year === current.getUTCFullYear() && period.month < current.getUTCMonth() + 1);
    return data(
      { view: 'period' as const, offer: offerRef, period, draws, months },
      { headers: resultsHeaders(request, past) },
    );
  }

  const page = parsePage(new URL(request.url).searchParams.get('page') ?? undefined);
  if (page === null) notFound();
  const results = await loadPastResults(context, request, page, { productOfferKey: offer.key });
  if (page > 1 && results.draws.length === 0) notFound();
  return data(
    { view: 'latest' as const, offer: offerRef, page, pages: pageCount(results.total), draws: results.draws, months },
    { headers: resultsHeaders(request, false) },
  );
}

export const headers: Route.HeadersFunction = withSharedCaching;

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [];
  if (d.view === 'draw') return [{ title: `${d.offer.name} results: draw ${d.draw.drawNo}` }];
  if (d.view === 'period') return [{ title: `${d.offer.name} results: ${periodLabel(d.period)}` }];
  return [{ title: `${d.offer.name} results` }];
}

type OfferRef = { key: string; name: string; slug: string };

function MonthLinks({
  offer,
  months,
  current,
}: {
  offer: OfferRef;
  months: { year: number; month: number }[];
  current: ResultsPeriod | null;
}) {
  if (months.length === 0) return null;
  return (
    <nav aria-label="Results by month" className="flex flex-col gap-0.5">
      <h2 className="text-lg font-bold">Results by month</h2>
      <ul className="flex flex-wrap gap-0.5 text-sm">
        {months.map((m) => {
          const period = { year: m.year, month: m.month };
          const isCurrent = current?.year === m.year && current.month === m.month;
          return (
            <li key={`${m.year}-${m.month}`}>
              <Link
                to={resultsPath(offer, period)}
                aria-current={isCurrent ? 'page' : undefined}
                className={`inline-flex min-h-[44px] items-center rounded-theme border px-0.5 ${isCurrent ? 'border-brand bg-surface font-bold' : 'border-black/10'}`}
              >
                {periodLabel(period)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ResultsList({ draws, offer }: { draws: PastDrawView[]; offer: OfferRef }) {
  const site = useSiteFormat();
  if (draws.length === 0) {
    return (
      <p className="rounded-theme bg-surface p-1.5" data-testid="results-empty">
        There are no {offer.name} results for this period yet.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {draws.map((d) => (
        <li key={d.drawNo}>
          <ResultCard draw={d} site={site} offerSlug={offer.slug} />
        </li>
      ))}
    </ul>
  );
}

function DrawResult({ offer, draw }: { offer: OfferRef; draw: PastDrawView }) {
  const site = useSiteFormat();
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={resultsPath(offer)} className="underline">
          {offer.name} results
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">
        {offer.name} results: draw {draw.drawNo}
      </h1>
      <p>{longDate(draw.drawDate, site)}</p>
      <DrawnNumbers draw={draw} />
      <section aria-labelledby="prizes" className="flex flex-col gap-0.5">
        <h2 id="prizes" className="text-2xl font-bold">
          Prizes
        </h2>
        <DividendsTable draw={draw} site={site} />
      </section>
      <nav aria-label="Other draws" className="flex justify-between gap-1">
        {draw.previousDrawNo !== null ? (
          <Link to={drawResultPath(offer, draw.previousDrawNo)} className="btn btn-secondary" rel="prev">
            Draw {draw.previousDrawNo}
          </Link>
        ) : (
          <span />
        )}
        {draw.nextDrawNo !== null ? (
          <Link to={drawResultPath(offer, draw.nextDrawNo)} className="btn btn-secondary" rel="next">
            Draw {draw.nextDrawNo}
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <p>
        <Link to={offerPath(offer)} className="btn btn-primary">
          Play {offer.name}
        </Link>
      </p>
    </div>
  );
}

function RaffleResults({
  offer,
  page,
  pages,
  results,
}: {
  offer: OfferRef;
  page: number;
  pages: number | null;
  results: RaffleResult[];
}) {
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">{`${offer.name} results`}</h1>
      <p className="flex flex-wrap gap-1 text-sm">
        <Link to={offerPath(offer)} className="inline-flex min-h-[44px] items-center underline">
          Play {offer.name}
        </Link>
        <Link to="/lotto-results/raffles" className="inline-flex min-h-[44px] items-center underline">
          All raffle results
        </Link>
      </p>
      {results.length === 0 ? (
        <p className="rounded-theme bg-surface p-1.5" data-testid="results-empty">
          There are no {offer.name} results yet. Results appear here as soon as a draw is done.
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {results.map((r) => (
            <li key={r.drawId}>
              <RaffleResultCard result={r} slug={offer.slug} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        hrefFor={(p) => (p === 1 ? resultsPath(offer) : `${resultsPath(offer)}?page=${p}`)}
        label="Results pages"
      />
    </div>
  );
}

export default function OfferResults({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  // Statistics are a commercial-lotteries screen (core §2 sitemap).
  const showStatistics = hasCapability(
    useRouteLoaderData<typeof rootLoader>('root')?.shell?.capabilities ?? [],
    'commercial_lotteries',
  );
  if (d.view === 'draw') return <DrawResult offer={d.offer} draw={d.draw} />;
  if (d.view === 'raffle') return <RaffleResults offer={d.offer} page={d.page} pages={d.pages} results={d.results} />;
  const title = d.view === 'period' ? `${d.offer.name} results: ${periodLabel(d.period)}` : `${d.offer.name} results`;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">{title}</h1>
      <p className="flex flex-wrap gap-1 text-sm">
        <Link to={offerPath(d.offer)} className="underline">
          Play {d.offer.name}
        </Link>
        {showStatistics ? (
          <Link to={statisticsPath(d.offer)} className="underline">
            Number statistics
          </Link>
        ) : null}
        {d.view === 'period' ? (
          <Link to={resultsPath(d.offer)} className="underline">
            Latest results
          </Link>
        ) : null}
      </p>
      <ResultsList draws={d.draws} offer={d.offer} />
      {d.view === 'latest' ? (
        <Pager
          page={d.page}
          pages={d.pages}
          hrefFor={(p) => (p === 1 ? resultsPath(d.offer) : `${resultsPath(d.offer)}?page=${p}`)}
          label="Results pages"
        />
      ) : null}
      <MonthLinks offer={d.offer} months={d.months} current={d.view === 'period' ? d.period : null} />
    </div>
  );
}
