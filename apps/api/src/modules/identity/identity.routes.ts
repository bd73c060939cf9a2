// Main API (/api/v2) routes of the identity domain (spec core §7 Session and account calls, issue 4). Tokens travel
// both in the login response (spec) and in HttpOnly cookies (ADR 004); the customer always comes from request.auth.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResult,
  AuthenticatorEnrolment,
  AutologinTokenResult,
  ChangePasswordBody,
  CheckEmailResult,
  CloseAccountBody,
  CommunicationPreferences,
  CommunicationPreferencesUpdate,
  CommunicationPrefsOfferParams,
  CommunicationPrefsParams,
  ConfirmTokenBody,
  CustomerDetails,
  CustomerDetailsUpdate,
  CustomerOverview,
  FavouriteNumbers,
  FavouriteNumbersBody,
  ForceChangeBody,
  ForgotPasswordBody,
  IDENTITY_TEXTS,
  LocateResult,
  LoginBody,
  LoginResult,
  MessageOnly,
  OtpBody,
  ReauthBody,
  RecurringPurchaseMethodQuery,
  RecurringPurchaseMethods,
  RefreshBody,
  RefreshResult,
  ResendBody,
  ResetPasswordBody,
  SignupBody,
  TokenBody,
  TwoFactorChallenge,
  TwoFactorStatus,
  TWO_FACTOR_TEXTS,
  successEnvelope,
  type ApiMessage,
} from '@shop/contracts';
import type { Database } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../plugins/auth.ts';
import {
  createIdentityService,
  REFRESH_TOKEN_TTL_DAYS,
  type Authenticated,
  type FundsSource,
  type ResponsibleGamblingHooks,
  type IdentityService,
  type LoginOutcome,
} from './identity.service.ts';

export interface IdentityRoutesOptions {
  database: Database;
  config: AppConfig;
  clock: Clock;
  /** The wallet's fundsSummary, for the overview's balance and availableFunds; zeros when absent. */
  funds?: FundsSource;
  /** Responsible gambling's overview fields and sign-up check (issue 8). */
  responsibleGambling?: ResponsibleGamblingHooks;
  /** Share one service (and its sessionActive) with the auth plugin; built here when absent. */
  identity?: IdentityService;
}

export const CUSTOMER_ID_COOKIE = 'customer_id';
export const CUSTOMER_TOKEN_COOKIE = 'customer_token';
export const REMEMBER_DEVICE_COOKIE = 'remember_2fa_device';
/** Spec core §9: customer cookies expire at the session timeout. */
const SESSION_TIMEOUT_SECONDS = 3600;

const success = (code: string, text: string): ApiMessage => ({ code, text, level: 'success' });

