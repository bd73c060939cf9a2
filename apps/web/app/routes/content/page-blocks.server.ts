// What a screen that draws content blocks loads for them, so that a block looks the same on every screen it can
// appear on (the home page, /about pages, the FAQ and contact screens, /about/responsible-gaming, blog posts,
// previews): the blog widgets' posts and the categories (loadBlockData), and for a featured_tickets block the offers
// with their next draw. Not a route: the content routes import it (like ../lotteries/play-screen.server.ts).
import type { PageSection } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import { loadBlockData } from '../../features/content/cms-page.server.ts';
import { loadOffers } from '../../features/lotteries/lotteries.server.ts';
import { offerTileOf } from '../../features/lotteries/lotteries.wire.ts';
import { orderTiles } from '../../features/lotteries/offer-order.ts';
import type { PageBlocks } from './page-blocks.tsx';

type Offers = Awaited<ReturnType<typeof loadOffers>>;

/** The offers a featured_tickets block shows; offers that cannot load leave the block without tiles. */
async function featuredOffers(context: AppLoadContext, request: Request): Promise<Offers> {
  try {
    return await loadOffers(context, request);
  } catch (error) {
    console.error(`[web] featured tickets unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/**
 * Load what the blocks in `sections` show. `offers`: the home page starts loading the offers beside its page (and
 * fails as it always has when they cannot load); elsewhere they are loaded only when a featured_tickets block is there.
 */
export async function loadPageBlocks(
  context: AppLoadContext,
  request: Request,
  sections: PageSection[],
  offers?: Promise<Offers>,
): Promise<PageBlocks> {
  const featured = sections.some((s) => s.kind === 'featured_tickets');
  const [data, loaded] = await Promise.all([
    loadBlockData(context, request, sections),
    offers ?? (featured ? featuredOffers(context, request) : Promise.resolve([])),
  ]);
  return { data, offers: orderTiles(loaded).map(offerTileOf), now: new Date().toISOString() };
}
