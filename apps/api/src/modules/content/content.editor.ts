// Content writes (features §3, §7 POST /items/{collection}): create, update, publish, archive and restore, each a new
// version (who, when, the data). An item visitors can see now keeps showing its published fields while later edits
// wait as draft versions; publishing promotes one (ADR 035). Every write is validated against its collection's
// block schemas (422 naming the field) and the page-path and slug rules. The version writes and locking are in
// content.writes.ts, the sitewide banner's rules in content.banner.ts.
import { randomBytes } from 'node:crypto';
import type { CmsVersion, CmsStatus } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { createBannerEditor } from './content.banner.ts';
import { createContentRepository, isVisibleAt, type ContentRow, type ContentStatus } from './content.repository.ts';
import { isCollection, isSingleton, type ContentCollection } from './content.store.ts';
import { createContentValidator } from './content.validate.ts';
import { createDraftReads } from './content.drafts.ts';
import { createVersionWriter, noItem, type Actor } from './content.writes.ts';

export type { Actor };

export interface ContentEditorDeps {
  db: Db;
  clock: Clock;
  /** Called after every committed write: this process forgets its cached content at once. */
  onWrite: () => void;
  /** Id source for new items; tests pass a deterministic one. */
  newId?: (prefix: string) => string;
}

const PREFIX: Partial<Record<ContentCollection, string>> = {
  pages: 'page',
  blog_posts: 'post',
  blog_categories: 'cat',
  files: 'file',
  sitewide_banner: 'bnr',
};

const defaultNewId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** An item's live state, as the audit log records it before and after a write. */
const stateOf = (row: ContentRow) => ({ status: row.status, datePublished: row.datePublished, version: row.version });

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
  const writes = createVersionWriter({ repo, clock, onWrite: deps.onWrite });
  const { guarded, saveVersion, locked } = writes;

  function collectionOf(name: string): ContentCollection {
    if (!isCollection(name)) throw notFound(`There is no collection named "${name}".`, 'unknown_collection');
    return name;
  }

  /**
   * Publish the newest version (or `version`) of the locked item, now or at `at` (an item already published with a
   * date keeps it unless `at` is given): a new version, live.
   */
  async function publishLocked(
    tx: Executor,
    collection: ContentCollection,
    row: ContentRow,
    options: { at?: Date | null; version?: number },
    actor: Actor,
  ) {
    const id = row.itemKey;
    const source =
      options.version === undefined
        ? await repo.latestVersion(collection, id, tx)
        : await repo.version(collection, id, options.version, tx);
    if (!source) throw notFound(`Item "${id}" has no version ${options.version}.`, 'version_not_found');
    const data = await validator.validate(tx, collection, source.data, id);
    const keepDate = row.status === 'published' && row.datePublished !== null;
    const datePublished = options.at ?? (keepDate ? row.datePublished : clock.now());
    const version = await saveVersion(tx, row, { status: 'published', datePublished, data }, 'publish', actor, true);
    return { version, status: 'published' as const, datePublished };
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
     * published. Any other item (a draft, a scheduled or archived one) takes the fields at once. With `publish` the
     * saved version is published too, now or at `at`, in the same transaction; `at` without `publish` is refused
     * before anything is saved (it would be a date nobody uses).
     */
    async update(
      collectionName: string,
      id: string,
      data: unknown,
      actor: Actor,
      options: { publish?: boolean; at?: Date | null } = {},
    ) {
      const collection = collectionOf(collectionName);
      if (options.at && !options.publish)
        throw unprocessable(
          'A publish date goes with publishing (it is the date the item goes live).',
          'invalid_date',
          {
            datePublished: ['A publish date goes with status "published".'],
          },
        );
      return locked(collection, id, async (tx, row) => {
        const valid = await validator.validate(tx, collection, data, id);
        const live = isVisibleAt(row, clock.now());
        const next = live
          ? { status: 'draft' as const, datePublished: null, data: valid }
          : { status: row.status, datePublished: row.datePublished, data: valid };
        const version = await saveVersion(tx, row, next, 'update', actor, !live);
        const before = stateOf(row);
        if (options.publish) {
          const published = await publishLocked(tx, collection, row, { at: options.at }, actor);
          return { collection, id, ...published, pending: false, before };
        }
        const { status, datePublished } = before;
        return { collection, id, version, status, datePublished, pending: live, before };
      });
    },

    /** Publish the newest version (or `version`), now or at `at`. */
    async publish(collectionName: string, id: string, options: { at?: Date | null; version?: number }, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => ({
        collection,
        id,
        ...(await publishLocked(tx, collection, row, options, actor)),
        pending: false,
        before: stateOf(row),
      }));
    },

    /** Take an item down: visitors no longer see it; a page gives its path up. */
    async archive(collectionName: string, id: string, actor: Actor) {
      const collection = collectionOf(collectionName);
      return locked(collection, id, async (tx, row) => {
        const { datePublished } = row;
        const version = await saveVersion(
          tx,
          row,
          { status: 'archived', datePublished, data: row.data },
          'archive',
          actor,
          true,
        );
        return {
          collection,
          id,
          version,
          status: 'archived' as const,
          datePublished,
          pending: false,
          before: stateOf(row),
        };
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
  };

  const banner = createBannerEditor({ repo, clock, newId, writes, create: editor.create, archive: editor.archive });
  // The editors' reads (the back office's lists and forms) sit beside the writes they lead to.
  return { ...editor, ...banner, ...createDraftReads({ repo, clock }) };
}
export type ContentEditor = ReturnType<typeof createContentEditor>;
