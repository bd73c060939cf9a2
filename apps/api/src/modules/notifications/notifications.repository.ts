// The only code that queries notifications_outbox and notifications_mailbox.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { BatchedWrite, Db, Executor } from '../../db/index.ts';
import type { StoredEmail } from './notifications.email.tsx';
import { notificationsMailbox, notificationsOutbox } from './notifications.schema.ts';

export type OutboxRow = typeof notificationsOutbox.$inferSelect;

export const outboxRows = {
  /** The new row's id, or null when a row with the same dedupe key exists. */
  async insert(tx: Executor, row: typeof notificationsOutbox.$inferInsert): Promise<number | null> {
    const [r] = await tx
      .insert(notificationsOutbox)
      .values(row)
      .onConflictDoNothing({ target: notificationsOutbox.dedupeKey })
      .returning({ id: notificationsOutbox.id });
    return r?.id ?? null;
  },

  /** `insert` as a statement another write runs with its own (one round trip); a repeated dedupe key writes nothing. */
  insertWrite: (row: {
    kind: string;
    toAddress: string;
    subject: string;
    content: StoredEmail;
    createdAt: Date;
    dedupeKey: string | null;
  }): BatchedWrite =>
    sql`insert into notifications_outbox (kind, to_address, subject, content, created_at, dedupe_key)
      values (${row.kind}, ${row.toAddress}, ${row.subject}, ${JSON.stringify(row.content)}::jsonb,
        ${row.createdAt.toISOString()}::timestamptz, ${row.dedupeKey})
      on conflict (dedupe_key) do nothing`,

  /**
   * The oldest pending email (to one address when given), locked (SKIP LOCKED) so concurrent dispatchers never take
   * the same one.
   */
  async claimNext(tx: Executor, to?: string): Promise<OutboxRow | undefined> {
    const pending = eq(notificationsOutbox.status, 'pending');
    const [row] = await tx
      .select()
      .from(notificationsOutbox)
      .where(to === undefined ? pending : and(pending, eq(notificationsOutbox.toAddress, to)))
      .orderBy(asc(notificationsOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  },

  /** Emails given up since an instant: how many, and the latest (kind, attempts, when, the last error; no address). */
  async failedSince(db: Db, since: Date, limit: number) {
    const where = and(eq(notificationsOutbox.status, 'failed'), gte(notificationsOutbox.failedAt, since));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: notificationsOutbox.id,
          kind: notificationsOutbox.kind,
          attempts: notificationsOutbox.attempts,
          failedAt: notificationsOutbox.failedAt,
          lastError: notificationsOutbox.lastError,
        })
        .from(notificationsOutbox)
        .where(where)
        .orderBy(desc(notificationsOutbox.failedAt), desc(notificationsOutbox.id))
        .limit(limit),
      db.select({ n: count() }).from(notificationsOutbox).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  },

  update: (tx: Executor, id: number, patch: Partial<typeof notificationsOutbox.$inferInsert>) =>
    tx.update(notificationsOutbox).set(patch).where(eq(notificationsOutbox.id, id)),

  /** Emails still in the outbox (pending or sent) for an address, newest first. */
  forAddress(db: Db, to: string, kinds?: string[]) {
    const conditions = [eq(notificationsOutbox.toAddress, to)];
    if (kinds?.length) conditions.push(inArray(notificationsOutbox.kind, kinds));
    return db
      .select()
      .from(notificationsOutbox)
      .where(and(...conditions))
      .orderBy(desc(notificationsOutbox.id))
      .limit(50);
  },

  async byDedupeKey(db: Db, dedupeKey: string): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(notificationsOutbox).where(eq(notificationsOutbox.dedupeKey, dedupeKey));
    return row;
  },

  async pendingCount(db: Db): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationsOutbox)
      .where(eq(notificationsOutbox.status, 'pending'));
    return r?.n ?? 0;
  },
};

export const mailboxRows = {
  deliver: (tx: Executor, row: typeof notificationsMailbox.$inferInsert) =>
    tx.insert(notificationsMailbox).values(row).onConflictDoNothing(),

  /** Latest delivered messages, newest first, optionally for one address. */
  latest: (db: Db, options: { to?: string; limit: number }) =>
    db
      .select()
      .from(notificationsMailbox)
      .where(options.to ? eq(notificationsMailbox.toAddress, options.to) : undefined)
      .orderBy(desc(notificationsMailbox.id))
      .limit(options.limit),
};
