// Tables of the notifications domain: the outbox every email is written to in the business transaction, and the
// dev mailbox that stands in for SMTP when none is configured (DESIGN.md §9).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredEmail } from './notifications.email.tsx';

export const notificationsOutbox = pgTable(
  'notifications_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /**
     * What the email says (kind, subject, greeting, blocks, unsubscribe links), rendered into HTML and text when it is
     * sent (issue 22: rendering in the business transaction held its locks for the render's time). Null only for rows
     * enqueued before 2026-11-28, which carry their rendered parts in text_body and html_body.
     */
    content: jsonb('content').$type<StoredEmail>(),
    /** Rendered at enqueue by the code before 2026-11-28; new rows leave both null. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the last attempt failed and the email was given up (status failed): the dashboard's failed emails. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Set for emails that must go at most once (a draw's winner notice): a second enqueue with it is a no-op. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('notifications_outbox_dedupe_key').on(t.dedupeKey),
    check('notifications_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('notifications_outbox_body_check', sql`${t.content} is not null or ${t.textBody} is not null`),
    index('notifications_outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('notifications_outbox_to_idx').on(t.toAddress, t.id),
    index('notifications_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

export const notificationsMailbox = pgTable(
  'notifications_mailbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => notificationsOutbox.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  // One delivery per outbox row: dispatching twice is harmless.
  (t) => [
    uniqueIndex('notifications_mailbox_outbox_key').on(t.outboxId),
    index('notifications_mailbox_to_idx').on(t.toAddress, t.id),
  ],
);
