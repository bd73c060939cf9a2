// Throttling from recorded attempts (identity_login_attempts): a sign-in, sign-up, check-email or forgot-password
// step first checks its windows (per account and per IP) and then records how it went.
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { attempts } from './identity.repository.ts';
import { tooMany } from './identity.shared.ts';

export interface AttemptLimit {
  account?: string;
  ip?: string;
  windowMs: number;
  max: number;
  failuresOnly: boolean;
}

export function createAttemptGuard(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** 429 with Retry-After when any window already holds `max` attempts of this kind. */
    async guard(kind: string, limits: AttemptLimit[]) {
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
    },
    record: (kind: string, account: string | null, ip: string, success: boolean) =>
      attempts.record(db, { kind, account, ip, success, createdAt: clock.now() }),
  };
}
export type AttemptGuard = ReturnType<typeof createAttemptGuard>;
