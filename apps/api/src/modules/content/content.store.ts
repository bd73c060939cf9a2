// What every content read goes through: the stored shape of each collection, the published items of a collection
// kept in memory until content_items changes (visibility is applied against the clock on every read, so a scheduled
// item appears on time), and the read models (images resolved, Markdown and HTML rendered and sanitised).
import {
  BlockInput,
  Navigation,
  SiteComponentsInput,
  SitewideBanner,
  StoredBlog,
  StoredBlogCategory,
  StoredBlogPost,
  StoredContactPage,
  StoredFile,
  StoredPage,
  Theme,
  type CmsFile,
  type CmsPage,
  type ImageRef,
  type PageSection,
  type Seo,
  type StoredBlock,
} from '@shop/contracts';
import { z } from 'zod';
import { keyedCacheUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { CONTENT_TABLE, isVisibleAt, type ContentRepository, type ContentRow } from './content.repository.ts';
import { renderMarkdown, sanitizeContentHtml } from './content.render.ts';

export const StoredSiteConfig = z.strictObject({ components: SiteComponentsInput });

/** The shape each collection's items are stored in (and validated against on every write). */
export const STORED_SHAPES = {
  pages: StoredPage,
  blog: StoredBlog,
  blog_posts: StoredBlogPost,
  blog_categories: StoredBlogCategory,
  contact_page: StoredContactPage,
  theme: Theme,
  site_config: StoredSiteConfig,
  files: StoredFile,
  navigation: Navigation,
  sitewide_banner: SitewideBanner,
} as const;
export type ContentCollection = keyof typeof STORED_SHAPES;
export const SINGLETONS = ['blog', 'contact_page', 'theme', 'site_config', 'navigation', 'sitewide_banner'] as const;
export type SingletonCollection = (typeof SINGLETONS)[number];
export type StoredOf<C extends ContentCollection> = z.output<(typeof STORED_SHAPES)[C]>;

export const isCollection = (name: string): name is ContentCollection => Object.hasOwn(STORED_SHAPES, name);
export const isSingleton = (name: string): name is SingletonCollection =>
  (SINGLETONS as readonly string[]).includes(name);

/** Where a file's bytes are served. */
export const assetUrl = (fileId: string) => `/api/cms/assets/${encodeURIComponent(fileId)}`;

export function parseStored<C extends ContentCollection>(collection: C, row: Pick<ContentRow, 'data' | 'itemKey'>) {
  const parsed = STORED_SHAPES[collection].safeParse(row.data);
  if (!parsed.success)
    throw new Error(`CMS item ${collection}/${row.itemKey} does not match its contract: ${parsed.error.message}`);
  return parsed.data as StoredOf<C>;
}

export interface Parsed<C extends ContentCollection> {
  row: ContentRow;
  data: StoredOf<C>;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The fields every item carries on the wire (id, status, dates, version). */
export function itemMeta(row: ContentRow) {
  return {
    id: row.itemKey,
    status: row.status,
    datePublished: iso(row.datePublished),
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function createContentStore(deps: { repo: ContentRepository; clock: Clock; changes?: ChangeSource }) {
  const { repo, clock } = deps;
  const published = keyedCacheUntilChanged<Parsed<ContentCollection>[]>(deps.changes, [CONTENT_TABLE], 64);
  const rendered = keyedCacheUntilChanged<unknown>(deps.changes, [CONTENT_TABLE], 2000);

  /** Published items of a collection (any publish date), newest created first, parsed once. */
  function publishedItems<C extends ContentCollection>(collection: C): Promise<Parsed<C>[]> {
    return published.get(collection, async () =>
      (await repo.listPublished(collection)).map((row) => ({ row, data: parseStored(collection, row) })),
    ) as Promise<Parsed<C>[]>;
  }

  /** Those of them visible now (features §4). */
  async function visibleItems<C extends ContentCollection>(collection: C): Promise<Parsed<C>[]> {
    const now = clock.now();
    return (await publishedItems(collection)).filter((p) => isVisibleAt(p.row, now));
  }

  async function images(): Promise<Map<string, ImageRef>> {
    const files = await visibleItems('files');
    return new Map(
      files.map(({ row, data }) => [
        row.itemKey,
        {
          id: row.itemKey,
          url: assetUrl(row.itemKey),
          alt: data.description || data.title,
          width: data.width,
          height: data.height,
        },
      ]),
    );
  }

  function section(block: StoredBlock, img: (id: string | null) => ImageRef | null): PageSection | null {
    switch (block.kind) {
      case 'page_header':
        return { ...block, image: img(block.image) };
      case 'content_grid':
        return { ...block, items: block.items.map((i) => ({ ...i, image: img(i.image) })) };
      case 'image_beside_text': {
        const image = img(block.image);
        // An image block without its image is no longer that block: the text still shows, as full-page content.
        if (!image)
          return { kind: 'full_page_content', markdown: block.markdown, html: renderMarkdown(block.markdown) };
        return { ...block, image, html: renderMarkdown(block.markdown) };
      }
      case 'logo_grid': {
        const logos = block.logos.flatMap((l) => {
          const image = img(l.image);
          return image ? [{ ...l, image }] : [];
        });
        return logos.length ? { ...block, logos } : null;
      }
      case 'full_page_content':
        return { ...block, html: renderMarkdown(block.markdown) };
      case 'html_content':
        return { ...block, html: sanitizeContentHtml(block.html) };
      default:
        return block;
    }
  }

  /** Blocks as readers get them: images resolved (a missing one dropped), rich text rendered and sanitised. */
  async function sections(blocks: StoredBlock[]): Promise<PageSection[]> {
    const map = await images();
    const img = (id: string | null) => (id === null ? null : (map.get(id) ?? null));
    return blocks.map((b) => section(BlockInput.parse(b), img)).filter((s): s is PageSection => s !== null);
  }

  async function seo(input: StoredPage['seo']): Promise<Seo> {
    const map = await images();
    return { ...input, ogImage: input.ogImage ? (map.get(input.ogImage) ?? null) : null };
  }

  async function image(id: string | null): Promise<ImageRef | null> {
    return id === null ? null : ((await images()).get(id) ?? null);
  }

  /** A read model built once per item version (and rebuilt after any content write). */
  function once<T>(key: string, build: () => Promise<T>): Promise<T> {
    return rendered.get(key, build) as Promise<T>;
  }

  async function page(row: ContentRow, data: StoredPage, cache = true): Promise<CmsPage> {
    const build = async (): Promise<CmsPage> => ({
      ...itemMeta(row),
      path: data.path,
      name: data.name,
      template: data.template,
      seo: await seo(data.seo),
      sections: await sections(data.sections),
    });
    return cache ? once(`pages/${row.itemKey}@${row.version}/${row.status}`, build) : build();
  }

  function file(row: ContentRow, data: StoredFile): CmsFile {
    return { ...itemMeta(row), ...data, url: assetUrl(row.itemKey) };
  }

  return {
    publishedItems,
    visibleItems,
    sections,
    seo,
    image,
    once,
    page,
    file,
    forget: () => {
      published.invalidate();
      rendered.invalidate();
    },
  };
}
export type ContentStore = ReturnType<typeof createContentStore>;
