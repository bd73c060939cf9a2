// The about pages (/about, /about/*): the managed page at the path; any other /about path a managed page may take.
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { loadCmsPage } from '../../features/content/cms-page.server.ts';
import { pageBlockSlots } from './page-blocks.tsx';
import { loadPageBlocks } from './page-blocks.server.ts';
import type { Route } from './+types/cms-page';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadCmsPage(context, request, new URL(request.url).pathname);
  return { page, blocks: await loadPageBlocks(context, request, page.sections) };
}

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, blocks } = loaderData;
  return <CmsPageView page={page} data={blocks.data} slots={pageBlockSlots(blocks)} />;
}
