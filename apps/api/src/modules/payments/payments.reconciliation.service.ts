// Reconciliation (docs/payments.md): credits every deposit the gateway approved that the ledger has not seen, after a
// crash between approval and ledger write or a gateway timeout. The ledger's unique reference `deposit:<id>` makes it
// exactly once, and the gateway's charge reference is recorded on the deposit. Run at start and on a schedule.
import type { Db } from '../../db/index.ts';
import type { PaymentGateway } from './payments.gateway.ts';
import { depositsRepository as repo } from './payments.repository.ts';
import type { DepositsService } from './payments.deposits.service.ts';

export function createReconciliationService(deps: {
  db: Db;
  gateway: PaymentGateway;
  deposits: Pick<DepositsService, 'settleDeposit'>;
}) {
  return {
    /** Credit every deposit the gateway approved but the ledger has not seen (exactly once). Returns how many. */
    async reconcileDeposits(): Promise<number> {
      let credited = 0;
      const undecided = await repo.undecidedIds(deps.db);
      for (const charge of await deps.gateway.approvedCharges()) {
        if (!undecided.has(charge.orderId)) continue;
        const after = await deps.deposits.settleDeposit(charge.orderId, charge);
        if (after.status === 'approved') credited++;
      }
      return credited;
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
