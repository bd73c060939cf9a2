// Content writes (features §3, §7 POST /items/{collection}): create, update, publish, archive and restore, each a new
// version (who, when, the data). An item visitors can see now keeps showing its published fields while later edits
// wait as draft versions; publishing promotes one (ADR 035). Every write is validated against its collection's
// block schemas (422 naming the field) and the page-path and slug rules.
import { randomBytes } from 'node:crypto';
import { CmsVersion, SitewideBanner, type CmsStatus } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import {
  createContentRepository,
  isVisibleAt,
  uniqueViolation,
  type ContentRow,
  type ContentStatus,
  type VersionAction,
} from './content.repository.ts';
import { isCollection, isSingleton, type ContentCollection } from './content.store.ts';
import { createContentValidator } from './content.validate.ts';

export interface ContentEditorDeps {
  db: Db;
  clock: Clock;
  /** Called after every committed write: this process forgets its cached content at once. */
  onWrite: () => void;
  /** Id source for new items; tests pass a deterministic one. */
  newId?: (prefix: string) => string;
}

/** Who made a change: an operator id, `cli:<user>`, `seed` or `import`. */
export type Actor = string;

const PREFIX: Partial<Record<ContentCollection, string>> = {
  pages: 'page',
  blog_posts: 'post',
  blog_categories: 'cat',
  files: 'file',
  sitewide_banner: 'bnr',
};

const defaultNewId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

const noItem = (collection: string, id: string) =>
  notFound(`There is no item "${id}" in "${collection}".`, 'not_found');

export interface NewItem {
  id?: string;
  status?: 'draft' | 'published';
  datePublished?: Date | null;
  data: unknown;
}

