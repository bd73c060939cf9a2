// Passwords (DESIGN.md §5): forgot (the same answer whether or not the account exists; a 1-hour single-use link),
// reset (ends every session), forced change, and change (current password required; ends the other sessions).
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { AttemptGuard } from './identity.attempts.ts';
import type { Credentials } from './identity.credentials.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, rememberedDevices, sessions } from './identity.repository.ts';
import { checkNewPassword, HOUR, linkInvalid, requireCustomer, THROTTLE, type RequestInfo } from './identity.shared.ts';
import type { OneTimeTokens } from './identity.tokens.ts';

export interface PasswordDeps {
  db: Db;
  clock: Clock;
  attempts: AttemptGuard;
  credentials: Credentials;
  tokens: OneTimeTokens;
  mailer: Pick<IdentityMailer, 'passwordReset' | 'passwordChanged'>;
  /** Told after sessions were revoked, so this process's session checks forget them at once (ADR 033). */
  sessionsEnded?: () => void;
}

export function createPasswordService(deps: PasswordDeps) {
  const { db, clock, attempts, credentials, tokens, mailer } = deps;
  return {
    async forgotPassword(email: string, req: RequestInfo) {
      await attempts.guard('forgot', [
        { account: email, windowMs: HOUR, max: THROTTLE.forgot.accountPerHour, failuresOnly: false },
        { ip: req.ip, windowMs: HOUR, max: THROTTLE.forgot.ipPerHour, failuresOnly: false },
      ]);
      await attempts.record('forgot', email, req.ip, true);
      const c = await customers.activeByEmail(db, email);
      // The answer is the same whether or not the account exists (no enumeration).
      if (!c) return;
      await db.transaction(async (tx) => {
        await tokens.invalidateAll(tx, c.id, 'password_reset');
        await mailer.passwordReset(tx, c, await tokens.issue(tx, c.id, 'password_reset'));
      });
    },

    async resetPassword(token: string, password: string) {
      const now = clock.now();
      const row = await tokens.peek(db, 'password_reset', token);
      if (!row) throw linkInvalid();
      const c = await customers.byId(db, row.customerId);
      if (!c || c.status !== 'active') throw linkInvalid();
      checkNewPassword(password, c.email, 'password');
      const passwordHash = await credentials.hasher.hash(password);
      await db.transaction(async (tx) => {
        await tokens.consumeLink(tx, 'password_reset', token);
        await credentials.setHash(tx, c.id, passwordHash, now);
        await customers.update(tx, c.id, { forcePasswordChange: false, updatedAt: now });
        await sessions.revokeAll(tx, c.id, 'password_reset', now);
        await rememberedDevices.removeAll(tx, c.id);
        await mailer.passwordChanged(tx, c);
      });
      deps.sessionsEnded?.();
    },

    async forceChangePassword(customerId: string, sessionId: string, password: string) {
      const c = await requireCustomer(db, customerId);
      if (!c.forcePasswordChange)
        throw unprocessable('A password change is not required for this account.', 'not_required');
      checkNewPassword(password, c.email, 'password');
      const passwordHash = await credentials.hasher.hash(password);
      const now = clock.now();
      const keep = await sessions.byPublicId(db, sessionId);
      await db.transaction(async (tx) => {
        await credentials.setHash(tx, c.id, passwordHash, now);
        await customers.update(tx, c.id, { forcePasswordChange: false, updatedAt: now });
        await sessions.revokeAll(tx, c.id, 'password_changed', now, keep?.id);
      });
      deps.sessionsEnded?.();
    },

    async changePassword(customerId: string, sessionId: string, currentPassword: string, newPassword: string) {
      const c = await requireCustomer(db, customerId);
      await credentials.reauthenticate(c, currentPassword, 'currentPassword');
      checkNewPassword(newPassword, c.email, 'newPassword');
      const passwordHash = await credentials.hasher.hash(newPassword);
      const now = clock.now();
      const keep = await sessions.byPublicId(db, sessionId);
      await db.transaction(async (tx) => {
        await credentials.setHash(tx, c.id, passwordHash, now);
        await sessions.revokeAll(tx, c.id, 'password_changed', now, keep?.id);
        await rememberedDevices.removeAll(tx, c.id);
        await mailer.passwordChanged(tx, c);
      });
      deps.sessionsEnded?.();
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
