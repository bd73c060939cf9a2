// After a draw is paid (DRAW_PAID -> DRAW_EMAILED, DESIGN.md §7): each winning customer gets one email with what they
// won, already in their wallet. The emails are written to the outbox in one transaction, each with a key per draw
// and customer, so a run repeated after a crash (before the draw was marked emailed) sends nobody a second one.
// Winning notices are service messages: they go whatever the customer's marketing preferences say. Customers whose
// tickets won nothing get the draw's results as a marketing email (docs/emails.md): only with email consent and
// not unsubscribed from the offer, with its unsubscribe link; one per draw, customer and offer.
import { formatCurrency } from '@shop/contracts';
import { getGame, type GameKey } from '@shop/lottery';
import type { Db } from '../db/index.ts';
import { button, details, highlight, picksText, text, type Outbox } from '../modules/notifications/index.ts';
import type { OrdersService } from '../modules/orders/index.ts';

export interface EmailWinnersDeps {
  db: Db;
  draws: {
    getDraw(drawId: string): Promise<{
      id: string;
      gameKey: string;
      drawNo: number;
      status: string;
      result: { numbers: number[]; supplementaries: number[]; bonus?: Record<string, number[]> } | null;
    } | null>;
  };
  orders: Pick<OrdersService, 'winnersByCustomer' | 'winningLines' | 'ticketHolders'>;
  contacts: { contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>> };
  outbox: Pick<Outbox, 'enqueueEmail'>;
  publicUrl: string;
}

export const winnerEmailKey = (drawId: string, customerId: string) => `winner:${drawId}:${customerId}`;
export const resultsEmailKey = (drawId: string, customerId: string, offerKey: string) =>
  `results:${drawId}:${customerId}:${offerKey}`;

/** A draw's winning numbers as a reader says them. */
function resultText(result: NonNullable<Awaited<ReturnType<EmailWinnersDeps['draws']['getDraw']>>>['result']) {
  if (!result) return '';
  return picksText({
    numbers: result.numbers,
    ...(result.supplementaries.length ? { supplementaries: result.supplementaries } : {}),
    ...result.bonus,
  });
}

/** Queues the winners' emails (and the others' results emails) of a paid draw; returns how many this call queued. */
export async function emailWinners(deps: EmailWinnersDeps, drawId: string): Promise<number> {
  const draw = await deps.draws.getDraw(drawId);
  if (!draw || (draw.status !== 'DRAW_PAID' && draw.status !== 'DRAW_EMAILED')) return 0;
  const game = getGame(draw.gameKey as GameKey, draw.drawNo);
  const winners = (await deps.orders.winnersByCustomer(drawId)).filter((w) => w.prizeCents > 0);
  const lines = await deps.orders.winningLines(drawId);
  const won = new Set(winners.map((w) => w.customerId));
  const others = (await deps.orders.ticketHolders(drawId)).filter((h) => !won.has(h.customerId));
  const contacts = await deps.contacts.contactsOf([...won, ...others.map((h) => h.customerId)]);
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
    for (const h of others) {
      const contact = contacts.get(h.customerId);
      if (!contact) continue;
      const id = await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'draw_results',
        dedupeKey: resultsEmailKey(drawId, h.customerId, h.productOfferKey),
        marketing: { customerId: h.customerId, productOfferKey: h.productOfferKey },
        subject: `${game.name} draw ${draw.drawNo} results`,
        greeting: `Hi ${contact.firstname},`,
        body: [
          text(`The results of ${game.name} draw ${draw.drawNo} are in.`),
          details([['Winning numbers', resultText(draw.result)]]),
          text('Your tickets in this draw did not win a prize this time.'),
          button('See the results', resultsUrl),
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
