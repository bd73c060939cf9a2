// Payments domain: methods, saved funds, deposits, withdrawals and the PaymentGateway interface. Other code imports
// only from here.
export { paymentsRoutes, type PaymentsRoutesOptions } from './payments.routes.ts';
export {
  createPaymentsService,
  parseAmount,
  bpayReference,
  type DepositGuard,
  type PaymentsDeps,
  type PaymentsService,
} from './payments.service.ts';
export {
  createTestGateway,
  GatewayTimeoutError,
  TEST_CARDS,
  type ChargeRecord,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './payments.gateway.ts';
export {
  DEPOSIT_METHODS,
  WITHDRAWAL_METHODS,
  parseMethodFilter,
  selectMethods,
  mapBankErrors,
} from './payments.methods.ts';
export { paymentsIdempotencyKeys } from './payments.schema.ts';
