// /about/contact-us: a managed page at this path takes the place of the built-in contact screen (contact_page).
import { ContactView } from '../../features/content/built-in-views.tsx';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { findCmsPage, loadBlockData, loadContactPage } from '../../features/content/cms-page.server.ts';
import type { Route } from './+types/about-contact-us';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await findCmsPage(context, request, '/about/contact-us');
  if (page) return { kind: 'managed' as const, page, data: await loadBlockData(context, request, page.sections) };
  return { kind: 'built-in' as const, contact: await loadContactPage(context, request) };
}

export default function AboutContactRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'managed') return <CmsPageView page={loaderData.page} data={loaderData.data} />;
  return <ContactView contact={loaderData.contact} />;
}