export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const identity =
    opts.identity ??
    createIdentityService({
      db: opts.database.db,
      clock: opts.clock,
      config: opts.config,
      authSecret: app.authSecret,
      funds: opts.funds,
      responsibleGambling: opts.responsibleGambling,
    });
  const host = new URL(opts.config.publicUrl).hostname;
  const secure = !(host === 'localhost' || host === '127.0.0.1');
  const base = { path: '/', sameSite: 'lax' as const, secure };
  const customerOf = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Please log in to continue.', 'unauthorized');
    return request.auth.customerId;
  };
  const auth = { preHandler: app.requireCustomer };

  function setSessionCookies(reply: FastifyReply, a: Authenticated) {
    reply.setCookie(ACCESS_TOKEN_COOKIE, a.accessToken, { ...base, httpOnly: true, maxAge: SESSION_TIMEOUT_SECONDS });
    reply.setCookie(REFRESH_TOKEN_COOKIE, a.refreshToken, {
      ...base,
      httpOnly: true,
      maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
    reply.setCookie(CUSTOMER_ID_COOKIE, a.customer.customerId, {
      ...base,
      httpOnly: false,
      maxAge: SESSION_TIMEOUT_SECONDS,
    });
    reply.setCookie(CUSTOMER_TOKEN_COOKIE, a.customer.customerToken, {
      ...base,
      httpOnly: false,
      maxAge: SESSION_TIMEOUT_SECONDS,
    });
    if (a.rememberDeviceToken) {
      reply.setCookie(REMEMBER_DEVICE_COOKIE, a.rememberDeviceToken, {
        ...base,
        httpOnly: true,
        maxAge: opts.config.twoFactorRememberDays * 86_400,
      });
    }
  }
  function clearSessionCookies(reply: FastifyReply) {
    for (const name of [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, CUSTOMER_ID_COOKIE, CUSTOMER_TOKEN_COOKIE])
      reply.clearCookie(name, base);
  }
  function answer(reply: FastifyReply, outcome: LoginOutcome) {
    if (outcome.status === '2fa_required') {
      const text =
        outcome.method === 'email'
          ? TWO_FACTOR_TEXTS.emailTitle(outcome.identifier)
          : TWO_FACTOR_TEXTS.authenticatorTitle;
      return ok(
        {
          status: outcome.status,
          accessToken: null,
          refreshToken: null,
          customer: null,
          token: outcome.token,
          twoFactorAuth: { method: outcome.method, identifier: outcome.identifier },
          rememberDeviceToken: null,
          isNew: false,
        },
        [{ code: '2fa_required', text, level: 'info' }],
      );
    }
    setSessionCookies(reply, outcome);
    return ok({
      status: outcome.status,
      accessToken: outcome.accessToken,
      refreshToken: outcome.refreshToken,
      customer: outcome.customer,
      token: null,
      twoFactorAuth: null,
      rememberDeviceToken: outcome.rememberDeviceToken,
      isNew: outcome.isNew,
    });
  }
  const info = (request: FastifyRequest) => ({ ip: request.ip });
  const truthy = (v: unknown) => v === true || v === 'true' || v === 'on';

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
    async (request, reply) => answer(reply, await identity.signup(request.body, info(request))),
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
        return answer(reply, await identity.verifyLoginCode(b.token, b.otp, truthy(b.rememberDevice), info(request)));
      }
      if (b.autologinToken !== undefined)
        return answer(reply, await identity.loginWithAutologin(b.autologinToken, info(request), device));
      if (b.email !== undefined && b.password !== undefined)
        return answer(reply, await identity.loginWithPassword(b.email, b.password, info(request), device));
      if (b.email !== undefined) return ok(await identity.checkEmail(b.email, info(request)));
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
    async (request) => ok(await identity.resendLoginCode(request.body.token)),
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
        await identity.loginWithAutologin(request.body.token, info(request), request.cookies[REMEMBER_DEVICE_COOKIE]),
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
    async (request) => ok(await identity.createAutologinToken(customerOf(request))),
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
        const r = await identity.refresh(token);
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
      await identity.logout(request.auth?.sessionId ?? null, request.cookies[REFRESH_TOKEN_COOKIE]);
      clearSessionCookies(reply);
      reply.header('cache-control', 'no-store');
      return ok({ done: true });
    },
  );

  routes.get(
    '/customer',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Customer overview (core §3)',
        response: { 200: successEnvelope(CustomerOverview) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await identity.overview(customerOf(request)));
    },
  );

  routes.delete(
    '/customer',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Close the account (password required; refused while funds remain), then log out',
        body: CloseAccountBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request, reply) => {
      await identity.closeAccount(customerOf(request), request.body.password, request.body.reason);
      clearSessionCookies(reply);
      return ok({ done: true }, [success('account_closed', 'Your account has been closed.')]);
    },
  );

  const detailsRoute = { config: { apiVersions: ['3.2'] as const } };
  routes.get(
    '/customer/details',
    {
      ...auth,
      ...detailsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Customer details (v3.2)',
        response: { 200: successEnvelope(CustomerDetails) },
      },
    },
    async (request) => ok(await identity.details(customerOf(request))),
  );
  routes.post(
    '/customer/details',
    {
      ...auth,
      ...detailsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Update customer details (v3.2)',
        body: CustomerDetailsUpdate,
        response: { 200: successEnvelope(CustomerDetails) },
      },
    },
    async (request) => {
      const { details, unverified } = await identity.updateDetails(customerOf(request), request.body);
      return ok(details, [
        success(
          'details_updated',
          unverified ? IDENTITY_TEXTS.detailsUpdatedUnverified : IDENTITY_TEXTS.detailsUpdated,
        ),
      ]);
    },
  );

  routes.put(
    '/favourite-numbers',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Replace the favourite numbers',
        body: FavouriteNumbersBody,
        response: { 200: successEnvelope(z.object({ favouriteNumbers: FavouriteNumbers })) },
      },
    },
    async (request) =>
      ok({ favouriteNumbers: await identity.setFavouriteNumbers(customerOf(request), request.body.favouriteNumbers) }),
  );

  routes.post(
    '/customer/terms-and-conditions',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Accept the terms and conditions',
        response: { 200: successEnvelope(AcceptedResult) },
      },
    },
    async (request) => ok(await identity.acceptTerms(customerOf(request))),
  );
  routes.post(
    '/customer/terms-and-conditions/location',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Accept the banned-country terms',
        response: { 200: successEnvelope(AcceptedResult) },
      },
    },
    async (request) => ok(await identity.acceptLocationTerms(customerOf(request))),
  );

  routes.get(
    '/locate',
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's country from a local IP table, and whether it is banned",
        response: { 200: successEnvelope(LocateResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(identity.locate(request.ip));
    },
  );

  routes.patch(
    '/customer/confirm-address',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm the address (signed in, or with the emailed token)',
        body: ConfirmTokenBody.nullish(),
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.confirmAddress(request.auth?.customerId ?? null, request.body?.token);
      return ok({ done: true }, [success('address_confirmed', 'Thank you, your address is confirmed.')]);
    },
  );
  routes.patch(
    '/customer/confirm-email-address',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm the email with the emailed token; signed in without a token: send the email again',
        body: ConfirmTokenBody.nullish(),
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      const outcome = await identity.confirmEmail(request.auth?.customerId ?? null, request.body?.token);
      return ok({ done: true }, [
        outcome === 'confirmed'
          ? success('email_confirmed', 'Thank you, your email address is confirmed.')
          : { code: 'email_sent', text: 'We have sent you an email with a confirmation link.', level: 'info' },
      ]);
    },
  );

  const prefsRoute = { config: { apiVersions: ['3.2'] as const } };
  routes.get(
    '/customer/:customerId/communication-preferences',
    {
      ...auth,
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Communication preferences (v3.2)',
        params: CommunicationPrefsParams,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    async (request) => {
      const me = customerOf(request);
      if (request.params.customerId !== me) throw unauthorizedOther();
      return ok(await identity.communicationPreferences(me));
    },
  );
  const putPrefs = async (
    request: FastifyRequest<{ Params: { customerId: string }; Body: z.infer<typeof CommunicationPreferencesUpdate> }>,
  ) =>
    ok(
      await identity.updateCommunicationPreferences(
        request.params.customerId,
        { authCustomerId: request.auth?.customerId ?? null, token: request.body.token },
        request.body.preferences,
        request.body.unsubscribeReasons,
      ),
      [success('preferences_updated', 'Your communication preferences have been updated.')],
    );
  routes.put(
    '/customer/:customerId/communication-preferences',
    {
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Update communication preferences (v3.2; signed in, or with an unsubscribe token)',
        params: CommunicationPrefsParams,
        body: CommunicationPreferencesUpdate,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    putPrefs,
  );
  routes.put(
    '/customer/:customerId/communication-preferences/:productOfferKey',
    {
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Unsubscribe variant: preferences.email and unsubscribe reasons (v3.2)',
        params: CommunicationPrefsOfferParams,
        body: CommunicationPreferencesUpdate,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    putPrefs,
  );

  routes.get(
    '/customer/recurring-purchase-method',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Recurring purchase methods',
        response: { 200: successEnvelope(RecurringPurchaseMethods) },
      },
    },
    async (request) => ok(await identity.recurringPurchaseMethod(customerOf(request))),
  );
  routes.post(
    '/customer/recurring-purchase-method',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Choose the recurring purchase method (query recurring_purchase_method)',
        querystring: RecurringPurchaseMethodQuery,
        response: { 200: successEnvelope(RecurringPurchaseMethods) },
      },
    },
    async (request) =>
      ok(await identity.setRecurringPurchaseMethod(customerOf(request), request.query.recurringPurchaseMethod)),
  );

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
      await identity.forgotPassword(request.body.email, info(request));
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
      await identity.resetPassword(request.body.token, request.body.password);
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
      await identity.forceChangePassword(customerOf(request), request.auth!.sessionId, request.body.password);
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
      await identity.changePassword(
        customerOf(request),
        request.auth!.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok({ done: true }, [success('password_saved', IDENTITY_TEXTS.passwordSaved)]);
    },
  );

  routes.get(
    '/customer/two-factor',
    {
      ...auth,
      schema: { tags: ['identity'], summary: 'Two-factor status', response: { 200: successEnvelope(TwoFactorStatus) } },
    },
    async (request) => ok(await identity.twoFactorStatus(customerOf(request))),
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
      return ok(await identity.startAuthenticator(customerOf(request)));
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
    async (request) => ok(await identity.startEmailTwoFactor(customerOf(request))),
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
    async (request) => ok(await identity.confirmTwoFactor(customerOf(request), request.body.otp)),
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
    async (request) => ok(await identity.disableTwoFactor(customerOf(request), request.body.password)),
  );
};

/** Another customer's id in the path: answered like a missing record; nothing changes. */
function unauthorizedOther() {
  return notFound('Customer not found.', 'customer_not_found');
}
