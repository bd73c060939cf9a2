// Tables of the migration domain: customers imported from the legacy system and their legacy balance (issue 19,
// features §2 and §4 "Migration", docs/migration.md).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const MIGRATION_STATUSES = ['ineligible', 'eligible_soft', 'eligible_hard', 'in_progress', 'migrated'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

export const migrationAccounts = pgTable(
  'migration_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The shop customer (cus_…) the legacy account became. */
    customerId: text('customer_id').notNull(),
    legacyEmail: text('legacy_email').notNull(),
    /** The legacy balance; it reaches the wallet once, when the customer migrates (ledger reference migration:cus_…). */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('AUD'),
    status: text('status').notNull(),
    /** What the account was before the customer started migrating (eligible_soft or eligible_hard). */
    eligibility: text('eligibility').notNull(),
    ledgerEntryId: text('ledger_entry_id'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    migratedAt: timestamp('migrated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('migration_accounts_customer_key').on(t.customerId),
    index('migration_accounts_in_progress_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'in_progress'`),
    check(
      'migration_accounts_status_check',
      sql`${t.status} in ('ineligible', 'eligible_soft', 'eligible_hard', 'in_progress', 'migrated')`,
    ),
    check('migration_accounts_eligibility_check', sql`${t.eligibility} in ('eligible_soft', 'eligible_hard')`),
    check('migration_accounts_balance_check', sql`${t.balanceCents} >= 0`),
    check('migration_accounts_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
  ],
);
