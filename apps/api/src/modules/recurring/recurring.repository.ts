// Queries of the recurring tables (recurring purchases and the occasions the processor decided). Only the recurring
// module's services call these.
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { recurringOccasions, recurringPurchases } from './recurring.schema.ts';

export type RecurringRow = typeof recurringPurchases.$inferSelect;
export type NewRecurringRow = typeof recurringPurchases.$inferInsert;
export type OccasionRow = typeof recurringOccasions.$inferSelect;
export type RecurringPatch = Partial<
  Pick<
    RecurringRow,
    | 'status'
    | 'pausedUntil'
    | 'lastDrawNo'
    | 'hardFailedOccasion'
    | 'lastAttemptStatus'
    | 'lastAttemptAt'
    | 'lastFailureReason'
    | 'lastCheckoutId'
    | 'consecutiveHardFailures'
    | 'minimumJackpotCents'
    | 'quickpickEachDraw'
    | 'nextPeriod'
    | 'nextDueAt'
    | 'template'
    | 'description'
    | 'priceCents'
  >
> & { updatedAt: Date };

export function createRecurringRepository() {
  return {
    async insert(ex: Executor, rows: NewRecurringRow[]): Promise<RecurringRow[]> {
      if (!rows.length) return [];
      return ex.insert(recurringPurchases).values(rows).returning();
    },

    /** The customer's recurring purchases of a type, cancelled ones left out (features §4), newest first. */
    async listForCustomer(
      ex: Executor,
      customerId: string,
      type: RecurringRow['type'],
      page: { limit: number; offset: number },
      offerKeys?: string[],
    ): Promise<{ rows: RecurringRow[]; total: number }> {
      const where = and(
        eq(recurringPurchases.customerId, customerId),
        eq(recurringPurchases.type, type),
        ne(recurringPurchases.status, 'cancelled'),
        offerKeys ? inArray(recurringPurchases.offerKey, offerKeys) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        ex
          .select()
          .from(recurringPurchases)
          .where(where)
          .orderBy(desc(recurringPurchases.id))
          .limit(page.limit)
          .offset(page.offset),
        ex.select({ n: count() }).from(recurringPurchases).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    /** All the customer's live (not cancelled) recurring purchases, oldest first (GET /recurring_purchases groups them). */
    async liveForCustomer(ex: Executor, customerId: string): Promise<RecurringRow[]> {
      return ex
        .select()
        .from(recurringPurchases)
        .where(and(eq(recurringPurchases.customerId, customerId), ne(recurringPurchases.status, 'cancelled')))
        .orderBy(asc(recurringPurchases.id));
    },

    /** One of the customer's own (another customer's id finds nothing); `lock` holds it for the transaction. */
    async findOwn(ex: Executor, customerId: string, publicId: string, lock = false): Promise<RecurringRow | null> {
      const q = ex
        .select()
        .from(recurringPurchases)
        .where(and(eq(recurringPurchases.publicId, publicId), eq(recurringPurchases.customerId, customerId)));
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },

    /** Members of a combined recurring purchase (or the lone one), locked for the transaction. */
    async lockGroup(ex: Executor, customerId: string, row: RecurringRow): Promise<RecurringRow[]> {
      const group = row.combinedId ?? row.publicId;
      return ex
        .select()
        .from(recurringPurchases)
        .where(
          and(
            eq(recurringPurchases.customerId, customerId),
            or(eq(recurringPurchases.publicId, group), eq(recurringPurchases.combinedId, group)),
          ),
        )
        .orderBy(asc(recurringPurchases.id))
        .for('update');
    },

    async update(ex: Executor, ids: number[], patch: RecurringPatch): Promise<RecurringRow[]> {
      if (!ids.length) return [];
      return ex.update(recurringPurchases).set(patch).where(inArray(recurringPurchases.id, ids)).returning();
    },

    /**
     * Recurring purchases the processor may look at: active, or timed-paused with its date passed (the processor
     * resumes those); every autoplay, and subscriptions whose next period is due. `afterId` pages in id order.
     */
    async dueAutoplays(
      ex: Executor,
      now: Date,
      afterId: number,
      limit: number,
      customerId?: string,
    ): Promise<RecurringRow[]> {
      return ex
        .select()
        .from(recurringPurchases)
        .where(
          and(
            or(
              eq(recurringPurchases.type, 'autoplay'),
              and(
                eq(recurringPurchases.type, 'subscription'),
                sql`${recurringPurchases.nextDueAt} <= ${now.toISOString()}`,
              ),
            ),
            sql`${recurringPurchases.id} > ${afterId}`,
            customerId === undefined ? undefined : eq(recurringPurchases.customerId, customerId),
            or(
              eq(recurringPurchases.status, 'active'),
              and(
                eq(recurringPurchases.status, 'timed_paused'),
                sql`${recurringPurchases.pausedUntil} <= ${now.toISOString()}`,
              ),
            ),
          ),
        )
        .orderBy(asc(recurringPurchases.id))
        .limit(limit);
    },

    /** Lock one recurring purchase by its row id (the processor re-reads it before deciding). */
    async lockById(ex: Executor, id: number, options: { skipLocked?: boolean } = {}): Promise<RecurringRow | null> {
      const [r] = await ex
        .select()
        .from(recurringPurchases)
        .where(eq(recurringPurchases.id, id))
        .for('update', options.skipLocked ? { skipLocked: true } : {});
      return r ?? null;
    },

    /**
     * Serialises one customer's recurring purchases until the transaction ends, across workers and processes: a
     * card-funded attempt reads the wallet and charges the card for what it lacks, so two at once would each charge.
     */
    async lockCustomer(tx: Executor, customerId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring:${customerId}`}))`);
    },

    /** Record a decided occasion once; answers false when it was already recorded. */
    async insertOccasion(ex: Executor, row: typeof recurringOccasions.$inferInsert): Promise<boolean> {
      const inserted = await ex
        .insert(recurringOccasions)
        .values(row)
        .onConflictDoNothing({ target: [recurringOccasions.recurringId, recurringOccasions.occasion] })
        .returning({ id: recurringOccasions.id });
      return inserted.length > 0;
    },

    async occasionsOf(ex: Executor, recurringId: number): Promise<OccasionRow[]> {
      return ex
        .select()
        .from(recurringOccasions)
        .where(eq(recurringOccasions.recurringId, recurringId))
        .orderBy(asc(recurringOccasions.id));
    },
  };
}

export type RecurringRepository = ReturnType<typeof createRecurringRepository>;
