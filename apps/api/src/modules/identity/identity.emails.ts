// Every email the identity domain sends, written to the outbox inside the caller's transaction (a rolled-back change
// sends nothing).
import { maskEmail } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { button, code, details, drawDateText, text, type EmailMessage } from '../notifications/index.ts';
import type { CustomerRow } from './identity.repository.ts';
import type { OneTimeTokens } from './identity.tokens.ts';

export interface IdentityOutbox {
  enqueueEmail(tx: Executor, m: EmailMessage): Promise<unknown>;
}

const IF_NOT_YOU = 'If this was not you, change your password now and contact support.';

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
        greeting: `Hi ${c.firstname},`,
        body: [
          text('Please confirm your email address.'),
          button('Confirm my email address', url(`/my-account/confirm-address/${token}?type=email`)),
        ],
      });
    },
    twoFactorCode: (tx: Executor, c: CustomerRow, securityCode: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: '2fa_code',
        subject: 'Your Lucky Koala Lotteries security code',
        body: [
          text('Your security code is:'),
          code(securityCode),
          text(
            'It expires in 10 minutes and can be used once. If you did not try to sign in, please change your password.',
          ),
        ],
      }),
    passwordReset: (tx: Executor, c: CustomerRow, token: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'password_reset',
        subject: 'Reset your password',
        greeting: `Hi ${c.firstname},`,
        body: [
          text('Reset your password within 1 hour with this link (it works once):'),
          button('Choose a new password', url(`/forgot-password?token=${token}`)),
          text('If you did not ask for this, you can ignore this email.'),
        ],
      }),
    passwordChanged: (tx: Executor, c: CustomerRow) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'password_changed',
        subject: 'Your password was changed',
        greeting: `Hi ${c.firstname},`,
        body: [text('Your password was changed.'), text(IF_NOT_YOU)],
      }),
    /**
     * The sign-in email changed: told to the address it was, which can no longer sign in (a session taken over
     * cannot move the account away unnoticed). A security event, always sent.
     */
    emailChanged: (tx: Executor, old: CustomerRow, newEmail: string) =>
      outbox.enqueueEmail(tx, {
        to: old.email,
        kind: 'security_email_changed',
        subject: 'Your email address was changed',
        greeting: `Hi ${old.firstname},`,
        body: [
          text(
            `The email address of your Lucky Koala Lotteries account was changed to ${maskEmail(newEmail)}. You will sign in with the new address from now on, and this address gets no more emails about your account.`,
          ),
          text('If this was not you, contact support now: reply to this email.'),
        ],
      }),
    /** Two-factor authentication turned on (with its method) or off: a security event, always sent. */
    twoFactorChanged: (tx: Executor, c: CustomerRow, method: 'authenticator' | 'email' | null) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'security_2fa_changed',
        subject: method ? 'Two-factor authentication is on' : 'Two-factor authentication was turned off',
        greeting: `Hi ${c.firstname},`,
        body: [
          text(
            method
              ? `Two-factor authentication is now on for your account: you will be asked for a code ${method === 'authenticator' ? 'from your authenticator app' : 'emailed to you'} when you sign in.`
              : 'Two-factor authentication was turned off for your account, and every remembered device was forgotten.',
          ),
          text(IF_NOT_YOU),
          button('Login and security', url('/my-account/login-and-security')),
        ],
      }),
    /** A sign-in from a device not seen before for this customer (identity.devices.ts): a security event, always sent. */
    newSignIn: (tx: Executor, c: CustomerRow, signIn: { at: Date; device: string }) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'security_new_sign_in',
        subject: 'New sign-in to your account',
        greeting: `Hi ${c.firstname},`,
        body: [
          text('Your account was just signed in to from a device we have not seen before.'),
          details([
            ['When', drawDateText(signIn.at)],
            ['Device', signIn.device],
          ]),
          text('If this was you, there is nothing to do.'),
          text(
            'If it was not you, change your password now: that signs every other device out. Then turn on two-factor authentication and contact support.',
          ),
          button('Change my password', url('/my-account/change-Password')),
        ],
      }),
    /** Repeated wrong passwords on the account (identity.login-throttle.ts); `dedupeKey` keeps it to one an hour. */
    loginFailures: (tx: Executor, c: CustomerRow, failures: number, dedupeKey: string) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'security_alert',
        subject: 'Failed sign-in attempts on your account',
        greeting: `Hello ${c.firstname},`,
        body: [
          text(`Someone tried to sign in to your account with a wrong password ${failures} times in the last hour.`),
          text(
            'If it was you, there is nothing to do. If not, your account is still safe: those attempts are being slowed down. You may want to choose a new password and turn on two-factor authentication.',
          ),
        ],
        dedupeKey,
      }),
    accountClosed: (tx: Executor, c: CustomerRow, by: 'customer' | 'operator' = 'customer') =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'account_closed',
        subject: 'Your account has been closed',
        greeting: `Hi ${c.firstname},`,
        body: [
          text(
            by === 'customer'
              ? 'Your Lucky Koala Lotteries account has been closed as you asked.'
              : 'Our customer support team has closed your Lucky Koala Lotteries account. Please reply to this email if you have any questions, including about any balance left in your account.',
          ),
        ],
      }),
    accountReopened: (tx: Executor, c: CustomerRow) =>
      outbox.enqueueEmail(tx, {
        to: c.email,
        kind: 'account_reopened',
        subject: 'Your account has been reopened',
        greeting: `Hi ${c.firstname},`,
        body: [
          text(
            'Our customer support team has reopened your Lucky Koala Lotteries account. You can sign in again with your email and password. If you did not ask for this, please reply to this email.',
          ),
        ],
      }),
  };
}
export type IdentityMailer = ReturnType<typeof createIdentityMailer>;
