// The only code that queries the syndicates tables.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import {
  syndicatesShares,
  syndicatesSyndicates,
  syndicatesTemplates,
  type ShareRow,
  type SyndicateRow,
  type TemplateRow,
} from './syndicates.schema.ts';

export type NewSyndicateRow = typeof syndicatesSyndicates.$inferInsert;
export type NewShareRow = typeof syndicatesShares.$inferInsert;

export type NewTemplateRow = typeof syndicatesTemplates.$inferInsert;

export function createSyndicatesRepository() {
  return {
    /** A template per lottery: inserted once (a later seed run leaves the operator's changes alone). */
    async ensureTemplate(ex: Executor, row: NewTemplateRow): Promise<void> {
      await ex.insert(syndicatesTemplates).values(row).onConflictDoNothing();
    },

    templates: (ex: Executor): Promise<TemplateRow[]> =>
      ex.select().from(syndicatesTemplates).orderBy(asc(syndicatesTemplates.id)),

    async drawIdsOfTemplate(ex: Executor, templateId: number): Promise<Set<string>> {
      const rows = await ex
        .select({ drawId: syndicatesSyndicates.drawId })
        .from(syndicatesSyndicates)
        .where(eq(syndicatesSyndicates.templateId, templateId));
      return new Set(rows.map((r) => r.drawId));
    },

    async insert(ex: Executor, row: NewSyndicateRow): Promise<SyndicateRow> {
      const [r] = await ex.insert(syndicatesSyndicates).values(row).returning();
      return r!;
    },

    async byPublicId(ex: Executor, publicId: string): Promise<SyndicateRow | null> {
      const [r] = await ex.select().from(syndicatesSyndicates).where(eq(syndicatesSyndicates.publicId, publicId));
      return r ?? null;
    },

    async byIds(ex: Executor, ids: number[]): Promise<SyndicateRow[]> {
      if (!ids.length) return [];
      return ex.select().from(syndicatesSyndicates).where(inArray(syndicatesSyndicates.id, ids));
    },

    /** Syndicates whose draw stops after `now`, soonest draw first. */
    async upcoming(ex: Executor, now: Date): Promise<SyndicateRow[]> {
      return ex
        .select()
        .from(syndicatesSyndicates)
        .where(gt(syndicatesSyndicates.stopAt, now))
        .orderBy(asc(syndicatesSyndicates.stopAt), asc(syndicatesSyndicates.id));
    },

    async all(ex: Executor, limit: number): Promise<SyndicateRow[]> {
      return ex.select().from(syndicatesSyndicates).orderBy(desc(syndicatesSyndicates.id)).limit(limit);
    },

    async inDraw(ex: Executor, drawId: string): Promise<SyndicateRow[]> {
      return ex.select().from(syndicatesSyndicates).where(eq(syndicatesSyndicates.drawId, drawId));
    },

    async forDraw(ex: Executor, offerKey: string, drawNo: number): Promise<SyndicateRow[]> {
      return ex
        .select()
        .from(syndicatesSyndicates)
        .where(and(eq(syndicatesSyndicates.offerKey, offerKey), eq(syndicatesSyndicates.drawNo, drawNo)));
    },

    /**
     * Takes n shares with one conditional UPDATE (row-locked by Postgres while the transaction lives): answers the new
     * sold count, or null when fewer than n are left. Never more than the size, under any concurrency.
     */
    async takeShares(ex: Executor, syndicateId: number, n: number): Promise<number | null> {
      const rows = await ex
        .update(syndicatesSyndicates)
        .set({ sold: sql`${syndicatesSyndicates.sold} + ${n}` })
        .where(
          and(
            eq(syndicatesSyndicates.id, syndicateId),
            sql`${syndicatesSyndicates.sold} + ${n} <= ${syndicatesSyndicates.size}`,
          ),
        )
        .returning({ sold: syndicatesSyndicates.sold });
      return rows[0]?.sold ?? null;
    },

    async insertShare(ex: Executor, row: NewShareRow): Promise<ShareRow> {
      const [r] = await ex.insert(syndicatesShares).values(row).returning();
      return r!;
    },

    async share(ex: Executor, publicId: string): Promise<ShareRow | null> {
      const [r] = await ex.select().from(syndicatesShares).where(eq(syndicatesShares.publicId, publicId));
      return r ?? null;
    },

    async sharesOf(ex: Executor, customerId: string, page: { limit: number; offset: number }) {
      const rows = await ex
        .select()
        .from(syndicatesShares)
        .where(eq(syndicatesShares.customerId, customerId))
        .orderBy(desc(syndicatesShares.id))
        .limit(page.limit)
        .offset(page.offset);
      const [c] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(syndicatesShares)
        .where(eq(syndicatesShares.customerId, customerId));
      return { rows, total: c?.n ?? 0 };
    },

    /** Shares held per customer in a syndicate, sorted by customer id. */
    async holders(ex: Executor, syndicateId: number): Promise<{ customerId: string; shares: number }[]> {
      const rows = await ex
        .select({
          customerId: syndicatesShares.customerId,
          shares: sql<number>`sum(${syndicatesShares.numShares})::int`,
        })
        .from(syndicatesShares)
        .where(eq(syndicatesShares.syndicateId, syndicateId))
        .groupBy(syndicatesShares.customerId)
        .orderBy(asc(syndicatesShares.customerId));
      return rows;
    },

    async heldBy(ex: Executor, syndicateId: number, customerId: string): Promise<number> {
      const [r] = await ex
        .select({ n: sql<number>`coalesce(sum(${syndicatesShares.numShares}), 0)::int` })
        .from(syndicatesShares)
        .where(and(eq(syndicatesShares.syndicateId, syndicateId), eq(syndicatesShares.customerId, customerId)));
      return r?.n ?? 0;
    },
  };
}
