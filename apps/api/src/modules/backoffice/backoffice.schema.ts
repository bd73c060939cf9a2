// Tables of the back office (docs/operators.md): support's notes on customers, manual wallet adjustments waiting for
// a second finance operator (four eyes), and draw results entered by one operator waiting for a second one's
// confirmation before they become official.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const backofficeCustomerNotes = pgTable(
  'backoffice_customer_notes',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    body: text('body').notNull(),
    /** The operator's public id. */
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('backoffice_customer_notes_public_id').on(t.publicId),
    index('backoffice_customer_notes_customer').on(t.customerId, t.id),
  ],
);

export const backofficeAdjustments = pgTable(
  'backoffice_adjustments',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** The ledger entry of an approved adjustment (reference `adjustment:{publicId}`). */
    entryId: text('entry_id'),
    /**
     * The one-time key of the request form (drawn when the form is shown): a second submit of the same form answers
     * with this adjustment instead of asking again. Null for requests made before the key existed.
     */
    requestKey: text('request_key'),
  },
  (t) => [
    uniqueIndex('backoffice_adjustments_public_id').on(t.publicId),
    uniqueIndex('backoffice_adjustments_request_key').on(t.requestKey),
    index('backoffice_adjustments_status').on(t.status, t.id),
    check('backoffice_adjustments_direction', sql`${t.direction} in ('credit', 'debit')`),
    check('backoffice_adjustments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('backoffice_adjustments_amount', sql`${t.amountCents} > 0`),
    // Four eyes in the database too: the operator who decides is never the one who asked.
    check('backoffice_adjustments_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

export const backofficeResultProposals = pgTable(
  'backoffice_result_proposals',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    drawId: text('draw_id').notNull(),
    result: jsonb('result').notNull(),
    /** Prize per division in cents as entered; null: from the game's prize table at confirmation. */
    dividends: jsonb('dividends'),
    status: text('status').notNull().default('proposed'),
    proposedBy: text('proposed_by').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('backoffice_result_proposals_public_id').on(t.publicId),
    // At most one result waiting per draw: a new entry replaces the one waiting.
    uniqueIndex('backoffice_result_proposals_waiting')
      .on(t.drawId)
      .where(sql`${t.status} = 'proposed'`),
    check('backoffice_result_proposals_status', sql`${t.status} in ('proposed', 'confirmed', 'replaced')`),
    check(
      'backoffice_result_proposals_four_eyes',
      sql`${t.confirmedBy} is null or ${t.confirmedBy} <> ${t.proposedBy}`,
    ),
  ],
);
