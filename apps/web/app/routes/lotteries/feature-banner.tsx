// /marketing/feature-banner (core §2, outside the base layout): the featured lottery, first in the catalogue's
// ranking, as a banner on its own. Nothing on sale is the no-products page (418), as everywhere.
import { data } from 'react-router';
import { FeatureBanner } from '../../features/lotteries/feature-banner.tsx';
import { loadOffers } from '../../features/lotteries/lotteries.server.ts';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { offerTileOf } from '../../features/lotteries/lotteries.wire.ts';
import { SHARED_PAGE_MAX_AGE_S } from '../../lib/cache-policy.ts';
import { sharedPageHeaders, withSharedCaching } from '../../lib/http-caching.ts';
import { noProducts } from '../../lib/route-errors.ts';
import type { Route } from './+types/feature-banner';

export const handle = { layout: 'bare' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const featured = (await loadOffers(context, request)).find((o) => o.type === 'lottery_ticket');
  if (!featured) noProducts();
  return data(
    { offer: offerTileOf(featured), now: new Date().toISOString() },
    { headers: sharedPageHeaders(request, SHARED_PAGE_MAX_AGE_S) },
  );
}

// Anonymous visitors share the page (lib/http-caching.ts).
export const headers: Route.HeadersFunction = withSharedCaching;

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.offer.name}: play now` : 'Feature banner' }];
}

export default function FeatureBannerRoute({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return <FeatureBanner offer={loaderData.offer} now={loaderData.now} site={site} />;
}
