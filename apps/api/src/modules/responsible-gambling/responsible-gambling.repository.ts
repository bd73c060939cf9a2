// The only code that queries the rg_ tables (limits, exclusions, verifications and their uploaded files).
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  lte,
  sql,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { executeNamed, rowFromJson, takePrefetched, type BatchedRead, type Executor } from '../../db/index.ts';
import {
  rgExclusions as exclusions,
  rgLimits as limits,
  rgVerificationFiles as files,
  rgVerifications as verifications,
} from './responsible-gambling.schema.ts';

export type LimitKind = 'spend' | 'precommitment' | 'deposit';
export type LimitRow = typeof limits.$inferSelect;
export type ExclusionRow = typeof exclusions.$inferSelect;
export type VerificationRow = typeof verifications.$inferSelect;

const limitsKey = (customerId: string) => `rg.exclusions-limits:${customerId}`;
const PERIOD_ORDER = sql`array_position(array['daily','weekly','monthly']::text[], ${limits.period})`;

/** Rows of the same table read through a raw join, mapped back with the columns' own decoders. */
function columnsOf(table: Table, alias: string, prefix: string) {
  return Object.values(getTableColumns(table)).map((c) => ({
    column: c,
    key: `${prefix}${c.name}`,
    select: sql`${sql.identifier(alias)}.${sql.identifier(c.name)} as ${sql.identifier(`${prefix}${c.name}`)}`,
  }));
}

/** The customer's first limit matching the conditions. */
async function firstLimit(tx: Executor, customerId: string, ...where: (SQL | undefined)[]) {
  const [row] = await tx
    .select()
    .from(limits)
    .where(and(eq(limits.customerId, customerId), ...where));
  return row as LimitRow | undefined;
}

export const rgLimits = {
  /** Serialises the limit and exclusion changes of one customer (their transaction holds it). */
  lockCustomer: (tx: Executor, customerId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rg:${customerId}`}))`),

  /**
   * Write pending changes whose cooling-off has passed, so stored rows match what applies; answers those rows as they
   * were (with their pending value and date). The caller holds the customer's lock.
   */
  async applyDue(tx: Executor, customerId: string, now: Date): Promise<LimitRow[]> {
    const due = await tx
      .select()
      .from(limits)
      .where(and(eq(limits.customerId, customerId), isNotNull(limits.pendingFrom), lte(limits.pendingFrom, now)));
    if (due.length === 0) return [];
    await tx
      .delete(limits)
      .where(and(eq(limits.customerId, customerId), eq(limits.pendingRemoval, true), lte(limits.pendingFrom, now)));
    await tx
      .update(limits)
      .set({ limitCents: sql`${limits.pendingCents}`, pendingCents: null, pendingFrom: null, updatedAt: now })
      .where(and(eq(limits.customerId, customerId), isNotNull(limits.pendingCents), lte(limits.pendingFrom, now)));
    return due;
  },

  /** Customers with a pending change whose cooling-off has passed (the sweep that applies them), at most `max`. */
  async customersWithDue(exec: Executor, now: Date, max: number): Promise<string[]> {
    const rows = await exec
      .selectDistinct({ customerId: limits.customerId })
      .from(limits)
      .where(and(isNotNull(limits.pendingFrom), lte(limits.pendingFrom, now)))
      .limit(max);
    return rows.map((r) => r.customerId);
  },

  /** The customer's limits (of one kind), daily, weekly, monthly. */
  rowsOf: (exec: Executor, customerId: string, kind?: LimitKind): Promise<LimitRow[]> =>
    exec
      .select()
      .from(limits)
      .where(and(eq(limits.customerId, customerId), kind ? eq(limits.kind, kind) : undefined))
      .orderBy(PERIOD_ORDER),

  /** The limit a set replaces: of this kind and period (a pre-commitment has one, whatever its period). */
  find: (tx: Executor, customerId: string, kind: LimitKind, period: string) =>
    firstLimit(tx, customerId, eq(limits.kind, kind), kind === 'precommitment' ? undefined : eq(limits.period, period)),

  /** A limit to remove: by its public id, or the pre-commitment, among the given kinds. */
  findToRemove: (
    tx: Executor,
    customerId: string,
    kinds: LimitKind[],
    match: { id: string } | { kind: 'precommitment' },
  ) =>
    firstLimit(
      tx,
      customerId,
      inArray(limits.kind, kinds),
      'id' in match ? eq(limits.publicId, match.id) : eq(limits.kind, match.kind),
    ),

  async insert(tx: Executor, row: typeof limits.$inferInsert): Promise<LimitRow> {
    return (await tx.insert(limits).values(row).returning())[0]!;
  },

  async update(tx: Executor, id: number, patch: Partial<typeof limits.$inferInsert>): Promise<LimitRow> {
    return (await tx.update(limits).set(patch).where(eq(limits.id, id)).returning())[0]!;
  },

  delete: (tx: Executor, id: number) => tx.delete(limits).where(eq(limits.id, id)),

  /** Spend limits not being removed. */
  async activeSpendLimitCount(tx: Executor, customerId: string): Promise<number> {
    return (
      await tx
        .select({ id: limits.id })
        .from(limits)
        .where(and(eq(limits.customerId, customerId), eq(limits.kind, 'spend'), eq(limits.pendingRemoval, false)))
    ).length;
  },
};

