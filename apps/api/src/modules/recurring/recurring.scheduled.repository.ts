// Queries of the scheduled purchases and pre-orders table (recurring_scheduled). Only the recurring module's
// services call these.
import { and, asc, count, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { recurringScheduled } from './recurring.schema.ts';

export type ScheduledRow = typeof recurringScheduled.$inferSelect;
export type ScheduledPatch = Partial<
  Pick<
    ScheduledRow,
    'status' | 'lastAttemptStatus' | 'lastAttemptAt' | 'lastFailureReason' | 'checkoutId' | 'finishedAt' | 'attempts'
  >
> & { updatedAt: Date };
export function createScheduledRepository() {
  return {
    async insertScheduled(ex: Executor, row: typeof recurringScheduled.$inferInsert): Promise<ScheduledRow> {
      const [r] = await ex.insert(recurringScheduled).values(row).returning();
      return r!;
    },

    /** The customer's scheduled purchases and pre-orders, cancelled ones left out, soonest due first. */
    async listScheduled(
      ex: Executor,
      customerId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: ScheduledRow[]; total: number }> {
      const where = and(eq(recurringScheduled.customerId, customerId), ne(recurringScheduled.status, 'cancelled'));
      const [rows, [totals]] = await Promise.all([
        ex
          .select()
          .from(recurringScheduled)
          .where(where)
          .orderBy(asc(recurringScheduled.dueAt), asc(recurringScheduled.id))
          .limit(page.limit)
          .offset(page.offset),
        ex.select({ n: count() }).from(recurringScheduled).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    async findOwnScheduled(
      ex: Executor,
      customerId: string,
      publicId: string,
      lock = false,
    ): Promise<ScheduledRow | null> {
      const q = ex
        .select()
        .from(recurringScheduled)
        .where(and(eq(recurringScheduled.publicId, publicId), eq(recurringScheduled.customerId, customerId)));
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },

    /**
     * Scheduled purchases and pre-orders due by `now`: active, not finished (bought or given up), and not attempted
     * after `retryBefore` (a refused one waits before its next attempt).
     */
    async dueScheduled(
      ex: Executor,
      now: Date,
      retryBefore: Date,
      afterId: number,
      limit: number,
      customerId?: string,
    ): Promise<ScheduledRow[]> {
      return ex
        .select()
        .from(recurringScheduled)
        .where(
          and(
            eq(recurringScheduled.status, 'active'),
            isNull(recurringScheduled.finishedAt),
            lte(recurringScheduled.dueAt, now),
            or(isNull(recurringScheduled.lastAttemptAt), lte(recurringScheduled.lastAttemptAt, retryBefore)),
            sql`${recurringScheduled.id} > ${afterId}`,
            customerId === undefined ? undefined : eq(recurringScheduled.customerId, customerId),
          ),
        )
        .orderBy(asc(recurringScheduled.id))
        .limit(limit);
    },

    async lockScheduled(ex: Executor, id: number): Promise<ScheduledRow | null> {
      const [r] = await ex
        .select()
        .from(recurringScheduled)
        .where(eq(recurringScheduled.id, id))
        .for('update', { skipLocked: true });
      return r ?? null;
    },

    async updateScheduled(ex: Executor, id: number, patch: ScheduledPatch): Promise<ScheduledRow> {
      const [r] = await ex.update(recurringScheduled).set(patch).where(eq(recurringScheduled.id, id)).returning();
      return r!;
    },
  };
}
