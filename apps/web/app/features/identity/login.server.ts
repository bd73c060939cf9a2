// The login, sign-up and two-factor actions (spec core §4 Authentication, Login success, Login flow steps; features
// §2 Two-factor verification form). Every action answers a Conform submission result for its form, or redirects
// with the token cookies after a successful login.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { TWO_FACTOR_TEXTS, TwoFactorMethod, WebConfig } from '@shop/contracts';
import { localDateOf } from '@shop/protocol';
import { data, redirect, type AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, FALLBACK_MESSAGE } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { apiSessionFrom, readVisitor } from '../../lib/session.server.ts';
import { FORCE_UPGRADE_PATH } from './account-flags.ts';
import {
  completeLogin,
  loadCustomer,
  REMEMBER_DEVICE_COOKIE,
  requestCookies,
  safeRedirectPath,
  signInDeviceHeaders,
  twoFactorChallengeOf,
  type AuthApi,
  type PendingTwoFactor,
} from '../../lib/auth.server.ts';
import { LoginSchema, OtpSchema, registerSchema } from './auth-schemas.ts';
import type { TwoFactorState } from './two-factor-form.tsx';

/** Calls of the identity API that the spec leaves unnamed (features §7 "verification and resend calls are not shown"). */
export const IDENTITY_PATHS = {
  login: '/login',
  signup: '/signup',
  resend2fa: '/login/2fa/resend',
  logout: '/logout',
  transfer: '/transfer',
} as const;

export async function loadWebConfig(request: Request, context: AppLoadContext): Promise<WebConfig> {
  const res = await serverApi(context, apiSessionFrom(request)).get('main', '/config', {
    cache: { ttlMs: SERVER_CACHE_TTL.default },
  });
  return WebConfig.parse(res.result);
}

/** Today's date in the site's time zone, YYYY-MM-DD (the minimum-age check counts calendar days there). */
export function siteToday(timeZone: string, now: Date = new Date()): string {
  return localDateOf(now, timeZone);
}

export function signupSchemaFor(config: WebConfig, now: Date = new Date()) {
  return registerSchema({
    minAge: config.minRegistrationAge,
    today: siteToday(config.siteTimeZone, now),
    phoneRequired: true,
    addressRequired: true,
  });
}

export type AuthActionData =
  | { step: 'login'; result: SubmissionResult<string[]> }
  | { step: 'register'; result: SubmissionResult<string[]> }
  | { step: '2fa'; twoFactor: TwoFactorState };

/** An API failure as the form's errors: field errors under their names, the rest above the form. */
export function apiErrorReply(
  submission: {
    payload?: Record<string, unknown>;
    reply(opts: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
  },
  error: unknown,
) {
  if (error instanceof ApiError && error.status < 500 && error.reason === undefined) {
    const { this: general, ...fieldErrors } = error.fieldErrors;
    // The API repeats a field's message among its general messages; once under the field it is enough, unless the
    // form has no such field to show it under.
    const shownUnderFields = new Set(
      Object.entries(fieldErrors)
        .filter(([name]) => submission.payload && name in submission.payload)
        .flatMap(([, messages]) => messages ?? []),
    );
    // The envelope's message often comes back both as `errors.this` and among the general messages: show it once.
    const formErrors = [...new Set([...(general ?? []), ...error.generalErrors])].filter(
      (m) => !shownUnderFields.has(m),
    );
    if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(error.message || FALLBACK_MESSAGE);
    return submission.reply({ formErrors, fieldErrors });
  }
  throw error;
}

/** Login success (core §4): refetch the customer; a forced password change or pending upgrade goes first. */
export async function finishSignIn(auth: AuthApi, redirectTo: string | undefined): Promise<Response> {
  const customer = await loadCustomer(auth);
  let target = safeRedirectPath(redirectTo, '/my-account', auth.origin);
  if (customer?.forcePasswordChange) target = '/force-password-change';
  else if (customer?.accountUpgrade) target = FORCE_UPGRADE_PATH;
  return redirect(target, { headers: auth.headers() });
}

function twoFactorStep(auth: AuthApi, challenge: PendingTwoFactor, extra: Partial<TwoFactorState> = {}) {
  return data<AuthActionData>({ step: '2fa', twoFactor: { ...challenge, ...extra } }, { headers: auth.headers() });
}

export async function loginAction(auth: AuthApi, formData: FormData, config: WebConfig, request: Request) {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== 'success')
    return data<AuthActionData>({
      step: 'login',
      result: submission.reply({ hideFields: ['password'] }),
    });
  const rememberDeviceToken = requestCookies(request)[REMEMBER_DEVICE_COOKIE];
  try {
    const res = await auth.api.post<unknown>(
      'main',
      IDENTITY_PATHS.login,
      {
        email: submission.value.email,
        password: submission.value.password,
        ...(rememberDeviceToken ? { rememberDeviceToken } : {}),
      },
      { skipAuthRefresh: true, headers: signInDeviceHeaders(auth, request) },
    );
    const outcome = completeLogin(auth, res.result, {
      sessionTimeoutSeconds: config.sessionTimeout,
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
    });
    if (outcome.kind === '2fa') return twoFactorStep(auth, outcome.challenge);
    return finishSignIn(auth, submission.value.redirect);
  } catch (error) {
    const challenge = twoFactorChallengeOf(auth, error);
    if (challenge) return twoFactorStep(auth, challenge);
    return data<AuthActionData>({ step: 'login', result: apiErrorReply(submission, error) }, { status: 400 });
  }
}

