// Withdrawals of winnings (docs/payments.md). The request holds the amount at once (pending_withdrawal) in the same
// transaction as the withdrawal row and its Idempotency-Key, so a retry reports that withdrawal and never holds twice.
// An operator then approves and pays, or rejects (funds returned): each step a conditional UPDATE with its ledger
// entry in one transaction, so a repeat or a run resumed after a crash does each at most once.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ledger } from '../wallet/index.ts';
import type { OperationKey } from './payments.deposits.service.ts';
import type { PaymentNotices } from './payments.emails.ts';
import { publicId, type FundsService } from './payments.funds.service.ts';
import { withdrawalMethod } from './payments.methods.ts';
import { withdrawalsRepository as repo, type FundRow, type WithdrawalRow } from './payments.repository.ts';
import { parseAmount, withdrawalView, type WithdrawalView } from './payments.views.ts';

export interface WithdrawalsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  funds: Pick<FundsService, 'ownFund'>;
  currencyOf: (customerId: string) => Promise<CurrencyCode>;
  /** Responsible gambling fills this in: true blocks withdrawals until the customer is verified. */
  verificationRequired?: (customerId: string) => Promise<boolean>;
  /** Told in the paying transaction when a withdrawal is paid (the notification feed's card). */
  onPaid?: (tx: Executor, w: WithdrawalRow) => Promise<unknown>;
  /** Emails the customer at each step (payments.emails.ts), in the step's transaction. */
  notices?: Pick<PaymentNotices, 'withdrawal'>;
}

const movementOf = (w: WithdrawalRow) => ({
  customerId: w.customerId,
  publicId: w.publicId,
  amountCents: w.amountCents,
  currency: w.currency,
  method: withdrawalMethod(w.methodCode)?.name ?? w.methodCode,
});

