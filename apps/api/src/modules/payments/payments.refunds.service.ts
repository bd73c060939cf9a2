// Refunds of approved deposits to the card or wallet they came from (docs/payments.md "Refunds", ADR 099). The order
// is what makes them crash-safe, like a deposit's:
//   1. one transaction locks the deposit, checks what is left of it, writes the refund `pending` with the form's key,
//      takes the amount out of the customer's cash (ledger `deposit_refund`: deposits then winnings -> gateway_clearing)
//      and raises the deposit's refunded amount (a check keeps it within the deposit);
//   2. the gateway refunds, outside any transaction, with the refund's id as its idempotency key;
//   3. one transaction records the answer: `refunded`, or `failed` with the ledger movement reversed and the deposit's
//      refunded amount lowered again.
// A refund left `pending` by a crash is finished by reconciliation (finishPending): the gateway is asked again with
// the same id and answers with the refund it made, or makes the one refund. The same key never refunds twice.
import type { AdminDepositRefund, CurrencyCode } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Ledger } from '../wallet/index.ts';
import type { PaymentNotices } from './payments.emails.ts';
import { publicId } from './payments.funds.service.ts';
import { GatewayTimeoutError, type PaymentGateway, type RefundResult } from './payments.gateway.ts';
import { depositMethod } from './payments.methods.ts';
import { depositsRepository as deposits, refundsRepository as repo, type RefundRow } from './payments.repository.ts';

export interface RefundsDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'refundDeposit' | 'reverse'>;
  gateway: PaymentGateway;
  /** Emails the customer when the refund is made (payments.emails.ts), in the transaction that records it. */
  notices?: Pick<PaymentNotices, 'depositRefunded'>;
}

export interface RefundRequest {
  depositId: string;
  amountCents: number;
  reason: string;
  /** The form's one-time key: the same key answers with the refund it started. */
  key: string;
  /** The operator who asks. */
  by: string;
}

