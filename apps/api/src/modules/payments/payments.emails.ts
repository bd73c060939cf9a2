// Emails about money moving in and out of the wallet (docs/payments.md "Emails"): a deposit credited, a withdrawal
// requested, paid or rejected. Each is a transactional email written to the outbox in the transaction that moves the
// money, keyed by the deposit or withdrawal and its step, so a retried or resumed step never sends a second one.
import { formatCurrency, type CurrencyCode } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { button, highlight, text, type EmailMessage } from '../notifications/index.ts';

export interface PaymentMovement {
  customerId: string;
  publicId: string;
  amountCents: number;
  currency: string;
  /** The method's name: "Credit or debit card", "Bank account". */
  method: string;
}

export type WithdrawalStep = 'requested' | 'paid' | 'rejected';

/** Told inside the transaction of each step (absent: nobody is emailed). */
export interface PaymentNotices {
  depositApproved(tx: Executor, deposit: PaymentMovement): Promise<void>;
  withdrawal(tx: Executor, withdrawal: PaymentMovement, step: WithdrawalStep, reason?: string | null): Promise<void>;
  /** A refund of a deposit was made by the gateway (the money is on its way back to the card). */
  depositRefunded(tx: Executor, refund: PaymentMovement & { depositId: string }): Promise<void>;
}

export interface PaymentEmailDeps {
  outbox: { enqueueEmail(tx: Executor, m: EmailMessage): Promise<unknown> };
  /** Read in the caller's transaction (`exec`): no second pooled connection while the money's locks are held. */
  contactsOf(ids: string[], exec: Executor): Promise<Map<string, { email: string; firstname: string }>>;
  publicUrl: string;
}

const money = (m: PaymentMovement) =>
  formatCurrency(m.amountCents, m.currency as CurrencyCode, m.currency === 'GBP' ? 'en-GB' : 'en-AU');

const WITHDRAWAL_WORDS: Record<WithdrawalStep, { subject: string; says: (m: PaymentMovement) => string }> = {
  requested: {
    subject: 'We received your withdrawal request',
    says: (m) =>
      `We received your request to withdraw ${money(m)} to your ${m.method}. The amount is held in your account while we check and pay it; we will email you when it is paid.`,
  },
  paid: {
    subject: 'Your withdrawal is paid',
    says: (m) => `We paid ${money(m)} to your ${m.method}. It can take 1 to 3 business days to reach you.`,
  },
  rejected: {
    subject: 'Your withdrawal could not be paid',
    says: (m) =>
      `We could not pay your withdrawal of ${money(m)} to your ${m.method}: the amount is back in your account.`,
  },
};

export function paymentEmails(deps: PaymentEmailDeps): PaymentNotices {
  const contactOf = async (tx: Executor, customerId: string) =>
    (await deps.contactsOf([customerId], tx)).get(customerId);
  return {
    async depositApproved(tx, d) {
      const contact = await contactOf(tx, d.customerId);
      if (!contact) return;
      await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'deposit_approved',
        dedupeKey: `deposit:${d.publicId}`,
        subject: `Your deposit of ${money(d)} is in your account`,
        greeting: `Hi ${contact.firstname},`,
        body: [
          highlight('Deposited', money(d)),
          text(`Your deposit by ${d.method} is in your account, ready to play with. Reference ${d.publicId}.`),
          button('See your transactions', `${deps.publicUrl}/my-account/transactions`),
          text('If you did not make this deposit, contact support now.'),
        ],
      });
    },
    async depositRefunded(tx, r) {
      const contact = await contactOf(tx, r.customerId);
      if (!contact) return;
      await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'deposit_refunded',
        dedupeKey: `refund:${r.publicId}`,
        subject: `We refunded ${money(r)} of your deposit`,
        greeting: `Hi ${contact.firstname},`,
        body: [
          highlight('Refunded', money(r)),
          text(
            `We refunded ${money(r)} of your deposit ${r.depositId} to the ${r.method} you paid it with. It can take 5 to 10 business days to show on your statement; the amount has left your account balance.`,
          ),
          text(`Reference ${r.publicId}.`),
          button('See your transactions', `${deps.publicUrl}/my-account/transactions`),
        ],
      });
    },
    async withdrawal(tx, w, step, reason) {
      const contact = await contactOf(tx, w.customerId);
      if (!contact) return;
      const words = WITHDRAWAL_WORDS[step];
      await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: `withdrawal_${step}`,
        dedupeKey: `withdrawal:${w.publicId}:${step}`,
        subject: words.subject,
        greeting: `Hi ${contact.firstname},`,
        body: [
          highlight('Withdrawal', money(w)),
          text(words.says(w)),
          ...(reason ? [text(`Reason: ${reason}`)] : []),
          text(`Reference ${w.publicId}.`),
          button('See your withdrawal', `${deps.publicUrl}/my-account/withdraw/details/${w.publicId}`),
        ],
      });
    },
  };
}
