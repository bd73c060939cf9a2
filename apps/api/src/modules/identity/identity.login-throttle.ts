// Password-login throttling that an attacker cannot aim at the owner (ADR 029; NIST SP 800-63B §5.2.2, OWASP ASVS
// 2.2.1). Failures are counted per (account, address) and per address, never per account alone:
// - (account, address): 5 failures are free, then each further attempt waits 30 s, 1 min, 2 min, ... up to an hour
//   after the previous failure (a growing delay, answered 429 with Retry-After);
// - address: 20 failures an hour across all accounts are free, then the same growing delay from 1 s (credential
//   stuffing from one place);
// - account, all addresses: at most 100 failures an hour; past that only addresses the owner signed in from in the
//   last 30 days may still try (the harder stop NIST asks for, which a botnet cannot turn against the owner at home).
// So an attacker's failures from one address slow that address down and never lock the owner out from another. The
// owner is emailed (through the outbox, once an hour at most) when an hour brings 5 or more failures on the account.
// Two-factor codes keep their own lock (5 wrong codes, identity.two-factor.ts). Other steps (autologin, 2FA codes,
// forgot-password, check-email) keep the per-IP windows of identity.attempts.ts.
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { attempts, type CustomerRow } from './identity.repository.ts';
import { tooMany } from './identity.shared.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOGIN_THROTTLE = {
  pair: { free: 5, firstDelayMs: 30 * SECOND, maxDelayMs: HOUR, windowMs: DAY },
  address: { free: 20, firstDelayMs: SECOND, maxDelayMs: HOUR, windowMs: HOUR },
  account: { perHour: 100, knownAddressMs: 30 * DAY },
  notifyOwnerAfter: 5,
} as const;

const KIND = 'login';

export interface LoginThrottleDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<IdentityMailer, 'loginFailures'>;
}

/** The wait after `failures` failures, the last at `last`: 0 while within the free ones, then doubling to a cap. */
export function growingDelayMs(
  failures: number,
  rule: { free: number; firstDelayMs: number; maxDelayMs: number },
): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(failures - rule.free, 30));
}

export function createLoginThrottle(deps: LoginThrottleDeps) {
  const { db, clock } = deps;
  const wait = (waitMs: number) => tooMany(Math.max(1, Math.ceil(waitMs / SECOND)));

  /** Throws 429 when this address must wait before trying this account (or any account) again. */
  async function check(account: string, ip: string): Promise<void> {
    const now = clock.now().getTime();
    const since = (ms: number) => new Date(now - ms);
    const waitLeft = (
      s: { failures: number; lastFailure: Date | null },
      rule: Parameters<typeof growingDelayMs>[1],
    ) => {
      const delay = growingDelayMs(s.failures, rule);
      return s.lastFailure ? delay - (now - s.lastFailure.getTime()) : 0;
    };
    const pair = await attempts.stats(db, { kind: KIND, account, ip, since: since(LOGIN_THROTTLE.pair.windowMs) });
    const pairWait = waitLeft(pair, LOGIN_THROTTLE.pair);
    if (pairWait > 0) throw wait(pairWait);
    const address = await attempts.stats(db, { kind: KIND, ip, since: since(LOGIN_THROTTLE.address.windowMs) });
    const addressWait = waitLeft(address, LOGIN_THROTTLE.address);
    if (addressWait > 0) throw wait(addressWait);
    const accountHour = await attempts.stats(db, { kind: KIND, account, since: since(HOUR) });
    if (accountHour.failures >= LOGIN_THROTTLE.account.perHour) {
      const known = await attempts.stats(db, {
        kind: KIND,
        account,
        ip,
        since: since(LOGIN_THROTTLE.account.knownAddressMs),
      });
      if (known.successes === 0) throw wait(HOUR);
    }
  }

  return {
    check,

    recordSuccess: (account: string, ip: string) =>
      attempts.record(db, { kind: KIND, account, ip, success: true, createdAt: clock.now() }),

    /** Records a failure; tells the owner (when the account exists) once an hour brings repeated failures. */
    async recordFailure(account: string, ip: string, owner: CustomerRow | null) {
      const now = clock.now();
      await attempts.record(db, { kind: KIND, account, ip, success: false, createdAt: now });
      if (!owner) return;
      const hour = await attempts.stats(db, { kind: KIND, account, since: new Date(now.getTime() - HOUR) });
      if (hour.failures < LOGIN_THROTTLE.notifyOwnerAfter) return;
      // One email per account and hour, however many failures follow.
      await deps.mailer.loginFailures(
        db,
        owner,
        hour.failures,
        `login-failures:${account}:${Math.floor(now.getTime() / HOUR)}`,
      );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
