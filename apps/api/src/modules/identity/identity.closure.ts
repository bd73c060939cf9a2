// Account closure (ADR 010): the password again, refused while the wallet holds money (the customer withdraws
// first), then every session ends and a confirmation email is queued.
import { IDENTITY_TEXTS } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { Credentials } from './identity.credentials.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, rememberedDevices, sessions } from './identity.repository.ts';
import { requireCustomer, type FundsSource } from './identity.shared.ts';

export interface ClosureDeps {
  db: Db;
  clock: Clock;
  credentials: Pick<Credentials, 'reauthenticate'>;
  mailer: Pick<IdentityMailer, 'accountClosed'>;
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
        await deps.mailer.accountClosed(tx, c);
      });
      deps.sessionsEnded?.();
    },
  };
}
export type ClosureService = ReturnType<typeof createClosureService>;