/** The exclusion matching `who` that is in force at `now` and ends last, or null. */
async function latestActive(exec: Executor, who: SQL, now: Date): Promise<ExclusionRow | null> {
  const [row] = await exec
    .select()
    .from(exclusions)
    .where(and(who, gt(exclusions.endsAt, now)))
    .orderBy(desc(exclusions.endsAt))
    .limit(1);
  return row ?? null;
}

export const rgExclusions = {
  /** The customer's exclusion in force at `now` (the one that ends last), or null. */
  active: (exec: Executor, customerId: string, now: Date) =>
    latestActive(exec, eq(exclusions.customerId, customerId), now),

  /** An exclusion in force for this email (sign-up with an excluded email), or null. */
  activeForEmail: (exec: Executor, email: string, now: Date) => latestActive(exec, eq(exclusions.email, email), now),

  /** Which of these customers have a break or self-exclusion in force at `now`. */
  async excludedAmong(exec: Executor, customerIds: readonly string[], now: Date): Promise<Set<string>> {
    if (!customerIds.length) return new Set();
    const rows = await exec
      .selectDistinct({ customerId: exclusions.customerId })
      .from(exclusions)
      .where(
        and(
          inArray(exclusions.customerId, [...customerIds]),
          lte(exclusions.startsAt, now),
          gt(exclusions.endsAt, now),
        ),
      );
    return new Set(rows.map((r) => r.customerId));
  },

  async insert(tx: Executor, row: typeof exclusions.$inferInsert): Promise<ExclusionRow> {
    return (await tx.insert(exclusions).values(row).returning())[0]!;
  },

  history: (exec: Executor, customerId: string): Promise<ExclusionRow[]> =>
    exec.select().from(exclusions).where(eq(exclusions.customerId, customerId)).orderBy(asc(exclusions.startsAt)),

  /**
   * The active exclusion and every limit row (same order as rowsOf) in one statement: the purchase checks read both
   * on every cart view and purchase, and each round trip costs more than the rows.
   */
  async withLimits(
    exec: Executor,
    customerId: string,
    now: Date,
  ): Promise<{ excluded: ExclusionRow | null; rows: LimitRow[] }> {
    const prefetched = takePrefetched<{ excluded: ExclusionRow | null; rows: LimitRow[] }>(exec, limitsKey(customerId));
    if (prefetched) {
      // Read a moment before `now`: an exclusion that ended in between no longer counts.
      const { excluded, rows } = prefetched.value;
      return { excluded: excluded && excluded.endsAt.getTime() > now.getTime() ? excluded : null, rows };
    }
    const e = columnsOf(exclusions, 'e', 'e_');
    const l = columnsOf(limits, 'l', 'l_');
    const { rows } = await executeNamed<Record<string, unknown>>(
      exec,
      'rg_exclusions_limits',
      sql`select ${sql.join(
        [...e, ...l].map((c) => c.select),
        sql`, `,
      )}
      from (select 1) as one
      left join lateral (
        select * from ${exclusions} where ${exclusions.customerId} = ${customerId} and ${exclusions.endsAt} > ${now.toISOString()}
        order by ${exclusions.endsAt} desc limit 1
      ) as e on true
      left join ${limits} as l on l.customer_id = ${customerId}
      order by array_position(array['daily','weekly','monthly']::text[], l.period)`,
    );
    const rowOf = <T>(raw: Record<string, unknown>, cols: typeof e): T | null => {
      if (raw[cols.find((c) => c.column.name === 'id')!.key] === null) return null;
      return Object.fromEntries(
        Object.entries(getTableColumns(cols === e ? exclusions : limits)).map(([prop, c]) => {
          const v = raw[cols.find((x) => x.column === c)!.key];
          return [prop, v === null || v === undefined ? null : c.mapFromDriverValue(v)];
        }),
      ) as T;
    };
    const first = rows[0];
    return {
      excluded: first ? rowOf<ExclusionRow>(first, e) : null,
      rows: rows.map((r) => rowOf<LimitRow>(r, l)).filter((r): r is LimitRow => r !== null),
    };
  },

  /** `withLimits` as part of another module's statement (the purchase's checks, `prefetch`). */
  withLimitsRead: (
    customerId: string,
    now: Date,
  ): BatchedRead<{ excluded: ExclusionRow | null; rows: LimitRow[] }> => ({
    key: limitsKey(customerId),
    sql: sql`select json_build_object(
        'e', (select row_to_json(x) from (
          select * from ${exclusions} where ${exclusions.customerId} = ${customerId} and ${exclusions.endsAt} > ${now.toISOString()}
          order by ${exclusions.endsAt} desc limit 1) x),
        'l', (select json_agg(row_to_json(l) order by array_position(array['daily','weekly','monthly']::text[], l.period))
          from ${limits} l where l.customer_id = ${customerId}))`,
    read: (value) => {
      const json = value as { e: unknown; l: unknown[] | null };
      return {
        excluded: rowFromJson(exclusions, json.e),
        rows: (json.l ?? []).map((r) => rowFromJson(limits, r)!),
      };
    },
  }),
};

