// A managed page (spec features §3 Content management): its search tags and its blocks. `slots` draw blocks whose
// data belongs to another part of the shop (the featured tickets, drawn by routes/content/page-blocks.tsx).
import type { CmsPage } from '@shop/contracts';
import { Blocks, NO_BLOCK_DATA, type BlockData, type BlockSlots } from './blocks.tsx';
import { SeoTags } from './seo-tags.tsx';

export { pageTitle } from './seo-tags.tsx';

export function CmsPageView({
  page,
  data = NO_BLOCK_DATA,
  slots,
  preview = false,
}: {
  page: CmsPage;
  data?: BlockData;
  slots?: BlockSlots;
  /** A preview is never indexed. */
  preview?: boolean;
}) {
  const hasHeading = page.sections[0]?.kind === 'page_header';
  return (
    <article data-page-id={page.id}>
      <SeoTags seo={page.seo} path={page.path} fallbackTitle={page.name} noIndex={preview} />
      {hasHeading ? null : (
        <div className="page-container pt-2">
          <h1 className="text-3xl font-extrabold text-brand">{page.name}</h1>
        </div>
      )}
      <Blocks sections={page.sections} data={data} slots={slots} />
    </article>
  );
}
