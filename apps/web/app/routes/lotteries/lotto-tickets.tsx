// Category page /lotto-tickets (spec core §2): every lottery offer on sale, in the home page's tile order.
import { data, useRouteLoaderData } from 'react-router';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { DailyWinnersBanner } from '../../features/membership/membership-banner.tsx';
import { SHARED_PAGE_MAX_AGE_S } from '../../lib/cache-policy.ts';
import { hasCapability } from '../../lib/capabilities.ts';
import { sharedPageHeaders, withSharedCaching } from '../../lib/http-caching.ts';
import type { ShellData } from '../../lib/shell.ts';
import { loadOffers } from '../../features/lotteries/lotteries.server.ts';
import { OfferGrid } from '../../features/lotteries/offer-tile.tsx';
import { orderTiles } from '../../features/lotteries/offer-order.ts';
import { offerTileOf } from '../../features/lotteries/lotteries.wire.ts';
import type { Route } from './+types/lotto-tickets';

export async function loader({ request, context }: Route.LoaderArgs) {
  const offers = await loadOffers(context, request);
  return data(
    {
      // The product list (features §9): the lotteries, and their syndicates' tile at position 3.
      offers: orderTiles(offers.filter((o) => o.type === 'lottery_ticket' || o.type === 'syndicate_share')).map(
        offerTileOf,
      ),
      now: new Date().toISOString(),
    },
    { headers: sharedPageHeaders(request, SHARED_PAGE_MAX_AGE_S) },
  );
}

// Anonymous visitors share the page (lib/http-caching.ts).
export const headers: Route.HeadersFunction = withSharedCaching;

export function meta() {
  return [{ title: 'Lotto tickets' }];
}

export default function LottoTickets({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Lotto tickets</h1>
      <DailyWinnersBanner
        membership={shell?.membership}
        entryPoint="lotto_games_banner"
        returnTo="/lotto-tickets"
        myGiveaways={hasCapability(shell?.capabilities ?? [], 'giveaway_entries')}
      />
      {loaderData.offers.length === 0 ? (
        <p>There are currently no products available, please check back later. Thank you for being patient.</p>
      ) : (
        <OfferGrid
          offers={loaderData.offers}
          now={loaderData.now}
          site={site}
          headingLevel={2}
          syndicates={hasCapability(shell?.capabilities ?? [], 'syndicates')}
        />
      )}
    </div>
  );
}
