// What the identity sub-services share: lifetimes, throttling limits, the login outcome types, the errors they answer
// with, the password rules, and the ports other modules fill in (the wallet's funds, responsible gambling's hooks).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IDENTITY_TEXTS, TWO_FACTOR_TEXTS, type CustomerOverview, type TwoFactorMethod } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { AppError, unauthorized, unprocessable } from '../../lib/errors.ts';
import { createSecretBox } from './identity.crypto.ts';
import { customers, type CustomerRow, type OneTimeTokenKind } from './identity.repository.ts';

/** The wallet's fundsSummary: the overview's balance, and closure refused while money remains (ADR 010). */
export interface FundsSource {
  fundsSummary(
    customerId: string,
  ): Promise<{ balanceCents: number; availableFundsCents: number; currency: 'AUD' | 'GBP' }>;
}

/** Responsible gambling (issue 8): the overview's verification and limit fields, refused sign-ups and marketing. */
export interface ResponsibleGamblingHooks {
  overviewFields(
    customerId: string,
    isVerified: boolean,
  ): Promise<
    Pick<
      CustomerOverview,
      'verification' | 'verificationRules' | 'preCommitment' | 'spendLimits' | 'spendLimitRequired'
    >
  >;
  assertSignupAllowed(email: string): Promise<void>;
  /** Refuses turning marketing back on during a break or self-exclusion. */
  assertMarketingAllowed?(customerId: string): Promise<void>;
}

export const REFRESH_TOKEN_TTL_DAYS = 30;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const TOKEN_TTL_MS: Record<OneTimeTokenKind, number> = {
  autologin: 15 * MINUTE,
  login_challenge: 10 * MINUTE,
  password_reset: HOUR,
  confirm_email: 7 * 24 * HOUR,
  confirm_address: 7 * 24 * HOUR,
};
export const EMAIL_CODE_TTL_MS = 10 * MINUTE;

/**
 * Throttling (ASVS 2.2.1) of autologin, 2FA, forgot-password and check-email per IP in sliding windows. Password
 * login has its own rules (identity.login-throttle.ts): per (account, address) and per address, never per account alone.
 */
export const THROTTLE = {
  login: { ipPer15Min: 50 },
  twoFactorIpPer15Min: 50,
  forgot: { accountPerHour: 5, ipPerHour: 20 },
  checkEmailIpPer15Min: 60,
} as const;

const COMMON_PASSWORDS = new Set(
  fs
    .readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

export function passwordProblem(password: string, email?: string): string | null {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return IDENTITY_TEXTS.commonPassword;
  if (email && password.toLowerCase() === email.toLowerCase()) return IDENTITY_TEXTS.passwordIsEmail;
  return null;
}

/** A new password that breaks the rules: 422 on `field`. */
export function checkNewPassword(password: string, email: string, field: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw unprocessable(problem, 'weak_password', { [field]: [problem] });
}

export interface RequestInfo {
  ip: string;
  /** The storefront's device id (header x-device-id) and the visitor's user agent: the new-device email. */
  deviceId?: string;
  userAgent?: string;
}

export type Authenticated = {
  status: 'authenticated';
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  customer: CustomerOverview;
  isNew: boolean;
  rememberDeviceToken: string | null;
};
export type TwoFactorRequired = { status: '2fa_required'; token: string; method: TwoFactorMethod; identifier: string };
export type LoginOutcome = Authenticated | TwoFactorRequired;

export function tooMany(
  retryAfterSeconds: number,
  message: string = IDENTITY_TEXTS.tooManyAttempts,
  code = 'too_many_attempts',
) {
  return new AppError(429, message, { code, headers: { 'retry-after': String(retryAfterSeconds) } });
}

export const incorrectCode = () =>
  unprocessable(TWO_FACTOR_TEXTS.incorrect, '2fa_incorrect', { otp: [TWO_FACTOR_TEXTS.incorrect] });
export const lockedError = () => new AppError(403, TWO_FACTOR_TEXTS.locked, { code: '2fa_account_locked' });
export const linkInvalid = () => unprocessable(IDENTITY_TEXTS.linkInvalid, 'link_invalid');
export const invalidCredentials = () => unauthorized(IDENTITY_TEXTS.invalidCredentials, 'invalid_credentials');
export const loginExpired = () =>
  unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');

/** The signed-in customer's row (active only); 401 when the account is gone. */
export async function requireCustomer(db: Executor, publicIdValue: string): Promise<CustomerRow> {
  const c = await customers.byPublicId(db, publicIdValue);
  if (!c) throw unauthorized('Please log in to continue.', 'unauthorized');
  return c;
}

/** The auth secret and the keys derived from it, resolved on first use (a CLI command may never need them). */
export function identitySecrets(authSecret: () => string) {
  let box: ReturnType<typeof createSecretBox> | undefined;
  return { authSecret, box: () => (box ??= createSecretBox(authSecret())) };
}
export type IdentitySecrets = ReturnType<typeof identitySecrets>;
