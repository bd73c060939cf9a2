// What the wallet tells about a customer's money (DESIGN.md §6): balances derived from the ledger's accounts, net
// spending and deposits over time (responsible gambling), the transaction history, and the consistency check.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor, SqlCondition } from '../../db/index.ts';
import { notFound } from '../../lib/errors.ts';
import { accounts, statements, type EntryRow } from './wallet.repository.ts';
import { PARTNER_COMMISSION_PREFIX, type AccountKind } from './wallet.schema.ts';
import { SPENDABLE, type EntryKind, type EntryView, type FundsSummary } from './wallet.shared.ts';

export function walletReads(db: Db) {
  async function views(rows: EntryRow[]): Promise<EntryView[]> {
    if (!rows.length) return [];
    const lines = await statements.linesOfEntries(
      db,
      rows.map((r) => r.id),
    );
    const reversed = rows.filter((r) => r.reversesEntryId !== null).map((r) => r.reversesEntryId!);
    const reversedIds = reversed.length ? await statements.publicIdsOf(db, reversed) : [];
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

  return {
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
      return (await statements.spentInWindows(tx, customerId, currency, [{ from, to }]))[0]!;
    },

    /**
     * spentBetween for several windows in one statement (one round trip for every limit a purchase checks): one
     * figure per window, in the order given, each exactly what spentBetween answers for it.
     */
    spentInWindows: (
      tx: Executor,
      customerId: string,
      currency: CurrencyCode,
      windows: { from: Date | null; to: Date }[],
    ) => statements.spentInWindows(tx, customerId, currency, windows),

    /** spentInWindows of every currency as part of a checkout's one read (ADR 109; statements.spentRead). */
    spentRead: (customerId: string, windows: { from: Date | null; to: Date }[], allTimeWhen: SqlCondition) =>
      statements.spentRead(customerId, windows, allTimeWhen),

    /** Deposits credited to the customer in [from, to), each with its time (rolling deposit limits). */
    async depositsBetween(
      tx: Executor,
      customerId: string,
      currency: CurrencyCode,
      from: Date,
      to: Date,
    ): Promise<{ amountCents: number; at: Date }[]> {
      const rows = await statements.depositsBetween(tx, customerId, currency, from, to);
      return rows.map((r) => ({ amountCents: r.amountCents, at: r.at }));
    },

    /** The first deposit of each of these customers who made one (the affiliate report's first deposits). */
    firstDepositsOf: (customerIds: string[]) => statements.firstDeposits(db, customerIds),

    /** `exec`: a read scope whose checkout read prefetched the wallet (walletRead) answers without a statement. */
    async fundsSummary(customerId: string, exec: Executor = db): Promise<FundsSummary> {
      const rows = await accounts.balancesOf(exec, customerId);
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
      const { rows, total } = await statements.page(db, customerId, page);
      return { items: await views(rows), total };
    },

    async getEntry(customerId: string, entryId: string): Promise<EntryView> {
      const rows = await statements.customerEntry(db, customerId, entryId);
      if (!rows.length) throw notFound('There is no such transaction.');
      return (await views(rows))[0]!;
    },

    /** The back office's ledger report: daily totals per account between two days (inclusive, site time). */
    dailyTotals: (from: string, to: string, timeZone: string) => statements.dailyTotals(db, from, to, timeZone),
    /** Entries per kind since a time (the back office's dashboard: today's sales and deposits). */
    entryTotalsSince: (since: Date) => statements.entryTotalsSince(db, since),

    /** What the shop owes each partner in commission (ADR 076), by partner key and currency. */
    async partnerCommissionBalances(): Promise<{ partnerKey: string; currency: CurrencyCode; balanceCents: number }[]> {
      const rows = await statements.houseBalances(db, PARTNER_COMMISSION_PREFIX);
      return rows.map((r) => ({
        partnerKey: r.kind.slice(PARTNER_COMMISSION_PREFIX.length),
        currency: r.currency,
        balanceCents: r.balanceCents,
      }));
    },

    /** Consistency check: every entry sums to zero, cached balances equal their lines, all money sums to zero. */
    async verify(): Promise<{
      unbalancedEntries: number;
      mismatchedAccounts: number;
      negativeCustomerAccounts: number;
      totalCents: number;
    }> {
      const r = await statements.verify(db);
      return {
        unbalancedEntries: Number(r.unbalanced),
        mismatchedAccounts: Number(r.mismatched),
        negativeCustomerAccounts: Number(r.negative),
        totalCents: Number(r.total),
      };
    },
  };
}
