// Sign-up, login (password, autologin, 2FA), transfer, autologin tokens, refresh and logout (spec core §7). Tokens
// travel in the login response (spec) and in HttpOnly cookies (ADR 004).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutologinTokenResult,
  CheckEmailResult,
  LoginBody,
  LoginResult,
  MessageOnly,
  RefreshBody,
  RefreshResult,
  ResendBody,
  SignupBody,
  TokenBody,
  TwoFactorChallenge,
  TWO_FACTOR_TEXTS,
  successEnvelope,
} from '@shop/contracts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../plugins/auth.ts';
import { REFRESH_TOKEN_TTL_DAYS } from './identity.shared.ts';
import { REMEMBER_DEVICE_COOKIE, SESSION_TIMEOUT_SECONDS } from './identity.http.ts';
import { identityHttp, type IdentityRoutesOptions } from './identity.http.ts';

export const identitySessionRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = opts;
  const { auth, base, customerOf, answer, clearSessionCookies, info, truthy } = identityHttp(app, opts.config);

  routes.post(
    '/signup',
    {
      config: { apiVersions: ['3.5'] },
      schema: {
        tags: ['identity'],
        summary: 'Sign up (v3.5); signs the new customer in',
        body: SignupBody,
        response: { 200: successEnvelope(LoginResult) },
      },
    },
    async (request, reply) => answer(reply, await identity.signup.signup(request.body, info(request))),
  );

  routes.post(
    '/login',
    {
      schema: {
        tags: ['identity'],
        summary:
          'Check an email, log in with a password or an autologin token, or (v3.3) complete 2FA with token + otp',
        body: LoginBody,
        response: { 200: successEnvelope(z.union([LoginResult, CheckEmailResult])) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const device = b.rememberDeviceToken ?? request.cookies[REMEMBER_DEVICE_COOKIE];
      if (b.token !== undefined) {
        if (request.apiVersion < '3.3')
          throw badRequest('Two-factor login needs API version 3.3 or later.', 'version_not_served');
        if (b.otp === undefined) throw badRequest(TWO_FACTOR_TEXTS.incomplete, '2fa_code_required');
        return answer(
          reply,
          await identity.login.verifyLoginCode(b.token, b.otp, truthy(b.rememberDevice), info(request)),
        );
      }
      if (b.autologinToken !== undefined)
        return answer(reply, await identity.login.loginWithAutologin(b.autologinToken, info(request), device));
      if (b.email !== undefined && b.password !== undefined)
        return answer(reply, await identity.login.loginWithPassword(b.email, b.password, info(request), device));
      if (b.email !== undefined) return ok(await identity.login.checkEmail(b.email, info(request)));
      throw badRequest('Send an email (and password), an autologin_token, or a token with an otp.', 'bad_request');
    },
  );

  routes.post(
    '/login/2fa/resend',
    {
      config: { apiVersions: ['3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9'] },
      schema: {
        tags: ['identity'],
        summary: 'Email a new 2FA code for a login challenge (locked for 60 s after each send)',
        body: ResendBody,
        response: { 200: successEnvelope(TwoFactorChallenge) },
      },
    },
    async (request) => ok(await identity.login.resendLoginCode(request.body.token)),
  );

  routes.post(
    '/transfer',
    {
      schema: {
        tags: ['identity'],
        summary: 'Exchange a transfer (autologin) token for a session',
        body: TokenBody,
        response: { 200: successEnvelope(LoginResult) },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await identity.login.loginWithAutologin(
          request.body.token,
          info(request),
          request.cookies[REMEMBER_DEVICE_COOKIE],
        ),
      ),
  );

  routes.post(
    '/customer/autologin-token',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'A single-use token to carry this login to another app or device (15 minutes)',
        response: { 200: successEnvelope(AutologinTokenResult) },
      },
    },
    async (request) => ok(await identity.sessions.createAutologinToken(customerOf(request))),
  );

  routes.post(
    '/refresh',
    {
      schema: {
        tags: ['identity'],
        summary: 'Rotate the refresh token (form refresh_token, or the web_refresh_token cookie)',
        body: RefreshBody.nullish(),
        response: { 200: successEnvelope(RefreshResult) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refreshToken ?? request.cookies[REFRESH_TOKEN_COOKIE];
      if (!token) throw unauthorized('missing authentication tokens when calling refresh', 'missing_refresh_token');
      try {
        const r = await identity.sessions.refresh(token);
        reply.setCookie(ACCESS_TOKEN_COOKIE, r.accessToken, {
          ...base,
          httpOnly: true,
          maxAge: SESSION_TIMEOUT_SECONDS,
        });
        reply.setCookie(REFRESH_TOKEN_COOKIE, r.refreshToken, {
          ...base,
          httpOnly: true,
          maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
        });
        return ok({ accessToken: r.accessToken, refreshToken: r.refreshToken });
      } catch (err) {
        clearSessionCookies(reply);
        throw err;
      }
    },
  );

  routes.get(
    '/logout',
    {
      // A GET that ends the session: only with the app's signature, which a cross-site link cannot carry (ADR 028).
      config: { signature: 'always' },
      schema: {
        tags: ['identity'],
        summary: 'End this session (revokes its refresh-token family) and clear the cookies',
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request, reply) => {
      await identity.sessions.logout(request.auth?.sessionId ?? null, request.cookies[REFRESH_TOKEN_COOKIE]);
      clearSessionCookies(reply);
      reply.header('cache-control', 'no-store');
      return ok({ done: true });
    },
  );
};