export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const { db, clock, ledger, funds, currencyOf } = deps;
  const verificationRequired = deps.verificationRequired ?? (async () => false);

  async function alreadyDecided(withdrawalId: string): Promise<AppError> {
    const w = await repo.byId(db, withdrawalId);
    if (!w) return notFound('There is no such withdrawal.', 'withdrawal_not_found');
    return new AppError(409, `Withdrawal ${withdrawalId} is already ${w.status}.`, { code: 'withdrawal_decided' });
  }

  /**
   * The end of a withdrawal: `from` -> paid (the money leaves) or -> rejected (back to winnings), with its ledger
   * entry, in one transaction; only the run whose UPDATE matched moves money.
   */
  async function finish(
    withdrawalId: string,
    from: 'approved' | 'pending',
    outcome: 'paid' | 'returned',
    reason?: string,
  ): Promise<WithdrawalView> {
    return db.transaction(async (tx) => {
      const set =
        outcome === 'paid'
          ? { status: 'paid' as const }
          : { status: 'rejected' as const, reason: reason ?? null, decidedAt: clock.now() };
      const u = await repo.transition(tx, withdrawalId, from, set);
      if (!u) throw await alreadyDecided(withdrawalId);
      await ledger.settleWithdrawal(tx, {
        customerId: u.customerId,
        amountCents: u.amountCents,
        currency: u.currency as CurrencyCode,
        reference: `withdrawal:${u.publicId}:${outcome}`,
        description: outcome === 'paid' ? 'Withdrawal paid' : 'Withdrawal rejected: funds returned',
        outcome,
      });
      if (outcome === 'paid') await deps.onPaid?.(tx, u);
      await deps.notices?.withdrawal(tx, movementOf(u), outcome === 'paid' ? 'paid' : 'rejected', u.reason);
      return withdrawalView(u);
    });
  }

  /** pending -> approved. Repeating it on an approved withdrawal is a no-op; any other state is 409. */
  async function approveWithdrawal(withdrawalId: string): Promise<WithdrawalView> {
    const u = await repo.transition(db, withdrawalId, 'pending', { status: 'approved', decidedAt: clock.now() });
    if (u) return withdrawalView(u);
    const w = await repo.byId(db, withdrawalId);
    if (w?.status === 'approved') return withdrawalView(w);
    throw await alreadyDecided(withdrawalId);
  }

  const payWithdrawal = (withdrawalId: string) => finish(withdrawalId, 'approved', 'paid');

  return {
    approveWithdrawal,
    payWithdrawal,

    /** POST {withdrawalPath}/{id}/withdraw: hold the amount from winnings; an operator pays or rejects it. */
    async withdraw(
      customerId: string,
      code: string,
      id: string,
      body: { amount: number },
      options: { idempotency?: OperationKey | null } = {},
    ): Promise<WithdrawalView> {
      const m = withdrawalMethod(code);
      if (!m) throw notFound('There is no such withdrawal method.');
      let fund: FundRow | null = null;
      if (m.fundType) {
        fund = await funds.ownFund(customerId, id);
        if (fund.type !== m.fundType) throw notFound('There is no such payment method.', 'fund_not_found');
      }
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      const idem = options.idempotency ?? null;
      const same = (w: WithdrawalRow) =>
        w.amountCents === amountCents &&
        w.methodCode === m.code &&
        (w.fundId ?? w.destination) === (fund?.publicId ?? id);
      const earlier = idem ? await repo.byKey(db, customerId, idem.key) : null;
      if (earlier) {
        if (!same(earlier))
          throw new AppError(422, 'This Idempotency-Key was already used with different parameters.', {
            code: 'idempotency_key_reused',
          });
        return withdrawalView(earlier);
      }
      if (await verificationRequired(customerId)) {
        throw new AppError(422, 'Please verify your account before withdrawing.', { code: 'verify_account_required' });
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertPending(tx, {
          publicId: publicId('wdr'),
          customerId,
          fundId: fund?.publicId ?? null,
          methodCode: m.code,
          destination: fund ? null : id,
          amountCents,
          currency,
          status: 'pending',
          idempotencyKey: idem?.key ?? null,
          createdAt: clock.now(),
        });
        // A concurrent request with the same key committed first: report its withdrawal.
        if (!inserted) return (await repo.byKey(tx, customerId, idem!.key))!;
        await ledger.holdWithdrawal(tx, {
          customerId,
          amountCents,
          currency,
          reference: `withdrawal:${inserted.publicId}`,
          description: `Withdrawal (${m.name})`,
        });
        await idem?.recordOperation?.(tx, inserted.publicId);
        await deps.notices?.withdrawal(tx, movementOf(inserted), 'requested');
        return inserted;
      });
      crashPoint('withdrawal:recorded');
      return withdrawalView(row);
    },

    async getWithdrawal(customerId: string, withdrawalId: string): Promise<WithdrawalView> {
      const w = await repo.ofCustomer(db, customerId, withdrawalId);
      if (!w) throw notFound('There is no such withdrawal.', 'withdrawal_not_found');
      return withdrawalView(w);
    },

    /** The back office's list: withdrawals of one status (or all), oldest first, with their customer. */
    async listWithdrawals(status: WithdrawalRow['status'] | undefined, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.page(db, status, page);
      return {
        items: rows.map((w) => ({
          id: w.publicId,
          customerId: w.customerId,
          status: w.status as WithdrawalView['status'],
          amountCents: w.amountCents,
          currency: w.currency,
          methodCode: w.methodCode,
          destination: w.fundId ?? w.destination,
          reason: w.reason,
          createdAt: w.createdAt.toISOString(),
          decidedAt: w.decidedAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    /** Withdrawals an operator still has to decide or finish paying (approved but not yet paid, e.g. after a crash). */
    async pendingWithdrawals(): Promise<WithdrawalView[]> {
      return (await repo.open(db)).map(withdrawalView);
    },

    /**
     * Operator decision. Approve: pending -> approved, then approved -> paid (money leaves through the gateway's
     * payout). Reject: pending -> rejected, the funds go back to winnings.
     */
    async decideWithdrawal(withdrawalId: string, decision: 'approve' | 'reject', reason?: string) {
      if (decision === 'approve') {
        await approveWithdrawal(withdrawalId);
        return payWithdrawal(withdrawalId);
      }
      return finish(withdrawalId, 'pending', 'returned', reason);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
