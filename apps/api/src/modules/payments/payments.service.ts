// The payments module put together: saved funds, deposits, withdrawals and reconciliation over one gateway and one
// ledger. Each part is its own service (payments.*.service.ts); createPaymentsService joins them for callers that
// want the whole module (the routes, the jobs, the operator CLI), and buildPaymentsService adds the built-in test
// gateway and a ledger for the common case.
import type { Database, Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../wallet/index.ts';
import { createDepositsService, type DepositGuard } from './payments.deposits.service.ts';
import { createFundsService } from './payments.funds.service.ts';
import { createTestGateway, type PaymentGateway } from './payments.gateway.ts';
import { createReconciliationService } from './payments.reconciliation.service.ts';
import { challengeUrlFor } from './payments.views.ts';
import { createWithdrawalsService } from './payments.withdrawals.service.ts';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  gateway: PaymentGateway;
  /** Responsible gambling fills this in: true blocks withdrawals until the customer is verified. */
  verificationRequired?: (customerId: string) => Promise<boolean>;
  /** Responsible gambling: deposit limits and exclusion, checked when a deposit is written. */
  depositGuard?: DepositGuard;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, ledger, gateway } = deps;
  const currencyOf = async (customerId: string) => (await ledger.fundsSummary(customerId)).currency;
  const funds = createFundsService({ db, clock, gateway, currencyOf });
  const deposits = createDepositsService({
    db,
    clock,
    ledger,
    gateway,
    funds,
    currencyOf,
    depositGuard: deps.depositGuard,
  });
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    ledger,
    funds,
    currencyOf,
    verificationRequired: deps.verificationRequired,
  });
  const reconciliation = createReconciliationService({ db, gateway, deposits });
  return { challengeUrlFor, ...funds, ...deposits, ...withdrawals, ...reconciliation };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** The payments module over the built-in test gateway (the default everywhere; DESIGN.md §6). */
export function buildPaymentsService(opts: {
  database: Database;
  clock: Clock;
  ledger?: Ledger;
  depositGuard?: DepositGuard;
  verificationRequired?: (customerId: string) => Promise<boolean>;
}): PaymentsService {
  const db = opts.database.db;
  const ledger = opts.ledger ?? createLedger({ db, clock: opts.clock });
  const gateway = createTestGateway({ db, clock: opts.clock, challengeUrlFor });
  return createPaymentsService({
    db,
    clock: opts.clock,
    ledger,
    gateway,
    depositGuard: opts.depositGuard,
    verificationRequired: opts.verificationRequired,
  });
}
