// The editors' reads (the back office's content screens): every item of a collection whatever its state, and one
// item's newest version as stored (the fields an editor changes: files by id, Markdown as written), with its live
// state. Visitors never reach these; the routes sit behind the operators' gate (content.write.routes.ts).
import type { CmsEditorDraft, CmsEditorItem, CmsEditorListQuery, CmsEditorState } from '@shop/contracts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { isVisibleAt, type ContentRepository, type ContentRow } from './content.repository.ts';
import { isCollection, type ContentCollection } from './content.store.ts';
import { noItem } from './content.writes.ts';

const LABEL_FIELDS = ['title', 'name', 'heading', 'text', 'filename'] as const;

function stateOf(row: Pick<ContentRow, 'status' | 'datePublished'>, now: Date): CmsEditorState {
  if (row.status !== 'published') return row.status;
  return isVisibleAt(row, now) ? 'published' : 'scheduled';
}

function fieldOf(data: unknown, field: string): string | null {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value.trim() ? value : null;
}

function summary(
  collection: ContentCollection,
  row: ContentRow,
  latestVersion: number,
  data: unknown,
  now: Date,
): CmsEditorItem {
  const label = LABEL_FIELDS.map((f) => fieldOf(data, f)).find((v) => v !== null) ?? row.itemKey;
  return {
    collection,
    id: row.itemKey,
    label,
    path: fieldOf(data, 'path') ?? fieldOf(data, 'slug'),
    state: stateOf(row, now),
    datePublished: row.datePublished?.toISOString() ?? null,
    version: row.version,
    latestVersion,
    pending: latestVersion > row.version,
    dateUpdated: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export function createDraftReads(deps: { repo: ContentRepository; clock: Clock }) {
  const { repo, clock } = deps;
  function collectionOf(name: string): ContentCollection {
    if (!isCollection(name)) throw notFound(`There is no collection named "${name}".`, 'unknown_collection');
    return name;
  }
  return {
    /** The items of a collection in any state, paged and searched (the back office's list). */
    async list(collectionName: string, query: CmsEditorListQuery): Promise<{ items: CmsEditorItem[]; total: number }> {
      const collection = collectionOf(collectionName);
      const now = clock.now();
      const page = await repo.listForEditors(collection, now, query);
      return {
        items: page.rows.map((row) => summary(collection, row, row.latestVersion, row.data, now)),
        total: page.total,
      };
    },

    /** One item: its live state and its newest version's fields as stored (what the editor's form starts from). */
    async draft(collectionName: string, id: string): Promise<CmsEditorDraft> {
      const collection = collectionOf(collectionName);
      const row = await repo.find(collection, id);
      if (!row) throw noItem(collection, id);
      const latest = await repo.latestVersion(collection, id);
      const data = latest?.data ?? row.data;
      return { ...summary(collection, row, latest?.version ?? row.version, data, clock.now()), data };
    },
  };
}
