// Causes (features §3): the directory, one cause with its raffles, a signed-in customer's support of a raffle, and
// a customer's raffle draws as their orders and tickets show them.
import { type Cause, type CauseDetails, type RaffleSupport } from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import { raffleViews } from './raffles.views.ts';
import type { RafflesService } from './raffles.service.ts';
import type { RafflesDeps, RaffleCustomerOutcome } from './raffles.rules.ts';

export function createCausesService(deps: RafflesDeps & { raffles: Pick<RafflesService, 'raffles'> }) {
  const { db } = deps;
  const { repo, money, isDrawn, causeViews, offerOr404 } = raffleViews(deps);

  const service = {
    async support(customerId: string, offerKey: string): Promise<RaffleSupport> {
      const offer = await offerOr404(db, offerKey);
      const rows = (await repo.customerEntries(db, customerId, offerKey)).filter((r) => r.entry.status !== 'failed');
      const causes = await repo.causesBySlugs(db, [
        ...new Set(rows.map((r) => r.entry.causeSlug).filter((s): s is string => s !== null)),
      ]);
      const names = new Map(causes.map((c) => [c.slug, c.name]));
      const perCause = new Map<string, { tickets: number; cents: number }>();
      const perDraw = new Map<number, { numbers: number[]; status: string }>();
      let tickets = 0;
      let cents = 0;
      for (const { entry, drawNo, drawStatus } of rows) {
        tickets += entry.numTickets;
        const paid = entry.status === 'allocated' ? entry.amountCents : 0;
        cents += paid;
        if (entry.causeSlug) {
          const c = perCause.get(entry.causeSlug) ?? { tickets: 0, cents: 0 };
          c.tickets += entry.numTickets;
          c.cents += paid;
          perCause.set(entry.causeSlug, c);
        }
        const d = perDraw.get(drawNo) ?? { numbers: [], status: drawStatus };
        if (entry.firstTicket !== null && entry.lastTicket !== null)
          for (let n = entry.firstTicket; n <= entry.lastTicket; n++) d.numbers.push(n);
        perDraw.set(drawNo, d);
      }
      return {
        productOfferKey: offerKey,
        ticketsBought: tickets,
        amountContributed: money(cents, offer.currency),
        causes: [...perCause].map(([slug, c]) => ({
          slug,
          name: names.get(slug) ?? slug,
          tickets: c.tickets,
          amount: money(c.cents, offer.currency),
        })),
        draws: [...perDraw].map(([drawNo, d]) => ({
          drawNo,
          ticketNumbers: d.numbers,
          status: d.status as RaffleSupport['draws'][number]['status'],
        })),
      };
    },

    /**
     * Raffle draws as the customer's orders and tickets show them: drawn or not, the draw time, the customer's ticket
     * numbers with the order each belongs to (pre-orders are numbered only when the draw opens), and their wins.
     * Draws that are not raffle draws are left out.
     */
    async customerOutcomes(customerId: string, drawPublicIds: string[]): Promise<Map<string, RaffleCustomerOutcome>> {
      const draws = await repo.drawsByPublicIds(db, drawPublicIds);
      const [tickets, winners] = await Promise.all([
        repo.customerTickets(
          db,
          customerId,
          draws.map((d) => d.id),
        ),
        repo.winnersOf(
          db,
          draws.filter(isDrawn).map((d) => d.id),
        ),
      ]);
      return new Map(
        draws.map((d) => [
          d.publicId,
          {
            drawn: isDrawn(d),
            drawAt: d.drawAt,
            tickets: tickets.filter((t) => t.drawId === d.id).map((t) => ({ ticketNumber: t.n, orderId: t.orderId })),
            wins: winners
              .filter((w) => w.winner.drawId === d.id && w.winner.customerId === customerId)
              .map((w) => ({
                ticketNumber: w.winner.ticketNumber,
                prizeName: w.prize.name,
                prizeCents: w.prize.cashCents ?? w.prize.valueCents ?? 0,
              })),
          },
        ]),
      );
    },

    async causes(q: {
      slug?: string;
      category?: string;
      q?: string;
      limit: number;
      offset: number;
    }): Promise<{ items: Cause[]; total: number }> {
      const { rows, total } = await repo.causes(db, q);
      return { items: await causeViews(db, rows), total };
    },
    async cause(idOrSlug: string): Promise<CauseDetails> {
      const row = await repo.causeByIdOrSlug(db, idOrSlug);
      if (!row) throw notFound(`There is no cause "${idOrSlug}".`, 'unknown_cause');
      const [view] = await causeViews(db, [row]);
      return { ...view!, raffles: await deps.raffles.raffles({ causeSlug: row.slug }) };
    },

    /** The catalogue's draws of a raffle offer: on sale or taking pre-orders, soonest first. */
  };
  return service;
}
export type CausesService = ReturnType<typeof createCausesService>;
