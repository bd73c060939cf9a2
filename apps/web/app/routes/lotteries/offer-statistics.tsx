// /:productOfferKey/statistics (spec core §2; gated by commercial lotteries): how often each number was drawn in
// the stored results, hot and cold numbers, as a bar chart with the exact figures in a table.
import { data, Link } from 'react-router';
import { loadOffer, loadStatistics } from '../../features/lotteries/lotteries.server.ts';
import { offerPath, resultsPath } from '../../features/lotteries/offer-links.ts';
import { resultsHeaders } from '../../features/lotteries/results-cache.ts';
import { withSharedCaching } from '../../lib/http-caching.ts';
import { FrequencyChart, FrequencyTable } from '../../features/lotteries/statistics-chart.tsx';
import type { Route } from './+types/offer-statistics';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(context, request, params.productOfferKey);
  const stats = await loadStatistics(context, request, offer);
  return data(
    { offer: { key: offer.key, name: offer.name, slug: offer.slug }, stats },
    { headers: resultsHeaders(request, false) },
  );
}

export const headers: Route.HeadersFunction = withSharedCaching;

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `${d.offer.name} number statistics` }] : [];
}

function NumberList({ label, numbers }: { label: string; numbers: number[] }) {
  return (
    <div className="flex flex-col gap-0.25">
      <h4 className="font-semibold">{label}</h4>
      {numbers.length === 0 ? (
        <p className="text-sm">None yet</p>
      ) : (
        <ol className="flex flex-wrap gap-0.5" aria-label={`${label}: ${numbers.join(', ')}`}>
          {numbers.map((n) => (
            <li
              key={n}
              className="flex size-[2.25rem] items-center justify-center rounded-full border-2 border-brand font-bold tabular-nums"
            >
              {n}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default function OfferStatistics({ loaderData }: Route.ComponentProps) {
  const { offer, stats } = loaderData;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">{offer.name} number statistics</h1>
      <p>
        {stats.drawsAnalysed === 0
          ? `No ${offer.name} draws have results yet, so there is nothing to count.`
          : `How often each number came up in the last ${stats.drawsAnalysed.toLocaleString('en-AU')} ${stats.drawsAnalysed === 1 ? 'draw' : 'draws'}${
              stats.firstDrawNo !== null && stats.lastDrawNo !== null
                ? ` (draws ${stats.firstDrawNo} to ${stats.lastDrawNo})`
                : ''
            }. Every draw is random: past results do not change the odds.`}
      </p>
      {stats.drawsAnalysed > 0
        ? stats.sets.map((set) => (
            <section key={set.name} aria-labelledby={`set-${set.name}`} className="flex flex-col gap-1">
              <h2 id={`set-${set.name}`} className="text-2xl font-bold">
                {set.label}
              </h2>
              <div className="grid grid-cols-1 gap-1 md:grid-cols-2">
                <NumberList label="Hot numbers" numbers={set.hot} />
                <NumberList label="Cold numbers" numbers={set.cold} />
              </div>
              <FrequencyChart set={set} hot={new Set(set.hot)} />
              <details className="rounded-theme border border-black/10 p-1">
                <summary className="min-h-[44px] cursor-pointer font-semibold">
                  {set.label}: the figures as a table
                </summary>
                <FrequencyTable set={set} />
              </details>
            </section>
          ))
        : null}
      <p className="flex flex-wrap gap-1 text-sm">
        <Link to={resultsPath(offer)} className="underline">
          {offer.name} results
        </Link>
        <Link to={offerPath(offer)} className="underline">
          Play {offer.name}
        </Link>
      </p>
    </div>
  );
}
