// /about/faq: a managed page at this path takes the place of the built-in FAQ (the "faq/questions" translation item).
import { Seo } from '@shop/contracts';
import { faqEntries, FaqView } from '../../features/content/built-in-views.tsx';
import { CmsPageView } from '../../features/content/cms-page-view.tsx';
import { findCmsPage, loadTranslations } from '../../features/content/cms-page.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { pageBlockSlots } from './page-blocks.tsx';
import { loadPageBlocks } from './page-blocks.server.ts';
import type { Route } from './+types/about-faq';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await findCmsPage(context, request, '/about/faq');
  if (page) return { kind: 'managed' as const, page, blocks: await loadPageBlocks(context, request, page.sections) };
  const [questions, seo] = await Promise.all([
    loadTranslations(context, request, 'en-AU', { c: ['faq'], id: ['questions'], t: ['json'] }),
    loadTranslations(
      context,
      request,
      'en-AU',
      { c: ['seo'], id: ['about-faq'], t: ['seo'] },
      SERVER_CACHE_TTL.seoTranslations,
    ),
  ]);
  return {
    kind: 'built-in' as const,
    entries: faqEntries(questions[0]?.value),
    seo: Seo.safeParse(seo[0]?.value).data ?? null,
  };
}

export default function AboutFaqRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'managed') {
    const { page, blocks } = loaderData;
    return <CmsPageView page={page} data={blocks.data} slots={pageBlockSlots(blocks)} />;
  }
  return <FaqView entries={loaderData.entries} seo={loaderData.seo} />;
}
