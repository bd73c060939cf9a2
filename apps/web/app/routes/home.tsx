// Home page: the CMS page for "/" (page header, sections, call to action) with the featured offers: each next
// draw's jackpot and countdown, in the tile order of spec features §9 (powerhit at 2, syndicate at 3).
import { useRouteLoaderData } from 'react-router';
import { CmsPageView } from '../features/content/cms-page-view.tsx';
import { DailyWinnersBanner } from '../features/membership/membership-banner.tsx';
import { loadCmsPage } from '../features/content/cms-page.server.ts';
import { Countdown } from '../features/lotteries/countdown.tsx';
import { loadOffers } from '../features/lotteries/lotteries.server.ts';
import { drawJackpotText, drawWhenLabel, useSiteFormat } from '../features/lotteries/lottery-format.ts';
import { OfferGrid } from '../features/lotteries/offer-tile.tsx';
import { offerPath } from '../features/lotteries/offer-links.ts';
import { orderTiles } from '../features/lotteries/offer-order.ts';
import { hasCapability } from '../lib/capabilities.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, offers] = await Promise.all([loadCmsPage(context, request, '/'), loadOffers(context, request)]);
  return { page, offers: orderTiles(offers), now: new Date().toISOString() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const site = useSiteFormat();
  const caps = root?.shell.capabilities ?? [];
  const lotteries =
    hasCapability(caps, 'commercial_lotteries') ||
    hasCapability(caps, 'multi_offer_site') ||
    hasCapability(caps, 'charity_lotteries');
  const { offers, now } = loaderData;
  const next = [...offers].sort((a, b) => Date.parse(a.draws[0]!.stop) - Date.parse(b.draws[0]!.stop))[0];
  const featured =
    lotteries && offers.length > 0 ? (
      <section aria-labelledby="featured-offers" className="page-container flex flex-col gap-1 py-1.5">
        <h2 id="featured-offers" className="text-2xl font-bold">
          Play today's jackpots
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
      </section>
    ) : null;
  // Daily Winners' home page entry point, under the jackpots.
  const dailyWinners = (
    <div className="page-container py-0.5">
      <DailyWinnersBanner
        membership={root?.shell.membership}
        entryPoint="home_page"
        returnTo="/"
        myGiveaways={hasCapability(caps, 'giveaway_entries')}
      />
    </div>
  );
  // The jackpots come straight after the page header: on a phone they are what a visitor came for.
  return (
    <CmsPageView
      page={loaderData.page}
      siteName={root?.shell.site.siteName ?? ''}
      afterHeader={
        <>
          {featured}
          {root?.shell.membership?.marketing ? dailyWinners : null}
        </>
      }
    />
  );
}
