// /about/contact-us: a managed page at this path takes the place of the built-in contact screen (contact_page).
import { ContactView } from '../../features/content/built-in-views.tsx';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { findCmsPage, loadContactPage } from '../../features/content/cms-page.server.ts';
import { pageBlockSlots } from './page-blocks.tsx';
import { loadPageBlocks } from './page-blocks.server.ts';
import type { Route } from './+types/about-contact-us';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await findCmsPage(context, request, '/about/contact-us');
  if (page) return { kind: 'managed' as const, page, blocks: await loadPageBlocks(context, request, page.sections) };
  const contact = await loadContactPage(context, request);
  return { kind: 'built-in' as const, contact, blocks: await loadPageBlocks(context, request, contact.sections) };
}

export default function AboutContactRoute({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  if (loaderData.kind === 'managed')
    return <CmsPageView page={loaderData.page} data={blocks.data} slots={pageBlockSlots(blocks)} />;
  return <ContactView contact={loaderData.contact} data={blocks.data} slots={pageBlockSlots(blocks)} />;
}