export const refundView = (r: RefundRow): AdminDepositRefund => ({
  id: r.publicId,
  depositId: r.depositId,
  customerId: r.customerId,
  amountCents: r.amountCents,
  currency: r.currency,
  reason: r.reason,
  status: r.status as AdminDepositRefund['status'],
  requestedBy: r.requestedBy,
  gatewayReference: r.gatewayReference,
  failureReason: r.failureReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The refund a key already started, when it was asked for the same deposit and amount; else 422. */
function sameRequest(earlier: RefundRow, request: RefundRequest): RefundRow {
  if (earlier.depositId !== request.depositId || earlier.amountCents !== request.amountCents)
    throw new AppError(422, 'This request key was already used for another refund.', {
      code: 'idempotency_key_reused',
    });
  return earlier;
}

const methodName = (code: string) => depositMethod(code)?.name ?? code;
const cents = (n: number, currency: string) => `${(n / 100).toFixed(2)} ${currency}`;

export function createRefundsService(deps: RefundsDeps) {
  const { db, clock, ledger, gateway } = deps;

  /** Step 1: the pending refund and its ledger movement, with the deposit locked. */
  async function record(request: RefundRequest): Promise<RefundRow> {
    const row = await db.transaction(async (tx) => {
      const d = await deposits.lock(tx, request.depositId);
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      // Under the deposit's lock: a second submit of the same form waited here and finds the first one's refund.
      const earlier = await repo.byKey(tx, request.key);
      if (earlier) return sameRequest(earlier, request);
      if (d.status !== 'approved')
        throw unprocessable(
          `Only an approved deposit can be refunded: this one is ${d.status}.`,
          'deposit_not_refundable',
        );
      const left = d.amountCents - d.refundedCents;
      if (request.amountCents > left) {
        const message = `Only ${cents(left, d.currency)} of this deposit is left to refund.`;
        throw unprocessable(message, 'refund_exceeds_deposit', { amount: [message] });
      }
      const now = clock.now();
      const inserted = await repo.insertPending(tx, {
        publicId: publicId('rfd'),
        depositId: d.publicId,
        customerId: d.customerId,
        amountCents: request.amountCents,
        currency: d.currency,
        reason: request.reason,
        status: 'pending',
        requestKey: request.key,
        requestedBy: request.by,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) return (await repo.byKey(tx, request.key))!;
      const { entryId } = await ledger.refundDeposit(tx, {
        customerId: d.customerId,
        amountCents: request.amountCents,
        currency: d.currency as CurrencyCode,
        reference: `refund:${inserted.publicId}`,
        description: `Refund of deposit ${d.publicId} (${methodName(d.methodCode)})`,
      });
      await deposits.addRefunded(tx, d.id, request.amountCents, now);
      return (await repo.finish(tx, inserted.id, { ledgerEntryId: entryId }))!;
    });
    crashPoint('refund:recorded');
    return row;
  }

  /**
   * Step 3: the gateway's answer, once (the refund row is locked and still pending). `changed`: this call recorded
   * it (a concurrent finisher that came second answers the row as it found it).
   */
  async function settle(refundId: string, result: RefundResult): Promise<{ row: RefundRow; changed: boolean }> {
    const row = await db.transaction(async (tx) => {
      const r = (await repo.lock(tx, refundId))!;
      if (r.status !== 'pending') return null;
      const now = clock.now();
      if (result.status === 'refunded') {
        const done = await repo.finish(tx, r.id, {
          status: 'refunded',
          gatewayReference: result.reference,
          updatedAt: now,
        });
        const d = (await deposits.byId(tx, r.depositId))!;
        await deps.notices?.depositRefunded(tx, {
          customerId: r.customerId,
          publicId: r.publicId,
          amountCents: r.amountCents,
          currency: r.currency,
          method: methodName(d.methodCode),
          depositId: d.publicId,
        });
        return done!;
      }
      // Refused: the money goes back to the wallet accounts it came from, and the deposit may be refunded again. The
      // deposit is locked before the wallet, in the order a new refund takes them, so the two never deadlock.
      const d = (await deposits.lock(tx, r.depositId))!;
      const reversal = await ledger.reverse(tx, r.ledgerEntryId!, `Refund ${r.publicId} refused: funds returned`);
      await deposits.addRefunded(tx, d.id, -r.amountCents, now);
      return (await repo.finish(tx, r.id, {
        status: 'failed',
        failureReason: result.reason,
        reversalEntryId: reversal.entryId,
        updatedAt: now,
      }))!;
    });
    return row ? { row, changed: true } : { row: (await repo.byPublicId(db, refundId))!, changed: false };
  }

  /** Step 2 and 3 for a pending refund (first run, a retry, or reconciliation); a finished one is returned as it is. */
  async function finish(r: RefundRow): Promise<{ row: RefundRow; changed: boolean }> {
    if (r.status !== 'pending') return { row: r, changed: false };
    let result: RefundResult;
    try {
      result = await gateway.refund({
        orderId: r.depositId,
        refundId: r.publicId,
        amountCents: r.amountCents,
        currency: r.currency,
      });
    } catch (err) {
      if (!(err instanceof GatewayTimeoutError)) throw err;
      // Unknown outcome: the refund stays pending; reconciliation asks the gateway again with the same id.
      return { row: r, changed: false };
    }
    return settle(r.publicId, result);
  }

  return {
    /**
     * POST /api/admin/deposits/{id}/refund: take the amount from the customer's cash and give it back to the card.
     * A refused refund is recorded as failed and answered 422 with the gateway's reason (the money is back).
     */
    async refund(request: RefundRequest): Promise<AdminDepositRefund> {
      const earlier = await repo.byKey(db, request.key);
      const { row: done } = await finish(earlier ? sameRequest(earlier, request) : await record(request));
      if (done.status === 'failed')
        throw unprocessable(`The gateway refused the refund: ${done.failureReason}`, 'refund_refused');
      return refundView(done);
    },

    /** Reconciliation: finish every refund left pending (a crash or a timeout after the ledger moved). */
    async finishPending(): Promise<AdminDepositRefund[]> {
      const finished: AdminDepositRefund[] = [];
      for (const r of await repo.pending(db)) {
        const { row, changed } = await finish(r);
        if (changed) finished.push(refundView(row));
      }
      return finished;
    },

    /** Refunds still waiting for the gateway's answer (the reconciliation screen). */
    pending: async (): Promise<AdminDepositRefund[]> => (await repo.pending(db)).map(refundView),

    /** The refunds of these deposits, oldest first (the back office's deposit list). */
    ofDeposits: async (depositIds: string[]) => (await repo.ofDeposits(db, depositIds)).map(refundView),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
