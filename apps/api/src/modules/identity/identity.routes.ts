// Main API (/api/v2) routes of the identity domain (spec core §7 Session and account calls, issue 4), one file per
// sub-domain. The customer always comes from request.auth.
import type { FastifyPluginAsync } from 'fastify';
import { identityAccountRoutes } from './identity.account.routes.ts';
import type { IdentityRoutesOptions } from './identity.http.ts';
import { identityPasswordRoutes } from './identity.password.routes.ts';
import { identityPreferencesRoutes } from './identity.preferences.routes.ts';
import { identitySessionRoutes } from './identity.session.routes.ts';
import { identityTwoFactorRoutes } from './identity.two-factor.routes.ts';

export {
  CUSTOMER_ID_COOKIE,
  CUSTOMER_TOKEN_COOKIE,
  REMEMBER_DEVICE_COOKIE,
  type IdentityRoutesOptions,
  type IdentityServices,
} from './identity.http.ts';

export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  // The parent's prefix is already applied: the sub-plugins share its options, not a second prefix.
  const sub = { ...opts, prefix: '' };
  await app.register(identitySessionRoutes, sub);
  await app.register(identityAccountRoutes, sub);
  await app.register(identityPreferencesRoutes, sub);
  await app.register(identityPasswordRoutes, sub);
  await app.register(identityTwoFactorRoutes, sub);
};
