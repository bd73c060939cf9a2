// The only code that queries platform_settings, platform_segments, platform_csp_reports and platform_server_errors.
import { and, asc, count, desc, eq, getTableName, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { platformCspReports, platformSegments, platformServerErrors, platformSettings } from './platform.schema.ts';

export const WEB_CONFIG_KEY = 'web_config';

/** Tables whose writes are announced on the change feed (migration 0001), for in-memory caches. */
export const PLATFORM_TABLES = {
  settings: getTableName(platformSettings),
  segments: getTableName(platformSegments),
} as const;

export interface SegmentRow {
  segmentName: string;
  capabilities: string[];
  isDefault: boolean;
}

export type CspReportRow = typeof platformCspReports.$inferSelect;
export type NewCspReport = Omit<typeof platformCspReports.$inferInsert, 'id' | 'count' | 'firstSeenAt' | 'lastSeenAt'>;

export type ServerErrorRow = typeof platformServerErrors.$inferSelect;
export type NewServerError = Omit<
  typeof platformServerErrors.$inferInsert,
  'id' | 'count' | 'firstSeenAt' | 'lastSeenAt' | 'lastRequestId'
>;

export function createPlatformRepository(db: Db) {
  return {
    /** Adds to the row of this error's key (route, error, message, hour); false when there is none yet. */
    async countServerError(errorKey: string, requestId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(platformServerErrors)
        .set({ count: sql`${platformServerErrors.count} + 1`, lastSeenAt: now, lastRequestId: requestId })
        .where(eq(platformServerErrors.errorKey, errorKey))
        .returning({ id: platformServerErrors.id });
      return rows.length > 0;
    },

    /** How many distinct errors an hour has rows for (the cap on new rows). */
    async serverErrorKeysIn(hour: Date): Promise<number> {
      const [r] = await db.select({ n: count() }).from(platformServerErrors).where(eq(platformServerErrors.hour, hour));
      return r?.n ?? 0;
    },

    /** A new error's row, or one more of it when another process inserted it first. */
    async insertServerError(row: NewServerError, requestId: string, now: Date): Promise<void> {
      await db
        .insert(platformServerErrors)
        .values({ ...row, lastRequestId: requestId, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: platformServerErrors.errorKey,
          set: { count: sql`${platformServerErrors.count} + 1`, lastSeenAt: now, lastRequestId: requestId },
        });
    },

    async pruneServerErrors(before: Date): Promise<void> {
      await db.delete(platformServerErrors).where(lt(platformServerErrors.hour, before));
    },

    /** Failures seen since an instant: how many in all, and the latest rows. */
    async serverErrorsSince(since: Date, limit: number): Promise<{ total: number; rows: ServerErrorRow[] }> {
      const recent = gte(platformServerErrors.lastSeenAt, since);
      const [rows, [sum]] = await Promise.all([
        db
          .select()
          .from(platformServerErrors)
          .where(and(recent))
          .orderBy(desc(platformServerErrors.lastSeenAt), desc(platformServerErrors.id))
          .limit(limit),
        db
          .select({ n: sql<number>`coalesce(sum(${platformServerErrors.count}), 0)::int` })
          .from(platformServerErrors)
          .where(recent),
      ]);
      return { total: sum?.n ?? 0, rows };
    },

    /** One row per message: a repeat adds to its count. Returns the count after this report. */
    async recordCspReport(report: NewCspReport, now: Date): Promise<number> {
      const rows = await db
        .insert(platformCspReports)
        .values({ ...report, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: platformCspReports.messageKey,
          set: { count: sql`${platformCspReports.count} + 1`, lastSeenAt: now },
        })
        .returning({ count: platformCspReports.count });
      return rows[0]!.count;
    },

    async listCspReports(limit: number): Promise<CspReportRow[]> {
      return db.select().from(platformCspReports).orderBy(desc(platformCspReports.lastSeenAt)).limit(limit);
    },

    async getSetting(key: string): Promise<unknown | undefined> {
      const rows = await db
        .select({ value: platformSettings.value })
        .from(platformSettings)
        .where(eq(platformSettings.key, key));
      return rows[0]?.value;
    },

    async putSetting(key: string, value: unknown, now: Date): Promise<void> {
      await db
        .insert(platformSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: now } });
    },

    /** Insert when absent; an existing row (possibly changed by an operator) is left alone. */
    async insertSettingIfMissing(key: string, value: unknown): Promise<boolean> {
      const rows = await db
        .insert(platformSettings)
        .values({ key, value })
        .onConflictDoNothing()
        .returning({ key: platformSettings.key });
      return rows.length > 0;
    },

    /**
     * Change one top-level field of a settings document in place, so concurrent writers of other fields (the
     * operator CLI and the running shop) do not overwrite each other.
     */
    async setSettingField(key: string, field: string, value: unknown, now: Date): Promise<boolean> {
      const rows = await db
        .update(platformSettings)
        .set({
          value: sql`jsonb_set(${platformSettings.value}, ${`{${field}}`}::text[], ${JSON.stringify(value)}::jsonb, true)`,
          updatedAt: now,
        })
        .where(eq(platformSettings.key, key))
        .returning({ key: platformSettings.key });
      return rows.length > 0;
    },

    async listSegments(): Promise<SegmentRow[]> {
      return db
        .select({
          segmentName: platformSegments.segmentName,
          capabilities: platformSegments.capabilities,
          isDefault: platformSegments.isDefault,
        })
        .from(platformSegments)
        .orderBy(asc(platformSegments.id));
    },

    async findSegment(name: string): Promise<SegmentRow | undefined> {
      const rows = await db
        .select({
          segmentName: platformSegments.segmentName,
          capabilities: platformSegments.capabilities,
          isDefault: platformSegments.isDefault,
        })
        .from(platformSegments)
        .where(eq(platformSegments.segmentName, name));
      return rows[0];
    },

    async insertSegmentIfMissing(segment: SegmentRow): Promise<boolean> {
      const rows = await db
        .insert(platformSegments)
        .values(segment)
        .onConflictDoNothing()
        .returning({ id: platformSegments.id });
      return rows.length > 0;
    },

    /** Move the default flag in one transaction; the partial unique index guarantees a single default. */
    async setDefaultSegment(name: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const target = await tx
          .select({ id: platformSegments.id })
          .from(platformSegments)
          .where(eq(platformSegments.segmentName, name))
          .for('update');
        if (!target[0]) return false;
        await tx
          .update(platformSegments)
          .set({ isDefault: false, updatedAt: now })
          .where(eq(platformSegments.isDefault, true));
        await tx
          .update(platformSegments)
          .set({ isDefault: true, updatedAt: now })
          .where(eq(platformSegments.id, target[0].id));
        return true;
      });
    },
  };
}
export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
