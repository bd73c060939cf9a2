// Home page: the managed page for "/" and its blocks; its featured_tickets block shows the featured offers: each
// next draw's jackpot and countdown, in the tile order of spec features §9 (powerhit at 2, syndicate at 3).
import type { PageSectionOf } from '@shop/contracts';
import { data, useRouteLoaderData } from 'react-router';
import { CmsPageView } from '../features/content/cms-page-view.tsx';
import { loadBlockData, loadCmsPage } from '../features/content/cms-page.server.ts';
import { DailyWinnersBanner } from '../features/membership/membership-banner.tsx';
import { Countdown } from '../features/lotteries/countdown.tsx';
import { loadOffers } from '../features/lotteries/lotteries.server.ts';
import { drawJackpotText, drawWhenLabel, useSiteFormat } from '../features/lotteries/lottery-format.ts';
import { offerTileOf, type OfferTileView } from '../features/lotteries/lotteries.wire.ts';
import { OfferGrid } from '../features/lotteries/offer-tile.tsx';
import { offerPath } from '../features/lotteries/offer-links.ts';
import { orderTiles } from '../features/lotteries/offer-order.ts';
import { SHARED_PAGE_MAX_AGE_S } from '../lib/cache-policy.ts';
import { hasCapability } from '../lib/capabilities.ts';
import { sharedPageHeaders, withSharedCaching } from '../lib/http-caching.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, offers] = await Promise.all([loadCmsPage(context, request, '/'), loadOffers(context, request)]);
  const blocks = await loadBlockData(context, request, page.sections);
  return data(
    { page, data: blocks, offers: orderTiles(offers).map(offerTileOf), now: new Date().toISOString() },
    { headers: sharedPageHeaders(request, SHARED_PAGE_MAX_AGE_S) },
  );
}

// Anonymous visitors share the page (lib/http-caching.ts).
export const headers: Route.HeadersFunction = withSharedCaching;

/** The block's offers in its order (or every offer in the usual order when it names none). */
function featuredOffers(block: PageSectionOf<'featured_tickets'>, offers: OfferTileView[]): OfferTileView[] {
  if (block.offerKeys.length === 0) return offers;
  return block.offerKeys.flatMap((key) => offers.filter((o) => o.key === key));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const site = useSiteFormat();
  const caps = root?.shell.capabilities ?? [];
  const lotteries =
    hasCapability(caps, 'commercial_lotteries') ||
    hasCapability(caps, 'multi_offer_site') ||
    hasCapability(caps, 'charity_lotteries');
  const { now } = loaderData;
  // Daily Winners' home page entry point, under the jackpots.
  const dailyWinners = (
    <DailyWinnersBanner
      membership={root?.shell.membership}
      entryPoint="home_page"
      returnTo="/"
      myGiveaways={hasCapability(caps, 'giveaway_entries')}
    />
  );
  const featuredTickets = (block: PageSectionOf<'featured_tickets'>) => {
    const offers = featuredOffers(block, loaderData.offers);
    if (!lotteries || offers.length === 0) return <div className="page-container py-0.5">{dailyWinners}</div>;
    const next = [...offers].sort((a, b) => Date.parse(a.draws[0]!.stop) - Date.parse(b.draws[0]!.stop))[0];
    return (
      <section aria-labelledby="featured-offers" className="page-container flex flex-col gap-1 py-1.5">
        <h2 id="featured-offers" className="text-2xl font-bold">
          {block.heading ?? "Play today's jackpots"}
        </h2>
        {next ? (
          <div className="flex flex-col gap-0.25 rounded-theme bg-surface p-1" data-testid="next-draw">
            <p className="font-semibold">
              Next draw:{' '}
              <a href={offerPath(next)} className="underline">
                {next.name}
              </a>{' '}
              · {drawJackpotText(next.draws[0]!, site)} ·{' '}
              {drawWhenLabel(next.draws[0]!.drawAt ?? next.draws[0]!.stop, now, site)}
            </p>
            <Countdown stop={next.draws[0]!.stop} now={now} />
          </div>
        ) : null}
        <OfferGrid offers={offers} now={now} site={site} />
        {dailyWinners}
      </section>
    );
  };
  return <CmsPageView page={loaderData.page} data={loaderData.data} slots={{ featuredTickets }} />;
}
