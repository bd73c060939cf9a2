// How the blocks whose data belongs to another part of the shop are drawn, the same on every screen that shows
// content blocks: featured_tickets shows the featured offers (each next draw's jackpot and countdown, in the tile order
// of spec features §9: powerhit at 2, syndicate at 3) and the Daily Winners entry point. Not a route: the content
// routes and home.tsx import it; their loaders call loadPageBlocks (page-blocks.server.ts).
import type { PageSectionOf } from '@shop/contracts';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { BlockData, BlockSlots } from '../../features/content/blocks.tsx';
import { Countdown } from '../../features/lotteries/countdown.tsx';
import { drawJackpotText, drawWhenLabel, useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import type { OfferTileView } from '../../features/lotteries/lotteries.wire.ts';
import { offerPath } from '../../features/lotteries/offer-links.ts';
import { OfferGrid } from '../../features/lotteries/offer-tile.tsx';
import { DailyWinnersBanner } from '../../features/membership/membership-banner.tsx';
import { hasCapability } from '../../lib/capabilities.ts';
import type { ShellData } from '../../lib/shell.ts';

/** What loadPageBlocks loaded for a screen's blocks. */
export interface PageBlocks {
  data: BlockData;
  /** Every offer on sale, in tile order (empty unless a featured_tickets block is on the screen). */
  offers: OfferTileView[];
  now: string;
}

/** The block's offers in its order (or every offer in the usual order when it names none). */
function featuredOffers(block: PageSectionOf<'featured_tickets'>, offers: OfferTileView[]): OfferTileView[] {
  if (block.offerKeys.length === 0) return offers;
  return block.offerKeys.flatMap((key) => offers.filter((o) => o.key === key));
}

function FeaturedTickets({
  block,
  offers: all,
  now,
}: {
  block: PageSectionOf<'featured_tickets'>;
  offers: OfferTileView[];
  now: string;
}) {
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  const site = useSiteFormat();
  const caps = shell?.capabilities ?? [];
  const lotteries =
    hasCapability(caps, 'commercial_lotteries') ||
    hasCapability(caps, 'multi_offer_site') ||
    hasCapability(caps, 'charity_lotteries');
  const { pathname } = useLocation();
  // Daily Winners' entry point, under the jackpots (the home page's, or the one beside lotto games elsewhere).
  const dailyWinners = (
    <DailyWinnersBanner
      membership={shell?.membership}
      entryPoint={pathname === '/' ? 'home_page' : 'lotto_games_banner'}
      returnTo={pathname}
      myGiveaways={hasCapability(caps, 'giveaway_entries')}
    />
  );
  const offers = featuredOffers(block, all);
  if (!lotteries || offers.length === 0) return <div className="page-container py-0.5">{dailyWinners}</div>;
  const next = offers
    .filter((o) => o.type !== 'syndicate_share')
    .sort((a, b) => Date.parse(a.draws[0]!.stop) - Date.parse(b.draws[0]!.stop))[0];
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
      <OfferGrid offers={offers} now={now} site={site} syndicates={hasCapability(caps, 'syndicates')} />
      {dailyWinners}
    </section>
  );
}

/** The slots every content screen passes to its blocks. */
export function pageBlockSlots(blocks: PageBlocks): BlockSlots {
  return {
    featuredTickets: (block) => <FeaturedTickets block={block} offers={blocks.offers} now={blocks.now} />,
  };
}
