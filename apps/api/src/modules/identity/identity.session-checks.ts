// The auth plugin's per-request session check (ADR 011), with a short-lived per-process memory of the sessions it
// found live (ADR 033). A revocation ends access at once: this process forgets everything it remembered as soon as
// its own revocation commits (`forget`, called by logout, the password changes and closure), and every other process
// forgets when the database announces the write (triggers of migration 0013 on identity_sessions, and on
// identity_customers.status, through the change feed of ADR 007). Without a live change feed nothing is remembered.
// Only "live" answers are kept: a refused token is checked again next time.
import type { Db } from '../../db/index.ts';
import { keyedCacheUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessions } from './identity.repository.ts';

/** The tables whose writes can end a live session: revocations, expiry purges, a customer's status. */
export const SESSION_TABLES = ['identity_sessions', 'identity_customers'] as const;
/** A remembered "live" answer is re-checked after this long even if no change is announced. */
export const SESSION_CHECK_TTL_MS = 30_000;
const MAX_REMEMBERED = 20_000;

export interface SessionChecksDeps {
  db: Db;
  clock: Clock;
  /** The change feed of a long-lived process; absent (CLI, seed), every check reads the database. */
  changes?: ChangeSource;
  ttlMs?: number;
}

export interface SessionChecks {
  /** Whether the session is live and its customer active. */
  sessionActive(sessionId: string, customerId: string): Promise<boolean>;
  /** Forget every remembered answer (this process just revoked a session or changed a customer's status). */
  forget(): void;
}

export function createSessionChecks(deps: SessionChecksDeps): SessionChecks {
  const { db, clock } = deps;
  const live = keyedCacheUntilChanged<boolean>(deps.changes, SESSION_TABLES, MAX_REMEMBERED, {
    ttlMs: deps.ttlMs ?? SESSION_CHECK_TTL_MS,
    keep: (active) => active,
  });
  return {
    sessionActive: (sessionId, customerId) =>
      live.get(`${sessionId} ${customerId}`, () => sessions.isActive(db, sessionId, customerId, clock.now())),
    forget: live.invalidate,
  };
}
