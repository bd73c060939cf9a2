// Accounts and authentication (issue 4, DESIGN.md §5, ADR 004): sign-up, password / autologin / 2FA login, rotating
// refresh tokens with reuse detection, password reset and change, two-factor enrolment, profile and preferences,
// closure. Every secret is stored hashed or encrypted; throttling is per account and per IP from recorded attempts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import {
  COMMUNICATION_CHANNELS,
  IDENTITY_TEXTS,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RESEND_LOCK_SECONDS,
  TWO_FACTOR_TEXTS,
  VISIBLE_COMMUNICATION_CHANNELS,
  maskEmail,
  toMoney,
  type CommunicationChannel,
  type CustomerDetails,
  type CustomerOverview,
  type FavouriteNumbers,
  type SignupBody,
  type TwoFactorMethod,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { resolveAuthSecret } from '../../plugins/auth.ts';
import { createOutbox, type Outbox } from '../notifications/index.ts';
import {
  createPasswordHasher,
  createSecretBox,
  publicId,
  randomToken,
  sha256,
  sixDigitCode,
} from './identity.crypto.ts';
import {
  attempts,
  credentials,
  customers,
  emailCodes,
  oneTimeTokens,
  refreshTokens,
  rememberedDevices,
  sessions,
  twoFactor,
  type CustomerRow,
  type OneTimeTokenKind,
  purgeExpired,
} from './identity.repository.ts';
import { countryForIp } from './ip-locations.ts';
import { favouriteNumbersErrors } from './favourite-numbers.ts';
import { createLoginThrottle } from './login-throttle.ts';

export interface FundsSource {
  fundsSummary(
    customerId: string,
  ): Promise<{ balanceCents: number; availableFundsCents: number; currency: 'AUD' | 'GBP' }>;
}

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** Defaults to the auth plugin's secret (AUTH_SECRET or the one kept in DATA_DIR). */
  authSecret?: string;
  outbox?: Outbox;
  funds?: FundsSource;
  /** Responsible gambling (issue 8): the overview's verification and limit fields, and sign-ups refused for excluded emails. */
  responsibleGambling?: ResponsibleGamblingHooks;
}

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
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TOKEN_TTL_MS: Record<OneTimeTokenKind, number> = {
  autologin: 15 * MINUTE,
  login_challenge: 10 * MINUTE,
  password_reset: HOUR,
  confirm_email: 7 * 24 * HOUR,
  confirm_address: 7 * 24 * HOUR,
};
const EMAIL_CODE_TTL_MS = 10 * MINUTE;

