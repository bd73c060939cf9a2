// Responsible gambling domain (issue 8): spend, pre-commitment and deposit limits, exclusions, identity verification,
// and the checks other modules call (PurchaseGuard for the cart, depositGuard for payments). Import only from here.
export { responsibleGamblingRoutes, type ResponsibleGamblingRoutesOptions } from './responsible-gambling.routes.ts';
export {
  createResponsibleGamblingService,
  lazyDirectory,
  settledLimit,
  sniffDocumentType,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  type CustomerDirectory,
  type ResponsibleGamblingDeps,
  type ResponsibleGamblingService,
} from './responsible-gambling.service.ts';
export { calendarWindow, rollingWindow } from './periods.ts';
export {
  createSimulatedVerificationProvider,
  SIMULATED_CONNECTID_CODES,
  type CheckResult,
  type IdentityCheck,
  type VerificationProvider,
} from './verification-provider.ts';
