// About pages (/about and /about/*): CMS pages looked up by their site path.
import { useRouteLoaderData } from 'react-router';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { loadCmsPage } from '../../features/content/cms-page.server.ts';
import type { loader as rootLoader } from '../../root.tsx';
import type { Route } from './+types/cms-page';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadCmsPage(context, request, new URL(request.url).pathname) };
}

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <CmsPageView page={loaderData.page} siteName={root?.shell.site.siteName ?? ''} />;
}
