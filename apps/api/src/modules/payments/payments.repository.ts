// Every query of the payments tables: saved funds, deposits, withdrawals, stored Idempotency-Keys and the built-in
// test gateway's own book. Only the payments module's services (and the idempotency plugin, through the module's
// index) call these.
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { executeNamed, type BatchedWrite, type Executor } from '../../db/index.ts';
import {
  paymentsDeposits as deposits,
  paymentsFunds as funds,
  paymentsIdempotencyKeys as keys,
  paymentsRefunds as refunds,
  paymentsTestGatewayCharges as charges,
  paymentsTestGatewayRefunds as gatewayRefunds,
  paymentsTestGatewayTokens as tokens,
  paymentsWithdrawals as withdrawals,
} from './payments.schema.ts';

export type FundRow = typeof funds.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type IdempotencyKeyRow = typeof keys.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type GatewayRefundRow = typeof gatewayRefunds.$inferSelect;

// ---------------------------------------------------------------- funds

export const fundsRepository = {
  async own(ex: Executor, customerId: string, publicId: string): Promise<FundRow | null> {
    const [row] = await ex
      .select()
      .from(funds)
      .where(and(eq(funds.publicId, publicId), eq(funds.customerId, customerId), isNull(funds.deletedAt)));
    return row ?? null;
  },

  list(ex: Executor, customerId: string): Promise<FundRow[]> {
    return ex
      .select()
      .from(funds)
      .where(and(eq(funds.customerId, customerId), isNull(funds.deletedAt)))
      .orderBy(asc(funds.id));
  },

  /** Serialises fund changes of one customer (inside a transaction), so the one-default rule never races. */
  async lockCustomer(tx: Executor, customerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`funds:${customerId}`}))`);
  },

  /** Funds by public id, deleted ones too (a deposit's card is shown even after the customer removed it). */
  byPublicIds(ex: Executor, publicIds: string[]): Promise<FundRow[]> {
    if (!publicIds.length) return Promise.resolve([]);
    return ex.select().from(funds).where(inArray(funds.publicId, publicIds));
  },

  async currentDefault(tx: Executor, customerId: string): Promise<{ id: number } | null> {
    const [row] = await tx
      .select({ id: funds.id })
      .from(funds)
      .where(and(eq(funds.customerId, customerId), isNull(funds.deletedAt), eq(funds.isDefault, true)));
    return row ?? null;
  },

  async clearDefault(tx: Executor, customerId: string): Promise<void> {
    await tx
      .update(funds)
      .set({ isDefault: false })
      .where(and(eq(funds.customerId, customerId), eq(funds.isDefault, true)));
  },

  async makeDefault(tx: Executor, id: number): Promise<FundRow> {
    const [row] = await tx.update(funds).set({ isDefault: true }).where(eq(funds.id, id)).returning();
    return row!;
  },

  async insert(tx: Executor, values: typeof funds.$inferInsert): Promise<FundRow> {
    const [row] = await tx.insert(funds).values(values).returning();
    return row!;
  },

  async softDelete(ex: Executor, id: number, at: Date): Promise<void> {
    await ex.update(funds).set({ deletedAt: at, isDefault: false }).where(eq(funds.id, id));
  },
};

// ---------------------------------------------------------------- deposits

export const depositsRepository = {
  /** Writes a pending deposit; null when the customer's idempotency key already has one (a concurrent retry). */
  async insertPending(ex: Executor, values: typeof deposits.$inferInsert): Promise<DepositRow | null> {
    const [row] = await ex.insert(deposits).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async byKey(ex: Executor, customerId: string, idempotencyKey: string): Promise<DepositRow | null> {
    const [row] = await ex
      .select()
      .from(deposits)
      .where(and(eq(deposits.customerId, customerId), eq(deposits.idempotencyKey, idempotencyKey)));
    return row ?? null;
  },

  async byId(ex: Executor, publicId: string): Promise<DepositRow | null> {
    const [row] = await ex.select().from(deposits).where(eq(deposits.publicId, publicId));
    return row ?? null;
  },

  async ofCustomer(ex: Executor, customerId: string, publicId: string): Promise<DepositRow | null> {
    const [row] = await ex
      .select()
      .from(deposits)
      .where(and(eq(deposits.publicId, publicId), eq(deposits.customerId, customerId)));
    return row ?? null;
  },

  async lock(tx: Executor, publicId: string): Promise<DepositRow | null> {
    const [row] = await tx.select().from(deposits).where(eq(deposits.publicId, publicId)).for('update');
    return row ?? null;
  },

  async update(tx: Executor, id: number, patch: Partial<typeof deposits.$inferInsert>): Promise<DepositRow> {
    const [row] = await tx.update(deposits).set(patch).where(eq(deposits.id, id)).returning();
    return row!;
  },

  /** The customer's deposits still with the gateway (they count against a deposit limit). */
  inFlight(tx: Executor, customerId: string): Promise<{ amountCents: number; at: Date }[]> {
    return tx
      .select({ amountCents: deposits.amountCents, at: deposits.createdAt })
      .from(deposits)
      .where(and(eq(deposits.customerId, customerId), inArray(deposits.status, ['pending', 'challenge'])));
  },

  /** Raises (or, for a refund the gateway refused, lowers) what was refunded of a deposit; the row is locked. */
  async addRefunded(tx: Executor, id: number, deltaCents: number, at: Date): Promise<DepositRow> {
    const [row] = await tx
      .update(deposits)
      .set({ refundedCents: sql`${deposits.refundedCents} + ${deltaCents}`, updatedAt: at })
      .where(eq(deposits.id, id))
      .returning();
    return row!;
  },

  /** The back office's list: newest first, of a status and of some customers (null: any). */
  async page(
    ex: Executor,
    filter: { status?: string; customerIds: string[] | null; depositId?: string },
    page: { limit: number; offset: number },
  ) {
    const where = and(
      filter.status ? eq(deposits.status, filter.status) : undefined,
      filter.customerIds ? inArray(deposits.customerId, filter.customerIds) : undefined,
      filter.depositId ? eq(deposits.publicId, filter.depositId) : undefined,
    );
    const [rows, [totals]] = await Promise.all([
      ex.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(page.limit).offset(page.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(deposits)
        .where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },

  /** Deposits still pending or waiting for a 3-D Secure answer since before `before` (oldest first). */
  stuck(ex: Executor, before: Date, limit: number): Promise<DepositRow[]> {
    return ex
      .select()
      .from(deposits)
      .where(and(inArray(deposits.status, ['pending', 'challenge']), lt(deposits.updatedAt, before)))
      .orderBy(asc(deposits.id))
      .limit(limit);
  },

  byIds(ex: Executor, publicIds: string[]): Promise<DepositRow[]> {
    if (!publicIds.length) return Promise.resolve([]);
    return ex.select().from(deposits).where(inArray(deposits.publicId, publicIds));
  },

  /** Deposits not yet decided: reconciliation looks these up at the gateway. */
  async undecidedIds(ex: Executor): Promise<Set<string>> {
    const rows = await ex
      .select({ publicId: deposits.publicId })
      .from(deposits)
      .where(notInArray(deposits.status, ['approved', 'cancelled', 'failed']));
    return new Set(rows.map((r) => r.publicId));
  },
};

// ---------------------------------------------------------------- refunds of deposits

export const refundsRepository = {
  /** Writes a pending refund; null when its request key already has one (a second submit of the same form). */
  async insertPending(tx: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow | null> {
    const [row] = await tx.insert(refunds).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async byKey(ex: Executor, requestKey: string): Promise<RefundRow | null> {
    const [row] = await ex.select().from(refunds).where(eq(refunds.requestKey, requestKey));
    return row ?? null;
  },

  async byPublicId(ex: Executor, publicId: string): Promise<RefundRow | null> {
    const [row] = await ex.select().from(refunds).where(eq(refunds.publicId, publicId));
    return row ?? null;
  },

  async lock(tx: Executor, publicId: string): Promise<RefundRow | null> {
    const [row] = await tx.select().from(refunds).where(eq(refunds.publicId, publicId)).for('update');
    return row ?? null;
  },

  /** pending -> refunded or failed, only while pending (the caller holds the row lock). */
  async finish(tx: Executor, id: number, set: Partial<typeof refunds.$inferInsert>): Promise<RefundRow | null> {
    const [row] = await tx
      .update(refunds)
      .set(set)
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? null;
  },

  /** Refunds still with the gateway (a crash between the ledger and the gateway's answer), oldest first. */
  pending(ex: Executor): Promise<RefundRow[]> {
    return ex.select().from(refunds).where(eq(refunds.status, 'pending')).orderBy(asc(refunds.id)).limit(500);
  },

  ofDeposits(ex: Executor, depositIds: string[]): Promise<RefundRow[]> {
    if (!depositIds.length) return Promise.resolve([]);
    return ex.select().from(refunds).where(inArray(refunds.depositId, depositIds)).orderBy(asc(refunds.id));
  },
};

// ---------------------------------------------------------------- withdrawals

export const withdrawalsRepository = {
  /** Writes a pending withdrawal; null when the customer's idempotency key already has one. */
  async insertPending(tx: Executor, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow | null> {
    const [row] = await tx.insert(withdrawals).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async byKey(ex: Executor, customerId: string, idempotencyKey: string): Promise<WithdrawalRow | null> {
    const [row] = await ex
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.customerId, customerId), eq(withdrawals.idempotencyKey, idempotencyKey)));
    return row ?? null;
  },

  async byId(ex: Executor, publicId: string): Promise<WithdrawalRow | null> {
    const [row] = await ex.select().from(withdrawals).where(eq(withdrawals.publicId, publicId));
    return row ?? null;
  },

  async ofCustomer(ex: Executor, customerId: string, publicId: string): Promise<WithdrawalRow | null> {
    const [row] = await ex
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.publicId, publicId), eq(withdrawals.customerId, customerId)));
    return row ?? null;
  },

  /** from -> to, only if the withdrawal is still in `from` (so a repeat or a resumed run does it once). */
  async transition(
    ex: Executor,
    publicId: string,
    from: WithdrawalRow['status'],
    set: Partial<typeof withdrawals.$inferInsert>,
  ): Promise<WithdrawalRow | null> {
    const [row] = await ex
      .update(withdrawals)
      .set(set)
      .where(and(eq(withdrawals.publicId, publicId), eq(withdrawals.status, from)))
      .returning();
    return row ?? null;
  },

  /** A page of withdrawals (of one status, or all), oldest first, and how many there are (the back office). */
  async page(ex: Executor, status: string | undefined, page: { limit: number; offset: number }) {
    const where = status ? eq(withdrawals.status, status) : sql`true`;
    const [rows, [totals]] = await Promise.all([
      ex.select().from(withdrawals).where(where).orderBy(asc(withdrawals.id)).limit(page.limit).offset(page.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },

  open(ex: Executor): Promise<WithdrawalRow[]> {
    return ex
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.status, ['pending', 'approved']))
      .orderBy(asc(withdrawals.id));
  },
};

// ---------------------------------------------------------------- stored Idempotency-Keys

const recordOperationWrite = (scope: string, key: string, operation: string): BatchedWrite =>
  sql`update payments_idempotency_keys set operation = ${operation} where scope = ${scope} and key = ${key}`;

/**
 * recordOperationWrite and the key's answer in one statement (issue 22): for a route whose answer is known before its
 * operation's write (the purchase answers with its checkout's id), the write that records the operation also stores
 * the answer, so the key is done when the operation commits and no statement after it is needed.
 */
const answerWrite = (
  scope: string,
  key: string,
  operation: string,
  response: { status: number; body: string; headers: Record<string, string> },
): BatchedWrite =>
  sql`update payments_idempotency_keys set operation = ${operation}, status = 'done',
    response_status = ${response.status}, response_body = ${response.body},
    response_headers = ${JSON.stringify(response.headers)}::jsonb
    where scope = ${scope} and key = ${key}`;

export const idempotencyKeysRepository = {
  /** Claims a key for a request (one INSERT: two processes racing on one key cannot both win). */
  async claim(ex: Executor, row: typeof keys.$inferInsert): Promise<boolean> {
    // Every money-moving request sends this: a named statement of one text (planned once per connection).
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const { rows } = await executeNamed(
      ex,
      'payments_key_claim',
      sql`insert into payments_idempotency_keys (scope, key, route, request_hash, status, locked_at, created_at, expires_at)
        values (${row.scope}, ${row.key}, ${row.route}, ${row.requestHash}, ${row.status}, ${iso(row.lockedAt)}::timestamptz,
          ${iso(row.createdAt)}::timestamptz, ${iso(row.expiresAt)}::timestamptz)
        on conflict do nothing
        returning key`,
    );
    return rows.length > 0;
  },

  async find(ex: Executor, scope: string, key: string): Promise<IdempotencyKeyRow | null> {
    const [row] = await ex
      .select()
      .from(keys)
      .where(and(eq(keys.scope, scope), eq(keys.key, key)));
    return row ?? null;
  },

  /** Frees an expired key, only if it is still the row that was read. */
  async removeExpired(ex: Executor, scope: string, key: string, createdAt: Date): Promise<void> {
    await ex.delete(keys).where(and(eq(keys.scope, scope), eq(keys.key, key), eq(keys.createdAt, createdAt)));
  },

  /** Takes over a running key whose holder went quiet; true when this caller now holds it. */
  async takeOver(ex: Executor, scope: string, key: string, heldSince: Date | null, now: Date): Promise<boolean> {
    const taken = await ex
      .update(keys)
      .set({ lockedAt: now })
      .where(
        and(
          eq(keys.scope, scope),
          eq(keys.key, key),
          eq(keys.status, 'running'),
          heldSince ? eq(keys.lockedAt, heldSince) : isNull(keys.lockedAt),
        ),
      )
      .returning({ key: keys.key });
    return taken.length > 0;
  },

  /** Written in the same transaction as the operation's first row. */
  async recordOperation(tx: Executor, scope: string, key: string, operation: string): Promise<void> {
    await tx.execute(recordOperationWrite(scope, key, operation));
  },

  /** recordOperation as a statement another write runs with its own (one round trip for both). */
  recordOperationWrite,

  /** recordOperationWrite that also stores the answer (the key is done with the operation's own commit). */
  answerWrite,

  async complete(
    ex: Executor,
    scope: string,
    key: string,
    response: { status: number; body: string; headers: Record<string, string> },
  ): Promise<void> {
    await executeNamed(
      ex,
      'payments_key_complete',
      sql`update payments_idempotency_keys set status = 'done', response_status = ${response.status},
        response_body = ${response.body}, response_headers = ${JSON.stringify(response.headers)}::jsonb
        where scope = ${scope} and key = ${key} and status = 'running'`,
    );
  },

  /** The request ended without a storable answer: the next retry may recover the key at once. */
  async release(ex: Executor, scope: string, key: string): Promise<void> {
    await ex
      .update(keys)
      .set({ lockedAt: new Date(0) })
      .where(and(eq(keys.scope, scope), eq(keys.key, key), eq(keys.status, 'running')));
  },

  /** Forget stored answers past their replay window, and running keys older than that. */
  async purgeExpired(ex: Executor, now: Date, ttlMs: number): Promise<number> {
    const removed = await ex
      .delete(keys)
      .where(
        or(
          lt(keys.expiresAt, now),
          and(eq(keys.status, 'running'), lt(keys.createdAt, sql`${new Date(now.getTime() - ttlMs)}`)),
        ),
      )
      .returning({ key: keys.key });
    return removed.length;
  },
};

// ---------------------------------------------------------------- the built-in test gateway's book

export const testGatewayRepository = {
  async insertToken(ex: Executor, row: typeof tokens.$inferInsert): Promise<void> {
    await ex.insert(tokens).values(row);
  },

  async tokenOutcome(ex: Executor, token: string): Promise<string | null> {
    const [row] = await ex.select({ outcome: tokens.outcome }).from(tokens).where(eq(tokens.token, token));
    return row?.outcome ?? null;
  },

  /** Records a charge unless the order or the idempotency key already has one (then the existing one stands). */
  async insertCharge(ex: Executor, row: typeof charges.$inferInsert): Promise<void> {
    await ex.insert(charges).values(row).onConflictDoNothing();
  },

  async byOrder(ex: Executor, orderId: string): Promise<ChargeRow | null> {
    const [row] = await ex.select().from(charges).where(eq(charges.orderId, orderId));
    return row ?? null;
  },

  async byKey(ex: Executor, idempotencyKey: string): Promise<ChargeRow | null> {
    const [row] = await ex.select().from(charges).where(eq(charges.idempotencyKey, idempotencyKey));
    return row ?? null;
  },

  approved(ex: Executor): Promise<ChargeRow[]> {
    return ex.select().from(charges).where(eq(charges.status, 'approved'));
  },

  /** The order's charge, locked for the rest of the transaction (its refunds are decided one at a time). */
  async lockCharge(tx: Executor, orderId: string): Promise<ChargeRow | null> {
    const [row] = await tx.select().from(charges).where(eq(charges.orderId, orderId)).for('update');
    return row ?? null;
  },

  async refundById(ex: Executor, refundId: string): Promise<GatewayRefundRow | null> {
    const [row] = await ex.select().from(gatewayRefunds).where(eq(gatewayRefunds.refundId, refundId));
    return row ?? null;
  },

  async refundedOf(ex: Executor, orderId: string): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`coalesce(sum(${gatewayRefunds.amountCents}), 0)::bigint` })
      .from(gatewayRefunds)
      .where(eq(gatewayRefunds.orderId, orderId));
    return Number(row?.n ?? 0);
  },

  async insertRefund(ex: Executor, row: typeof gatewayRefunds.$inferInsert): Promise<void> {
    await ex.insert(gatewayRefunds).values(row);
  },

  /** Moves an order from one status to another, only if it is still in `from`. */
  async setStatus(ex: Executor, orderId: string, from: string, to: string): Promise<void> {
    await ex
      .update(charges)
      .set({ status: to })
      .where(and(eq(charges.orderId, orderId), eq(charges.status, from)));
  },
};
