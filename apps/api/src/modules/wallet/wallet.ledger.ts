// The ledger: the only place customer money moves (DESIGN.md §6). Each movement is one journal entry whose lines
// sum to zero, posted inside the caller's transaction after locking the customer's accounts (FOR UPDATE), so
// concurrent purchases and withdrawals on one wallet are serialised and a wallet can never be overdrawn.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  CUSTOMER_ACCOUNT_KINDS,
  walletAccounts,
  walletEntries,
  walletLines,
  type AccountKind,
  type CustomerAccountKind,
  type HouseAccountKind,
} from './wallet.schema.ts';

export type EntryKind =
  | 'deposit'
  | 'purchase'
  | 'prize'
  | 'refund'
  | 'withdrawal'
  | 'withdrawal_paid'
  | 'withdrawal_returned'
  | 'reversal'
  | 'bonus';

export interface Movement {
  customerId: string;
  amountCents: number;
  currency: CurrencyCode;
  reference: string;
  description: string;
}
export interface RefundMovement extends Movement {
  /** The purchase being refunded: money goes back to the accounts it came from (winnings first, bonus last). */
  purchaseReference?: string;
}
export interface PostResult {
  entryId: string;
  created: boolean;
}
export interface FundsSummary {
  balanceCents: number;
  availableFundsCents: number;
  withdrawableCents: number;
  bonusCents: number;
  pendingWithdrawalsCents: number;
  currency: CurrencyCode;
}
export interface EntryView {
  id: string;
  kind: EntryKind;
  description: string;
  reference: string;
  amountCents: number;
  currency: CurrencyCode;
  createdAt: Date;
  reverses: string | null;
  lines: { account: string; amountCents: number }[];
}

/** Accounts a purchase draws on, in order (DESIGN.md §6: bonus, then deposits, then winnings). */
export const DEFAULT_SPEND_ORDER: readonly CustomerAccountKind[] = ['bonus', 'deposit', 'winnings'];
/** Accounts whose sum is what the customer can spend. */
const SPENDABLE: readonly CustomerAccountKind[] = ['bonus', 'deposit', 'winnings'];

export const insufficientFunds = (message = 'There are not enough funds in your wallet for this.') =>
  new AppError(422, message, { code: 'insufficient_funds', fieldErrors: { amount: [message] } });

const newEntryId = () => `txn_${randomBytes(10).toString('hex')}`;
const positiveCents = (n: number) => {
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new RangeError(`A ledger amount must be a positive whole number of cents, got ${n}`);
  return n;
};

type Line = { accountId: number; amountCents: number };
type Accounts = Record<CustomerAccountKind, { id: number; balanceCents: number }>;

export interface LedgerDeps {
  db: Db;
  clock: Clock;
  spendOrder?: readonly CustomerAccountKind[];
}

