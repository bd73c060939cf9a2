// Tables of the wallet: a double-entry journal (DESIGN.md §6). Every movement is one entry whose lines sum to zero
// (checked by a deferred constraint trigger in migration drizzle/0003_wallet_custom.sql, and by the ledger before it writes).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Customer accounts hold the customer's money; house accounts are the other side of every movement. */
export const CUSTOMER_ACCOUNT_KINDS = ['deposit', 'winnings', 'bonus', 'pending_withdrawal'] as const;
/** legacy_migration: balances of accounts imported from the legacy system enter wallets through it (docs/migration.md).
 * manual_adjustments: the other side of an operator's approved manual credit or debit (docs/operators.md). */
export const HOUSE_ACCOUNT_KINDS = [
  'gateway_clearing',
  'sales',
  'prize_liability',
  'promotions',
  'legacy_migration',
  'manual_adjustments',
] as const;
/** What the shop owes one partner in commission (ADR 076): a house account per partner, `partner_commission:{key}`. */
export const PARTNER_COMMISSION_PREFIX = 'partner_commission:';
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number] | `${typeof PARTNER_COMMISSION_PREFIX}${string}`;
export type AccountKind = CustomerAccountKind | HouseAccountKind;

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Customer public id (cus_…) for customer accounts; null for house accounts. */
    customerId: text('customer_id'),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Cache of the sum of this account's lines, maintained with the lines and checked by verifyBalances(). */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_accounts_customer_key')
      .on(t.customerId, t.kind, t.currency)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex('wallet_accounts_house_key')
      .on(t.kind, t.currency)
      .where(sql`${t.customerId} is null`),
    check(
      'wallet_accounts_kind_check',
      sql`(${t.customerId} is not null and ${t.kind} in ('deposit', 'winnings', 'bonus', 'pending_withdrawal')) or (${t.customerId} is null and ${t.kind} in ('gateway_clearing', 'sales', 'prize_liability', 'promotions', 'legacy_migration', 'manual_adjustments')) or (${t.customerId} is null and ${t.kind} like 'partner\\_commission:%')`,
    ),
    // A wallet never goes negative, whatever the code above it does.
    check('wallet_accounts_customer_non_negative', sql`${t.customerId} is null or ${t.balanceCents} >= 0`),
    check('wallet_accounts_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
  ],
);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    kind: text('kind').notNull(),
    customerId: text('customer_id'),
    /** Business reference (deposit id, prize key, order id...): one entry per reference, so retries post nothing twice. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_entries_public_id_key').on(t.publicId),
    uniqueIndex('wallet_entries_reference_key').on(t.reference),
    index('wallet_entries_customer_idx').on(t.customerId, t.createdAt, t.id),
    check(
      'wallet_entries_kind_check',
      sql`${t.kind} in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus', 'commission', 'migration', 'adjustment', 'deposit_refund')`,
    ),
  ],
);

export const walletLines = pgTable(
  'wallet_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => walletEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => walletAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('wallet_lines_entry_idx').on(t.entryId),
    index('wallet_lines_account_idx').on(t.accountId),
    check('wallet_lines_nonzero', sql`${t.amountCents} <> 0`),
  ],
);