export const rgVerifications = {
  /** The customer's attempts, newest first. */
  of: (exec: Executor, customerId: string): Promise<VerificationRow[]> =>
    exec
      .select()
      .from(verifications)
      .where(eq(verifications.customerId, customerId))
      .orderBy(desc(verifications.createdAt), desc(verifications.id)),

  async insert(exec: Executor, row: typeof verifications.$inferInsert): Promise<VerificationRow> {
    return (await exec.insert(verifications).values(row).returning())[0]!;
  },

  update: (exec: Executor, id: number, patch: Partial<typeof verifications.$inferInsert>) =>
    exec.update(verifications).set(patch).where(eq(verifications.id, id)),

  /** The ConnectID attempt this browser started (its state's hash), still in progress. */
  async connectIdInProgress(exec: Executor, customerId: string, stateHash: string) {
    const [row] = await exec
      .select()
      .from(verifications)
      .where(
        and(
          eq(verifications.customerId, customerId),
          eq(verifications.method, 'connect_id'),
          eq(verifications.status, 'in_progress'),
          sql`${verifications.details}->>'stateHash' = ${stateHash}`,
        ),
      );
    return row;
  },

  insertFiles: (tx: Executor, rows: (typeof files.$inferInsert)[]) => tx.insert(files).values(rows),

  pending: (exec: Executor): Promise<VerificationRow[]> =>
    exec.select().from(verifications).where(eq(verifications.status, 'pending')).orderBy(asc(verifications.createdAt)),

  filesOf: (exec: Executor, verificationId: number) =>
    exec.select().from(files).where(eq(files.verificationId, verificationId)).orderBy(asc(files.id)),

  /** One uploaded file of the customer's, by the random part of its stored name (its `doc_` id); any status. */
  async customerFile(exec: Executor, customerId: string, storedStem: string) {
    const [row] = await exec
      .select({ file: getTableColumns(files), verificationId: verifications.publicId })
      .from(files)
      .innerJoin(verifications, eq(verifications.id, files.verificationId))
      .where(
        and(eq(verifications.customerId, customerId), sql`split_part(${files.storedName}, '.', 1) = ${storedStem}`),
      )
      .limit(1);
    return row;
  },

  /** Decides the customer's pending attempt; undefined when none waits. */
  async decidePending(
    exec: Executor,
    customerId: string,
    patch: Partial<typeof verifications.$inferInsert>,
  ): Promise<VerificationRow | undefined> {
    const [row] = await exec
      .update(verifications)
      .set(patch)
      .where(and(eq(verifications.customerId, customerId), eq(verifications.status, 'pending')))
      .returning();
    return row;
  },
};
