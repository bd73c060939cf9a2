// What the identity route files share: the services they call, the session cookies (ADR 004) and the login answer.
import { HEADERS, TWO_FACTOR_TEXTS, type ApiMessage } from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../env.ts';
import { unauthorized } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../plugins/auth.ts';
import type { ClosureService } from './identity.closure.ts';
import type { LoginService } from './identity.login.ts';
import type { PasswordService } from './identity.passwords.ts';
import type { PreferencesService } from './identity.preferences.ts';
import type { ProfileService } from './identity.profile.ts';
import type { SessionService } from './identity.sessions.ts';
import { REFRESH_TOKEN_TTL_DAYS, type Authenticated, type LoginOutcome, type RequestInfo } from './identity.shared.ts';
import type { SignupService } from './identity.signup.ts';
import type { TwoFactorService } from './identity.two-factor.ts';

/** The identity sub-services the routes call (built by services.ts). */
export interface IdentityServices {
  sessions: SessionService;
  login: LoginService;
  signup: SignupService;
  twoFactor: TwoFactorService;
  passwords: PasswordService;
  profile: ProfileService;
  preferences: PreferencesService;
  closure: ClosureService;
}

export interface IdentityRoutesOptions {
  config: AppConfig;
  identity: IdentityServices;
}

export const CUSTOMER_ID_COOKIE = 'customer_id';
export const CUSTOMER_TOKEN_COOKIE = 'customer_token';
export const REMEMBER_DEVICE_COOKIE = 'remember_2fa_device';
/** Spec core §9: customer cookies expire at the session timeout. */
export const SESSION_TIMEOUT_SECONDS = 3600;

/** The storefront's device id (identity.devices.ts): a random token; anything else names no device. */
function deviceIdOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

export function identityHttp(app: FastifyInstance, config: AppConfig) {
  const host = new URL(config.publicUrl).hostname;
  const secure = !(host === 'localhost' || host === '127.0.0.1');
  const base = { path: '/', sameSite: 'lax' as const, secure };

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
        maxAge: config.twoFactorRememberDays * 86_400,
      });
    }
  }

  return {
    base,
    auth: { preHandler: app.requireCustomer },
    customerOf: (request: FastifyRequest) => {
      if (!request.auth) throw unauthorized('Please log in to continue.', 'unauthorized');
      return request.auth.customerId;
    },
    clearSessionCookies(reply: FastifyReply) {
      for (const name of [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, CUSTOMER_ID_COOKIE, CUSTOMER_TOKEN_COOKIE])
        reply.clearCookie(name, base);
    },
    /** The login response: a 2FA challenge, or the session (cookies set). */
    answer(reply: FastifyReply, outcome: LoginOutcome) {
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
    },
    info: (request: FastifyRequest): RequestInfo => ({
      ip: request.ip,
      deviceId: deviceIdOf(request.headers[HEADERS.deviceId]),
      userAgent: request.headers['user-agent'],
    }),
    truthy: (v: unknown) => v === true || v === 'true' || v === 'on',
    success: (code: string, text: string): ApiMessage => ({ code, text, level: 'success' }),
  };
}
