// Queries of paying for recurring purchases (recurring.payments.ts): the recurring purchases whose last attempt failed
// hard (payment resolutions), their funds, and the cards that fund one.
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import type { RecurringRow } from './recurring.repository.ts';
import { recurringPurchases } from './recurring.schema.ts';

export function createRecurringPaymentsRepository() {
  return {
    /**
     * The customer's live (not cancelled) recurring purchases whose last attempt failed hard and that wait for them: the
     * failed draw or period not cleared yet (an unpause or a retry clears it; the next attempt then tells). `lock`
     * holds them.
     */
    async failedOf(ex: Executor, customerId: string, lock = false): Promise<RecurringRow[]> {
      const q = ex
        .select()
        .from(recurringPurchases)
        .where(
          and(
            eq(recurringPurchases.customerId, customerId),
            ne(recurringPurchases.status, 'cancelled'),
            eq(recurringPurchases.lastAttemptStatus, 'hard_failure'),
            isNotNull(recurringPurchases.hardFailedOccasion),
          ),
        )
        .orderBy(asc(recurringPurchases.id));
      return lock ? q.for('update') : q;
    },

    async setFund(ex: Executor, ids: number[], patch: { fundKind: string; fundId: string | null; updatedAt: Date }) {
      if (!ids.length) return [];
      return ex.update(recurringPurchases).set(patch).where(inArray(recurringPurchases.id, ids)).returning();
    },

    /**
     * The customer's retry of failed ones: the hard-failed draw or period cleared, failures counted afresh; `resume`
     * makes them active again (otherwise their status and pause stay as they are).
     */
    async retry(ex: Executor, ids: number[], now: Date, options: { resume: boolean }): Promise<void> {
      if (!ids.length) return;
      await ex
        .update(recurringPurchases)
        .set({
          ...(options.resume ? { status: 'active', pausedUntil: null } : {}),
          hardFailedOccasion: null,
          consecutiveHardFailures: 0,
          updatedAt: now,
        })
        .where(inArray(recurringPurchases.id, ids));
    },

    /** Every saved card that pays for a live recurring purchase, once per (customer, card). */
    async cardFunded(ex: Executor): Promise<{ customerId: string; fundId: string }[]> {
      const rows = await ex
        .selectDistinct({ customerId: recurringPurchases.customerId, fundId: recurringPurchases.fundId })
        .from(recurringPurchases)
        .where(and(eq(recurringPurchases.fundKind, 'cc'), ne(recurringPurchases.status, 'cancelled')))
        .orderBy(asc(recurringPurchases.customerId), asc(recurringPurchases.fundId));
      return rows.flatMap((r) => (r.fundId ? [{ customerId: r.customerId, fundId: r.fundId }] : []));
    },
  };
}
