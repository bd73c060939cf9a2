// Queries of the operators tables. Only the operators service calls these.
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { operatorAudit, operators, operatorSessions } from './operators.schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperatorRow = typeof operators.$inferInsert;
export type AuditRow = typeof operatorAudit.$inferSelect;
export type NewAuditRow = typeof operatorAudit.$inferInsert;

export const operatorsRepo = {
  /** A new operator, or null when the email is taken. */
  async insert(ex: Executor, row: NewOperatorRow): Promise<OperatorRow | null> {
    const [r] = await ex.insert(operators).values(row).onConflictDoNothing().returning();
    return r ?? null;
  },

  async byEmail(ex: Executor, email: string, lock = false): Promise<OperatorRow | null> {
    const q = ex
      .select()
      .from(operators)
      .where(eq(sql`lower(${operators.email})`, email.toLowerCase()));
    const [r] = lock ? await q.for('update') : await q;
    return r ?? null;
  },

  async byPublicId(ex: Executor, publicId: string, lock = false): Promise<OperatorRow | null> {
    const q = ex.select().from(operators).where(eq(operators.publicId, publicId));
    const [r] = lock ? await q.for('update') : await q;
    return r ?? null;
  },

  async update(
    ex: Executor,
    id: number,
    patch: Partial<
      Pick<
        OperatorRow,
        'failedLogins' | 'lockedUntil' | 'lastTimeStep' | 'status' | 'passwordHash' | 'totpSecretEncrypted'
      >
    >,
  ): Promise<void> {
    await ex.update(operators).set(patch).where(eq(operators.id, id));
  },

  async list(ex: Executor): Promise<OperatorRow[]> {
    return ex.select().from(operators).orderBy(asc(operators.id));
  },

  async count(ex: Executor): Promise<number> {
    const [r] = await ex.select({ n: count() }).from(operators);
    return r?.n ?? 0;
  },

  async insertSession(ex: Executor, row: typeof operatorSessions.$inferInsert): Promise<void> {
    await ex.insert(operatorSessions).values(row);
  },

  /**
   * The session of a token if it is live (not revoked, before its end, used within the idle limit) and its operator
   * active; its last use moves to `now` in the same statement.
   */
  async touchSession(ex: Executor, tokenHash: string, now: Date, idleSince: Date): Promise<OperatorRow | null> {
    const live = await ex
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastSeenAt, idleSince),
        ),
      )
      .returning({ operatorId: operatorSessions.operatorId });
    if (!live[0]) return null;
    const [op] = await ex
      .select()
      .from(operators)
      .where(and(eq(operators.id, live[0].operatorId), eq(operators.status, 'active')));
    return op ?? null;
  },

  async revokeSession(ex: Executor, tokenHash: string, now: Date): Promise<void> {
    await ex
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
  },

  /**
   * Ends every live session of an operator at once (their account was disabled, their password or authenticator
   * changed), but the one signed in with `keepTokenHash` when given; answers how many ended.
   */
  async revokeSessionsOf(ex: Executor, operatorId: number, now: Date, keepTokenHash?: string): Promise<number> {
    const ended = await ex
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          keepTokenHash === undefined ? undefined : ne(operatorSessions.tokenHash, keepTokenHash),
        ),
      )
      .returning({ id: operatorSessions.id });
    return ended.length;
  },

  async audit(ex: Executor, row: NewAuditRow): Promise<void> {
    await ex.insert(operatorAudit).values(row);
  },

  async auditPage(ex: Executor, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, [totals]] = await Promise.all([
      ex.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(page.limit).offset(page.offset),
      ex.select({ n: count() }).from(operatorAudit),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },
};
