// The invite email of a Lotto Party session (features §7 POST /session inviteAllExistingMembers; docs/emails.md: the
// one template, enqueued in the session's transaction, once per session and member).
import { formatCurrency } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { button, drawDateText, text, type EmailMessage } from '../notifications/index.ts';
import type { InviteMembers } from './lotto-party.invites.ts';

export interface LottoPartyMail {
  enqueueEmail(tx: Executor, message: EmailMessage): Promise<number | null>;
}
export type LottoPartyContactsOf = (ids: string[], ex: Executor) => Promise<Map<string, { email: string }>>;

/** The session's page in the storefront (the email's button and the card's action). */
export const sessionPagePath = (sessionId: string) => `/my-account/lotto-party/session/${sessionId}`;

export function sessionInviteEmail(outbox: LottoPartyMail, contactsOf: LottoPartyContactsOf, publicUrl: string) {
  const invite: InviteMembers = async (tx, invites) => {
    const contacts = await contactsOf(
      invites.map((i) => i.customerId),
      tx,
    );
    for (const i of invites) {
      const contact = contacts.get(i.customerId);
      if (!contact) continue;
      const price = formatCurrency(i.sharePriceCents, i.currency, i.currency === 'GBP' ? 'en-GB' : 'en-AU');
      await outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'lotto_party_invite',
        subject: `${i.organiserName} invited you to a Lotto Party for ${i.offerName} draw ${i.drawNo}`,
        body: [
          text(
            `${i.organiserName} started a Lotto Party session in ${i.groupName}: one ${i.offerName} ticket for draw ${i.drawNo} (${drawDateText(i.drawAt)}), split into ${i.numShares} shares of ${price}.`,
          ),
          text(
            `Shares are on sale until ${drawDateText(i.closesAt)}. The ticket is bought when every share is sold; if they are not all sold by then, the session is cancelled and every share is refunded to its buyer's wallet. Prizes are split by shares, to the cent.`,
          ),
          button('See the session', `${publicUrl}${sessionPagePath(i.sessionId)}`),
        ],
        dedupeKey: i.dedupeKey,
      });
    }
  };
  return invite;
}
