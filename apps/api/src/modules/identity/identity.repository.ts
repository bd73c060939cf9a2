// SQL of the identity domain. Services call these; routes never do.
import { and, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { rowFromJson, takePrefetched, type BatchedRead, type Executor } from '../../db/index.ts';
import {
  identityCredentials,
  identityCustomers,
  identityEmailCodes,
  identityLoginAttempts,
  identityOneTimeTokens,
  identityRefreshTokens,
  identityRememberedDevices,
  identitySessions,
  identitySignInDevices,
  identityTwoFactor,
} from './identity.schema.ts';

export type CustomerRow = typeof identityCustomers.$inferSelect;
export type NewCustomerRow = typeof identityCustomers.$inferInsert;
export type TwoFactorRow = typeof identityTwoFactor.$inferSelect;
export type OneTimeTokenKind = 'autologin' | 'login_challenge' | 'password_reset' | 'confirm_email' | 'confirm_address';

const customerKey = (publicId: string) => `identity.customer:${publicId}`;

export const customers = {
  /** An active customer by public id; inside a transaction, the row `byPublicIdRead` prefetched, if it did. */
  byPublicId: async (db: Executor, publicId: string) => {
    const prefetched = takePrefetched<typeof identityCustomers.$inferSelect | null>(db, customerKey(publicId));
    if (prefetched) return prefetched.value ?? undefined;
    return (
      await db
        .select()
        .from(identityCustomers)
        .where(and(eq(identityCustomers.publicId, publicId), eq(identityCustomers.status, 'active')))
        .limit(1)
        .prepare('identity_customer_by_public_id') // every cart read and purchase asks (issue 22)
        .execute()
    )[0];
  },
  /** `byPublicId` as part of another module's statement (the purchase's checks, `prefetch`). */
  byPublicIdRead: (publicId: string): BatchedRead<typeof identityCustomers.$inferSelect | null> => ({
    key: customerKey(publicId),
    sql: sql`select row_to_json(c) from ${identityCustomers} c where c.public_id = ${publicId} and c.status = 'active' limit 1`,
    read: (value) => rowFromJson(identityCustomers, value),
  }),
  /** True while the customer is active and not verified, as a condition of another module's statement. */
  unverifiedWhere: (publicId: string) =>
    sql`exists (select 1 from ${identityCustomers} c where c.public_id = ${publicId} and c.status = 'active' and not c.is_verified)`,
  /** A customer by public id whatever their status (the back office reads closed accounts too). */
  anyByPublicId: async (db: Executor, publicId: string) =>
    (await db.select().from(identityCustomers).where(eq(identityCustomers.publicId, publicId)).limit(1))[0],
  /**
   * The back office's customer search: the exact public id, or a part of the email or of "firstname lastname"
   * (case-insensitive), open accounts first, newest first; with how many match.
   */
  async search(db: Executor, q: string, page: { limit: number; offset: number }) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = q
      ? sql`(${identityCustomers.publicId} = ${q} or ${identityCustomers.email} ilike ${like}
          or (${identityCustomers.firstname} || ' ' || ${identityCustomers.lastname}) ilike ${like})`
      : sql`true`;
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(identityCustomers)
        .where(where)
        .orderBy(sql`${identityCustomers.status} = 'active' desc`, desc(identityCustomers.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(identityCustomers).where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },
  byId: async (db: Executor, id: number) =>
    (await db.select().from(identityCustomers).where(eq(identityCustomers.id, id)).limit(1))[0],
  contactsByPublicIds: async (db: Executor, publicIds: string[]) =>
    publicIds.length === 0
      ? []
      : db
          .select({
            publicId: identityCustomers.publicId,
            email: identityCustomers.email,
            firstname: identityCustomers.firstname,
          })
          .from(identityCustomers)
          .where(and(inArray(identityCustomers.publicId, publicIds), eq(identityCustomers.status, 'active'))),
  /** Public ids of the active customers of a segment (an operator's notification campaign). */
  activeInSegment: async (db: Executor, segmentName: string) =>
    (
      await db
        .select({ publicId: identityCustomers.publicId })
        .from(identityCustomers)
        .where(and(eq(identityCustomers.segmentName, segmentName), eq(identityCustomers.status, 'active')))
    ).map((r) => r.publicId),
  activeByEmail: async (db: Executor, email: string) =>
    (
      await db
        .select()
        .from(identityCustomers)
        .where(and(eq(identityCustomers.email, email), eq(identityCustomers.status, 'active')))
        .limit(1)
    )[0],
  insert: async (db: Executor, row: NewCustomerRow) => (await db.insert(identityCustomers).values(row).returning())[0]!,
  /** Customers by the affiliate code stored with their sign-up (oldest first). */
  signupsByAffiliate: async (db: Executor) =>
    db
      .select({
        code: sql<string>`${identityCustomers.attribution}->>'affiliateCode'`,
        ids: sql<string[]>`array_agg(${identityCustomers.publicId} order by ${identityCustomers.id})`,
      })
      .from(identityCustomers)
      .where(sql`${identityCustomers.attribution} ? 'affiliateCode'`)
      .groupBy(sql`1`),
  update: async (db: Executor, id: number, patch: Partial<NewCustomerRow>) =>
    (await db.update(identityCustomers).set(patch).where(eq(identityCustomers.id, id)).returning())[0]!,
  /** Closes an open account; false when it was closed already (two closures at once close it once). */
  closeIfActive: async (
    db: Executor,
    id: number,
    patch: { closedAt: Date; closureReason: string | null; updatedAt: Date },
  ): Promise<boolean> =>
    (
      await db
        .update(identityCustomers)
        .set({ ...patch, status: 'closed' })
        .where(and(eq(identityCustomers.id, id), eq(identityCustomers.status, 'active')))
        .returning({ id: identityCustomers.id })
    ).length > 0,
  /** Reopens a closed account (ADR 103); false when it was open already (two reopenings at once reopen it once). */
  reopenIfClosed: async (db: Executor, id: number, updatedAt: Date): Promise<boolean> =>
    (
      await db
        .update(identityCustomers)
        .set({ status: 'active', closedAt: null, closureReason: null, updatedAt })
        .where(and(eq(identityCustomers.id, id), eq(identityCustomers.status, 'closed')))
        .returning({ id: identityCustomers.id })
    ).length > 0,
};

export const credentials = {
  get: async (db: Executor, customerId: number) =>
    (await db.select().from(identityCredentials).where(eq(identityCredentials.customerId, customerId)).limit(1))[0],
  set: async (db: Executor, customerId: number, passwordHash: string, now: Date) =>
    db
      .insert(identityCredentials)
      .values({ customerId, passwordHash, updatedAt: now })
      .onConflictDoUpdate({ target: identityCredentials.customerId, set: { passwordHash, updatedAt: now } }),
};

export const sessions = {
  create: async (db: Executor, row: typeof identitySessions.$inferInsert) =>
    (await db.insert(identitySessions).values(row).returning())[0]!,
  byId: async (db: Executor, id: number) =>
    (await db.select().from(identitySessions).where(eq(identitySessions.id, id)).limit(1))[0],
  byPublicId: async (db: Executor, publicId: string) =>
    (await db.select().from(identitySessions).where(eq(identitySessions.publicId, publicId)).limit(1))[0],
  /** The indexed lookup behind every authenticated request. */
  isActive: async (db: Executor, sessionPublicId: string, customerPublicId: string, now: Date) => {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(identitySessions)
      .innerJoin(identityCustomers, eq(identityCustomers.id, identitySessions.customerId))
      .where(
        and(
          eq(identitySessions.publicId, sessionPublicId),
          eq(identityCustomers.publicId, customerPublicId),
          isNull(identitySessions.revokedAt),
          gt(identitySessions.expiresAt, now),
          eq(identityCustomers.status, 'active'),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },
  revoke: async (db: Executor, id: number, reason: string, now: Date) =>
    db
      .update(identitySessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(identitySessions.id, id), isNull(identitySessions.revokedAt))),
  /** Revoke every live session of a customer, except `keep` (the one making the change). */
  revokeAll: async (db: Executor, customerId: number, reason: string, now: Date, keep?: number) =>
    db
      .update(identitySessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(identitySessions.customerId, customerId),
          isNull(identitySessions.revokedAt),
          keep === undefined ? undefined : sql`${identitySessions.id} <> ${keep}`,
        ),
      ),
};

export const refreshTokens = {
  insert: async (db: Executor, sessionId: number, tokenHash: string, now: Date) =>
    db.insert(identityRefreshTokens).values({ sessionId, tokenHash, createdAt: now }),
  byHash: async (db: Executor, tokenHash: string) =>
    (await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, tokenHash)).limit(1))[0],
  /** Marks the token rotated; returns false when another request rotated it first (the reuse signal). */
  rotate: async (db: Executor, id: number, now: Date) =>
    (
      await db
        .update(identityRefreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(identityRefreshTokens.id, id), isNull(identityRefreshTokens.rotatedAt)))
        .returning({ id: identityRefreshTokens.id })
    ).length === 1,
};

