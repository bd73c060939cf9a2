// Content reads (features §3, §4, §7 Content management): the shell's singletons, pages, the blog, files and the
// preview of an unpublished item. Visitors only ever see published items whose publish date has passed.
import {
  Blog,
  SiteConfig,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type CmsFile,
  type CmsPage,
  type CmsSitemap,
  type ContactPage,
  type Navigation,
  type PreviewItem,
  type SitewideBanner,
  type StoredBlogCategory,
  type StoredBlogPost,
  type Theme,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { cachedUntilChanged, type CachedValue, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { CONTENT_TABLE, createContentRepository, isVisibleAt, type ContentRow } from './content.repository.ts';
import { createContentWatcher, type ContentChangeListener } from './content.changes.ts';
import { mintPreviewToken, readPreviewToken, type PreviewClaims } from './content.preview.ts';
import {
  createContentStore,
  isCollection,
  isSingleton,
  itemMeta,
  parseStored,
  type ContentCollection,
  type Parsed,
  type SingletonCollection,
  type StoredOf,
} from './content.store.ts';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  /** Signs preview tokens (the shop's AUTH_SECRET); resolved on first use. */
  secret: () => string;
  /**
   * Long-lived services (the API routes) pass the database's change feed: what every page reads is kept in memory
   * until content_items changes (ADR 007).
   */
  changes?: ChangeSource;
}

const unknownCollection = (name: string) => notFound(`There is no collection named "${name}".`, 'unknown_collection');
const noItem = (collection: string, id: string) =>
  notFound(`There is no item "${id}" in "${collection}".`, 'not_found');

export function createContentService(deps: ContentDeps) {
  const repo = createContentRepository(deps.db);
  const store = createContentStore({ repo, clock: deps.clock, changes: deps.changes });
  const { clock } = deps;
  const watcher = createContentWatcher({
    changes: deps.changes,
    clock,
    nextScheduledAfter: (now) => repo.nextScheduledAfter(now),
  });

  // The singletons (theme, navigation, ...) are read on every page: kept parsed, checked against the clock each time.
  const singletonCache = new Map<SingletonCollection, CachedValue<Parsed<SingletonCollection> | undefined>>();
  function storedSingleton<C extends SingletonCollection>(collection: C): Promise<Parsed<C> | undefined> {
    let cached = singletonCache.get(collection);
    if (!cached) {
      cached = cachedUntilChanged(deps.changes, [CONTENT_TABLE], async () => {
        const row = await repo.find(collection, collection);
        return row ? ({ row, data: parseStored(collection, row) } as Parsed<SingletonCollection>) : undefined;
      });
      singletonCache.set(collection, cached);
    }
    return cached.get() as Promise<Parsed<C> | undefined>;
  }
  async function singleton<C extends SingletonCollection>(collection: C): Promise<Parsed<C> | undefined> {
    const stored = await storedSingleton(collection);
    return stored && isVisibleAt(stored.row, clock.now()) ? stored : undefined;
  }
  async function required<C extends SingletonCollection>(collection: C, what: string): Promise<Parsed<C>> {
    const item = await singleton(collection);
    if (!item) throw notFound(`No ${what} is published.`, 'not_found');
    return item;
  }

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

  /** A singleton's read model (GET /items/{singleton}). */
  async function singletonItem(collection: SingletonCollection): Promise<unknown> {
    switch (collection) {
      case 'theme':
        return (await required('theme', 'theme')).data;
      case 'navigation':
        return (await required('navigation', 'navigation')).data;
      case 'site_config':
        return service.getSiteConfig();
      case 'sitewide_banner':
        return service.getSitewideBanner();
      case 'blog':
        return service.getBlog();
      case 'contact_page':
        return service.getContactPage();
    }
  }

  /** Any item of a collection as a reader gets it, whatever its status (preview and the version view). */
  async function readModel(collection: ContentCollection, row: ContentRow): Promise<unknown> {
    switch (collection) {
      case 'pages':
        return store.page(row, parseStored('pages', row), false);
      case 'blog_posts':
        return post(row, parseStored('blog_posts', row), false);
      case 'blog_categories':
        return category(row, parseStored('blog_categories', row));
      case 'files':
        return store.file(row, parseStored('files', row));
      default:
        return { ...itemMeta(row), ...(parseStored(collection, row) as object) };
    }
  }

  /** The row as version `version` (or the newest version) had it: drafts pending on a live item included. */
  async function rowAtVersion(collection: string, id: string, version?: number): Promise<ContentRow> {
    const row = await repo.find(collection, id);
    if (!row) throw noItem(collection, id);
    const v =
      version === undefined ? await repo.latestVersion(collection, id) : await repo.version(collection, id, version);
    if (!v) throw notFound(`Item "${id}" has no version ${version}.`, 'version_not_found');
    const { status, datePublished, data, createdAt, author } = v;
    return { ...row, status, datePublished, data, version: v.version, updatedAt: createdAt, updatedBy: author };
  }

  const service = {
    getTheme: async (): Promise<Theme> => (await required('theme', 'theme')).data,
    getNavigation: async (): Promise<Navigation> => (await required('navigation', 'navigation')).data,

    async getSiteConfig(): Promise<SiteConfig> {
      const [stored, navigation] = await Promise.all([
        required('site_config', 'site configuration'),
        required('navigation', 'navigation'),
      ]);
      return SiteConfig.parse({ navigation: navigation.data, components: stored.data.components });
    },

    async getSitewideBanner(): Promise<SitewideBanner | null> {
      return (await singleton('sitewide_banner'))?.data ?? null;
    },

    async getBlog(): Promise<Blog> {
      const { row, data } = await required('blog', 'blog');
      return { ...itemMeta(row), ...data, seo: await store.seo(data.seo) };
    },

    async getContactPage(): Promise<ContactPage> {
      const { row, data } = await required('contact_page', 'contact page');
      return {
        ...itemMeta(row),
        ...data,
        seo: await store.seo(data.seo),
        sections: await store.sections(data.sections),
      };
    },

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
      await service.getFile(id);
      const asset = await repo.asset(id);
      if (!asset) throw noItem('files', id);
      return asset;
    },

    /** GET /items/{collection}/{id}: visible items only, unless a preview token for this item is given. */
    async item(
      collection: string,
      id: string,
      options: { version?: number; previewToken?: string } = {},
    ): Promise<unknown> {
      if (!isCollection(collection)) throw unknownCollection(collection);
      if (options.previewToken !== undefined || options.version !== undefined) {
        const claims = options.previewToken ? readPreviewToken(deps.secret(), options.previewToken, clock.now()) : null;
        // A token pinned to a version opens that version only (ADR 036): ?version= may repeat it, never override it.
        const pinnedElsewhere =
          claims?.version != null && options.version !== undefined && options.version !== claims.version;
        if (!claims || claims.collection !== collection || claims.id !== id || pinnedElsewhere)
          throw forbidden(
            'A version or draft is shown only with a valid preview token for this item (and that version).',
            'preview_forbidden',
          );
        return readModel(
          collection,
          await rowAtVersion(collection, id, claims.version ?? options.version ?? undefined),
        );
      }
      if (isSingleton(collection)) {
        if (id !== collection) throw noItem(collection, id);
        return singletonItem(collection);
      }
      switch (collection) {
        case 'pages':
          return service.getPage(id);
        case 'blog_posts':
          return service.getBlogPost(id);
        case 'blog_categories':
          return service.getBlogCategory(id);
        case 'files':
          return service.getFile(id);
      }
      throw unknownCollection(collection);
    },

    /** GET /preview: the item a preview token names, as it will look (the newest version, or the token's). */
    async preview(token: string): Promise<PreviewItem> {
      const claims = readPreviewToken(deps.secret(), token, clock.now());
      if (!claims) throw forbidden('This preview link is not valid or has expired.', 'preview_forbidden');
      const row = await rowAtVersion(claims.collection, claims.id, claims.version ?? undefined);
      if (claims.collection === 'pages')
        return { collection: 'pages', item: await store.page(row, parseStored('pages', row), false) };
      return { collection: 'blog_posts', item: await post(row, parseStored('blog_posts', row), false) };
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

    /** Drop every in-memory copy (a write in this process, or ?clear_cache). */
    forget() {
      store.forget();
      for (const c of singletonCache.values()) c.invalidate();
    },

    /** Hear of content changes (any process) and of scheduled items going live; returns the unsubscribe. */
    watch: (listener: ContentChangeListener) => watcher.subscribe(listener),
    changesLive: () => watcher.isLive(),
    /** This process wrote content: forget, and tell the watchers at once. */
    written() {
      service.forget();
      watcher.notify();
    },
    /** A signed link token to preview an item (the CLI and the back office mint them; ADR 036). */
    mintPreview: (claims: PreviewClaims, ttlSeconds: number) =>
      mintPreviewToken(deps.secret(), claims, clock.now(), ttlSeconds),

    /** A visible file as an image (translation image items). */
    image: (fileId: string) => store.image(fileId),
  };
  return service;
}
export type ContentService = ReturnType<typeof createContentService>;
export type { StoredOf };
