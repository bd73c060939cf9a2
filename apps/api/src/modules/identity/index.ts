// Identity domain: customers, credentials, sessions, two-factor, profile and preferences, one sub-service per file
// (sessions, login, two-factor, passwords, profile, preferences, sign-up, closure, the customer directory other
// domains read). Other code imports only from here; services.ts wires the sub-services together.
export {
  identityRoutes,
  type IdentityRoutesOptions,
  type IdentityServices,
  CUSTOMER_ID_COOKIE,
  CUSTOMER_TOKEN_COOKIE,
  REMEMBER_DEVICE_COOKIE,
} from './identity.routes.ts';
export {
  identitySecrets,
  passwordProblem,
  REFRESH_TOKEN_TTL_DAYS,
  THROTTLE,
  type Authenticated,
  type FundsSource,
  type IdentitySecrets,
  type LoginOutcome,
  type RequestInfo,
  type ResponsibleGamblingHooks,
} from './identity.shared.ts';
export { createPasswordHasher } from './identity.crypto.ts';
export { createAttemptGuard, type AttemptGuard } from './identity.attempts.ts';
export { createLoginThrottle, type LoginThrottle } from './identity.login-throttle.ts';
export { createOneTimeTokens, type OneTimeTokens } from './identity.tokens.ts';
export { createCredentials, type Credentials } from './identity.credentials.ts';
export { createIdentityMailer, type IdentityMailer, type IdentityOutbox } from './identity.emails.ts';
export { createSessionService, type SessionService } from './identity.sessions.ts';
export { createSessionChecks, type SessionChecks } from './identity.session-checks.ts';
export { createTwoFactorService, type TwoFactorService } from './identity.two-factor.ts';
export { createLoginService, type LoginService } from './identity.login.ts';
export { createPasswordService, type PasswordService } from './identity.passwords.ts';
export { createProfileService, type ProfileService } from './identity.profile.ts';
export {
  createMarketingAudience,
  createPreferencesService,
  marketingEmailAllowed,
  RECURRING_METHODS,
  type PreferencesService,
  type RecurringCard,
} from './identity.preferences.ts';
export { createSignupService, type SignupService } from './identity.signup.ts';
export { agentFamily, createSignInDevices, type SignInDevices } from './identity.devices.ts';
export { createClosureService, type ClosureService } from './identity.closure.ts';
export { createCustomerDirectoryService, type CustomerDirectoryService } from './identity.directory.ts';