/**
 * Throttling (ASVS 2.2.1) of autologin, 2FA, forgot-password and check-email per IP in sliding windows. Password
 * login has its own rules (login-throttle.ts): per (account, address) and per address, never per account alone.
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

export interface RequestInfo {
  ip: string;
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

function tooMany(
  retryAfterSeconds: number,
  message: string = IDENTITY_TEXTS.tooManyAttempts,
  code = 'too_many_attempts',
) {
  return new AppError(429, message, { code, headers: { 'retry-after': String(retryAfterSeconds) } });
}

function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

const incorrectCode = () =>
  unprocessable(TWO_FACTOR_TEXTS.incorrect, '2fa_incorrect', { otp: [TWO_FACTOR_TEXTS.incorrect] });
const lockedError = () => new AppError(403, TWO_FACTOR_TEXTS.locked, { code: '2fa_account_locked' });
const linkInvalid = () => unprocessable(IDENTITY_TEXTS.linkInvalid, 'link_invalid');
const invalidCredentials = () => unauthorized(IDENTITY_TEXTS.invalidCredentials, 'invalid_credentials');

export function createIdentityService(deps: IdentityDeps) {
  const { db, clock, config } = deps;
  let secretCache = deps.authSecret;
  const authSecret = () => (secretCache ??= resolveAuthSecret(config));
  let boxCache: ReturnType<typeof createSecretBox> | undefined;
  const box = () => (boxCache ??= createSecretBox(authSecret()));
  const hasher = createPasswordHasher(config.argon2);
  const outbox = deps.outbox ?? createOutbox({ db, clock, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
  const url = (path: string) => `${config.publicUrl}${path}`;
  const loginThrottle = createLoginThrottle({ db, clock, outbox, tooManyText: IDENTITY_TEXTS.tooManyAttempts });

  // ---------------------------------------------------------------- throttling
  async function guard(
    kind: string,
    limits: Array<{ account?: string; ip?: string; windowMs: number; max: number; failuresOnly: boolean }>,
  ) {
    const now = clock.now();
    for (const l of limits) {
      const n = await attempts.count(db, {
        kind,
        account: l.account,
        ip: l.ip,
        since: new Date(now.getTime() - l.windowMs),
        failuresOnly: l.failuresOnly,
      });
      if (n >= l.max) throw tooMany(Math.ceil(l.windowMs / 1000));
    }
  }
  const record = (kind: string, account: string | null, ip: string, success: boolean) =>
    attempts.record(db, { kind, account, ip, success, createdAt: clock.now() });

  // ---------------------------------------------------------------- tokens and sessions
  async function issueOneTimeToken(
    tx: Executor,
    customerId: number,
    kind: OneTimeTokenKind,
    data: Record<string, unknown> = {},
  ) {
    const token = randomToken();
    const now = clock.now();
    await oneTimeTokens.insert(tx, {
      customerId,
      kind,
      tokenHash: sha256(token),
      data,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
    });
    return token;
  }

  async function startSession(
    customer: CustomerRow,
    rememberDeviceToken: string | null = null,
    isNew = false,
  ): Promise<Authenticated> {
    const now = clock.now();
    const refreshToken = randomToken();
    const sessionPublicId = publicId('ses');
    await db.transaction(async (tx) => {
      const session = await sessions.create(tx, {
        publicId: sessionPublicId,
        customerId: customer.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * HOUR),
      });
      await refreshTokens.insert(tx, session.id, sha256(refreshToken), now);
    });
    const accessToken = signAccessToken(
      authSecret(),
      { customerId: customer.publicId, sessionId: sessionPublicId },
      now,
    );
    return {
      status: 'authenticated',
      accessToken,
      refreshToken,
      sessionId: sessionPublicId,
      customer: await overviewOf(customer),
      isNew,
      rememberDeviceToken,
    };
  }

  async function sessionActive(sessionId: string, customerId: string): Promise<boolean> {
    return sessions.isActive(db, sessionId, customerId, clock.now());
  }

  /** After the first factor: straight in, or a 2FA challenge unless this device is remembered. */
  async function afterFirstFactor(
    customer: CustomerRow,
    rememberDeviceToken: string | undefined,
  ): Promise<LoginOutcome> {
    const tf = await twoFactor.get(db, customer.id);
    if (!tf?.method) return startSession(customer);
    if (
      rememberDeviceToken &&
      (await rememberedDevices.valid(db, customer.id, sha256(rememberDeviceToken), clock.now()))
    )
      return startSession(customer);
    if (tf.lockedAt) throw lockedError();
    const method = tf.method as TwoFactorMethod;
    const token = await db.transaction(async (tx) => {
      const t = await issueOneTimeToken(tx, customer.id, 'login_challenge', { method });
      if (method === 'email') await sendEmailCode(tx, customer, 'login', true);
      return t;
    });
    return {
      status: '2fa_required',
      token,
      method,
      identifier: method === 'email' ? maskEmail(customer.email) : 'authenticator',
    };
  }

  async function sendEmailCode(tx: Executor, customer: CustomerRow, purpose: string, force = false) {
    const now = clock.now();
    if (!force) {
      const latest = await emailCodes.latest(tx, customer.id, purpose);
      if (latest && now.getTime() - latest.createdAt.getTime() < TWO_FACTOR_RESEND_LOCK_SECONDS * 1000) {
        const wait = Math.ceil(
          (TWO_FACTOR_RESEND_LOCK_SECONDS * 1000 - (now.getTime() - latest.createdAt.getTime())) / 1000,
        );
        throw tooMany(wait, IDENTITY_TEXTS.resendLocked, '2fa_resend_locked');
      }
    }
    const code = sixDigitCode();
    await emailCodes.insert(tx, {
      customerId: customer.id,
      purpose,
      codeHash: box().codeHash(customer.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    });
    await outbox.enqueueEmail(tx, {
      to: customer.email,
      kind: '2fa_code',
      subject: 'Your Lucky Koala Lotteries security code',
      text: `Your security code is ${code}. It expires in 10 minutes and can be used once. If you did not try to sign in, please change your password.`,
    });
  }

  /** Check a code for the customer's method (or an enrolment's pending method); counts wrong codes toward the lock. */
  async function checkCode(
    customer: CustomerRow,
    otp: string,
    method: TwoFactorMethod,
    secretSealed: string | null,
    purpose: string,
  ): Promise<void> {
    const tf = await twoFactor.get(db, customer.id);
    if (tf?.lockedAt) throw lockedError();
    const now = clock.now();
    let ok = false;
    if (method === 'authenticator' && secretSealed) {
      const secret = box().decrypt(secretSealed);
      if (secret) {
        const epoch = Math.floor(now.getTime() / 1000);
        const result = await verifyTotp({ secret, token: otp, epoch, epochTolerance: 30 }).catch(() => ({
          valid: false as const,
        }));
        if (result.valid) {
          const step = Math.floor(epoch / 30) + ('delta' in result ? Number(result.delta) : 0);
          // A TOTP code is single use: a step at or before the last accepted one is refused (replay).
          if (tf?.lastTimeStep == null || step > tf.lastTimeStep) {
            ok = true;
            await twoFactor.upsert(db, customer.id, { lastTimeStep: step });
          }
        }
      }
    } else if (method === 'email') {
      ok = await emailCodes.consume(db, customer.id, purpose, box().codeHash(customer.id, otp), now);
    }
    if (ok) {
      await twoFactor.upsert(db, customer.id, { failedAttempts: 0 });
      return;
    }
    await twoFactor.upsert(db, customer.id, {});
    const failed = await twoFactor.fail(db, customer.id, TWO_FACTOR_MAX_ATTEMPTS, now);
    if (failed >= TWO_FACTOR_MAX_ATTEMPTS) throw lockedError();
    throw incorrectCode();
  }

  // ---------------------------------------------------------------- overview
  async function overviewOf(c: CustomerRow): Promise<CustomerOverview> {
    const currency = 'AUD' as const;
    const funds = deps.funds ? await deps.funds.fundsSummary(c.publicId) : null;
    const zero = { amount: 0 };
    return {
      customerId: c.publicId,
      customerToken: c.customerToken,
      segmentName: c.segmentName,
      pricingId: c.pricingId,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      state: c.state,
      balance: toMoney(funds?.balanceCents ?? 0, funds?.currency ?? currency),
      availableFunds: toMoney(funds?.availableFundsCents ?? 0, funds?.currency ?? currency),
      isVerified: c.isVerified,
      verification: { methods: [{ type: 'identity', status: c.isVerified ? 'verified' : 'unverified' }] },
      verificationRules: c.isVerified ? [] : ['verify_before_withdrawal'],
      preCommitment: null,
      spendLimits: [],
      spendLimitRequired: false,
      ...(deps.responsibleGambling ? await deps.responsibleGambling.overviewFields(c.publicId, c.isVerified) : {}),
      brandingRegion: c.state === 'OTHER' ? 'AU' : c.state,
      migrationStatus: null,
      accountUpgrade: c.accountUpgrade,
      forcePasswordChange: c.forcePasswordChange,
      countryBanned: c.countryBanned,
      countryBannedConfirmationRequired: c.countryBannedConfirmationRequired,
      addressConfirmationRequired: c.addressConfirmationRequired,
      emailAddressConfirmationRequired: c.emailConfirmedAt === null,
      favouriteNumbers: c.favouriteNumbers as FavouriteNumbers,
      experimentGroups: {},
      atv: { atvCommercial: zero, atvCharity: zero, atvSocialSyndicate: zero, atvSyndicate: zero },
    };
  }

  async function requireCustomer(publicIdValue: string): Promise<CustomerRow> {
    const c = await customers.byPublicId(db, publicIdValue);
    if (!c) throw unauthorized('Please log in to continue.', 'unauthorized');
    return c;
  }

  async function reauthenticate(c: CustomerRow, password: string, field = 'password') {
    const cred = await credentials.get(db, c.id);
    if (!cred || !(await hasher.verify(cred.passwordHash, password))) {
      throw unprocessable(IDENTITY_TEXTS.currentPasswordWrong, 'reauthentication_failed', {
        [field]: [IDENTITY_TEXTS.currentPasswordWrong],
      });
    }
  }

  function checkNewPassword(password: string, email: string, field: string) {
    const problem = passwordProblem(password, email);
    if (problem) throw unprocessable(problem, 'weak_password', { [field]: [problem] });
  }

  async function sendEmailConfirmation(tx: Executor, c: CustomerRow) {
    const token = await issueOneTimeToken(tx, c.id, 'confirm_email');
    await outbox.enqueueEmail(tx, {
      to: c.email,
      kind: 'verify_email',
      subject: 'Please confirm your email address',
      text: `Hi ${c.firstname}, please confirm your email address: ${url(`/my-account/confirm-address/${token}?type=email`)}`,
    });
  }

  /** Where the request comes from; banned countries flag the customer until they accept the location terms. */
  async function noteLocation(c: CustomerRow, ip: string): Promise<CustomerRow> {
    const country = countryForIp(ip);
    const banned = country !== null && config.bannedCountries.includes(country);
    if (banned === c.countryBanned && country === c.lastCountry) return c;
    return customers.update(db, c.id, {
      lastCountry: country,
      countryBanned: banned,
      countryBannedConfirmationRequired: banned
        ? c.locationTermsAcceptedAt === null || c.lastCountry !== country
        : false,
      updatedAt: clock.now(),
    });
  }

  // ---------------------------------------------------------------- public API
  return {
    sessionActive,
    /**
     * Support: lift a two-factor lock (5 wrong codes) once the customer's identity has been checked another way.
     * 'unknown' when no active customer has the email, 'not_locked' when there was nothing to lift.
     */
    async unlockTwoFactor(email: string): Promise<'unlocked' | 'not_locked' | 'unknown'> {
      const c = await customers.activeByEmail(db, email.trim().toLowerCase());
      if (!c) return 'unknown';
      const tf = await twoFactor.get(db, c.id);
      if (!tf?.lockedAt) return 'not_locked';
      await twoFactor.upsert(db, c.id, { lockedAt: null, failedAttempts: 0 });
      return 'unlocked';
    },
    /** Email address and first name of active customers (service messages such as a winner's notice). */
    async contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>> {
      const rows = await customers.contactsByPublicIds(db, customerIds);
      return new Map(rows.map((r) => [r.publicId, { email: r.email, firstname: r.firstname }]));
    },
    /** Housekeeping (a scheduled job): removes sessions, tokens, codes and throttle records whose use has passed. */
    purgeExpired: () => purgeExpired(db, clock.now()),

    /** Responsible gambling's view of a customer (identity verification uses the stored details). */
    async verificationProfile(customerId: string, exec: Executor = db) {
      const c = await customers.byPublicId(exec, customerId);
      if (!c) return null;
      return {
        email: c.email,
        firstname: c.firstname,
        lastname: c.lastname,
        dateOfBirth: c.dateOfBirth,
        address: c.address,
        suburb: c.suburb,
        state: c.state,
        postcode: c.postcode,
        isVerified: c.isVerified,
      };
    },
    async setVerified(customerId: string, verified: boolean): Promise<void> {
      const c = await customers.byPublicId(db, customerId);
      if (c && c.isVerified !== verified)
        await customers.update(db, c.id, { isVerified: verified, updatedAt: clock.now() });
    },
    /** An excluded customer gets no marketing: every channel off, consent withdrawn. */
    async suppressMarketing(customerId: string): Promise<void> {
      const c = await customers.byPublicId(db, customerId);
      if (c)
        await customers.update(db, c.id, {
          marketingConsent: false,
          communicationPreferences: Object.fromEntries(COMMUNICATION_CHANNELS.map((ch) => [ch, false])),
          updatedAt: clock.now(),
        });
    },
    outbox,

    async signup(input: SignupBody, req: RequestInfo): Promise<Authenticated> {
      await guard('signup', [{ ip: req.ip, windowMs: HOUR, max: config.signupIpPerHour, failuresOnly: false }]);
      await record('signup', null, req.ip, true);
      const now = clock.now();
      const fieldErrors: Record<string, string[]> = {};
      if (ageOn(input.dateOfBirth, now) < config.minAge)
        fieldErrors.dateOfBirth = [IDENTITY_TEXTS.underAge(config.minAge)];
      else if (new Date(`${input.dateOfBirth}T00:00:00Z`).getUTCFullYear() < 1900)
        fieldErrors.dateOfBirth = ['Please enter a valid date.'];
      const problem = passwordProblem(input.password, input.email);
      if (problem) fieldErrors.password = [problem];
      Object.assign(fieldErrors, favouriteNumbersErrors(input.favouriteNumbers ?? []));
      if (Object.keys(fieldErrors).length)
        throw unprocessable(Object.values(fieldErrors)[0]![0]!, 'validation_failed', fieldErrors);
      await deps.responsibleGambling?.assertSignupAllowed(input.email);
      if (await customers.activeByEmail(db, input.email))
        throw conflict(IDENTITY_TEXTS.emailTaken, 'email_taken', { email: [IDENTITY_TEXTS.emailTaken] });
      const passwordHash = await hasher.hash(input.password);
      const country = countryForIp(req.ip);
      const banned = country !== null && config.bannedCountries.includes(country);
      let customer: CustomerRow;
      try {
        customer = await db.transaction(async (tx) => {
          const c = await customers.insert(tx, {
            publicId: publicId('cus'),
            customerToken: randomToken()
              .slice(0, 32)
              .replace(/[^A-Za-z0-9_-]/g, 'x'),
            email: input.email,
            firstname: input.firstname,
            lastname: input.lastname,
            dateOfBirth: input.dateOfBirth,
            phone: input.phone,
            address: input.address,
            addressLine2: input.addressLine2,
            suburb: input.suburb,
            state: input.state,
            postcode: input.postcode,
            country: input.country,
            marketingConsent: input.marketingConsent,
            attribution: input.attribution ?? {},
            metadata: input.metadata,
            favouriteNumbers: input.favouriteNumbers ?? [],
            communicationPreferences: Object.fromEntries(
              COMMUNICATION_CHANNELS.map((ch) => [ch, input.marketingConsent]),
            ),
            termsAcceptedAt: now,
            lastCountry: country,
            countryBanned: banned,
            countryBannedConfirmationRequired: banned,
            isNew: true,
            createdAt: now,
            updatedAt: now,
          });
          await credentials.set(tx, c.id, passwordHash, now);
          await sendEmailConfirmation(tx, c);
          return c;
        });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index decides; answer like the check above.
        if (
          (err as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
          (err as { code?: string }).code === '23505'
        ) {
          throw conflict(IDENTITY_TEXTS.emailTaken, 'email_taken', { email: [IDENTITY_TEXTS.emailTaken] });
        }
        throw err;
      }
      return startSession(customer, null, true);
    },

    async checkEmail(email: string, req: RequestInfo) {
      await guard('check_email', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.checkEmailIpPer15Min, failuresOnly: false },
      ]);
      await record('check_email', null, req.ip, true);
      return { email, registered: Boolean(await customers.activeByEmail(db, email)) };
    },

    async loginWithPassword(
      email: string,
      password: string,
      req: RequestInfo,
      rememberDeviceToken?: string,
    ): Promise<LoginOutcome> {
      // Throttled per (account, address) and per address, never per account alone (login-throttle.ts, ADR 029).
      await loginThrottle.check(email, req.ip);
      const c = await customers.activeByEmail(db, email);
      const cred = c ? await credentials.get(db, c.id) : undefined;
      const ok = cred ? await hasher.verify(cred.passwordHash, password) : await hasher.burn(password);
      if (ok && c) await loginThrottle.recordSuccess(email, req.ip);
      else await loginThrottle.recordFailure(email, req.ip, c ? { email: c.email, firstname: c.firstname } : null);
      if (!ok || !c) throw invalidCredentials();
      return afterFirstFactor(await noteLocation(c, req.ip), rememberDeviceToken);
    },

    async loginWithAutologin(token: string, req: RequestInfo, rememberDeviceToken?: string): Promise<LoginOutcome> {
      await guard('autologin', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.login.ipPer15Min, failuresOnly: true },
      ]);
      const row = await oneTimeTokens.consume(db, 'autologin', sha256(token), clock.now());
      const c = row ? await customers.byId(db, row.customerId) : undefined;
      await record('autologin', null, req.ip, Boolean(c && c.status === 'active'));
      if (!c || c.status !== 'active') throw unauthorized(IDENTITY_TEXTS.linkInvalid, 'link_invalid');
      return afterFirstFactor(await noteLocation(c, req.ip), rememberDeviceToken);
    },

    async verifyLoginCode(
      token: string,
      otp: string,
      rememberDevice: boolean,
      req: RequestInfo,
    ): Promise<Authenticated> {
      await guard('2fa', [
        { ip: req.ip, windowMs: 15 * MINUTE, max: THROTTLE.twoFactorIpPer15Min, failuresOnly: true },
      ]);
      const challenge = await oneTimeTokens.peek(db, 'login_challenge', sha256(token), clock.now());
      if (!challenge) throw unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');
      const c = await customers.byId(db, challenge.customerId);
      if (!c || c.status !== 'active')
        throw unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');
      const tf = await twoFactor.get(db, c.id);
      if (!tf?.method) throw unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');
      try {
        await checkCode(c, otp, tf.method as TwoFactorMethod, tf.secretEncrypted, 'login');
      } catch (err) {
        await record('2fa', c.email, req.ip, false);
        throw err;
      }
      // The challenge is spent only on success, so a mistyped code can be retried (up to the lock).
      if (!(await oneTimeTokens.consume(db, 'login_challenge', sha256(token), clock.now()))) {
        throw unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');
      }
      await record('2fa', c.email, req.ip, true);
      let deviceToken: string | null = null;
      if (rememberDevice && config.twoFactorRememberDays > 0) {
        deviceToken = randomToken();
        const now = clock.now();
        await rememberedDevices.insert(db, {
          customerId: c.id,
          tokenHash: sha256(deviceToken),
          createdAt: now,
          expiresAt: new Date(now.getTime() + config.twoFactorRememberDays * 24 * HOUR),
        });
      }
      return startSession(c, deviceToken);
    },

    async resendLoginCode(token: string): Promise<{ method: TwoFactorMethod; identifier: string }> {
      const challenge = await oneTimeTokens.peek(db, 'login_challenge', sha256(token), clock.now());
      const c = challenge ? await customers.byId(db, challenge.customerId) : undefined;
      if (!c) throw unauthorized('Your sign-in has expired. Please log in again.', 'login_challenge_expired');
      const tf = await twoFactor.get(db, c.id);
      if (tf?.lockedAt) throw lockedError();
      if (tf?.method !== 'email') throw unprocessable('Codes are not sent by email for this account.', '2fa_not_email');
      await db.transaction((tx) => sendEmailCode(tx, c, 'login'));
      return { method: 'email', identifier: maskEmail(c.email) };
    },

    async refresh(
      token: string,
    ): Promise<{ accessToken: string; refreshToken: string; sessionId: string; customerId: string }> {
      const now = clock.now();
      const row = await refreshTokens.byHash(db, sha256(token));
      const invalid = () => unauthorized('missing authentication tokens when calling refresh', 'invalid_refresh_token');
      if (!row) throw invalid();
      const session = await sessions.byId(db, row.sessionId);
      if (!session || session.revokedAt || session.expiresAt <= now) throw invalid();
      const c = await customers.byId(db, session.customerId);
      if (!c || c.status !== 'active') throw invalid();
      const next = randomToken();
      const rotated = await db.transaction(async (tx) => {
        if (!(await refreshTokens.rotate(tx, row.id, now))) return false;
        await refreshTokens.insert(tx, session.id, sha256(next), now);
        return true;
      });
      if (!rotated) {
        // A rotated token came back: someone holds a copy. End the whole family (ADR 004).
        await sessions.revoke(db, session.id, 'refresh_token_reused', now);
        throw unauthorized('This session has ended. Please log in again.', 'refresh_token_reused');
      }
      return {
        accessToken: signAccessToken(authSecret(), { customerId: c.publicId, sessionId: session.publicId }, now),
        refreshToken: next,
        sessionId: session.publicId,
        customerId: c.publicId,
      };
    },

    async logout(sessionPublicId: string | null, refreshToken?: string) {
      const now = clock.now();
      if (sessionPublicId) {
        const s = await sessions.byPublicId(db, sessionPublicId);
        if (s) await sessions.revoke(db, s.id, 'logout', now);
      }
      if (refreshToken) {
        const row = await refreshTokens.byHash(db, sha256(refreshToken));
        if (row) await sessions.revoke(db, row.sessionId, 'logout', now);
      }
    },

    async overview(customerId: string) {
      return overviewOf(await requireCustomer(customerId));
    },

    async createAutologinToken(customerId: string) {
      const c = await requireCustomer(customerId);
      const token = await issueOneTimeToken(db, c.id, 'autologin');
      return { token, expiresAt: new Date(clock.now().getTime() + TOKEN_TTL_MS.autologin).toISOString() };
    },

    async closeAccount(customerId: string, password: string, reason?: string) {
      const c = await requireCustomer(customerId);
      await reauthenticate(c, password);
      if (deps.funds) {
        const f = await deps.funds.fundsSummary(c.publicId);
        // ADR 010: money is never stranded in a closed account; the customer withdraws first.
        if (f.balanceCents > 0) throw unprocessable(IDENTITY_TEXTS.closureHasFunds, 'account_has_funds');
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        await customers.update(tx, c.id, {
          status: 'closed',
          closedAt: now,
          closureReason: reason ?? null,
          updatedAt: now,
        });
        await sessions.revokeAll(tx, c.id, 'account_closed', now);
        await rememberedDevices.removeAll(tx, c.id);
        await outbox.enqueueEmail(tx, {
          to: c.email,
          kind: 'account_closed',
          subject: 'Your account has been closed',
          text: `Hi ${c.firstname}, your Lucky Koala Lotteries account has been closed as you asked.`,
        });
      });
    },

    async details(customerId: string): Promise<CustomerDetails> {
      const c = await requireCustomer(customerId);
      return detailsOf(c);
    },

    async updateDetails(
      customerId: string,
      patch: Partial<CustomerDetails>,
    ): Promise<{ details: CustomerDetails; unverified: boolean }> {
      const c = await requireCustomer(customerId);
      const immutable: Array<'firstname' | 'lastname' | 'dateOfBirth'> = ['firstname', 'lastname', 'dateOfBirth'];
      const fieldErrors: Record<string, string[]> = {};
      for (const f of immutable)
        if (patch[f] !== undefined && patch[f] !== c[f]) fieldErrors[f] = [IDENTITY_TEXTS.immutableField];
      if (Object.keys(fieldErrors).length)
        throw unprocessable(IDENTITY_TEXTS.immutableField, 'immutable_field', fieldErrors);
      const now = clock.now();
      const emailChanged = patch.email !== undefined && patch.email !== c.email;
      if (emailChanged && (await customers.activeByEmail(db, patch.email!)))
        throw conflict(IDENTITY_TEXTS.emailTaken, 'email_taken', { email: [IDENTITY_TEXTS.emailTaken] });
      // Moving state changes the regulator: a verified customer verifies again.
      const unverified = c.isVerified && patch.state !== undefined && patch.state !== c.state;
      const updated = await db.transaction(async (tx) => {
        const u = await customers.update(tx, c.id, {
          email: patch.email ?? c.email,
          phone: patch.phone ?? c.phone,
          address: patch.address ?? c.address,
          addressLine2: patch.addressLine2 ?? c.addressLine2,
          suburb: patch.suburb ?? c.suburb,
          state: patch.state ?? c.state,
          postcode: patch.postcode ?? c.postcode,
          country: patch.country ?? c.country,
          marketingConsent: patch.marketingConsent ?? c.marketingConsent,
          isVerified: unverified ? false : c.isVerified,
          emailConfirmedAt: emailChanged ? null : c.emailConfirmedAt,
          updatedAt: now,
        });
        if (emailChanged) await sendEmailConfirmation(tx, u);
        return u;
      });
      return { details: detailsOf(updated), unverified };
    },

    async setFavouriteNumbers(customerId: string, favourites: FavouriteNumbers) {
      const errors = favouriteNumbersErrors(favourites);
      const first = Object.values(errors)[0]?.[0];
      if (first) throw unprocessable(first, 'invalid_numbers', errors);
      const c = await requireCustomer(customerId);
      const u = await customers.update(db, c.id, { favouriteNumbers: favourites, updatedAt: clock.now() });
      return u.favouriteNumbers as FavouriteNumbers;
    },

    async acceptTerms(customerId: string) {
      const c = await requireCustomer(customerId);
      const now = clock.now();
      await customers.update(db, c.id, { termsAcceptedAt: now, updatedAt: now });
      return { accepted: true, acceptedAt: now.toISOString() };
    },

    async acceptLocationTerms(customerId: string) {
      const c = await requireCustomer(customerId);
      const now = clock.now();
      await customers.update(db, c.id, {
        locationTermsAcceptedAt: now,
        countryBannedConfirmationRequired: false,
        updatedAt: now,
      });
      return { accepted: true, acceptedAt: now.toISOString() };
    },

    locate(ip: string) {
      const country = countryForIp(ip);
      return { country, countryBanned: country !== null && config.bannedCountries.includes(country) };
    },

    async confirmAddress(customerId: string | null, token?: string) {
      const now = clock.now();
      if (token) {
        const row = await oneTimeTokens.consume(db, 'confirm_address', sha256(token), now);
        if (!row) throw linkInvalid();
        await customers.update(db, row.customerId, { addressConfirmationRequired: false, updatedAt: now });
        return;
      }
      if (!customerId) throw unauthorized('Please log in to continue.', 'unauthorized');
      const c = await requireCustomer(customerId);
      await customers.update(db, c.id, { addressConfirmationRequired: false, updatedAt: now });
    },

    /** With a token: confirm the email. Without (signed in): send the confirmation email again. */
    async confirmEmail(customerId: string | null, token?: string): Promise<'confirmed' | 'sent'> {
      const now = clock.now();
      if (token) {
        const row = await oneTimeTokens.consume(db, 'confirm_email', sha256(token), now);
        if (!row) throw linkInvalid();
        await customers.update(db, row.customerId, { emailConfirmedAt: now, updatedAt: now });
        return 'confirmed';
      }
      if (!customerId) throw unauthorized('Please log in to continue.', 'unauthorized');
      const c = await requireCustomer(customerId);
      if (c.emailConfirmedAt) return 'confirmed';
      await db.transaction((tx) => sendEmailConfirmation(tx, c));
      return 'sent';
    },

    /** The signed link token a marketing email carries, so a visitor can unsubscribe without signing in. */
    unsubscribeToken: (customerPublicId: string) => box().unsubscribeToken(customerPublicId),

    async communicationPreferences(customerId: string) {
      const c = await requireCustomer(customerId);
      return preferencesOf(c);
    },

    async updateCommunicationPreferences(
      target: string,
      access: { authCustomerId: string | null; token?: string },
      preferences: Partial<Record<CommunicationChannel, boolean | { enabled: boolean }>>,
      unsubscribeReasons?: string[],
    ) {
      const allowed =
        access.authCustomerId === target ||
        (access.token !== undefined && box().equal(access.token, box().unsubscribeToken(target)));
      // Another customer's id answers like an unknown one: nothing to learn from the status.
      if (!allowed)
        throw access.authCustomerId
          ? notFound('Customer not found.', 'customer_not_found')
          : unauthorized('Please log in to continue.', 'unauthorized');
      const c = await customers.byPublicId(db, target);
      if (!c) throw notFound('Customer not found.', 'customer_not_found');
      const current = (c.communicationPreferences ?? {}) as Record<string, boolean>;
      const next = { ...current };
      for (const [ch, v] of Object.entries(preferences)) next[ch] = typeof v === 'boolean' ? v : Boolean(v?.enabled);
      if (Object.entries(next).some(([ch, on]) => on && !current[ch]))
        await deps.responsibleGambling?.assertMarketingAllowed?.(c.publicId);
      const u = await customers.update(db, c.id, {
        communicationPreferences: next,
        unsubscribeReasons: unsubscribeReasons?.length ? unsubscribeReasons : c.unsubscribeReasons,
        updatedAt: clock.now(),
      });
      return preferencesOf(u);
    },

    async recurringPurchaseMethod(customerId: string) {
      const c = await requireCustomer(customerId);
      return recurringOf(c);
    },

    async setRecurringPurchaseMethod(customerId: string, key: string) {
      const c = await requireCustomer(customerId);
      if (!RECURRING_METHODS.includes(key)) {
        throw unprocessable(
          `Please choose one of: ${RECURRING_METHODS.join(', ')}.`,
          'invalid_recurring_purchase_method',
          { recurringPurchaseMethod: [`Must be one of: ${RECURRING_METHODS.join(', ')}.`] },
        );
      }
      return recurringOf(await customers.update(db, c.id, { recurringPurchaseMethod: key, updatedAt: clock.now() }));
    },

    async forgotPassword(email: string, req: RequestInfo) {
      await guard('forgot', [
        { account: email, windowMs: HOUR, max: THROTTLE.forgot.accountPerHour, failuresOnly: false },
        { ip: req.ip, windowMs: HOUR, max: THROTTLE.forgot.ipPerHour, failuresOnly: false },
      ]);
      await record('forgot', email, req.ip, true);
      const c = await customers.activeByEmail(db, email);
      // The answer is the same whether or not the account exists (no enumeration).
      if (!c) return;
      await db.transaction(async (tx) => {
        await oneTimeTokens.invalidateAll(tx, c.id, 'password_reset', clock.now());
        const token = await issueOneTimeToken(tx, c.id, 'password_reset');
        await outbox.enqueueEmail(tx, {
          to: c.email,
          kind: 'password_reset',
          subject: 'Reset your password',
          text: `Hi ${c.firstname}, reset your password within 1 hour with this link (it works once): ${url(`/forgot-password?token=${token}`)}\nIf you did not ask for this, you can ignore this email.`,
        });
      });
    },

    async resetPassword(token: string, password: string) {
      const now = clock.now();
      const row = await oneTimeTokens.peek(db, 'password_reset', sha256(token), now);
      if (!row) throw linkInvalid();
      const c = await customers.byId(db, row.customerId);
      if (!c || c.status !== 'active') throw linkInvalid();
      checkNewPassword(password, c.email, 'password');
      const passwordHash = await hasher.hash(password);
      await db.transaction(async (tx) => {
        if (!(await oneTimeTokens.consume(tx, 'password_reset', sha256(token), now))) throw linkInvalid();
        await credentials.set(tx, c.id, passwordHash, now);
        await customers.update(tx, c.id, { forcePasswordChange: false, updatedAt: now });
        await sessions.revokeAll(tx, c.id, 'password_reset', now);
        await rememberedDevices.removeAll(tx, c.id);
      });
    },

    async forceChangePassword(customerId: string, sessionId: string, password: string) {
      const c = await requireCustomer(customerId);
      if (!c.forcePasswordChange)
        throw unprocessable('A password change is not required for this account.', 'not_required');
      checkNewPassword(password, c.email, 'password');
      const passwordHash = await hasher.hash(password);
      const now = clock.now();
      const keep = await sessions.byPublicId(db, sessionId);
      await db.transaction(async (tx) => {
        await credentials.set(tx, c.id, passwordHash, now);
        await customers.update(tx, c.id, { forcePasswordChange: false, updatedAt: now });
        await sessions.revokeAll(tx, c.id, 'password_changed', now, keep?.id);
      });
    },

    async changePassword(customerId: string, sessionId: string, currentPassword: string, newPassword: string) {
      const c = await requireCustomer(customerId);
      await reauthenticate(c, currentPassword, 'currentPassword');
      checkNewPassword(newPassword, c.email, 'newPassword');
      const passwordHash = await hasher.hash(newPassword);
      const now = clock.now();
      const keep = await sessions.byPublicId(db, sessionId);
      await db.transaction(async (tx) => {
        await credentials.set(tx, c.id, passwordHash, now);
        await sessions.revokeAll(tx, c.id, 'password_changed', now, keep?.id);
        await rememberedDevices.removeAll(tx, c.id);
        await outbox.enqueueEmail(tx, {
          to: c.email,
          kind: 'password_changed',
          subject: 'Your password was changed',
          text: `Hi ${c.firstname}, your password was changed. If this was not you, please contact support.`,
        });
      });
    },

    // ---------------------------------------------------------------- two-factor enrolment
    async twoFactorStatus(customerId: string) {
      const c = await requireCustomer(customerId);
      const tf = await twoFactor.get(db, c.id);
      const method = (tf?.method ?? null) as TwoFactorMethod | null;
      return {
        enabled: Boolean(method),
        method,
        pendingMethod: (tf?.pendingMethod ?? null) as TwoFactorMethod | null,
        identifier: method === 'email' ? maskEmail(c.email) : method ? 'authenticator' : null,
        locked: Boolean(tf?.lockedAt),
      };
    },

    async startAuthenticator(customerId: string) {
      const c = await requireCustomer(customerId);
      const secret = generateSecret();
      await twoFactor.upsert(db, c.id, {
        pendingMethod: 'authenticator',
        pendingSecretEncrypted: box().encrypt(secret),
      });
      const otpauthUri = generateURI({ issuer: 'Lucky Koala Lotteries', label: c.email, secret });
      const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret, otpauthUri, qrDataUrl };
    },

    async startEmailTwoFactor(customerId: string) {
      const c = await requireCustomer(customerId);
      await db.transaction(async (tx) => {
        await twoFactor.upsert(tx, c.id, { pendingMethod: 'email', pendingSecretEncrypted: null });
        await sendEmailCode(tx, c, 'enrol');
      });
      return { method: 'email' as const, identifier: maskEmail(c.email) };
    },

    /** Confirm the pending enrolment with a code from the new factor; the secret is never shown again. */
    async confirmTwoFactor(customerId: string, otp: string) {
      const c = await requireCustomer(customerId);
      const tf = await twoFactor.get(db, c.id);
      if (!tf?.pendingMethod)
        throw unprocessable('Start setting up two-factor authentication first.', '2fa_not_started');
      const method = tf.pendingMethod as TwoFactorMethod;
      await checkCode(c, otp, method, tf.pendingSecretEncrypted, 'enrol');
      await twoFactor.upsert(db, c.id, {
        method,
        secretEncrypted: method === 'authenticator' ? tf.pendingSecretEncrypted : null,
        pendingMethod: null,
        pendingSecretEncrypted: null,
        enabledAt: clock.now(),
        failedAttempts: 0,
      });
      return {
        enabled: true,
        method,
        pendingMethod: null,
        identifier: method === 'email' ? maskEmail(c.email) : 'authenticator',
        locked: false,
      };
    },

    async disableTwoFactor(customerId: string, password: string) {
      const c = await requireCustomer(customerId);
      await reauthenticate(c, password);
      await db.transaction(async (tx) => {
        await twoFactor.upsert(tx, c.id, {
          method: null,
          secretEncrypted: null,
          pendingMethod: null,
          pendingSecretEncrypted: null,
          enabledAt: null,
          failedAttempts: 0,
          lockedAt: null,
          lastTimeStep: null,
        });
        await rememberedDevices.removeAll(tx, c.id);
      });
      return { enabled: false, method: null, pendingMethod: null, identifier: null, locked: false };
    },
  };

  function detailsOf(c: CustomerRow): CustomerDetails {
    return {
      customerId: c.publicId,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      dateOfBirth: c.dateOfBirth,
      phone: c.phone,
      address: c.address,
      addressLine2: c.addressLine2,
      suburb: c.suburb,
      state: c.state,
      postcode: c.postcode,
      country: c.country,
      marketingConsent: c.marketingConsent,
    };
  }

  function preferencesOf(c: CustomerRow) {
    const stored = (c.communicationPreferences ?? {}) as Record<string, boolean>;
    return {
      features: {
        methodsEnabled: true,
        methods: COMMUNICATION_CHANNELS.map((key) => ({
          key,
          name: CHANNEL_NAMES[key],
          hidden: !(VISIBLE_COMMUNICATION_CHANNELS as readonly string[]).includes(key),
        })),
      },
      preferences: Object.fromEntries(COMMUNICATION_CHANNELS.map((ch) => [ch, { enabled: Boolean(stored[ch]) }])),
    };
  }

  function recurringOf(c: CustomerRow) {
    return {
      availableRecurringPurchaseMethods: RECURRING_METHODS.map((k) => ({
        recurringPurchaseMethodKey: k,
        disabled: false,
      })),
      selectedRecurringPurchaseMethodKey: c.recurringPurchaseMethod,
    };
  }
}

const CHANNEL_NAMES: Record<CommunicationChannel, string> = {
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  directmail: 'Direct mail',
  push: 'Push notifications',
};
/** Recurring purchases are paid from the wallet, or charged to the saved card when the wallet is short. */
export const RECURRING_METHODS = ['wallet', 'wallet_then_card'];

export type IdentityService = ReturnType<typeof createIdentityService>;
