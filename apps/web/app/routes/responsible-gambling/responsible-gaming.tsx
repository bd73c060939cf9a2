// /about/responsible-gaming: the CMS page (its blocks drawn as on any page), then where to get help (Gambling Help
// 1800 858 858), the shop's tools and the odds of each game from the lottery engine.
import { useRouteLoaderData } from 'react-router';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { loadCmsPage } from '../../features/content/cms-page.server.ts';
import { gameOdds } from '../../features/responsible-gambling/odds.ts';
import { HelpAndTools, OddsTables } from '../../features/responsible-gambling/odds-view.tsx';
import { siteMoney } from '../../features/responsible-gambling/rg.server.ts';
import type { ShellData } from '../../lib/shell.ts';
import { pageBlockSlots } from '../content/page-blocks.tsx';
import { loadPageBlocks } from '../content/page-blocks.server.ts';
import type { Route } from './+types/responsible-gaming';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, site] = await Promise.all([
    loadCmsPage(context, request, new URL(request.url).pathname),
    siteMoney(context, request),
  ]);
  const blocks = await loadPageBlocks(context, request, page.sections);
  return { page, blocks, odds: gameOdds(site.currency), locale: site.locale };
}

export default function ResponsibleGamingRoute({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  return (
    <>
      <CmsPageView page={loaderData.page} data={loaderData.blocks.data} slots={pageBlockSlots(loaderData.blocks)} />
      <HelpAndTools helpLine={shell?.site.gamblingHelpLine || '1800 858 858'} />
      <OddsTables games={loaderData.odds} locale={loaderData.locale} />
    </>
  );
}
