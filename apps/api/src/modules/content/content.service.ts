// Content reads (features §3, §4, §7 Content management): the shell's singletons, pages, the blog, files and the
// preview of an unpublished item. Visitors only ever see published items whose publish date has passed. The reads
// themselves live in content.singletons.ts and content.collections.ts; this factory composes them and adds the
// item-by-collection route, previews of drafts and versions, the caches' reset and the change watch.
import type { PreviewItem } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { createContentRepository, type ContentRow } from './content.repository.ts';
import { createContentWatcher, type ContentChangeListener } from './content.changes.ts';
import { createBlogModels, createCollectionReads, noItem } from './content.collections.ts';
import { mintPreviewToken, readPreviewToken, type PreviewClaims } from './content.preview.ts';
import { createSingletonReads } from './content.singletons.ts';
import {
  createContentStore,
  isCollection,
  isSingleton,
  itemMeta,
  parseStored,
  type ContentCollection,
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

export function createContentService(deps: ContentDeps) {
  const repo = createContentRepository(deps.db);
  const store = createContentStore({ repo, clock: deps.clock, changes: deps.changes });
  const { clock } = deps;
  const watcher = createContentWatcher({
    changes: deps.changes,
    clock,
    nextScheduledAfter: (now) => repo.nextScheduledAfter(now),
  });
  const singletons = createSingletonReads({ repo, store, clock, changes: deps.changes });
  const models = createBlogModels(store);
  const collections = createCollectionReads({ repo, store, models });

  /** Any item of a collection as a reader gets it, whatever its status (preview and the version view). */
  async function readModel(collection: ContentCollection, row: ContentRow): Promise<unknown> {
    switch (collection) {
      case 'pages':
        return store.page(row, parseStored('pages', row), false);
      case 'blog_posts':
        return models.post(row, parseStored('blog_posts', row), false);
      case 'blog_categories':
        return models.category(row, parseStored('blog_categories', row));
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
    ...singletons.reads,
    ...collections,

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
        return singletons.item(collection);
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
      return { collection: 'blog_posts', item: await models.post(row, parseStored('blog_posts', row), false) };
    },

    /** Drop every in-memory copy (a write in this process, or ?clear_cache). */
    forget() {
      store.forget();
      singletons.forget();
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
