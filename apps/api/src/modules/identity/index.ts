// Identity domain: customers, credentials, sessions, two-factor, preferences. Other code imports only from here.
export {
  identityRoutes,
  type IdentityRoutesOptions,
  CUSTOMER_ID_COOKIE,
  CUSTOMER_TOKEN_COOKIE,
  REMEMBER_DEVICE_COOKIE,
} from './identity.routes.ts';
export {
  createIdentityService,
  passwordProblem,
  RECURRING_METHODS,
  REFRESH_TOKEN_TTL_DAYS,
  THROTTLE,
  type Authenticated,
  type FundsSource,
  type ResponsibleGamblingHooks,
  type IdentityDeps,
  type IdentityService,
  type LoginOutcome,
} from './identity.service.ts';
