// Two-factor enrolment and status (DESIGN.md §5): authenticator or emailed codes, confirmed with a code.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  AuthenticatorEnrolment,
  OtpBody,
  ReauthBody,
  TwoFactorChallenge,
  TwoFactorStatus,
  successEnvelope,
} from '@shop/contracts';
import { ok } from '../../lib/http.ts';
import { identityHttp, type IdentityRoutesOptions } from './identity.http.ts';

export const identityTwoFactorRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = opts;
  const { auth, customerOf } = identityHttp(app, opts.config);

  routes.get(
    '/customer/two-factor',
    {
      ...auth,
      schema: { tags: ['identity'], summary: 'Two-factor status', response: { 200: successEnvelope(TwoFactorStatus) } },
    },
    async (request) => ok(await identity.twoFactor.twoFactorStatus(customerOf(request))),
  );
  routes.post(
    '/customer/two-factor/authenticator',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Start authenticator enrolment: secret, otpauth URI and QR code (shown once)',
        response: { 200: successEnvelope(AuthenticatorEnrolment) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await identity.twoFactor.startAuthenticator(customerOf(request)));
    },
  );
  routes.post(
    '/customer/two-factor/email',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Start email-code enrolment: emails a code',
        response: { 200: successEnvelope(TwoFactorChallenge) },
      },
    },
    async (request) => ok(await identity.twoFactor.startEmailTwoFactor(customerOf(request))),
  );
  routes.post(
    '/customer/two-factor/confirm',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Confirm the pending enrolment with a code',
        body: OtpBody,
        response: { 200: successEnvelope(TwoFactorStatus) },
      },
    },
    async (request) => ok(await identity.twoFactor.confirmTwoFactor(customerOf(request), request.body.otp)),
  );
  routes.delete(
    '/customer/two-factor',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Turn two-factor off (password required)',
        body: ReauthBody,
        response: { 200: successEnvelope(TwoFactorStatus) },
      },
    },
    async (request) => ok(await identity.twoFactor.disableTwoFactor(customerOf(request), request.body.password)),
  );
};
