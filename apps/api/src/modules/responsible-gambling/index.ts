// Responsible gambling domain (issue 8): spend, pre-commitment and deposit limits, exclusions, identity verification
// and document review, and the checks other modules call (PurchaseGuard for the cart, DepositGuard for payments).
// One sub-service per file; services.ts wires them. Other code imports only from here.
export {
  responsibleGamblingRoutes,
  type ResponsibleGamblingRoutesOptions,
  type ResponsibleGamblingServices,
} from './responsible-gambling.routes.ts';
export {
  settledLimit,
  sniffDocumentType,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  type CustomerDirectory,
  type RgLedger,
  type UploadedFile,
} from './responsible-gambling.rules.ts';
export { createLimitsService, type AppliedLimitChange, type LimitsService } from './responsible-gambling.limits.ts';
export { createExclusionService, type ExclusionService } from './responsible-gambling.exclusions.ts';
export { createGuardService, type GuardService } from './responsible-gambling.guard.ts';
export { createVerificationService, type VerificationService } from './responsible-gambling.verification.ts';
export { createDocumentReviewService, type DocumentReviewService } from './responsible-gambling.documents.ts';
export { calendarWindow, rollingWindow } from './periods.ts';
export {
  createSimulatedVerificationProvider,
  SIMULATED_CONNECTID_CODES,
  type CheckResult,
  type IdentityCheck,
  type VerificationProvider,
} from './verification-provider.ts';