/** A live token of this kind: unknown, used and expired ones never match (consume and peek agree on "live"). */
const liveToken = (kind: OneTimeTokenKind, tokenHash: string, now: Date) =>
  and(
    eq(identityOneTimeTokens.tokenHash, tokenHash),
    eq(identityOneTimeTokens.kind, kind),
    isNull(identityOneTimeTokens.usedAt),
    gt(identityOneTimeTokens.expiresAt, now),
  );

export const oneTimeTokens = {
  insert: async (db: Executor, row: typeof identityOneTimeTokens.$inferInsert) =>
    db.insert(identityOneTimeTokens).values(row),
  /** Consume a live token of this kind exactly once (atomic): the row, or undefined if unknown, used or expired. */
  consume: async (db: Executor, kind: OneTimeTokenKind, tokenHash: string, now: Date) =>
    (
      await db
        .update(identityOneTimeTokens)
        .set({ usedAt: now })
        .where(liveToken(kind, tokenHash, now))
        .returning()
    )[0],
  /** Read a live token without consuming it (login challenges stay valid across wrong codes). */
  peek: async (db: Executor, kind: OneTimeTokenKind, tokenHash: string, now: Date) =>
    (
      await db
        .select()
        .from(identityOneTimeTokens)
        .where(liveToken(kind, tokenHash, now))
        .limit(1)
    )[0],
  invalidateAll: async (db: Executor, customerId: number, kind: OneTimeTokenKind, now: Date) =>
    db
      .update(identityOneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(identityOneTimeTokens.customerId, customerId),
          eq(identityOneTimeTokens.kind, kind),
          isNull(identityOneTimeTokens.usedAt),
        ),
      ),
};

