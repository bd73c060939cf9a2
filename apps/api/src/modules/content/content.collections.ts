// Visitors' reads of the collections with many items (pages, blog posts, blog categories, files) and the sitemap's
// entries, plus the blog's read models (post summary, post, category). Composed into createContentService.
import type {
  BlogCategory,
  BlogPost,
  BlogPostSummary,
  CmsFile,
  CmsPage,
  CmsSitemap,
  StoredBlogCategory,
  StoredBlogPost,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import type { ContentRepository, ContentRow } from './content.repository.ts';
import { itemMeta, type ContentCollection, type ContentStore, type Parsed } from './content.store.ts';

export const noItem = (collection: string, id: string) =>
  notFound(`There is no item "${id}" in "${collection}".`, 'not_found');

/** The blog's read models: category names resolved, images, SEO and sections rendered. */
export function createBlogModels(store: ContentStore) {
  const categoryNames = async () =>
    new Map((await store.visibleItems('blog_categories')).map((c) => [c.data.slug, c.data.name]));

  async function postSummary(row: ContentRow, data: StoredBlogPost): Promise<BlogPostSummary> {
    const names = await categoryNames();
    return {
      ...itemMeta(row),
      slug: data.slug,
      title: data.title,
      excerpt: data.excerpt,
      categories: data.categories.flatMap((slug) => (names.has(slug) ? [{ slug, name: names.get(slug)! }] : [])),
      author: data.author,
      heroImage: await store.image(data.heroImage),
    };
  }
  async function post(row: ContentRow, data: StoredBlogPost, cache = true): Promise<BlogPost> {
    const build = async () => ({
      ...(await postSummary(row, data)),
      seo: await store.seo(data.seo),
      sections: await store.sections(data.sections),
    });
    return cache ? store.once(`blog_posts/${row.itemKey}@${row.version}/${row.status}`, build) : build();
  }
  async function category(row: ContentRow, data: StoredBlogCategory): Promise<BlogCategory> {
    return { ...itemMeta(row), ...data, seo: data.seo ? await store.seo(data.seo) : null };
  }

  return { postSummary, post, category };
}
export type BlogModels = ReturnType<typeof createBlogModels>;

export function createCollectionReads(deps: { repo: ContentRepository; store: ContentStore; models: BlogModels }) {
  const { repo, store } = deps;
  const { postSummary, post, category } = deps.models;

  const reads = {
    /** Visible pages, oldest first; with `path` the page at that site path (0 or 1). */
    async listPages(query: { path?: string; limit: number; offset: number }) {
      const pages = (await store.visibleItems('pages'))
        .filter((p) => query.path === undefined || p.data.path === query.path)
        .reverse();
      const slice = pages.slice(query.offset, query.offset + query.limit);
      return { items: await Promise.all(slice.map((p) => store.page(p.row, p.data))), total: pages.length };
    },

    async getPage(id: string): Promise<CmsPage> {
      const found = (await store.visibleItems('pages')).find((p) => p.row.itemKey === id);
      if (!found) throw notFound('This page does not exist.', 'page_not_found');
      return store.page(found.row, found.data);
    },

    /** Blog lists (core §9): newest created first, optionally one category's posts, or the post with a slug. */
    async listBlogPosts(query: { category?: string; slug?: string; limit: number; offset: number }) {
      const posts = (await store.visibleItems('blog_posts')).filter(
        (p) =>
          (query.category === undefined || p.data.categories.includes(query.category)) &&
          (query.slug === undefined || p.data.slug === query.slug),
      );
      const slice = posts.slice(query.offset, query.offset + query.limit);
      return { items: await Promise.all(slice.map((p) => postSummary(p.row, p.data))), total: posts.length };
    },

    /** A visible post by id or slug. */
    async getBlogPost(idOrSlug: string): Promise<BlogPost> {
      const found = (await store.visibleItems('blog_posts')).find(
        (p) => p.row.itemKey === idOrSlug || p.data.slug === idOrSlug,
      );
      if (!found) throw notFound('This post does not exist.', 'post_not_found');
      return post(found.row, found.data);
    },

    /** Categories by name (core §9). */
    async listBlogCategories(query: { slug?: string; limit: number; offset: number }) {
      const all = (await store.visibleItems('blog_categories'))
        .filter((c) => query.slug === undefined || c.data.slug === query.slug)
        .sort((a, b) => a.data.name.localeCompare(b.data.name, 'en'));
      const slice = all.slice(query.offset, query.offset + query.limit);
      return { items: await Promise.all(slice.map((c) => category(c.row, c.data))), total: all.length };
    },

    async getBlogCategory(idOrSlug: string): Promise<BlogCategory> {
      const found = (await store.visibleItems('blog_categories')).find(
        (c) => c.row.itemKey === idOrSlug || c.data.slug === idOrSlug,
      );
      if (!found) throw notFound('This category does not exist.', 'category_not_found');
      return category(found.row, found.data);
    },

    async listFiles(query: { limit: number; offset: number }) {
      const files = (await store.visibleItems('files')).reverse();
      return {
        items: files.slice(query.offset, query.offset + query.limit).map((f) => store.file(f.row, f.data)),
        total: files.length,
      };
    },

    async getFile(id: string): Promise<CmsFile> {
      const found = (await store.visibleItems('files')).find((f) => f.row.itemKey === id);
      if (!found) throw noItem('files', id);
      return store.file(found.row, found.data);
    },

    /** The bytes of a visible file. */
    async asset(id: string): Promise<{ type: string; bytes: Buffer; sha256: string }> {
      await reads.getFile(id);
      const asset = await repo.asset(id);
      if (!asset) throw noItem('files', id);
      return asset;
    },

    /**
     * Every visible item a sitemap may list (GET /api/cms/sitemap): pages by path, blog posts and categories by slug,
     * each with its canonical URL and date; items marked noIndex are left out (a page's path is named as unlisted).
     */
    async sitemapEntries(): Promise<CmsSitemap> {
      const [pages, posts, categories] = await Promise.all([
        store.visibleItems('pages'),
        store.visibleItems('blog_posts'),
        store.visibleItems('blog_categories'),
      ]);
      const entry = (p: Parsed<ContentCollection>, seo: { canonicalUrl: string | null } | null) => ({
        id: p.row.itemKey,
        canonicalUrl: seo?.canonicalUrl ?? null,
        dateUpdated: p.row.updatedAt.toISOString(),
      });
      return {
        pages: pages.filter((p) => !p.data.seo.noIndex).map((p) => ({ ...entry(p, p.data.seo), path: p.data.path })),
        unlistedPagePaths: pages.filter((p) => p.data.seo.noIndex).map((p) => p.data.path),
        blogPosts: posts
          .filter((p) => !p.data.seo.noIndex)
          .map((p) => ({ ...entry(p, p.data.seo), slug: p.data.slug })),
        blogCategories: categories
          .filter((c) => !c.data.seo?.noIndex)
          .map((c) => ({ ...entry(c, c.data.seo), slug: c.data.slug })),
      };
    },
  };
  return reads;
}
