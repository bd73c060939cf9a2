// Account closure (ADR 010): the password again, refused while the wallet holds money (the customer withdraws
// first), then every session ends and a confirmation email is queued. An operator may close an account too
// (ADR 089: no password, and the balance stays where it is, visible to the back office), and reopen it (ADR 103).
import { IDENTITY_TEXTS } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { Credentials } from './identity.credentials.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, rememberedDevices, sessions, type CustomerRow } from './identity.repository.ts';
import { requireCustomer, type FundsSource } from './identity.shared.ts';

export interface ClosureDeps {
  db: Db;
  clock: Clock;
  credentials: Pick<Credentials, 'reauthenticate'>;
  mailer: Pick<IdentityMailer, 'accountClosed' | 'accountReopened'>;
  funds?: FundsSource;
  /** Told after the sessions were revoked, so this process's session checks forget them at once (ADR 033). */
  sessionsEnded?: () => void;
}

export function createClosureService(deps: ClosureDeps) {
  const { db, clock } = deps;
  return {
    async closeAccount(customerId: string, password: string, reason?: string) {
      const c = await requireCustomer(db, customerId);
      await deps.credentials.reauthenticate(c, password);
      if (deps.funds) {
        const f = await deps.funds.fundsSummary(c.publicId);
        // ADR 010: money is never stranded in a closed account; the customer withdraws first.
        if (f.balanceCents > 0) throw unprocessable(IDENTITY_TEXTS.closureHasFunds, 'account_has_funds');
      }
      await close(c, reason ?? null, 'customer');
    },

    /**
     * An operator closes the account (ADR 089): no password and no funds check. The customer can no longer sign in
     * or buy; the wallet is left as it is. `changed` false when the account was closed already.
     */
    async closeByOperator(customerId: string, reason: string): Promise<'closed' | 'already' | 'unknown'> {
      const c = await customers.anyByPublicId(db, customerId);
      if (!c) return 'unknown';
      if (c.status === 'closed') return 'already';
      return (await close(c, reason, 'operator')) ? 'closed' : 'already';
    },

    /**
     * An operator reopens a closed account (ADR 103): the customer may sign in again (sessions stay ended: they sign in
     * anew). `email_taken` when the address belongs to an open account now (it signed up again after the closure).
     * Responsible gambling's refusal (a self-exclusion in force) is the caller's, asked before this.
     */
    async reopenByOperator(customerId: string): Promise<ReopenOutcome> {
      const c = await customers.anyByPublicId(db, customerId);
      if (!c) return { outcome: 'unknown' };
      const before = { status: c.status, closedAt: c.closedAt?.toISOString() ?? null, closureReason: c.closureReason };
      if (c.status === 'active') return { outcome: 'already', before };
      // The open account with this email may be this very one, reopened by a second operator's request meanwhile.
      const open = await customers.activeByEmail(db, c.email);
      if (open) return { outcome: open.id === c.id ? 'already' : 'email_taken', before };
      const now = clock.now();
      try {
        const changed = await db.transaction(async (tx) => {
          if (!(await customers.reopenIfClosed(tx, c.id, now))) return false;
          await deps.mailer.accountReopened(tx, c);
          return true;
        });
        return { outcome: changed ? 'reopened' : 'already', before };
      } catch (e) {
        // A sign-up with the same email between the check and the update: the one-open-account index refuses it.
        if (isUniqueViolation(e)) return { outcome: 'email_taken', before };
        throw e;
      }
    },
  };

  /** Marks the account closed (once: the update is conditional), ends its sessions, forgets its devices, emails. */
  async function close(c: CustomerRow, reason: string | null, by: 'customer' | 'operator'): Promise<boolean> {
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      const done = await customers.closeIfActive(tx, c.id, { closedAt: now, closureReason: reason, updatedAt: now });
      if (!done) return false;
      await sessions.revokeAll(tx, c.id, 'account_closed', now);
      await rememberedDevices.removeAll(tx, c.id);
      await deps.mailer.accountClosed(tx, c, by);
      return true;
    });
    deps.sessionsEnded?.();
    return changed;
  }
}
export type ClosureService = ReturnType<typeof createClosureService>;

export type ReopenOutcome =
  | { outcome: 'unknown' }
  | {
      outcome: 'reopened' | 'already' | 'email_taken';
      before: { status: string; closedAt: string | null; closureReason: string | null };
    };

function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 5; depth++) {
    if (err.code === '23505') return true;
    err = err.cause as typeof err;
  }
  return false;
}
