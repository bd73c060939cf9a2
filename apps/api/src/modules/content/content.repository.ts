// The only code that queries the content tables: items, their versions, file bytes and translation items.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  inArray,
  isNull,
  lte,
  min,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.ts';
import { contentAssets, contentItems, contentTranslations, contentVersions } from './content.schema.ts';

export type ContentStatus = 'published' | 'draft' | 'archived';
export type VersionAction = 'create' | 'update' | 'publish' | 'archive' | 'restore' | 'import';

export interface ContentRow {
  collection: string;
  itemKey: string;
  status: ContentStatus;
  datePublished: Date | null;
  data: unknown;
  version: number;
  createdBy: string;
  updatedBy: string;
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

export interface VersionRow {
  collection: string;
  itemKey: string;
  version: number;
  action: VersionAction;
  status: ContentStatus;
  datePublished: Date | null;
  data: unknown;
  author: string;
  createdAt: Date;
}

export interface TranslationRow {
  locale: string;
  category: string;
  itemKey: string;
  type: string;
  value: unknown;
}

const columns = {
  collection: contentItems.collection,
  itemKey: contentItems.itemKey,
  status: contentItems.status,
  datePublished: contentItems.datePublished,
  data: contentItems.data,
  version: contentItems.version,
  createdBy: contentItems.createdBy,
  updatedBy: contentItems.updatedBy,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
};

const versionColumns = {
  collection: contentVersions.collection,
  itemKey: contentVersions.itemKey,
  version: contentVersions.version,
  action: contentVersions.action,
  status: contentVersions.status,
  datePublished: contentVersions.datePublished,
  data: contentVersions.data,
  author: contentVersions.author,
  createdAt: contentVersions.createdAt,
};

const translationColumns = {
  locale: contentTranslations.locale,
  category: contentTranslations.category,
  itemKey: contentTranslations.itemKey,
  type: contentTranslations.type,
  value: contentTranslations.value,
};

/** Tables whose writes are announced on the change feed (migrations 0001 and 0011), for in-memory caches. */
export const CONTENT_TABLE = getTableName(contentItems);
export const TRANSLATIONS_TABLE = getTableName(contentTranslations);

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

/** Postgres' unique_violation, as pg reports it directly or drizzle wraps it. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

/** Reads of the items table: one item, lists, who holds a path or slug, the next scheduled publication. */
function createItemQueries(db: Db) {
  return {
    async findVisible(collection: string, itemKey: string, now: Date): Promise<ContentRow | undefined> {
      const rows = await db
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey), visibleAt(now)));
      return rows[0];
    },

    async find(collection: string, itemKey: string, ex: Executor = db): Promise<ContentRow | undefined> {
      const rows = await ex
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey)));
      return rows[0];
    },

    /** The item, locked until the transaction ends: versions of one item are numbered one at a time. */
    async lock(tx: Executor, collection: string, itemKey: string): Promise<ContentRow | undefined> {
      const rows = await tx
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.itemKey, itemKey)))
        .for('update');
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

    /**
     * Every published item of a collection whatever its date (the caller applies the clock), newest first by the
     * date it was (or will be) made public: a post's creation date as readers know it (ADR 035).
     */
    listPublished(collection: string): Promise<ContentRow[]> {
      return db
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), eq(contentItems.status, 'published')))
        .orderBy(desc(sql`coalesce(${contentItems.datePublished}, ${contentItems.createdAt})`), desc(contentItems.id));
    },

    /**
     * The editors' list (the back office): items of a collection in any state, `state` narrowing (scheduled: published
     * with a date still ahead of `now`), `q` matching the id or the title, name, heading, path, slug or file name;
     * the most recently changed first, each with its newest version's number.
     */
    async listForEditors(
      collection: string,
      now: Date,
      page: { q?: string; state?: 'draft' | 'published' | 'scheduled' | 'archived'; limit: number; offset: number },
    ): Promise<{ rows: (ContentRow & { latestVersion: number })[]; total: number }> {
      const state =
        page.state === 'published'
          ? visibleAt(now)
          : page.state === 'scheduled'
            ? and(eq(contentItems.status, 'published'), gt(contentItems.datePublished, now))
            : page.state
              ? eq(contentItems.status, page.state)
              : undefined;
      const like = page.q ? `%${page.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const search = like
        ? or(
            sql`${contentItems.itemKey} ilike ${like}`,
            ...['title', 'name', 'heading', 'path', 'slug', 'filename'].map(
              (field) => sql`${contentItems.data}->>${field} ilike ${like}`,
            ),
          )
        : undefined;
      const where = and(eq(contentItems.collection, collection), state, search);
      // Qualified by hand: inside a sub-select drizzle writes the outer columns without their table.
      const latestVersion = sql<number>`(select max(v.version) from ${contentVersions} v
        where v.collection = "content_items"."collection" and v.item_key = "content_items"."item_key")`.mapWith(Number);
      const [rows, totals] = await Promise.all([
        db
          .select({ ...columns, latestVersion })
          .from(contentItems)
          .where(where)
          .orderBy(desc(contentItems.updatedAt), asc(contentItems.itemKey))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(contentItems).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, latestVersion: r.latestVersion || r.version })),
        total: totals[0]?.n ?? 0,
      };
    },

    /** Items of a collection in any status (the export), oldest first. */
    listAll(collection: string, ex: Executor = db): Promise<ContentRow[]> {
      return ex
        .select(columns)
        .from(contentItems)
        .where(eq(contentItems.collection, collection))
        .orderBy(asc(contentItems.id));
    },

    findMany(collection: string, itemKeys: string[], ex: Executor = db): Promise<ContentRow[]> {
      if (itemKeys.length === 0) return Promise.resolve([]);
      return ex
        .select(columns)
        .from(contentItems)
        .where(and(eq(contentItems.collection, collection), inArray(contentItems.itemKey, itemKeys)));
    },

    /** The item (other than `exceptKey`) that holds `field` = value in a collection, archived ones aside. */
    async holderOf(
      ex: Executor,
      collection: string,
      field: 'path' | 'slug',
      value: string,
      exceptKey: string,
    ): Promise<string | undefined> {
      const rows = await ex
        .select({ itemKey: contentItems.itemKey })
        .from(contentItems)
        .where(
          and(
            eq(contentItems.collection, collection),
            ne(contentItems.status, 'archived'),
            ne(contentItems.itemKey, exceptKey),
            sql`${contentItems.data}->>${field} = ${value}`,
          ),
        )
        .limit(1);
      return rows[0]?.itemKey;
    },

    /** The earliest publish date still ahead of `now`: when the visible set next changes without a write. */
    async nextScheduledAfter(now: Date): Promise<Date | null> {
      const rows = await db
        .select({ at: min(contentItems.datePublished) })
        .from(contentItems)
        .where(and(eq(contentItems.status, 'published'), gt(contentItems.datePublished, now)));
      return rows[0]?.at ?? null;
    },
  };
}

/** Writes of the items table; the caller's transaction adds the version (insertVersion), the seed's insert its own. */
function createItemWrites(db: Db) {
  return {
    async insertItem(tx: Executor, item: ContentWrite & { version: number; author: string; now: Date }) {
      await tx.insert(contentItems).values({
        collection: item.collection,
        itemKey: item.itemKey,
        status: item.status,
        datePublished: item.datePublished,
        data: item.data,
        version: item.version,
        createdBy: item.author,
        updatedBy: item.author,
        createdAt: item.now,
        updatedAt: item.now,
      });
    },

    async updateItem(
      tx: Executor,
      key: { collection: string; itemKey: string },
      set: {
        status: ContentStatus;
        datePublished: Date | null;
        data: unknown;
        version: number;
        author: string;
        now: Date;
      },
    ) {
      await tx
        .update(contentItems)
        .set({
          status: set.status,
          datePublished: set.datePublished,
          data: set.data,
          version: set.version,
          updatedBy: set.author,
          updatedAt: set.now,
        })
        .where(and(eq(contentItems.collection, key.collection), eq(contentItems.itemKey, key.itemKey)));
    },

    /** Insert when absent; an existing item (possibly edited since) is left alone. */
    async insertIfMissing(item: ContentWrite, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(contentItems)
          .values({ ...item, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: contentItems.id });
        if (rows.length === 0) return false;
        await tx.insert(contentVersions).values({
          ...item,
          version: 1,
          action: 'create',
          author: 'seed',
          createdAt: now,
        });
        return true;
      });
    },
  };
}

/** The versions table: every state an item has had, numbered per item. */
function createVersionQueries(db: Db) {
  return {
    async insertVersion(tx: Executor, version: VersionRow) {
      await tx.insert(contentVersions).values(version);
    },

    async latestVersion(collection: string, itemKey: string, ex: Executor = db): Promise<VersionRow | undefined> {
      const rows = await ex
        .select(versionColumns)
        .from(contentVersions)
        .where(and(eq(contentVersions.collection, collection), eq(contentVersions.itemKey, itemKey)))
        .orderBy(desc(contentVersions.version))
        .limit(1);
      return rows[0] as VersionRow | undefined;
    },

    async version(
      collection: string,
      itemKey: string,
      version: number,
      ex: Executor = db,
    ): Promise<VersionRow | undefined> {
      const rows = await ex
        .select(versionColumns)
        .from(contentVersions)
        .where(
          and(
            eq(contentVersions.collection, collection),
            eq(contentVersions.itemKey, itemKey),
            eq(contentVersions.version, version),
          ),
        );
      return rows[0] as VersionRow | undefined;
    },

    async versions(collection: string, itemKey: string): Promise<VersionRow[]> {
      return (await db
        .select(versionColumns)
        .from(contentVersions)
        .where(and(eq(contentVersions.collection, collection), eq(contentVersions.itemKey, itemKey)))
        .orderBy(desc(contentVersions.version))) as VersionRow[];
    },
  };
}

/** The bytes of uploaded files, keyed by the file item's key. */
function createAssetQueries(db: Db) {
  return {
    async putAsset(tx: Executor, asset: { itemKey: string; type: string; bytes: Buffer; sha256: string; now: Date }) {
      await tx
        .insert(contentAssets)
        .values({
          itemKey: asset.itemKey,
          type: asset.type,
          bytes: asset.bytes,
          sha256: asset.sha256,
          createdAt: asset.now,
        })
        .onConflictDoUpdate({
          target: contentAssets.itemKey,
          set: { type: asset.type, bytes: asset.bytes, sha256: asset.sha256, createdAt: asset.now },
        });
    },

    async asset(itemKey: string): Promise<{ type: string; bytes: Buffer; sha256: string } | undefined> {
      const rows = await db
        .select({ type: contentAssets.type, bytes: contentAssets.bytes, sha256: contentAssets.sha256 })
        .from(contentAssets)
        .where(eq(contentAssets.itemKey, itemKey));
      return rows[0];
    },
  };
}

/** Translation items (the translation service's source and the content document's translations). */
function createTranslationQueries(db: Db) {
  return {
    async putTranslation(row: TranslationRow & { author: string; now: Date }, ex: Executor = db) {
      await ex
        .insert(contentTranslations)
        .values({
          locale: row.locale,
          category: row.category,
          itemKey: row.itemKey,
          type: row.type,
          value: row.value,
          updatedBy: row.author,
          updatedAt: row.now,
        })
        .onConflictDoUpdate({
          target: [contentTranslations.locale, contentTranslations.category, contentTranslations.itemKey],
          set: { type: row.type, value: row.value, updatedBy: row.author, updatedAt: row.now },
        });
    },

    /** The item's rows in every locale, locked until the transaction ends (a single-item write reads, then saves). */
    lockTranslation(tx: Executor, category: string, itemKey: string): Promise<TranslationRow[]> {
      return tx
        .select(translationColumns)
        .from(contentTranslations)
        .where(and(eq(contentTranslations.category, category), eq(contentTranslations.itemKey, itemKey)))
        .orderBy(asc(contentTranslations.locale))
        .for('update');
    },

    async insertTranslationIfMissing(row: TranslationRow & { now: Date }, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .insert(contentTranslations)
        .values({ ...row, updatedBy: 'seed', updatedAt: row.now })
        .onConflictDoNothing()
        .returning({ locale: contentTranslations.locale });
      return rows.length > 0;
    },

    /** Translation items of the given locales, narrowed by categories, ids and types where given. */
    translations(filter: {
      locales: string[];
      categories?: string[];
      ids?: string[];
      types?: string[];
    }): Promise<TranslationRow[]> {
      return db
        .select(translationColumns)
        .from(contentTranslations)
        .where(
          and(
            inArray(contentTranslations.locale, filter.locales),
            filter.categories?.length ? inArray(contentTranslations.category, filter.categories) : undefined,
            filter.ids?.length ? inArray(contentTranslations.itemKey, filter.ids) : undefined,
            filter.types?.length ? inArray(contentTranslations.type, filter.types) : undefined,
          ),
        )
        .orderBy(asc(contentTranslations.category), asc(contentTranslations.itemKey));
    },

    allTranslations(): Promise<TranslationRow[]> {
      return db
        .select(translationColumns)
        .from(contentTranslations)
        .orderBy(asc(contentTranslations.locale), asc(contentTranslations.category), asc(contentTranslations.itemKey));
    },
  };
}

/** The content module's queries, grouped by table; callers see one flat object. */
export function createContentRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),
    ...createItemQueries(db),
    ...createItemWrites(db),
    ...createVersionQueries(db),
    ...createAssetQueries(db),
    ...createTranslationQueries(db),
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