export const twoFactor = {
  get: async (db: Executor, customerId: number) =>
    (await db.select().from(identityTwoFactor).where(eq(identityTwoFactor.customerId, customerId)).limit(1))[0],
  upsert: async (db: Executor, customerId: number, patch: Partial<typeof identityTwoFactor.$inferInsert>) => {
    const insert = db.insert(identityTwoFactor).values({ customerId, ...patch });
    return Object.keys(patch).length
      ? insert.onConflictDoUpdate({ target: identityTwoFactor.customerId, set: patch })
      : insert.onConflictDoNothing();
  },
  /** Count a wrong code atomically; returns the new count. */
  fail: async (db: Executor, customerId: number, lockAfter: number, now: Date) => {
    const [row] = await db
      .update(identityTwoFactor)
      .set({
        failedAttempts: sql`${identityTwoFactor.failedAttempts} + 1`,
        lockedAt: sql`case when ${identityTwoFactor.failedAttempts} + 1 >= ${lockAfter} then coalesce(${identityTwoFactor.lockedAt}, ${now.toISOString()}::timestamptz) else ${identityTwoFactor.lockedAt} end`,
      })
      .where(eq(identityTwoFactor.customerId, customerId))
      .returning({ failedAttempts: identityTwoFactor.failedAttempts });
    return row?.failedAttempts ?? 0;
  },
};

export const emailCodes = {
  insert: async (db: Executor, row: typeof identityEmailCodes.$inferInsert) =>
    db.insert(identityEmailCodes).values(row),
  latest: async (db: Executor, customerId: number, purpose: string) =>
    (
      await db
        .select()
        .from(identityEmailCodes)
        .where(and(eq(identityEmailCodes.customerId, customerId), eq(identityEmailCodes.purpose, purpose)))
        .orderBy(desc(identityEmailCodes.createdAt), desc(identityEmailCodes.id))
        .limit(1)
    )[0],
  consume: async (db: Executor, customerId: number, purpose: string, codeHash: string, now: Date) =>
    (
      await db
        .update(identityEmailCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(identityEmailCodes.customerId, customerId),
            eq(identityEmailCodes.purpose, purpose),
            eq(identityEmailCodes.codeHash, codeHash),
            isNull(identityEmailCodes.usedAt),
            gt(identityEmailCodes.expiresAt, now),
          ),
        )
        .returning({ id: identityEmailCodes.id })
    ).length > 0,
};

export const rememberedDevices = {
  insert: async (db: Executor, row: typeof identityRememberedDevices.$inferInsert) =>
    db.insert(identityRememberedDevices).values(row),
  valid: async (db: Executor, customerId: number, tokenHash: string, now: Date) =>
    (
      await db
        .select({ id: identityRememberedDevices.id })
        .from(identityRememberedDevices)
        .where(
          and(
            eq(identityRememberedDevices.customerId, customerId),
            eq(identityRememberedDevices.tokenHash, tokenHash),
            gt(identityRememberedDevices.expiresAt, now),
          ),
        )
        .limit(1)
    ).length > 0,
  removeAll: async (db: Executor, customerId: number) =>
    db.delete(identityRememberedDevices).where(eq(identityRememberedDevices.customerId, customerId)),
};