export function createLedger(deps: LedgerDeps) {
  const { db, clock } = deps;
  const spendOrder = deps.spendOrder ?? DEFAULT_SPEND_ORDER;
  const houseIds = new Map<string, number>();

  /**
   * House accounts are reference data: created on first use in their own autocommitted statement (never inside the
   * caller's transaction), so the cached id is always of a committed row that no rollback can take away and that
   * concurrent transactions can reference at once.
   */
  async function houseAccount(_tx: Executor, kind: HouseAccountKind, currency: CurrencyCode): Promise<number> {
    const key = `${kind}|${currency}`;
    const known = houseIds.get(key);
    if (known !== undefined) return known;
    await db.execute(
      sql`insert into wallet_accounts (kind, currency) values (${kind}, ${currency}) on conflict (kind, currency) where customer_id is null do nothing`,
    );
    const [row] = await db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(
        and(isNull(walletAccounts.customerId), eq(walletAccounts.kind, kind), eq(walletAccounts.currency, currency)),
      );
    houseIds.set(key, row!.id);
    return row!.id;
  }

  /** Create the customer's accounts if missing and lock them (in id order, the same order every caller uses). */
  async function lockCustomer(tx: Executor, customerId: string, currency: CurrencyCode): Promise<Accounts> {
    let rows = await lockedRows(tx, customerId, currency);
    if (rows.length < CUSTOMER_ACCOUNT_KINDS.length) {
      await tx.execute(sql`insert into wallet_accounts (customer_id, kind, currency)
        select ${customerId}, k, ${currency} from unnest(${sql.raw(`array['${CUSTOMER_ACCOUNT_KINDS.join("','")}']`)}) as k
        on conflict (customer_id, kind, currency) where customer_id is not null do nothing`);
      rows = await lockedRows(tx, customerId, currency);
    }
    const accounts = {} as Accounts;
    for (const r of rows) accounts[r.kind as CustomerAccountKind] = { id: r.id, balanceCents: r.balanceCents };
    return accounts;
  }

  function lockedRows(tx: Executor, customerId: string, currency: CurrencyCode) {
    return tx
      .select({ id: walletAccounts.id, kind: walletAccounts.kind, balanceCents: walletAccounts.balanceCents })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.customerId, customerId), eq(walletAccounts.currency, currency)))
      .orderBy(asc(walletAccounts.id))
      .for('update');
  }

  async function existing(tx: Executor, reference: string): Promise<PostResult | null> {
    const [row] = await tx
      .select({ publicId: walletEntries.publicId })
      .from(walletEntries)
      .where(eq(walletEntries.reference, reference));
    return row ? { entryId: row.publicId, created: false } : null;
  }

  /**
   * Write one entry and its lines, and move the cached balances of the customer accounts it touches. The caller
   * holds the customer's account locks. Returns created=false (and writes nothing) when the reference was posted.
   */
  async function post(
    tx: Executor,
    entry: {
      kind: EntryKind;
      customerId: string | null;
      reference: string;
      description: string;
      currency: CurrencyCode;
      reversesEntryId?: number;
    },
    lines: Line[],
    customerAccountIds: Set<number>,
  ): Promise<PostResult> {
    const nonZero = lines.filter((l) => l.amountCents !== 0);
    const sum = nonZero.reduce((s, l) => s + l.amountCents, 0);
    if (sum !== 0 || nonZero.length < 2)
      throw new Error(`Unbalanced journal entry ${entry.reference}: lines sum to ${sum}`);
    const publicId = newEntryId();
    const inserted = await tx
      .insert(walletEntries)
      .values({
        publicId,
        kind: entry.kind,
        customerId: entry.customerId,
        reference: entry.reference,
        description: entry.description,
        currency: entry.currency,
        reversesEntryId: entry.reversesEntryId ?? null,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: walletEntries.reference })
      .returning({ id: walletEntries.id });
    if (!inserted.length) return (await existing(tx, entry.reference))!;
    const entryId = inserted[0]!.id;
    await tx
      .insert(walletLines)
      .values(nonZero.map((l) => ({ entryId, accountId: l.accountId, amountCents: l.amountCents })));
    for (const l of nonZero) {
      if (!customerAccountIds.has(l.accountId)) continue;
      await tx
        .update(walletAccounts)
        .set({
          balanceCents: sql`${walletAccounts.balanceCents} + ${l.amountCents}`,
          version: sql`${walletAccounts.version} + 1`,
        })
        .where(eq(walletAccounts.id, l.accountId));
    }
    return { entryId: publicId, created: true };
  }

  const idsOf = (a: Accounts) => new Set(Object.values(a).map((x) => x.id));

  /** Money in from outside (a deposit, a prize, a bonus): house account → customer account. */
  async function credit(
    tx: Executor,
    kind: EntryKind,
    to: CustomerAccountKind,
    from: HouseAccountKind,
    m: Movement,
  ): Promise<PostResult> {
    positiveCents(m.amountCents);
    const done = await existing(tx, m.reference);
    if (done) return done;
    const accounts = await lockCustomer(tx, m.customerId, m.currency);
    const house = await houseAccount(tx, from, m.currency);
    return post(
      tx,
      { kind, customerId: m.customerId, reference: m.reference, description: m.description, currency: m.currency },
      [
        { accountId: accounts[to].id, amountCents: m.amountCents },
        { accountId: house, amountCents: -m.amountCents },
      ],
      idsOf(accounts),
    );
  }

  const ledger = {
    /**
     * Lock the customer's accounts for the rest of the transaction (creating them if missing). A workflow that
     * checks a rule over the wallet before debiting (a spend limit, a purchase) takes this first, so two purchases
     * of one customer check and debit one after the other.
     */
    async lockWallet(tx: Executor, customerId: string, currency: CurrencyCode): Promise<void> {
      await lockCustomer(tx, customerId, currency);
    },

    /**
     * Net amount the customer spent in [from, to): purchases minus refunds, read from the sales side of their entries
     * (responsible-gambling limits). Run inside the caller's transaction after lockWallet to see a settled figure.
     */
    async spentBetween(
      tx: Executor,
      customerId: string,
      currency: CurrencyCode,
      from: Date | null,
      to: Date,
    ): Promise<number> {
      const rows = await tx
        .select({ total: sql<string>`coalesce(sum(${walletLines.amountCents}), 0)` })
        .from(walletLines)
        .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
        .where(
          and(
            eq(walletEntries.customerId, customerId),
            eq(walletEntries.currency, currency),
            inArray(walletEntries.kind, ['purchase', 'refund']),
            isNull(walletAccounts.customerId),
            eq(walletAccounts.kind, 'sales'),
            from ? sql`${walletEntries.createdAt} >= ${from.toISOString()}` : undefined,
            sql`${walletEntries.createdAt} < ${to.toISOString()}`,
          ),
        );
      return Math.max(0, Number(rows[0]?.total ?? 0));
    },

    /**
     * spentBetween for several windows in one statement (one round trip for every limit a purchase checks): one
     * figure per window, in the order given, each exactly what spentBetween answers for it.
     */
    async spentInWindows(
      tx: Executor,
      customerId: string,
      currency: CurrencyCode,
      windows: { from: Date | null; to: Date }[],
    ): Promise<number[]> {
      if (!windows.length) return [];
      const sums = windows.map((w, i) => {
        const inWindow = w.from
          ? sql`${walletEntries.createdAt} >= ${w.from.toISOString()} and ${walletEntries.createdAt} < ${w.to.toISOString()}`
          : sql`${walletEntries.createdAt} < ${w.to.toISOString()}`;
        return sql`coalesce(sum(${walletLines.amountCents}) filter (where ${inWindow}), 0) as ${sql.raw(`w${i}`)}`;
      });
      const { rows } = await tx.execute<Record<string, string>>(sql`select ${sql.join(sums, sql`, `)}
        from ${walletLines}
        inner join ${walletEntries} on ${walletEntries.id} = ${walletLines.entryId}
        inner join ${walletAccounts} on ${walletAccounts.id} = ${walletLines.accountId}
        where ${and(
          eq(walletEntries.customerId, customerId),
          eq(walletEntries.currency, currency),
          inArray(walletEntries.kind, ['purchase', 'refund']),
          isNull(walletAccounts.customerId),
          eq(walletAccounts.kind, 'sales'),
        )}`);
      return windows.map((_, i) => Math.max(0, Number(rows[0]?.[`w${i}`] ?? 0)));
    },

    /** Deposits credited to the customer in [from, to), each with its time (rolling deposit limits). */
    async depositsBetween(
      tx: Executor,
      customerId: string,
      currency: CurrencyCode,
      from: Date,
      to: Date,
    ): Promise<{ amountCents: number; at: Date }[]> {
      const rows = await tx
        .select({ amountCents: walletLines.amountCents, at: walletEntries.createdAt })
        .from(walletLines)
        .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
        .where(
          and(
            eq(walletEntries.customerId, customerId),
            eq(walletEntries.currency, currency),
            eq(walletEntries.kind, 'deposit'),
            eq(walletAccounts.customerId, customerId),
            eq(walletAccounts.kind, 'deposit'),
            sql`${walletEntries.createdAt} >= ${from.toISOString()}`,
            sql`${walletEntries.createdAt} < ${to.toISOString()}`,
          ),
        )
        .orderBy(asc(walletEntries.createdAt));
      return rows.map((r) => ({ amountCents: r.amountCents, at: r.at }));
    },

    creditPrize: (tx: Executor, m: Movement) => credit(tx, 'prize', 'winnings', 'prize_liability', m),

    /**
     * Many prizes in one go (settlement): the same entries, lines and balances creditPrize writes, in a few
     * set-based statements instead of several per prize. Idempotent per reference like creditPrize; results come
     * back in input order. The customers' accounts are locked in account-id order, the order every write uses.
     */
    async creditPrizes(tx: Executor, movements: Movement[]): Promise<PostResult[]> {
      const results = new Map<string, PostResult>();
      const byCurrency = new Map<CurrencyCode, Movement[]>();
      for (const m of movements) {
        positiveCents(m.amountCents);
        const group = byCurrency.get(m.currency) ?? [];
        group.push(m);
        byCurrency.set(m.currency, group);
      }
      for (const [currency, group] of byCurrency) {
        const refs = [...new Set(group.map((m) => m.reference))];
        for (let i = 0; i < refs.length; i += 10_000) {
          const rows = await tx
            .select({ reference: walletEntries.reference, publicId: walletEntries.publicId })
            .from(walletEntries)
            .where(inArray(walletEntries.reference, refs.slice(i, i + 10_000)));
          for (const r of rows) results.set(r.reference, { entryId: r.publicId, created: false });
        }
        const seen = new Set<string>();
        const todo = group.filter((m) => !results.has(m.reference) && !seen.has(m.reference) && seen.add(m.reference));
        if (todo.length === 0) continue;

        const customers = [...new Set(todo.map((m) => m.customerId))].sort();
        await tx.execute(sql`insert into wallet_accounts (customer_id, kind, currency)
          select c, k, ${currency} from jsonb_array_elements_text(${JSON.stringify(customers)}::jsonb) as c
          cross join unnest(${sql.raw(`array['${CUSTOMER_ACCOUNT_KINDS.join("','")}']`)}) as k
          on conflict (customer_id, kind, currency) where customer_id is not null do nothing`);
        const locked = await tx
          .select({ id: walletAccounts.id, customerId: walletAccounts.customerId, kind: walletAccounts.kind })
          .from(walletAccounts)
          .where(and(inArray(walletAccounts.customerId, customers), eq(walletAccounts.currency, currency)))
          .orderBy(asc(walletAccounts.id))
          .for('update');
        const winningsOf = new Map(locked.filter((a) => a.kind === 'winnings').map((a) => [a.customerId!, a.id]));
        const house = await houseAccount(tx, 'prize_liability', currency);
        const now = clock.now();

        for (let i = 0; i < todo.length; i += 5_000) {
          const chunk = todo.slice(i, i + 5_000);
          const inserted = await tx
            .insert(walletEntries)
            .values(
              chunk.map((m) => ({
                publicId: newEntryId(),
                kind: 'prize' as const,
                customerId: m.customerId,
                reference: m.reference,
                description: m.description,
                currency,
                reversesEntryId: null,
                createdAt: now,
              })),
            )
            .onConflictDoNothing({ target: walletEntries.reference })
            .returning({ id: walletEntries.id, reference: walletEntries.reference, publicId: walletEntries.publicId });
          const byRef = new Map(chunk.map((m) => [m.reference, m]));
          const lines: { entryId: number; accountId: number; amountCents: number }[] = [];
          const delta = new Map<number, number>();
          for (const e of inserted) {
            const m = byRef.get(e.reference)!;
            const account = winningsOf.get(m.customerId)!;
            lines.push(
              { entryId: e.id, accountId: account, amountCents: m.amountCents },
              { entryId: e.id, accountId: house, amountCents: -m.amountCents },
            );
            delta.set(account, (delta.get(account) ?? 0) + m.amountCents);
            results.set(e.reference, { entryId: e.publicId, created: true });
          }
          if (lines.length) await tx.insert(walletLines).values(lines);
          if (delta.size) {
            const ids = [...delta.keys()];
            const amounts = ids.map((id) => delta.get(id)!);
            await tx.execute(sql`update wallet_accounts a set balance_cents = a.balance_cents + v.d, version = a.version + 1
              from (select (e->>0)::bigint as id, (e->>1)::bigint as d from jsonb_array_elements(${JSON.stringify(ids.map((id, i) => [id, amounts[i]]))}::jsonb) as e) v
              where a.id = v.id`);
          }
          // A reference another transaction posted between our look-up and our insert: report its entry.
          const missing = chunk.filter((m) => !results.has(m.reference)).map((m) => m.reference);
          if (missing.length) {
            const rows = await tx
              .select({ reference: walletEntries.reference, publicId: walletEntries.publicId })
              .from(walletEntries)
              .where(inArray(walletEntries.reference, missing));
            for (const r of rows) results.set(r.reference, { entryId: r.publicId, created: false });
          }
        }
      }
      return movements.map((m) => results.get(m.reference)!);
    },
    creditDeposit: (tx: Executor, m: Movement) => credit(tx, 'deposit', 'deposit', 'gateway_clearing', m),
    creditBonus: (tx: Executor, m: Movement) => credit(tx, 'bonus', 'bonus', 'promotions', m),

    /** Pay for an order from the wallet (bonus → deposits → winnings); 422 insufficient_funds when short. */
    async debitPurchase(tx: Executor, m: Movement): Promise<PostResult> {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const accounts = await lockCustomer(tx, m.customerId, m.currency);
      const available = SPENDABLE.reduce((s, k) => s + accounts[k].balanceCents, 0);
      if (available < m.amountCents) throw insufficientFunds();
      let left = m.amountCents;
      const lines: Line[] = [];
      for (const kind of spendOrder) {
        const take = Math.min(left, accounts[kind].balanceCents);
        if (take > 0) lines.push({ accountId: accounts[kind].id, amountCents: -take });
        left -= take;
      }
      lines.push({ accountId: await houseAccount(tx, 'sales', m.currency), amountCents: m.amountCents });
      return post(
        tx,
        {
          kind: 'purchase',
          customerId: m.customerId,
          reference: m.reference,
          description: m.description,
          currency: m.currency,
        },
        lines,
        idsOf(accounts),
      );
    },

    /** Give back (part of) a purchase: to the accounts it was paid from, winnings first; otherwise to deposits. */
    async refund(tx: Executor, m: RefundMovement): Promise<PostResult> {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const accounts = await lockCustomer(tx, m.customerId, m.currency);
      const taken: Partial<Record<CustomerAccountKind, number>> = {};
      if (m.purchaseReference) {
        const rows = await tx
          .select({ kind: walletAccounts.kind, amountCents: walletLines.amountCents })
          .from(walletLines)
          .innerJoin(walletEntries, eq(walletEntries.id, walletLines.entryId))
          .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
          .where(and(eq(walletEntries.reference, m.purchaseReference), eq(walletAccounts.customerId, m.customerId)));
        for (const r of rows)
          taken[r.kind as CustomerAccountKind] = (taken[r.kind as CustomerAccountKind] ?? 0) - r.amountCents;
      }
      let left = m.amountCents;
      const lines: Line[] = [];
      for (const kind of [...spendOrder].reverse()) {
        const give = Math.min(left, Math.max(0, taken[kind] ?? 0));
        if (give > 0) lines.push({ accountId: accounts[kind].id, amountCents: give });
        left -= give;
      }
      if (left > 0) lines.push({ accountId: accounts.deposit.id, amountCents: left });
      lines.push({ accountId: await houseAccount(tx, 'sales', m.currency), amountCents: -m.amountCents });
      return post(
        tx,
        {
          kind: 'refund',
          customerId: m.customerId,
          reference: m.reference,
          description: m.description,
          currency: m.currency,
        },
        lines,
        idsOf(accounts),
      );
    },

    /** Undo an entry with its exact opposite; refused (422) when the customer has already spent the money. */
    async reverse(tx: Executor, entryId: string, description = 'Reversal'): Promise<PostResult> {
      const [entry] = await tx.select().from(walletEntries).where(eq(walletEntries.publicId, entryId));
      if (!entry) throw notFound('There is no such transaction.');
      const reference = `reverse:${entry.publicId}`;
      const done = await existing(tx, reference);
      if (done) return done;
      const currency = entry.currency as CurrencyCode;
      const accounts = entry.customerId ? await lockCustomer(tx, entry.customerId, currency) : null;
      const original = await tx
        .select({ accountId: walletLines.accountId, amountCents: walletLines.amountCents })
        .from(walletLines)
        .where(eq(walletLines.entryId, entry.id));
      if (accounts) {
        const byId = new Map(Object.values(accounts).map((a) => [a.id, a.balanceCents]));
        for (const l of original) {
          const balance = byId.get(l.accountId);
          if (balance !== undefined && balance - l.amountCents < 0)
            throw insufficientFunds('This transaction cannot be reversed: the funds have already been used.');
        }
      }
      return post(
        tx,
        { kind: 'reversal', customerId: entry.customerId, reference, description, currency, reversesEntryId: entry.id },
        original.map((l) => ({ accountId: l.accountId, amountCents: -l.amountCents })),
        accounts ? idsOf(accounts) : new Set(),
      );
    },

    /** Hold withdrawable funds (winnings) for a withdrawal; 422 when more is asked than is withdrawable. */
    async holdWithdrawal(tx: Executor, m: Movement): Promise<PostResult> {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const accounts = await lockCustomer(tx, m.customerId, m.currency);
      if (accounts.winnings.balanceCents < m.amountCents) {
        const message = `You can withdraw at most ${(accounts.winnings.balanceCents / 100).toFixed(2)}: only winnings can be withdrawn.`;
        throw new AppError(422, message, {
          code: 'insufficient_withdrawable_funds',
          fieldErrors: { amount: [message] },
        });
      }
      return post(
        tx,
        {
          kind: 'withdrawal',
          customerId: m.customerId,
          reference: m.reference,
          description: m.description,
          currency: m.currency,
        },
        [
          { accountId: accounts.winnings.id, amountCents: -m.amountCents },
          { accountId: accounts.pending_withdrawal.id, amountCents: m.amountCents },
        ],
        idsOf(accounts),
      );
    },

    /** A held withdrawal leaves (paid) or comes back to winnings (rejected). */
    async settleWithdrawal(tx: Executor, m: Movement & { outcome: 'paid' | 'returned' }): Promise<PostResult> {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const accounts = await lockCustomer(tx, m.customerId, m.currency);
      const to = m.outcome === 'paid' ? await houseAccount(tx, 'gateway_clearing', m.currency) : accounts.winnings.id;
      return post(
        tx,
        {
          kind: m.outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_returned',
          customerId: m.customerId,
          reference: m.reference,
          description: m.description,
          currency: m.currency,
        },
        [
          { accountId: accounts.pending_withdrawal.id, amountCents: -m.amountCents },
          { accountId: to, amountCents: m.amountCents },
        ],
        idsOf(accounts),
      );
    },

    async fundsSummary(customerId: string): Promise<FundsSummary> {
      const rows = await db
        .select({
          kind: walletAccounts.kind,
          currency: walletAccounts.currency,
          balanceCents: walletAccounts.balanceCents,
        })
        .from(walletAccounts)
        .where(eq(walletAccounts.customerId, customerId));
      const currency = (rows[0]?.currency ?? 'AUD') as CurrencyCode;
      const of = (k: AccountKind) =>
        rows.filter((r) => r.kind === k && r.currency === currency).reduce((s, r) => s + r.balanceCents, 0);
      const balanceCents = of('deposit') + of('winnings');
      return {
        balanceCents,
        availableFundsCents: balanceCents + of('bonus'),
        withdrawableCents: of('winnings'),
        bonusCents: of('bonus'),
        pendingWithdrawalsCents: of('pending_withdrawal'),
        currency,
      };
    },

    async listEntries(
      customerId: string,
      page: { limit: number; offset: number },
    ): Promise<{ items: EntryView[]; total: number }> {
      const where = eq(walletEntries.customerId, customerId);
      const [{ total }] = (await db.select({ total: count() }).from(walletEntries).where(where)) as [{ total: number }];
      const rows = await db
        .select()
        .from(walletEntries)
        .where(where)
        .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
        .limit(page.limit)
        .offset(page.offset);
      return { items: await views(rows), total };
    },

    async getEntry(customerId: string, entryId: string): Promise<EntryView> {
      const rows = await db
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.publicId, entryId), eq(walletEntries.customerId, customerId)));
      if (!rows.length) throw notFound('There is no such transaction.');
      return (await views(rows))[0]!;
    },

    /** Consistency check: every entry sums to zero, cached balances equal their lines, all money sums to zero. */
    async verify(): Promise<{
      unbalancedEntries: number;
      mismatchedAccounts: number;
      negativeCustomerAccounts: number;
      totalCents: number;
    }> {
      const { rows } = await db.execute<{
        unbalanced: string;
        mismatched: string;
        negative: string;
        total: string;
      }>(sql`select
        (select count(*) from (select entry_id from wallet_lines group by entry_id having sum(amount_cents) <> 0) u) as unbalanced,
        (select count(*) from wallet_accounts a where a.customer_id is not null and a.balance_cents <> coalesce((select sum(amount_cents) from wallet_lines l where l.account_id = a.id), 0)) as mismatched,
        (select count(*) from wallet_accounts where customer_id is not null and balance_cents < 0) as negative,
        (select coalesce(sum(amount_cents), 0) from wallet_lines) as total`);
      const r = rows[0]!;
      return {
        unbalancedEntries: Number(r.unbalanced),
        mismatchedAccounts: Number(r.mismatched),
        negativeCustomerAccounts: Number(r.negative),
        totalCents: Number(r.total),
      };
    },
  };

  async function views(rows: (typeof walletEntries.$inferSelect)[]): Promise<EntryView[]> {
    if (!rows.length) return [];
    const lines = await db
      .select({
        entryId: walletLines.entryId,
        kind: walletAccounts.kind,
        customerId: walletAccounts.customerId,
        amountCents: walletLines.amountCents,
      })
      .from(walletLines)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletLines.accountId))
      .where(
        inArray(
          walletLines.entryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(walletLines.id));
    const reversed = rows.filter((r) => r.reversesEntryId !== null).map((r) => r.reversesEntryId!);
    const reversedIds = reversed.length
      ? await db
          .select({ id: walletEntries.id, publicId: walletEntries.publicId })
          .from(walletEntries)
          .where(inArray(walletEntries.id, reversed))
      : [];
    return rows.map((r) => {
      const own = lines.filter((l) => l.entryId === r.id);
      const spendable = own.filter((l) => l.customerId !== null && (SPENDABLE as readonly string[]).includes(l.kind));
      return {
        id: r.publicId,
        kind: r.kind as EntryKind,
        description: r.description,
        reference: r.reference,
        amountCents: spendable.reduce((s, l) => s + l.amountCents, 0),
        currency: r.currency as CurrencyCode,
        createdAt: r.createdAt,
        reverses: reversedIds.find((x) => x.id === r.reversesEntryId)?.publicId ?? null,
        lines: own.map((l) => ({
          account: l.customerId ? `customer:${l.kind}` : `house:${l.kind}`,
          amountCents: l.amountCents,
        })),
      };
    });
  }

  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;
