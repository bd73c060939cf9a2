// Two-factor authentication (DESIGN.md §5): TOTP (authenticator, each time step accepted once) or emailed 6-digit
// codes (10 minutes, single use, resend locked 60 s); 5 wrong codes lock the account until support unlocks it.
// Enrolment shows the secret once and is confirmed with a code from the new factor.
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import {
  IDENTITY_TEXTS,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RESEND_LOCK_SECONDS,
  maskEmail,
  type TwoFactorMethod,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import { sixDigitCode } from './identity.crypto.ts';
import type { Credentials } from './identity.credentials.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, emailCodes, rememberedDevices, twoFactor, type CustomerRow } from './identity.repository.ts';
import {
  EMAIL_CODE_TTL_MS,
  incorrectCode,
  lockedError,
  requireCustomer,
  tooMany,
  type IdentitySecrets,
} from './identity.shared.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  secrets: IdentitySecrets;
  mailer: Pick<IdentityMailer, 'twoFactorCode' | 'twoFactorChanged'>;
  credentials: Pick<Credentials, 'reauthenticate'>;
}

const identifierOf = (method: TwoFactorMethod | null, email: string) =>
  method === 'email' ? maskEmail(email) : method ? 'authenticator' : null;

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, secrets } = deps;
  const box = () => secrets.box();

  const service = {
    /** Emails a fresh code for `purpose` (login, enrol); locked for 60 s after the last one unless forced. */
    async sendEmailCode(tx: Executor, customer: CustomerRow, purpose: string, force = false) {
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
      await deps.mailer.twoFactorCode(tx, customer, code);
    },

    /** Check a code for the customer's method (or an enrolment's pending method); counts wrong codes toward the lock. */
    async checkCode(
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
    },

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

    async twoFactorStatus(customerId: string) {
      const c = await requireCustomer(db, customerId);
      const tf = await twoFactor.get(db, c.id);
      const method = (tf?.method ?? null) as TwoFactorMethod | null;
      return {
        enabled: Boolean(method),
        method,
        pendingMethod: (tf?.pendingMethod ?? null) as TwoFactorMethod | null,
        identifier: identifierOf(method, c.email),
        locked: Boolean(tf?.lockedAt),
      };
    },

    async startAuthenticator(customerId: string) {
      const c = await requireCustomer(db, customerId);
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
      const c = await requireCustomer(db, customerId);
      await db.transaction(async (tx) => {
        await twoFactor.upsert(tx, c.id, { pendingMethod: 'email', pendingSecretEncrypted: null });
        await service.sendEmailCode(tx, c, 'enrol');
      });
      return { method: 'email' as const, identifier: maskEmail(c.email) };
    },

    /** Confirm the pending enrolment with a code from the new factor; the secret is never shown again. */
    async confirmTwoFactor(customerId: string, otp: string) {
      const c = await requireCustomer(db, customerId);
      const tf = await twoFactor.get(db, c.id);
      if (!tf?.pendingMethod)
        throw unprocessable('Start setting up two-factor authentication first.', '2fa_not_started');
      const method = tf.pendingMethod as TwoFactorMethod;
      await service.checkCode(c, otp, method, tf.pendingSecretEncrypted, 'enrol');
      await db.transaction(async (tx) => {
        await twoFactor.upsert(tx, c.id, {
          method,
          secretEncrypted: method === 'authenticator' ? tf.pendingSecretEncrypted : null,
          pendingMethod: null,
          pendingSecretEncrypted: null,
          enabledAt: clock.now(),
          failedAttempts: 0,
        });
        await deps.mailer.twoFactorChanged(tx, c, method);
      });
      return { enabled: true, method, pendingMethod: null, identifier: identifierOf(method, c.email)!, locked: false };
    },

    async disableTwoFactor(customerId: string, password: string) {
      const c = await requireCustomer(db, customerId);
      await deps.credentials.reauthenticate(c, password);
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
        await deps.mailer.twoFactorChanged(tx, c, null);
      });
      return { enabled: false, method: null, pendingMethod: null, identifier: null, locked: false };
    },
  };
  return service;
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