export const signInDevices = {
  /** Whether the customer has any device on record (the first one recorded is never announced). */
  anyFor: async (db: Executor, customerId: number) =>
    (
      await db
        .select({ id: identitySignInDevices.id })
        .from(identitySignInDevices)
        .where(eq(identitySignInDevices.customerId, customerId))
        .limit(1)
    ).length > 0,
  /** Records a sign-in from the device; true when the device was not on record before. */
  note: async (db: Executor, row: { customerId: number; deviceHash: string; agentFamily: string; at: Date }) =>
    (
      await db
        .insert(identitySignInDevices)
        .values({
          customerId: row.customerId,
          deviceHash: row.deviceHash,
          agentFamily: row.agentFamily,
          firstSeenAt: row.at,
          lastSeenAt: row.at,
        })
        .onConflictDoUpdate({
          target: [
            identitySignInDevices.customerId,
            identitySignInDevices.deviceHash,
            identitySignInDevices.agentFamily,
          ],
          set: { lastSeenAt: row.at },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` })
    )[0]?.inserted === true,
};

/** Attempts of a kind since a time, for an account, an address or both. */
const attemptsWhere = (where: { kind: string; account?: string; ip?: string; since: Date }) =>
  and(
    eq(identityLoginAttempts.kind, where.kind),
    where.account !== undefined ? eq(identityLoginAttempts.account, where.account) : undefined,
    where.ip !== undefined ? eq(identityLoginAttempts.ip, where.ip) : undefined,
    gte(identityLoginAttempts.createdAt, where.since),
  );

export const attempts = {
  record: async (db: Executor, row: typeof identityLoginAttempts.$inferInsert) =>
    db.insert(identityLoginAttempts).values(row),
  count: async (
    db: Executor,
    where: { kind: string; account?: string; ip?: string; since: Date; failuresOnly: boolean },
  ) => {
    const [row] = await db
      .select({ n: count() })
      .from(identityLoginAttempts)
      .where(and(attemptsWhere(where), where.failuresOnly ? eq(identityLoginAttempts.success, false) : undefined));
    return row?.n ?? 0;
  },
  /** Failures (and when the last one was) and successes since a time, for an account, an address or both. */
  stats: async (db: Executor, where: { kind: string; account?: string; ip?: string; since: Date }) => {
    const [row] = await db
      .select({
        failures: sql<number>`count(*) filter (where not ${identityLoginAttempts.success})::int`,
        lastFailure: sql<Date | null>`max(${identityLoginAttempts.createdAt}) filter (where not ${identityLoginAttempts.success})`,
        successes: sql<number>`count(*) filter (where ${identityLoginAttempts.success})::int`,
      })
      .from(identityLoginAttempts)
      .where(attemptsWhere(where));
    const last = row?.lastFailure;
    return {
      failures: row?.failures ?? 0,
      lastFailure: last ? new Date(last) : null,
      successes: row?.successes ?? 0,
    };
  },
};

const DAY_MS = 86_400_000;

/**
 * Housekeeping: rows whose only use has passed. Ended sessions (expired or revoked) are kept 30 days so a replayed
 * refresh token is still recognised as reuse for a while, then go with their refresh tokens (cascade); one-time
 * tokens and email codes a day after they expire; remembered devices when they expire; throttle records (windows of
 * an hour at most) after a day. Returns the rows removed per table.
 */
export async function purgeExpired(db: Executor, now: Date): Promise<Record<string, number>> {
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const removed = async (q: Promise<unknown[]>) => (await q).length;
  return {
    sessions: await removed(
      db
        .delete(identitySessions)
        .where(sql`${identitySessions.expiresAt} < ${monthAgo} or ${identitySessions.revokedAt} < ${monthAgo}`)
        .returning({ id: identitySessions.id }),
    ),
    oneTimeTokens: await removed(
      db
        .delete(identityOneTimeTokens)
        .where(sql`${identityOneTimeTokens.expiresAt} < ${dayAgo}`)
        .returning({ id: identityOneTimeTokens.id }),
    ),
    emailCodes: await removed(
      db
        .delete(identityEmailCodes)
        .where(sql`${identityEmailCodes.expiresAt} < ${dayAgo}`)
        .returning({ id: identityEmailCodes.id }),
    ),
    rememberedDevices: await removed(
      db
        .delete(identityRememberedDevices)
        .where(sql`${identityRememberedDevices.expiresAt} < ${now}`)
        .returning({ id: identityRememberedDevices.id }),
    ),
    loginAttempts: await removed(
      db
        .delete(identityLoginAttempts)
        // Successful logins stay a month: they are the addresses an account's owner is known to use (identity.login-throttle.ts).
        .where(
          sql`${identityLoginAttempts.createdAt} < ${dayAgo} and not (${identityLoginAttempts.success} and ${identityLoginAttempts.createdAt} >= ${monthAgo})`,
        )
        .returning({ id: identityLoginAttempts.id }),
    ),
  };
}
