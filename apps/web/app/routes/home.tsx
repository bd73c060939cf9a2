// Home page: the managed page for "/" and its blocks; its featured_tickets block shows the featured offers (drawn by
// content/page-blocks.tsx, as on every screen with blocks). The offers load beside the page.
import { data } from 'react-router';
import { CmsPageView } from '../features/content/cms-page-view.tsx';
import { loadCmsPage } from '../features/content/cms-page.server.ts';
import { loadOffers } from '../features/lotteries/lotteries.server.ts';
import { SHARED_PAGE_MAX_AGE_S } from '../lib/cache-policy.ts';
import { sharedPageHeaders, withSharedCaching } from '../lib/http-caching.ts';
import { pageBlockSlots } from './content/page-blocks.tsx';
import { loadPageBlocks } from './content/page-blocks.server.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const offers = loadOffers(context, request);
  // Handled by loadPageBlocks; caught here too so a page that fails first leaves no unhandled rejection.
  offers.catch(() => undefined);
  const page = await loadCmsPage(context, request, '/');
  const blocks = await loadPageBlocks(context, request, page.sections, offers);
  return data({ page, blocks }, { headers: sharedPageHeaders(request, SHARED_PAGE_MAX_AGE_S) });
}

// Anonymous visitors share the page (lib/http-caching.ts).
export const headers: Route.HeadersFunction = withSharedCaching;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, blocks } = loaderData;
  return <CmsPageView page={page} data={blocks.data} slots={pageBlockSlots(blocks)} />;
}
