// Emails about paying for recurring purchases, through the notifications outbox (docs/recurring.md "Emails"): an
// attempt that failed (soft: we try again; hard: what the customer must do), and a card that pays for a recurring
// purchase expiring within 3 months (task `recurring-card-expiry`). A recurring purchase that was made is told by the
// purchase's own receipt email; the pause after repeated hard failures by `autoplay_paused` (services.ts).
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { button, text, type EmailMessage } from '../notifications/index.ts';
import { cardExpired } from './recurring.funding.ts';
import { createRecurringPaymentsRepository } from './recurring.payments.repository.ts';
import type { FailedNotifier } from './recurring.processor.ts';
import type { GaveUpNotifier } from './recurring.scheduled.processor.ts';

export interface RecurringMail {
  enqueueEmail(tx: Executor, message: EmailMessage): Promise<number | null>;
}
export type ContactsOf = (ids: string[]) => Promise<Map<string, { email: string }>>;

const RESOLVE_PATH = 'My account > Payment problems';
/** The page a customer fixes a failed recurring payment on (the link of the failure emails). */
export const paymentResolutionButton = (publicUrl: string) =>
  button('Fix the payment', `${publicUrl}/my-account/payment-resolution`);

/**
 * A failed attempt, emailed once per draw and kind (a soft failure is retried every run: one email for the draw; a
 * hard one again after each retry the customer makes, since the failure count is part of its key).
 */
export function recurringFailureEmail(
  outbox: RecurringMail,
  contactsOf: ContactsOf,
  publicUrl: string,
): FailedNotifier {
  return async (tx, row, failure) => {
    const contact = (await contactsOf([row.customerId])).get(row.customerId);
    if (!contact) return;
    const body =
      failure.kind === 'hard'
        ? [
            text(`We could not buy your ${row.description} ticket: ${failure.reason}`),
            text(
              `Nothing more will be tried for this draw until you fix the payment: add funds to your wallet, add a working card or choose another way to pay, then retry in ${RESOLVE_PATH}.`,
            ),
            paymentResolutionButton(publicUrl),
          ]
        : [
            text(`We could not buy your ${row.description} ticket yet: ${failure.reason}`),
            text(
              'We will try again until the draw closes; you do not need to do anything unless this keeps happening.',
            ),
          ];
    await outbox.enqueueEmail(tx, {
      to: contact.email,
      kind: failure.kind === 'hard' ? 'recurring_failed_hard' : 'recurring_failed_soft',
      subject:
        failure.kind === 'hard'
          ? 'Action needed: your autoplay ticket was not bought'
          : 'Your autoplay ticket is delayed',
      body,
      dedupeKey: `recurring_failed:${row.publicId}:${failure.occasion}:${failure.kind}:${row.consecutiveHardFailures}`,
    });
  };
}

/**
 * A scheduled purchase or pre-order given up (its draw closed, or refused too many times): nothing was charged for
 * it and nothing more will be tried; emailed once.
 */
export function scheduledGaveUpEmail(outbox: RecurringMail, contactsOf: ContactsOf): GaveUpNotifier {
  return async (tx, row, reason) => {
    const contact = (await contactsOf([row.customerId])).get(row.customerId);
    if (!contact) return;
    const what = row.kind === 'pre_order' ? 'pre-order' : 'scheduled purchase';
    await outbox.enqueueEmail(tx, {
      to: contact.email,
      kind: 'scheduled_gave_up',
      subject: `Your ${what} was not bought`,
      body: [
        text(`We could not buy your ${what} of ${row.description}. ${reason}`),
        text(
          'Nothing was charged for it, and we will not try again. You can buy a ticket for another draw in the shop.',
        ),
      ],
      dedupeKey: `scheduled_gave_up:${row.publicId}`,
    });
  };
}

/** A saved card as the expiry reminder needs it. */
export interface ReminderCard {
  id: string;
  label: string;
  expiryMonth: number | null;
  expiryYear: number | null;
}

/** The card expires (is unusable from the 1st of the month after its expiry month) within `months` months of now. */
export function expiresWithin(card: Pick<ReminderCard, 'expiryMonth' | 'expiryYear'>, now: Date, months: number) {
  if (!card.expiryMonth || !card.expiryYear || cardExpired(card, now)) return false;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() + months);
  return cardExpired(card, limit);
}

/**
 * Task `recurring-card-expiry` (daily): every card that pays for a live recurring purchase and expires within 3
 * months gets one email per card and expiry date. Answers how many were enqueued.
 */
export function createCardExpiryReminders(deps: {
  db: Db;
  clock: Clock;
  outbox: RecurringMail;
  contactsOf: ContactsOf;
  card(customerId: string, fundId: string): Promise<ReminderCard | null>;
}) {
  const repo = createRecurringPaymentsRepository();
  return async function remindExpiringCards(): Promise<number> {
    const now = deps.clock.now();
    let sent = 0;
    for (const { customerId, fundId } of await repo.cardFunded(deps.db)) {
      const card = await deps.card(customerId, fundId);
      if (!card || !expiresWithin(card, now, 3)) continue;
      const contact = (await deps.contactsOf([customerId])).get(customerId);
      if (!contact) continue;
      const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;
      const id = await deps.outbox.enqueueEmail(deps.db, {
        to: contact.email,
        kind: 'recurring_card_expiring',
        subject: 'The card paying for your autoplay expires soon',
        body: [
          text(`Your ${card.label} pays for your autoplay and expires at the end of ${expiry}.`),
          text(
            `Add a new card and choose it in ${RESOLVE_PATH}, or keep funds in your wallet, so your tickets keep being bought.`,
          ),
        ],
        dedupeKey: `card_expiring:${fundId}:${expiry}`,
      });
      if (id !== null) sent++;
    }
    return sent;
  };
}
