// Every email the identity domain sends, written to the outbox inside the caller's transaction (a rolled-back change
// sends nothing).
import type { Executor } from '../../db/index.ts';
import type { CustomerRow } from './identity.repository.ts';
import type { OneTimeTokens } from './identity.tokens.ts';

export interface IdentityOutbox {
  enqueueEmail(
    tx: Executor,
    m: { to: string; subject: string; text: string; kind: string; dedupeKey?: string },
  ): Promise<unknown>;
}

export function createIdentityMailer(deps: { outbox: IdentityOutbox; tokens: OneTimeTokens; publicUrl: string }) {
  const { outbox, tokens } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;
  return {
    async emailConfirmation(tx: Executor, c: CustomerRow) {
      const token = await tokens.issue(tx, c.id, 'confirm_email');
      await outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'verify_email',
        subject: 'Please confirm your email address',
        text: `Hi ${c.firstname}, please confirm your email address: ${url(`/my-account/confirm-address/${token}?type=email`)}`,
      });
    },
    twoFactorCode: (tx: Executor, c: CustomerRow, code: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: '2fa_code',
        subject: 'Your Lucky Koala Lotteries security code',
        text: `Your security code is ${code}. It expires in 10 minutes and can be used once. If you did not try to sign in, please change your password.`,
      }),
    passwordReset: (tx: Executor, c: CustomerRow, token: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'password_reset',
        subject: 'Reset your password',
        text: `Hi ${c.firstname}, reset your password within 1 hour with this link (it works once): ${url(`/forgot-password?token=${token}`)}\nIf you did not ask for this, you can ignore this email.`,
      }),
    passwordChanged: (tx: Executor, c: CustomerRow) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'password_changed',
        subject: 'Your password was changed',
        text: `Hi ${c.firstname}, your password was changed. If this was not you, please contact support.`,
      }),
    /** Repeated wrong passwords on the account (identity.login-throttle.ts); `dedupeKey` keeps it to one an hour. */
    loginFailures: (tx: Executor, c: CustomerRow, failures: number, dedupeKey: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'security_alert',
        subject: 'Failed sign-in attempts on your account',
        text: [
          `Hello ${c.firstname},`,
          '',
          `Someone tried to sign in to your account with a wrong password ${failures} times in the last hour.`,
          'If it was you, there is nothing to do. If not, your account is still safe: those attempts are being slowed',
          'down. You may want to choose a new password and turn on two-factor authentication.',
        ].join('\n'),
        dedupeKey,
      }),
    accountClosed: (tx: Executor, c: CustomerRow) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'account_closed',
        subject: 'Your account has been closed',
        text: `Hi ${c.firstname}, your Lucky Koala Lotteries account has been closed as you asked.`,
      }),
  };
}
export type IdentityMailer = ReturnType<typeof createIdentityMailer>;
