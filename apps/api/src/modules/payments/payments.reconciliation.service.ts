// Reconciliation (docs/payments.md): credits every deposit the gateway approved that the ledger has not seen, after a
// crash between approval and ledger write or a gateway timeout, and finishes every refund left pending after its
// ledger movement (asking the gateway again with the same refund id). The ledger's unique references (`deposit:<id>`,
// `refund:<id>`) and the row locks make each exactly once, however often it runs. Run at start, on a schedule
// (the deposit-reconciliation job), by `ops deposits:reconcile` and by the back office's "Reconcile now".
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentGateway } from './payments.gateway.ts';
import { depositsRepository as repo, type DepositRow } from './payments.repository.ts';
import type { DepositsService } from './payments.deposits.service.ts';
import type { RefundsService } from './payments.refunds.service.ts';

export function createReconciliationService(deps: {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  deposits: Pick<DepositsService, 'settleDeposit'>;
  refunds: Pick<RefundsService, 'finishPending' | 'pending'>;
}) {
  /** Approved at the gateway, not yet credited here. */
  async function uncredited(): Promise<DepositRow[]> {
    const undecided = await repo.undecidedIds(deps.db);
    const ids = (await deps.gateway.approvedCharges()).map((c) => c.orderId).filter((id) => undecided.has(id));
    return repo.byIds(deps.db, ids);
  }

  /** Credit every deposit the gateway approved but the ledger has not seen (exactly once); the ones credited. */
  async function creditApproved(): Promise<DepositRow[]> {
    const credited: DepositRow[] = [];
    const undecided = await repo.undecidedIds(deps.db);
    for (const charge of await deps.gateway.approvedCharges()) {
      if (!undecided.has(charge.orderId)) continue;
      const after = await deps.deposits.settleDeposit(charge.orderId, charge);
      if (after.status === 'approved') credited.push(after);
    }
    return credited;
  }

  return {
    /** Credit what the gateway approved and the ledger has not seen. Returns how many deposits it credited. */
    reconcileDeposits: async (): Promise<number> => (await creditApproved()).length,

    /** Everything reconciliation does: credit approved deposits, finish pending refunds; what it fixed. */
    async reconcile() {
      const credited = await creditApproved();
      const refunds = await deps.refunds.finishPending();
      return { credited, refunds };
    },

    /** What reconciling would fix, and the deposits stuck waiting for longer than `stuckMinutes` (shown only). */
    async state(stuckMinutes: number) {
      const before = new Date(deps.clock.now().getTime() - stuckMinutes * 60_000);
      const [approved, stuck, pendingRefunds] = await Promise.all([
        uncredited(),
        repo.stuck(deps.db, before, 100),
        deps.refunds.pending(),
      ]);
      const uncreditedIds = new Set(approved.map((d) => d.publicId));
      return { uncredited: approved, stuck: stuck.filter((d) => !uncreditedIds.has(d.publicId)), pendingRefunds };
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
