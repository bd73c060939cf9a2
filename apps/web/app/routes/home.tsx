// Home page: the CMS page for "/" (page header, sections, call to action).
import { useRouteLoaderData } from 'react-router';
import { CmsPageView } from '../features/cms/cms-page-view.tsx';
import { loadCmsPage } from '../features/cms/cms-page.server.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadCmsPage(context, request, '/') };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <CmsPageView page={loaderData.page} siteName={root?.shell.site.siteName ?? ''} />;
}
