// The notification feed's cards for the events other modules tell about (issue 20): each adapter here is the hook a
// module calls inside the transaction of its event, and posts the card in that same transaction. services.ts hands
// them to the modules; what a card says lives here, in one place.
import { randomBytes } from 'node:crypto';
import { formatCurrency, type CurrencyCode } from '@shop/contracts';
import type { Executor } from './db/index.ts';
import type { InviteMembers } from './modules/lotto-party/index.ts';
import { sessionPagePath } from './modules/lotto-party/index.ts';
import type { FeedPoster } from './modules/notifications/index.ts';
import type { FailedNotifier, PausedNotifier } from './modules/recurring/index.ts';
import type { AppliedLimitChange } from './modules/responsible-gambling/index.ts';
import { pastTicketsLink } from './workflows/draw-result-cards.workflow.ts';
import type { RaffleWin } from './workflows/draw-raffle.workflow.ts';

/** Where a customer fixes a recurring purchase that could not be paid (the storefront's payment problems screen). */
const PAYMENT_RESOLUTION_PATH = '/my-account/payment-resolution';

/** Both hooks run, the first (the module's email) before the second (the card). */
export function alongside<A extends unknown[]>(
  first: ((...args: A) => Promise<unknown>) | undefined,
  second: (...args: A) => Promise<unknown>,
): (...args: A) => Promise<void> {
  return async (...args) => {
    await first?.(...args);
    await second(...args);
  };
}

