// Ticket supply (reg 83): sequential numbers allocated atomically under the permit's cap inside the purchase
// transaction and free postal entries (pre-orders are the recurring module's scheduled purchases, ADR 064).
import { type CurrencyCode } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { createRafflesRepository, type RaffleOfferRow } from './raffles.repository.ts';
import {
  drawClosedMessage,
  soldOutMessage,
  ticketsWord,
  type AllocateRequest,
  type RafflesDeps,
} from './raffles.rules.ts';

export function createRaffleSupplyService(deps: RafflesDeps) {
  const { db, clock } = deps;
  const repo = createRafflesRepository();

  const service = {
    priceOf(offer: Pick<RaffleOfferRow, 'bundles' | 'ticketPriceCents'>, n: number): number {
      const bundle = offer.bundles.find((b) => b.tickets === n);
      return bundle ? bundle.priceCents : n * offer.ticketPriceCents;
    },

    /**
     * Numbers n tickets in the caller's transaction: one conditional UPDATE of the supply counter, then the range
     * sold-n+1..sold. Fails with 422 sold_out (how many are left) or draw_closed; a failure writes nothing.
     */
    async allocate(tx: Executor, r: AllocateRequest): Promise<{ entryId: number; numbers: number[] }> {
      const sold = await repo.takeTickets(tx, r.drawId, r.numTickets);
      if (sold === null) {
        const draw = (await repo.lockDraw(tx, r.drawId, 'share'))!;
        if (draw.status === 'sold_out' || (draw.status === 'open' && draw.sold + r.numTickets > draw.cap)) {
          throw unprocessable(soldOutMessage(draw.cap - draw.sold), 'sold_out', {
            num_tickets: [soldOutMessage(draw.cap - draw.sold)],
          });
        }
        throw unprocessable(drawClosedMessage, 'draw_closed');
      }
      const first = sold - r.numTickets + 1;
      const now = clock.now();
      const entry = await repo.insertEntry(tx, {
        drawId: r.drawId,
        customerId: r.customerId,
        orderId: r.orderId,
        checkoutId: r.checkoutId,
        causeSlug: r.causeSlug,
        numTickets: r.numTickets,
        amountCents: r.amountCents,
        currency: r.currency,
        postal: r.postal,
        status: 'allocated',
        region: r.region,
        firstTicket: first,
        lastTicket: sold,
        createdAt: now,
      });
      await repo.insertTicketRange(tx, {
        drawId: r.drawId,
        entryId: entry.id,
        first,
        last: sold,
        customerId: r.customerId,
        orderId: r.orderId,
        causeSlug: r.causeSlug,
        postal: r.postal,
        at: now,
      });
      return { entryId: entry.id, numbers: Array.from({ length: r.numTickets }, (_, i) => first + i) };
    },

    /** Free postal entry (operator): one ticket, no charge, counted against the cap like any sale. */
    async postalEntry(
      drawPublicId: string,
      customerId: string,
      causeSlug?: string | null,
    ): Promise<{ ticketNumber: number; drawNo: number; offerKey: string }> {
      const draw = await repo.drawByPublicId(db, drawPublicId);
      if (!draw) throw notFound(`There is no raffle draw "${drawPublicId}".`, 'unknown_draw');
      const offer = (await repo.offer(db, draw.offerKey))!;
      const cause = causeSlug ?? (offer.causeSlugs.length === 1 ? offer.causeSlugs[0]! : null);
      if (cause !== null && !offer.causeSlugs.includes(cause))
        throw unprocessable(`${offer.name} does not support the cause "${cause}".`, 'unknown_cause');
      const { numbers } = await db.transaction((tx) =>
        service.allocate(tx, {
          drawId: draw.id,
          customerId,
          numTickets: 1,
          amountCents: 0,
          currency: offer.currency as CurrencyCode,
          causeSlug: cause,
          orderId: null,
          checkoutId: null,
          postal: true,
          region: null,
        }),
      );
      return { ticketNumber: numbers[0]!, drawNo: draw.drawNo, offerKey: draw.offerKey };
    },

    /** When a draw's sales open (its pre-orders are bought then); in the caller's transaction. */
    async salesOpenAt(tx: Executor, drawPublicId: string): Promise<Date> {
      const draw = await repo.drawByPublicId(tx, drawPublicId);
      if (!draw) throw unprocessable(drawClosedMessage, 'draw_closed');
      return draw.salesOpenAt;
    },

    describe: (offer: RaffleOfferRow, drawNo: number, n: number) => `${offer.name} draw ${drawNo}, ${ticketsWord(n)}`,
  };
  return service;
}
export type RaffleSupplyService = ReturnType<typeof createRaffleSupplyService>;
