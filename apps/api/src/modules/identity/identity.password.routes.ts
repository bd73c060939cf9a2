// Passwords: forgot, reset with the emailed token, forced change and change (spec core §7).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  ChangePasswordBody,
  ForceChangeBody,
  ForgotPasswordBody,
  IDENTITY_TEXTS,
  MessageOnly,
  ResetPasswordBody,
  successEnvelope,
} from '@shop/contracts';
import { ok } from '../../lib/http.ts';
import { identityHttp, type IdentityRoutesOptions } from './identity.http.ts';

export const identityPasswordRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = opts;
  const { auth, customerOf, success, info } = identityHttp(app, opts.config);

  routes.post(
    '/password/forgot',
    {
      schema: {
        tags: ['identity'],
        summary: 'Email a password reset link (the same answer whether or not the account exists)',
        body: ForgotPasswordBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.passwords.forgotPassword(request.body.email, info(request));
      return ok({ done: true }, [{ code: 'reset_link_sent', text: IDENTITY_TEXTS.forgotSent, level: 'info' }]);
    },
  );
  routes.post(
    '/password/reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with the emailed token (1 hour, single use); ends every session',
        body: ResetPasswordBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.passwords.resetPassword(request.body.token, request.body.password);
      return ok({ done: true }, [success('password_saved', IDENTITY_TEXTS.passwordSaved)]);
    },
  );
  routes.post(
    '/password/force-change',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Set a new password when a change is forced',
        body: ForceChangeBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.passwords.forceChangePassword(customerOf(request), request.auth!.sessionId, request.body.password);
      return ok({ done: true }, [success('password_saved', IDENTITY_TEXTS.passwordSaved)]);
    },
  );
  routes.post(
    '/customer/change-password',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Change the password (current password required); ends the other sessions',
        body: ChangePasswordBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.passwords.changePassword(
        customerOf(request),
        request.auth!.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok({ done: true }, [success('password_saved', IDENTITY_TEXTS.passwordSaved)]);
    },
  );
};
