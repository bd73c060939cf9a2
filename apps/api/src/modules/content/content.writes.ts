// What every content edit goes through (ADR 035): the item locked in one transaction, each change written as a new
// version (applied to the live item or left pending), and unique-index races answered like the checks that catch
// them. Used by createContentEditor and the sitewide banner's editor.
import type { Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import {
  uniqueViolation,
  type ContentRepository,
  type ContentRow,
  type ContentStatus,
  type VersionAction,
} from './content.repository.ts';
import type { ContentCollection } from './content.store.ts';

/** Who made a change: an operator id, `cli:<user>`, `seed` or `import`. */
export type Actor = string;

export const noItem = (collection: string, id: string) =>
  notFound(`There is no item "${id}" in "${collection}".`, 'not_found');

export function createVersionWriter(deps: { repo: ContentRepository; clock: Clock; onWrite: () => void }) {
  const { repo, clock } = deps;

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

  /** Run `work` on the locked item in one transaction, then tell the process it wrote content. */
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

  return { guarded, saveVersion, locked };
}
export type VersionWriter = ReturnType<typeof createVersionWriter>;
