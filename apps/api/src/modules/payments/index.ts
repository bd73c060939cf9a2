// Payments domain: methods, saved funds, deposits, withdrawals, reconciliation, stored Idempotency-Keys and the
// PaymentGateway interface, one sub-service per file (services.ts builds them). Other code imports only from here.
export { paymentsRoutes, type PaymentsRoutesOptions } from './payments.routes.ts';
export { createFundsService, bpayReference, type FundsService, type MethodAudience } from './payments.funds.service.ts';
export {
  createDepositsService,
  type DepositGuard,
  type DepositsService,
  type OperationKey,
} from './payments.deposits.service.ts';
export { createWithdrawalsService, type WithdrawalsService } from './payments.withdrawals.service.ts';
export { createReconciliationService, type ReconciliationService } from './payments.reconciliation.service.ts';
export { createRefundsService, type RefundsService, type RefundRequest } from './payments.refunds.service.ts';
export {
  createDepositsReport,
  type DepositFilter,
  type DepositReport,
  type DepositsReport,
} from './payments.deposits-report.ts';
export { challengeUrlFor, parseAmount, type DepositView, type WithdrawalView } from './payments.views.ts';
export {
  createTestGateway,
  GatewayIdempotencyError,
  GatewayTimeoutError,
  TEST_CARDS,
  type ChargeRecord,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type RefundRequest as GatewayRefundRequest,
  type RefundResult,
} from './payments.gateway.ts';
export {
  DEPOSIT_METHODS,
  WITHDRAWAL_METHODS,
  parseMethodFilter,
  selectMethods,
  mapBankErrors,
} from './payments.methods.ts';
export { idempotencyKeysRepository, type IdempotencyKeyRow } from './payments.repository.ts';
export { paymentsIdempotencyKeys } from './payments.schema.ts';
export { paymentEmails, type PaymentNotices } from './payments.emails.ts';
