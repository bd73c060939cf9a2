// Tables of responsible gambling (issue 8): limits the customer set (spend, pre-commitment, deposit), exclusions
// (take a break, self-exclusion) and identity verification attempts with their uploaded documents. Customers are
// referenced by their public id (cus_…): no foreign key into the identity module (ADR 002).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const rgLimits = pgTable(
  'rg_limits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    /** The limit in force (until pendingFrom passes, when the pending value replaces it). */
    limitCents: bigint('limit_cents', { mode: 'number' }).notNull(),
    /** A raise waiting out the cooling-off delay; pendingRemoval means the limit goes away at pendingFrom. */
    pendingCents: bigint('pending_cents', { mode: 'number' }),
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rg_limits_public_id_key').on(t.publicId),
    uniqueIndex('rg_limits_customer_kind_period_key').on(t.customerId, t.kind, t.period),
    // One pre-commitment per customer, whatever its period.
    uniqueIndex('rg_limits_one_precommitment_key')
      .on(t.customerId)
      .where(sql`${t.kind} = 'precommitment'`),
    check('rg_limits_kind_check', sql`${t.kind} in ('spend', 'precommitment', 'deposit')`),
    check('rg_limits_period_check', sql`${t.period} in ('daily', 'weekly', 'monthly')`),
    check('rg_limits_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
    check('rg_limits_positive', sql`${t.limitCents} > 0 and (${t.pendingCents} is null or ${t.pendingCents} > 0)`),
    check(
      'rg_limits_pending_shape',
      sql`(${t.pendingFrom} is null) = (${t.pendingCents} is null and not ${t.pendingRemoval})`,
    ),
  ],
);

export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: text('customer_id').notNull(),
    /** Lower-cased email at the time of exclusion: a new account with it is refused until endsAt. */
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rg_exclusions_customer_idx').on(t.customerId, t.endsAt),
    index('rg_exclusions_email_idx').on(t.email, t.endsAt),
    check('rg_exclusions_kind_check', sql`${t.kind} in ('take_a_break', 'self_exclusion')`),
    check('rg_exclusions_span_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const rgVerifications = pgTable(
  'rg_verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    method: text('method').notNull(),
    /** verified | failed | documents_required | pending (manual review) | in_progress (ConnectID started) | rejected */
    status: text('status').notNull(),
    message: text('message').notNull(),
    /** Method data without secrets: document type and last digits, licence state, ConnectID state hash. */
    details: jsonb('details').notNull().default({}),
    reviewReason: text('review_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rg_verifications_public_id_key').on(t.publicId),
    index('rg_verifications_customer_idx').on(t.customerId, t.createdAt),
    index('rg_verifications_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    check(
      'rg_verifications_method_check',
      sql`${t.method} in ('auto_verification', 'connect_id', 'drivers_licence', 'greenid_ui', 'pdf_form', 'photo_id_upload')`,
    ),
    check(
      'rg_verifications_status_check',
      sql`${t.status} in ('verified', 'failed', 'documents_required', 'pending', 'in_progress', 'rejected')`,
    ),
  ],
);

export const rgVerificationFiles = pgTable(
  'rg_verification_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    verificationId: bigint('verification_id', { mode: 'number' })
      .notNull()
      .references(() => rgVerifications.id),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rg_verification_files_verification_idx').on(t.verificationId),
    uniqueIndex('rg_verification_files_stored_key').on(t.storedName),
  ],
);