export function createContentEditor(deps: ContentEditorDeps) {
  const repo = createContentRepository(deps.db);
  const validator = createContentValidator(repo);
  const newId = deps.newId ?? defaultNewId;
  const { clock } = deps;

  function collectionOf(name: string): ContentCollection {
    if (!isCollection(name)) throw notFound(`There is no collection named "${name}".`, 'unknown_collection');
    return name;
  }

  /** Unique-index races (two editors taking one path at once) answer like the checks that normally catch them. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      if (constraint.includes('path'))
        throw unprocessable('Another page has this path.', 'path_taken', { path: ['Another page has this path.'] });
      if (constraint.includes('slug'))
        throw unprocessable('Another item has this slug.', 'slug_taken', { slug: ['Another item has this slug.'] });
      throw unprocessable('An item with this id already exists.', 'item_exists', {
        id: ['An item with this id already exists.'],
      });
    }
  }

  /** Write one version and, when `apply`, make it the item's live state; returns the version number. */
  async function saveVersion(
    tx: Executor,
    row: ContentRow,
    next: { status: ContentStatus; datePublished: Date | null; data: unknown },
    action: VersionAction,
    actor: Actor,
    apply: boolean,
  ): Promise<number> {
    const now = clock.now();
    const latest = await repo.latestVersion(row.collection, row.itemKey, tx);
    const version = (latest?.version ?? row.version) + 1;
    await repo.insertVersion(tx, {
      collection: row.collection,
      itemKey: row.itemKey,
      version,
      action,
      status: next.status,
      datePublished: next.datePublished,
      data: next.data,
      author: actor,
      createdAt: now,
    });
    if (apply) await repo.updateItem(tx, row, { ...next, version, author: actor, now });
    return version;
  }

  async function locked<T>(
    collection: ContentCollection,
    id: string,
    work: (tx: Executor, row: ContentRow) => Promise<T>,
  ) {
    const result = await guarded(() =>
      repo.transaction(async (tx) => {
        const row = await repo.lock(tx, collection, id);
        if (!row) throw noItem(collection, id);
        return work(tx, row);
      }),
    );
    deps.onWrite();
    return result;
  }

  const editor = {
    /** Create an item (a draft unless published now or at a date). Version 1. */
    async create(collectionName: string, input: NewItem, actor: Actor) {
      const collection = collectionOf(collectionName);
      if (collection === 'files')
        throw unprocessable('Files are added with their bytes (content:upload).', 'upload_required');
      const itemKey = isSingleton(collection) ? collection : (input.id ?? newId(PREFIX[collection] ?? 'item'));
      if (isSingleton(collection) && input.id !== undefined && input.id !== collection)
        throw unprocessable(`The only item of "${collection}" has the id "${collection}".`, 'invalid_id', {
          id: ['Wrong id for a singleton.'],
        });
      const status: ContentStatus = input.status ?? 'draft';
      const datePublished =
        status === 'published' ? (input.datePublished ?? clock.now()) : (input.datePublished ?? null);
      const now = clock.now();
      await guarded(() =>
        repo.transaction(async (tx) => {
          const data = await validator.validate(tx, collection, input.data, itemKey);
          await repo.insertItem(tx, {
            collection,
            itemKey,
            status,
            datePublished,
            data,
            version: 1,
            author: actor,
            now,
          });
          await repo.insertVersion(tx, {
            collection,
            itemKey,
            version: 1,
            action: 'create',
            status,
            datePublished,
            data,
            author: actor,
            createdAt: now,
          });
        }),
      );
      deps.onWrite();
      return { collection, id: itemKey, version: 1, status, datePublished };
    },

    /**
     * Save new fields. An item visitors see now keeps its live fields: the save waits as a draft version until
     * published. Any other item (a draft, a scheduled or archived one) takes the fields at once.
     */
    async update(collectionName: string, id: string, data: unknown, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => {
        const valid = await validator.validate(tx, collection, data, id);
        const live = isVisibleAt(row, clock.now());
        const next = live
          ? { status: 'draft' as const, datePublished: null, data: valid }
          : { status: row.status, datePublished: row.datePublished, data: valid };
        const version = await saveVersion(tx, row, next, 'update', actor, !live);
        return { collection, id, version, pending: live };
      });
    },

    /** Publish the newest version (or `version`), now or at `at`. */
    async publish(collectionName: string, id: string, options: { at?: Date | null; version?: number }, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => {
        const source =
          options.version === undefined
            ? await repo.latestVersion(collection, id, tx)
            : await repo.version(collection, id, options.version, tx);
        if (!source) throw notFound(`Item "${id}" has no version ${options.version}.`, 'version_not_found');
        const data = await validator.validate(tx, collection, source.data, id);
        const keepDate = row.status === 'published' && row.datePublished !== null;
        const datePublished = options.at ?? (keepDate ? row.datePublished : clock.now());
        const version = await saveVersion(
          tx,
          row,
          { status: 'published', datePublished, data },
          'publish',
          actor,
          true,
        );
        return { collection, id, version, datePublished };
      });
    },

    /** Take an item down: visitors no longer see it; a page gives its path up. */
    async archive(collectionName: string, id: string, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => {
        const version = await saveVersion(
          tx,
          row,
          { status: 'archived', datePublished: row.datePublished, data: row.data },
          'archive',
          actor,
          true,
        );
        return { collection, id, version };
      });
    },

    /** Bring back the fields of an earlier version as a new version, live at once (the item keeps its status). */
    async restore(collectionName: string, id: string, version: number, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => {
        const source = await repo.version(collection, id, version, tx);
        if (!source) throw notFound(`Item "${id}" has no version ${version}.`, 'version_not_found');
        const data = await validator.validate(tx, collection, source.data, id);
        const next = { status: row.status, datePublished: row.datePublished, data };
        const saved = await saveVersion(tx, row, next, 'restore', actor, true);
        return { collection, id, version: saved, restoredFrom: version };
      });
    },

    /** Every version of an item, newest first. */
    async versions(collectionName: string, id: string): Promise<CmsVersion[]> {
      const collection = collectionOf(collectionName);
      const rows = await repo.versions(collection, id);
      if (rows.length === 0) throw noItem(collection, id);
      return rows.map((v) => ({
        version: v.version,
        action: v.action,
        status: v.status as CmsStatus,
        datePublished: v.datePublished ? v.datePublished.toISOString() : null,
        author: v.author,
        dateCreated: v.createdAt.toISOString(),
      }));
    },

    /** Publish a new sitewide banner now. Each call gets a new id, so a visitor's earlier dismissal does not hide it. */
    async setSitewideBanner(input: { text: string; linkUrl?: string | null; linkText?: string | null }, actor: Actor) {
      const banner = SitewideBanner.parse({
        id: newId('bnr'),
        text: input.text.trim(),
        linkUrl: input.linkUrl ?? null,
        linkText: input.linkText ?? null,
      });
      if (!banner.text) throw unprocessable('The banner text is empty.', 'invalid_banner');
      if ((banner.linkUrl === null) !== (banner.linkText === null))
        throw unprocessable('A banner link needs both a URL and a link text.', 'invalid_banner');
      if (banner.linkUrl !== null && !/^(\/(?!\/)|https?:\/\/)/.test(banner.linkUrl))
        throw unprocessable('A banner link is a site path starting with "/" or an http(s) URL.', 'invalid_banner');
      const existing = await repo.find('sitewide_banner', 'sitewide_banner');
      if (!existing) await editor.create('sitewide_banner', { status: 'published', data: banner }, actor);
      else
        await locked('sitewide_banner', 'sitewide_banner', (tx, row) =>
          saveVersion(
            tx,
            row,
            { status: 'published', datePublished: clock.now(), data: banner },
            'publish',
            actor,
            true,
          ),
        );
      return banner;
    },

    /** Archive the banner; returns false when there was none. */
    async clearSitewideBanner(actor: Actor): Promise<boolean> {
      const current = await repo.find('sitewide_banner', 'sitewide_banner');
      if (!current || current.status === 'archived') return false;
      await editor.archive('sitewide_banner', 'sitewide_banner', actor);
      return true;
    },
  };
  return editor;
}
export type ContentEditor = ReturnType<typeof createContentEditor>;
