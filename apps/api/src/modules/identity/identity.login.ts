// Signing in (spec core §7 login): check an email, the password or an autologin token as first factor, then a
// two-factor challenge unless this device is remembered. Password login is throttled per (account, address) and per
// address, never per account alone (identity.login-throttle.ts, ADR 029); the other steps per IP.
import { maskEmail, type TwoFactorMethod } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized, unprocessable } from '../../lib/errors.ts';
import { IDENTITY_TEXTS } from '@shop/contracts';
import type { AttemptGuard } from './identity.attempts.ts';
import type { Credentials } from './identity.credentials.ts';
import type { LoginThrottle } from './identity.login-throttle.ts';
import { randomToken, sha256 } from './identity.crypto.ts';
import type { ProfileService } from './identity.profile.ts';
import { customers, rememberedDevices, twoFactor, type CustomerRow } from './identity.repository.ts';
import type { SessionService } from './identity.sessions.ts';
import type { SignInDevices } from './identity.devices.ts';
import {
  HOUR,
  invalidCredentials,
  lockedError,
  loginExpired,
  MINUTE,
  THROTTLE,
  type Authenticated,
  type LoginOutcome,
  type RequestInfo,
} from './identity.shared.ts';
import type { OneTimeTokens } from './identity.tokens.ts';
import type { TwoFactorService } from './identity.two-factor.ts';

export interface LoginDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'twoFactorRememberDays'>;
  attempts: AttemptGuard;
  /** Password login's own throttle (growing delays per account and address; ADR 029). */
  throttle: LoginThrottle;
  credentials: Pick<Credentials, 'matches'>;
  tokens: OneTimeTokens;
  sessions: Pick<SessionService, 'start'>;
  twoFactor: Pick<TwoFactorService, 'sendEmailCode' | 'checkCode'>;
  profile: Pick<ProfileService, 'noteLocation'>;
  /** Each successful sign-in notes its device; a new one is emailed about (identity.devices.ts). */
  devices: Pick<SignInDevices, 'noteSignIn'>;
}

export function createLoginService(deps: LoginDeps) {
  const { db, clock, config, attempts, tokens, sessions } = deps;

  /** Every factor passed: the device is noted (a new one is emailed about) and the session opens. */
  async function signedIn(customer: CustomerRow, req: RequestInfo, rememberDeviceToken: string | null = null) {
    await db.transaction((tx) => deps.devices.noteSignIn(tx, customer, req));
    return sessions.start(customer, rememberDeviceToken);
  }

  /** After the first factor: straight in, or a 2FA challenge unless this device is remembered. */
  async function afterFirstFactor(
    customer: CustomerRow,
    req: RequestInfo,
    rememberDeviceToken: string | undefined,
  ): Promise<LoginOutcome> {
    const tf = await twoFactor.get(db, customer.id);
    if (!tf?.method) return signedIn(customer, req);
    if (
      rememberDeviceToken &&
      (await rememberedDevices.valid(db, customer.id, sha256(rememberDeviceToken), clock.now()))
    )
      return signedIn(customer, req);
    if (tf.lockedAt) throw lockedError();
    const method = tf.method as TwoFactorMethod;
    const token = await db.transaction(async (tx) => {
      const t = await tokens.issue(tx, customer.id, 'login_challenge', { method });
      if (method === 'email') await deps.twoFactor.sendEmailCode(tx, customer, 'login', true);
      return t;
    });
    return {
      status: '2fa_required',
      token,
      method,
      identifier: method === 'email' ? maskEmail(customer.email) : 'authenticator',
    };
  }

  /** A remembered-device cookie for `twoFactorRememberDays`, when asked for and allowed. */
  async function rememberDevice(customerId: number): Promise<string> {
    const deviceToken = randomToken();
    const now = clock.now();
    await rememberedDevices.insert(db, {
      customerId,
      tokenHash: sha256(deviceToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.twoFactorRememberDays * 24 * HOUR),
    });
    return deviceToken;
  }

  return {
    async checkEmail(email: string, req: RequestInfo) {
      await attempts.guard('check_email', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.checkEmailIpPer15Min, failuresOnly: false },
      ]);
      await attempts.record('check_email', null, req.ip, true);
      return { email, registered: Boolean(await customers.activeByEmail(db, email)) };
    },

    async loginWithPassword(
      email: string,
      password: string,
      req: RequestInfo,
      rememberDeviceToken?: string,
    ): Promise<LoginOutcome> {
      // Throttled per (account, address) and per address, never per account alone (ADR 029).
      await deps.throttle.check(email, req.ip);
      const c = await customers.activeByEmail(db, email);
      const ok = await deps.credentials.matches(c?.id, password);
      if (ok && c) await deps.throttle.recordSuccess(email, req.ip);
      else await deps.throttle.recordFailure(email, req.ip, c ?? null);
      if (!ok || !c) throw invalidCredentials();
      return afterFirstFactor(await deps.profile.noteLocation(c, req.ip), req, rememberDeviceToken);
    },

    async loginWithAutologin(token: string, req: RequestInfo, rememberDeviceToken?: string): Promise<LoginOutcome> {
      await attempts.guard('autologin', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.login.ipPer15Min, failuresOnly: true },
      ]);
      const row = await tokens.consume(db, 'autologin', token);
      const c = row ? await customers.byId(db, row.customerId) : undefined;
      await attempts.record('autologin', null, req.ip, Boolean(c && c.status === 'active'));
      if (!c || c.status !== 'active') throw unauthorized(IDENTITY_TEXTS.linkInvalid, 'link_invalid');
      return afterFirstFactor(await deps.profile.noteLocation(c, req.ip), req, rememberDeviceToken);
    },

    async verifyLoginCode(token: string, otp: string, remember: boolean, req: RequestInfo): Promise<Authenticated> {
      await attempts.guard('2fa', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.twoFactorIpPer15Min, failuresOnly: true },
      ]);
      const challenge = await tokens.peek(db, 'login_challenge', token);
      if (!challenge) throw loginExpired();
      const c = await customers.byId(db, challenge.customerId);
      if (!c || c.status !== 'active') throw loginExpired();
      const tf = await twoFactor.get(db, c.id);
      if (!tf?.method) throw loginExpired();
      try {
        await deps.twoFactor.checkCode(c, otp, tf.method as TwoFactorMethod, tf.secretEncrypted, 'login');
      } catch (err) {
        await attempts.record('2fa', c.email, req.ip, false);
        throw err;
      }
      // The challenge is spent only on success, so a mistyped code can be retried (up to the lock).
      if (!(await tokens.consume(db, 'login_challenge', token))) throw loginExpired();
      await attempts.record('2fa', c.email, req.ip, true);
      const deviceToken = remember && config.twoFactorRememberDays > 0 ? await rememberDevice(c.id) : null;
      return signedIn(c, req, deviceToken);
    },

    async resendLoginCode(token: string): Promise<{ method: TwoFactorMethod; identifier: string }> {
      const challenge = await tokens.peek(db, 'login_challenge', token);
      const c = challenge ? await customers.byId(db, challenge.customerId) : undefined;
      if (!c) throw loginExpired();
      const tf = await twoFactor.get(db, c.id);
      if (tf?.lockedAt) throw lockedError();
      if (tf?.method !== 'email') throw unprocessable('Codes are not sent by email for this account.', '2fa_not_email');
      await db.transaction((tx) => deps.twoFactor.sendEmailCode(tx, c, 'login'));
      return { method: 'email', identifier: maskEmail(c.email) };
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
