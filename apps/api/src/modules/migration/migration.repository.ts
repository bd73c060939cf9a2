// Queries of the migration tables. Only the migration service calls these.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowFromJson, takePrefetched, type BatchedRead, type Executor } from '../../db/index.ts';
import { migrationAccounts } from './migration.schema.ts';

export type MigrationRow = typeof migrationAccounts.$inferSelect;
export type NewMigrationRow = typeof migrationAccounts.$inferInsert;

const accountKey = (customerId: string) => `migration.account:${customerId}`;

export const migrationRows = {
  /** The customer's legacy account; inside a transaction, the row `byCustomerRead` prefetched, if it did. */
  byCustomer: async (db: Executor, customerId: string): Promise<MigrationRow | undefined> => {
    const prefetched = takePrefetched<MigrationRow | null>(db, accountKey(customerId));
    if (prefetched) return prefetched.value ?? undefined;
    return (
      await db
        .select()
        .from(migrationAccounts)
        .where(eq(migrationAccounts.customerId, customerId))
        .limit(1)
        .prepare('migration_by_customer') // every cart read and purchase asks (issue 22)
        .execute()
    )[0];
  },
  /** `byCustomer` as part of another module's statement (the purchase's checks, `prefetch`). */
  byCustomerRead: (customerId: string): BatchedRead<MigrationRow | null> => ({
    key: accountKey(customerId),
    sql: sql`select row_to_json(m) from ${migrationAccounts} m where m.customer_id = ${customerId} limit 1`,
    read: (value) => rowFromJson(migrationAccounts, value),
  }),
  /** A new legacy account; an account already imported for the customer is left as it is (null). */
  insert: async (db: Executor, row: NewMigrationRow) =>
    (await db.insert(migrationAccounts).values(row).onConflictDoNothing().returning())[0] ?? null,
  /** eligible → in_progress, once: a second click finds no eligible row and changes nothing. */
  start: async (db: Executor, customerId: string, now: Date) =>
    (
      await db
        .update(migrationAccounts)
        .set({ status: 'in_progress', requestedAt: now })
        .where(
          and(
            eq(migrationAccounts.customerId, customerId),
            inArray(migrationAccounts.status, ['eligible_soft', 'eligible_hard']),
          ),
        )
        .returning()
    )[0] ?? null,
  /**
   * The next migration to carry out, locked. A worker that finds it locked waits, then sees it migrated and finds
   * nothing: so once runPending returns, every migration requested before it has finished.
   */
  nextInProgress: async (db: Executor) =>
    (
      await db
        .select()
        .from(migrationAccounts)
        .where(eq(migrationAccounts.status, 'in_progress'))
        .orderBy(migrationAccounts.requestedAt, migrationAccounts.id)
        .limit(1)
        .for('update')
    )[0],
  finish: async (db: Executor, id: number, entryId: string, now: Date) =>
    db
      .update(migrationAccounts)
      .set({ status: 'migrated', ledgerEntryId: entryId, migratedAt: now })
      .where(eq(migrationAccounts.id, id)),
  totals: async (db: Executor) =>
    db
      .select({
        status: migrationAccounts.status,
        accounts: sql<number>`count(*)::int`,
        balanceCents: sql<number>`coalesce(sum(${migrationAccounts.balanceCents}), 0)::bigint`,
      })
      .from(migrationAccounts)
      .groupBy(migrationAccounts.status),
};