export async function registerAction(auth: AuthApi, formData: FormData, config: WebConfig, request: Request) {
  const submission = parseWithZod(formData, {
    schema: signupSchemaFor(config),
  });
  if (submission.status !== 'success')
    return data<AuthActionData>({
      step: 'register',
      result: submission.reply({ hideFields: ['password'] }),
    });
  const { redirect: redirectTo, terms, ...fields } = submission.value;
  const visitor = readVisitor(request, {
    consentCapability: config.cookieConsent.enabled,
    sessionIdleMinutes: config.sessionIdleMinutes,
  });
  const utm = visitor.session.utm;
  const attribution = {
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    utmCampaign: utm.utm_campaign,
    utmTerm: utm.utm_term,
    utmContent: utm.utm_content,
    affiliateCode: visitor.session.affiliateCode ?? undefined,
  };
  try {
    const res = await auth.api.post<unknown>(
      'main',
      IDENTITY_PATHS.signup,
      {
        ...fields,
        addressLine2: fields.addressLine2 ?? '',
        country: 'AU',
        termsAndConditions: terms,
        attribution: Object.values(attribution).some(Boolean) ? attribution : undefined,
        metadata: { platform: 'Web' },
      },
      { version: '3.5', skipAuthRefresh: true, headers: signInDeviceHeaders(auth, request) },
    );
    const outcome = completeLogin(auth, res.result, {
      sessionTimeoutSeconds: config.sessionTimeout,
    });
    if (outcome.kind === '2fa') return twoFactorStep(auth, outcome.challenge);
    return finishSignIn(auth, redirectTo);
  } catch (error) {
    return data<AuthActionData>({ step: 'register', result: apiErrorReply(submission, error) }, { status: 400 });
  }
}

function pendingFrom(formData: FormData): PendingTwoFactor | null {
  const token = formData.get('token');
  const method = TwoFactorMethod.safeParse(formData.get('method'));
  const identifier = formData.get('identifier');
  if (typeof token !== 'string' || !token || !method.success) return null;
  return {
    token,
    method: method.data,
    identifier: typeof identifier === 'string' ? identifier : '',
  };
}

/** The second step of a login, autologin or transfer: POST /login (v3.3) with the token and the code. */
export async function verifyTwoFactorAction(auth: AuthApi, formData: FormData, config: WebConfig, request: Request) {
  const pending = pendingFrom(formData);
  if (!pending) throw data(null, { status: 400 });
  const submission = parseWithZod(formData, { schema: OtpSchema });
  if (submission.status !== 'success') return twoFactorStep(auth, pending, { result: submission.reply() });
  try {
    const res = await auth.api.post<unknown>(
      'main',
      IDENTITY_PATHS.login,
      {
        token: pending.token,
        otp: submission.value.otp,
        rememberDevice: submission.value.rememberDevice,
      },
      { version: '3.3', skipAuthRefresh: true, headers: signInDeviceHeaders(auth, request) },
    );
    const outcome = completeLogin(auth, res.result, {
      sessionTimeoutSeconds: config.sessionTimeout,
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
    });
    if (outcome.kind === '2fa')
      return twoFactorStep(auth, outcome.challenge, {
        result: submission.reply({
          fieldErrors: { otp: [TWO_FACTOR_TEXTS.incorrect] },
        }),
      });
    return finishSignIn(auth, submission.value.redirect);
  } catch (error) {
    if (error instanceof ApiError && error.code === '2fa_account_locked')
      return twoFactorStep(auth, pending, { locked: true });
    if (error instanceof ApiError && (error.code === '2fa_incorrect' || error.status === 401 || error.status === 422)) {
      return twoFactorStep(auth, pending, {
        result: submission.reply({
          fieldErrors: { otp: [TWO_FACTOR_TEXTS.incorrect] },
        }),
      });
    }
    if (error instanceof ApiError && error.status === 429) {
      return twoFactorStep(auth, pending, {
        result: submission.reply({ formErrors: [error.message] }),
      });
    }
    throw error;
  }
}

export async function resendTwoFactorAction(auth: AuthApi, formData: FormData) {
  const pending = pendingFrom(formData);
  if (!pending) throw data(null, { status: 400 });
  try {
    await auth.api.post(
      'main',
      IDENTITY_PATHS.resend2fa,
      { token: pending.token },
      { version: '3.3', skipAuthRefresh: true },
    );
    return twoFactorStep(auth, pending, { resent: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === '2fa_account_locked')
      return twoFactorStep(auth, pending, { locked: true });
    if (error instanceof ApiError && error.status < 500 && error.reason === undefined)
      return twoFactorStep(auth, pending, { resendError: error.message });
    throw error;
  }
}

/** Routes one posted form of the login screen (login, register, verify, resend) to its action. */
export async function authFormAction(auth: AuthApi, request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const config = await loadWebConfig(request, context);
  switch (formData.get('intent')) {
    case 'register':
      return registerAction(auth, formData, config, request);
    case 'verify-2fa':
      return verifyTwoFactorAction(auth, formData, config, request);
    case 'resend-2fa':
      return resendTwoFactorAction(auth, formData);
    default:
      return loginAction(auth, formData, config, request);
  }
}
