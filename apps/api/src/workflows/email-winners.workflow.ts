// After a draw is paid (DRAW_PAID -> DRAW_EMAILED, DESIGN.md §7): each winning customer gets one email with what they
// won, already in their wallet. The emails are written to the outbox in one transaction, each with a key per draw
// and customer, so a run repeated after a crash (before the draw was marked emailed) sends nobody a second one.
// Winning notices are service messages: they go whatever the customer's marketing preferences say.
import { formatCurrency } from '@shop/contracts';
import { getGame, type GameKey } from '@shop/lottery';
import type { Db } from '../db/index.ts';
import { button, details, highlight, picksText, text, type Outbox } from '../modules/notifications/index.ts';
import type { OrdersService } from '../modules/orders/index.ts';

export interface EmailWinnersDeps {
  db: Db;
  draws: { getDraw(drawId: string): Promise<{ id: string; gameKey: string; drawNo: number; status: string } | null> };
  orders: Pick<OrdersService, 'winnersByCustomer' | 'winningLines'>;
  contacts: { contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>> };
  outbox: Pick<Outbox, 'enqueueEmail'>;
  publicUrl: string;
}

export const winnerEmailKey = (drawId: string, customerId: string) => `winner:${drawId}:${customerId}`;

/** Queues the winners' emails of a paid draw; returns how many were queued by this call. */
export async function emailWinners(deps: EmailWinnersDeps, drawId: string): Promise<number> {
  const draw = await deps.draws.getDraw(drawId);
  if (!draw || (draw.status !== 'DRAW_PAID' && draw.status !== 'DRAW_EMAILED')) return 0;
  const game = getGame(draw.gameKey as GameKey, draw.drawNo);
  const winners = (await deps.orders.winnersByCustomer(drawId)).filter((w) => w.prizeCents > 0);
  const lines = await deps.orders.winningLines(drawId);
  const contacts = await deps.contacts.contactsOf(winners.map((w) => w.customerId));
  const resultsUrl = `${deps.publicUrl}/${game.key}/results/draw/${draw.drawNo}`;
  const money = (cents: number) => formatCurrency(cents, game.currency, game.currency === 'GBP' ? 'en-GB' : 'en-AU');
  return deps.db.transaction(async (tx) => {
    let queued = 0;
    for (const w of winners) {
      const contact = contacts.get(w.customerId);
      // A customer who closed their account since buying still has their prize; there is no address to write to.
      if (!contact) continue;
      const amount = money(w.prizeCents);
      const mine = lines.filter((l) => l.customerId === w.customerId);
      const id = await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'draw_winner',
        dedupeKey: winnerEmailKey(drawId, w.customerId),
        subject: `You won ${amount} in ${game.name} draw ${draw.drawNo}`,
        greeting: `Hi ${contact.firstname},`,
        body: [
          text(
            `Congratulations: your ${game.name} ticket${w.lines === 1 ? '' : 's'} in draw ${draw.drawNo} won ${amount} (best prize: division ${w.bestDivision}).`,
          ),
          highlight('Your prize', amount),
          ...mine.map((l) =>
            details(
              [
                ['Numbers', picksText(l.numbers)],
                ['Division', String(l.division)],
                ['Prize', money(l.prizeCents)],
              ],
              `Ticket ${l.ticketId}`,
            ),
          ),
          text('The money is already in your account, ready to play with or withdraw.'),
          ...mine
            .slice(0, 1)
            .map((l) => button('See your ticket', `${deps.publicUrl}/my-account/past-tickets/ticket/${l.ticketId}`)),
          button('See the results and prizes', resultsUrl),
        ],
      });
      if (id !== null) queued++;
    }
    return queued;
  });
}

/** The winners' emails as a service of the composition root (the draw clock's emailWinners step). */
export function createWinnerEmailsWorkflow(deps: EmailWinnersDeps) {
  return { emailWinners: (drawId: string) => emailWinners(deps, drawId) };
}
export type WinnerEmailsWorkflow = ReturnType<typeof createWinnerEmailsWorkflow>;
