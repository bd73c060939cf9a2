// The about pages (/about, /about/*): the managed page at the path; any other /about path a managed page may take.
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { loadBlockData, loadCmsPage } from '../../features/content/cms-page.server.ts';
import type { Route } from './+types/cms-page';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadCmsPage(context, request, new URL(request.url).pathname);
  return { page, data: await loadBlockData(context, request, page.sections) };
}

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  return <CmsPageView page={loaderData.page} data={loaderData.data} />;
}
