// The only code that queries content_items.
import { and, asc, count, eq, getTableName, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { contentItems } from './content.schema.ts';

export type ContentStatus = 'published' | 'draft' | 'archived';

export interface ContentRow {
  collection: string;
  itemKey: string;
  status: ContentStatus;
  datePublished: Date | null;
  data: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export interface ContentWrite {
  collection: string;
  itemKey: string;
  status: ContentStatus;
  datePublished: Date | null;
  data: unknown;
}

const columns = {
  collection: contentItems.collection,
  itemKey: contentItems.itemKey,
  status: contentItems.status,
  datePublished: contentItems.datePublished,
  data: contentItems.data,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
};

/** Table whose writes are announced on the change feed (migration 0001), for in-memory caches. */
export const CONTENT_TABLE = getTableName(contentItems);

/** Features §4: visible only when published and the publish date is empty or not in the future. */
function visibleAt(now: Date): SQL {
  return and(
    eq(contentItems.status, 'published'),
    or(isNull(contentItems.datePublished), lte(contentItems.datePublished, now)),
  )!;
}

/** The same rule as visibleAt, for a row already in memory (a cached item is checked against the clock each time). */
export function isVisibleAt(row: Pick<ContentRow, 'status' | 'datePublished'>, now: Date): boolean {
  return row.status === 'published' && (row.datePublished === null || row.datePublished.getTime() <= now.getTime());
}

export function createContentRepository(db: Db) {
  return {
    async findVisible(collection: string, itemKey: string, now: Date): Promise<ContentRow | undefined> {
      const rows = await db
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey), visibleAt(now)));
      return rows[0];
    },

    async find(collection: string, itemKey: string): Promise<ContentRow | undefined> {
      const rows = await db
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey)));
      return rows[0];
    },

    /** Visible items of a collection, optionally only those whose data.path equals `path`; oldest first. */
    async listVisible(
      collection: string,
      now: Date,
      page: { limit: number; offset: number; path?: string },
    ): Promise<{ rows: ContentRow[]; total: number }> {
      const where = and(
        eq(contentItems.collection, collection),
        visibleAt(now),
        page.path === undefined ? undefined : sql`${contentItems.data}->>'path' = ${page.path}`,
      );
      const [rows, totals] = await Promise.all([
        db
          .select(columns)
          .from(contentItems)
          .where(where)
          .orderBy(asc(contentItems.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(contentItems).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async upsert(item: ContentWrite, now: Date): Promise<void> {
      await db
        .insert(contentItems)
        .values({ ...item, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [contentItems.collection, contentItems.itemKey],
          set: { status: item.status, datePublished: item.datePublished, data: item.data, updatedAt: now },
        });
    },

    /** Insert when absent; an existing item (possibly edited since) is left alone. */
    async insertIfMissing(item: ContentWrite): Promise<boolean> {
      const rows = await db.insert(contentItems).values(item).onConflictDoNothing().returning({ id: contentItems.id });
      return rows.length > 0;
    },

    async setStatus(collection: string, itemKey: string, status: ContentStatus, now: Date): Promise<boolean> {
      const rows = await db
        .update(contentItems)
        .set({ status, updatedAt: now })
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey)))
        .returning({ id: contentItems.id });
      return rows.length > 0;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