export function feedCards(feed: FeedPoster) {
  const one = (tx: Executor, card: Parameters<FeedPoster['post']>[1][number]) => feed.post(tx, [card]);
  return {
    /** A withdrawal left for the customer's account. */
    withdrawalPaid: (
      tx: Executor,
      w: { customerId: string; publicId: string; amountCents: number; currency: string },
    ) =>
      one(tx, {
        customerId: w.customerId,
        kind: 'withdrawal_paid',
        title: 'Withdrawal paid',
        icon: 'wallet',
        message: `We have paid your withdrawal of ${formatCurrency(w.amountCents, w.currency as CurrencyCode)}.`,
        // The withdrawal's own page, as its email links (features §2: a withdrawal page is at the withdrawal id).
        actions: [{ text: 'View the withdrawal', link: `/my-account/withdraw/details/${w.publicId}` }],
        dedupeKey: `withdrawal_paid:${w.publicId}`,
      }),

    /** A deposit waits for the 3-D Secure check (features §8: deposit_pending is titled "Action Required"). */
    depositPending: (
      tx: Executor,
      d: { customerId: string; publicId: string; amountCents: number; currency: string },
    ) =>
      one(tx, {
        customerId: d.customerId,
        kind: 'deposit_pending',
        title: 'Action Required',
        icon: 'warning',
        message: `Your deposit of ${formatCurrency(d.amountCents, d.currency as CurrencyCode)} is waiting for the 3-D Secure check with your bank.`,
        actions: [{ text: 'View the deposit', link: `/my-account/deposit/details/${d.publicId}` }],
        isAutoDismissed: false,
        // The deposit's own answer says so on the spot (the deposit_pending API message): the card waits in the feed.
        alreadyToasted: true,
        dedupeKey: `deposit_pending:${d.publicId}`,
      }),

    /** That deposit's check is done (approved, failed or cancelled): its "Action Required" card goes. */
    depositChallengeDecided: (tx: Executor, d: { customerId: string; publicId: string }) =>
      feed.withdraw(tx, d.customerId, `deposit_pending:${d.publicId}`),

    /** An autoplay (or subscription) could not buy its ticket and waits for the customer, or was paused. */
    autoplayFailed: ((tx, row, failure) =>
      failure.kind === 'hard'
        ? one(tx, {
            customerId: row.customerId,
            kind: 'autoplay_failed',
            title: `We could not buy your ${row.type === 'subscription' ? 'subscription' : 'autoplay'} ticket`,
            icon: 'warning',
            message: `${row.description}: ${failure.reason}`,
            actions: [{ text: 'Fix the payment', link: PAYMENT_RESOLUTION_PATH }],
            isAutoDismissed: false,
            dedupeKey: `autoplay_failed:${row.publicId}:${failure.occasion}`,
          }).then(() => undefined)
        : Promise.resolve()) satisfies FailedNotifier,
    autoplayPaused: ((tx, row, reason) =>
      one(tx, {
        customerId: row.customerId,
        kind: 'autoplay_failed',
        title: `Your ${row.type === 'subscription' ? 'subscription' : 'autoplay'} is paused`,
        icon: 'warning',
        message: `${row.description}: ${reason}`,
        actions: [
          {
            text: 'Manage it',
            link: row.type === 'subscription' ? '/my-account/subscriptions' : '/my-account/autoplay',
          },
        ],
        isAutoDismissed: false,
        dedupeKey: `autoplay_paused:${row.publicId}:${row.hardFailedOccasion ?? ''}`,
      }).then(() => undefined)) satisfies PausedNotifier,

    /** Members invited to a new Lotto Party session (inviteAllExistingMembers), one card each per session. */
    lottoPartyInvited: (async (tx, invites) => {
      await feed.post(
        tx,
        invites.map((i) => ({
          customerId: i.customerId,
          kind: 'lotto_party_invite',
          title: `${i.organiserName} invited you to a Lotto Party`,
          icon: 'megaphone' as const,
          message: `${i.groupName} is splitting a ${i.offerName} ticket for draw ${i.drawNo}: ${i.numShares} shares of ${formatCurrency(i.sharePriceCents, i.currency, i.currency === 'GBP' ? 'en-GB' : 'en-AU')}.`,
          actions: [{ text: 'See the session', link: sessionPagePath(i.sessionId) }],
          dedupeKey: i.dedupeKey,
        })),
      );
    }) satisfies InviteMembers,

    /** A Daily Winners giveaway prize was paid. */
    giveawayWon: (
      tx: Executor,
      won: { winnerId: string | number; customerId: string; giveaway: string; prize: string; link: string },
    ) =>
      one(tx, {
        customerId: won.customerId,
        kind: 'giveaway_won',
        title: 'You won a giveaway!',
        icon: 'gift',
        message: `${won.giveaway}: you won ${won.prize}.`,
        actions: [{ text: 'See your prize', link: won.link }],
        isAutoDismissed: false,
        dedupeKey: `giveaway_won:${won.winnerId}`,
      }),

    /** A customer's tickets won in a charity raffle draw (cash prizes are already in the wallet). */
    raffleWon: (tx: Executor, won: RaffleWin) => {
      const lines = won.prizes.map(
        (p) =>
          `ticket ${p.ticketNumber} won ${p.name}` +
          (p.cashCents === null ? ' (our team will contact you to deliver it)' : ''),
      );
      const cash = won.prizes.reduce((sum, p) => sum + (p.cashCents ?? 0), 0);
      const tickets = won.orderIds.length === 1 ? 'ticket' : 'tickets';
      return one(tx, {
        customerId: won.customerId,
        kind: 'ticket_won',
        title:
          cash > 0
            ? `You won ${formatCurrency(cash, won.currency, won.currency === 'GBP' ? 'en-GB' : 'en-AU')}!`
            : 'You won a prize!',
        icon: 'trophy',
        message:
          `${won.offerName} draw ${won.drawNo}: ${lines.join('; ')}.` +
          (cash > 0 ? ' The cash is already in your account.' : ''),
        actions: [
          ...(won.orderIds.length > 0 ? [{ text: `View your ${tickets}`, link: pastTicketsLink(won.orderIds) }] : []),
          { text: 'Check the draw', link: `/${won.offerKey}/draw/${won.drawNo}/verify` },
        ],
        isAutoDismissed: false,
        dedupeKey: `raffle_won:${won.drawId}`,
      });
    },

    /**
     * A limit change took effect: a lower or first limit at once, or a raise or removal after its cooling-off delay
     * (`due`, written by the sweep or the customer's next limit change, whichever comes first).
     */
    limitApplied: (tx: Executor, change: AppliedLimitChange) =>
      one(tx, {
        customerId: change.customerId,
        kind: 'limit_applied',
        title: 'Limit updated',
        icon: 'shield',
        message: change.message,
        actions: [{ text: 'View your limits', link: '/my-account/spend-limits' }],
        // Set by the customer: told on the spot (features §8 success notification); a due change is news, a toast.
        alreadyToasted: !change.due,
        // A due change once per limit and date; each change set by the customer is its own card.
        dedupeKey: change.due
          ? `limit_due:${change.due.limitId}:${change.due.from.toISOString()}`
          : `limit_applied:${randomBytes(9).toString('base64url')}`,
      }),
  };
}
