// Raffle reads (spec features §3, §7): offers and their draws as the storefront shows them, a draw's verification
// data, the results lists' raffles tab and what the catalogue lists. Ticket supply is raffles.supply.ts, the draw
// lifecycle raffles.lifecycle.ts, causes and a customer's support raffles.causes.ts; the draw itself is a workflow.
import {
  type GameOffer,
  type Raffle,
  type RaffleDraw,
  type RaffleResult,
  type RaffleVerification,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import { VERIFICATION_PROCEDURE } from './raffles.draw.ts';
import { raffleViews } from './raffles.views.ts';
import { type RafflesDeps, type RaffleUpcomingDraw } from './raffles.rules.ts';

export * from './raffles.rules.ts';

export function createRafflesService(deps: RafflesDeps) {
  const { db, clock } = deps;
  const { repo, money, isDrawn, drawViews, raffleView, offerOr404, drawOr404, prizeInputs } = raffleViews(deps);

  const service = {
    async isRaffle(offerKey: string): Promise<boolean> {
      return (await repo.offer(db, offerKey)) !== null;
    },

    async raffles(filter: { causeSlug?: string } = {}): Promise<Raffle[]> {
      const offers = (await repo.offers(db)).filter(
        (o) => !filter.causeSlug || o.causeSlugs.includes(filter.causeSlug),
      );
      return Promise.all(offers.map((o) => raffleView(db, o)));
    },
    async raffle(offerKey: string): Promise<Raffle> {
      return raffleView(db, await offerOr404(db, offerKey));
    },
    async draw(offerKey: string, drawNo: number): Promise<RaffleDraw> {
      const offer = await offerOr404(db, offerKey);
      return (await drawViews(db, offer, [await drawOr404(db, offer, drawNo)]))[0]!;
    },
    /** A drawn draw (prizes and winners pages): 404 result_not_available before the draw. */
    async drawnDraw(offerKey: string, drawNo: number): Promise<RaffleDraw> {
      const view = await service.draw(offerKey, drawNo);
      if (view.status !== 'drawn' && view.status !== 'paid')
        throw notFound(`Draw ${drawNo} has not been drawn yet.`, 'result_not_available');
      return view;
    },

    async verification(offerKey: string, drawNo: number): Promise<RaffleVerification> {
      const offer = await offerOr404(db, offerKey);
      const draw = await drawOr404(db, offer, drawNo);
      const closed = draw.soldListHash !== null;
      const [prizes, winners, numbers] = await Promise.all([
        repo.prizesOf(db, [draw.id]),
        isDrawn(draw) ? repo.winnersOf(db, [draw.id]) : [],
        closed ? repo.ticketNumbers(db, draw.id) : [],
      ]);
      const inputs = prizeInputs(prizes, draw);
      return {
        drawId: draw.publicId,
        productOfferKey: offer.offerKey,
        drawNo: draw.drawNo,
        status: draw.status as RaffleVerification['status'],
        commitment: draw.commitment,
        seed: isDrawn(draw) ? draw.seed : null,
        soldListHash: draw.soldListHash,
        ticketNumbers: numbers,
        prizes: prizes.map((p, i) => ({
          rank: p.rank,
          kind: p.kind as 'first',
          name: p.name,
          eligibleUpTo: isDrawn(draw) ? inputs[i]!.eligibleUpTo : (p.cutoffTicket ?? null),
        })),
        winners: winners.map((w) => ({ rank: w.prize.rank, ticketNumber: w.winner.ticketNumber })),
        procedure: VERIFICATION_PROCEDURE,
      };
    },

    async upcomingDraws(offerKey: string): Promise<RaffleUpcomingDraw[]> {
      const now = clock.now().getTime();
      const prizes = new Map<number, number | null>();
      const draws = (await repo.drawsOf(db, offerKey)).filter(
        (d) => (d.status === 'open' || d.status === 'pre_order') && d.stopAt.getTime() > now && d.sold < d.cap,
      );
      for (const p of await repo.prizesOf(
        db,
        draws.map((d) => d.id),
      ))
        if (p.rank === 1) prizes.set(p.drawId, p.valueCents ?? p.cashCents);
      return draws.map((d) => ({
        id: d.publicId,
        drawNo: d.drawNo,
        stopAt: d.stopAt,
        drawAt: d.drawAt,
        jackpotCents: prizes.get(d.id) ?? null,
        purchaseStatus: d.status === 'pre_order' ? 'pre_order' : 'standard',
      }));
    },
    /** The raffle's one game offer for the catalogue: bundles as prices, numGames = tickets (features §9 default entry). */
    async gameOffer(offerKey: string): Promise<GameOffer | null> {
      const offer = await repo.offer(db, offerKey);
      if (!offer) return null;
      const bundles = [...offer.bundles].sort((a, b) => a.tickets - b.tickets);
      const max = Math.max(100, ...bundles.map((b) => b.tickets));
      return {
        key: 'standard',
        name: 'Tickets',
        minGames: 1,
        maxGames: max,
        defaultGames: offer.defaultEntryCount ?? bundles[0]?.tickets ?? 1,
        gamesPerLine: 1,
        numberSets: [],
        pricePerLine: money(offer.ticketPriceCents, offer.currency),
        prices: bundles.map((b) => ({
          games: b.tickets,
          numGames: b.tickets,
          price: money(b.priceCents, offer.currency),
        })),
        priceCurrency: offer.currency,
        defaultEntryCount: offer.defaultEntryCount ?? bundles[0]?.tickets ?? 1,
      };
    },

    /** Price of n tickets: a bundle's price when n is a bundle size, else n x the ticket price. */
    async results(q: {
      limit: number;
      offset: number;
      offerKey?: string;
    }): Promise<{ items: RaffleResult[]; total: number }> {
      const { rows, total } = await repo.drawnPage(db, q.limit, q.offset, q.offerKey);
      const offers = new Map((await repo.offers(db)).map((o) => [o.offerKey, o]));
      const winners = await repo.winnersOf(
        db,
        rows.map((r) => r.id),
      );
      const prizes = await repo.prizesOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        items: rows.map((d) => {
          const first = prizes.find((p) => p.drawId === d.id && p.rank === 1);
          const w = winners.find((x) => x.winner.drawId === d.id && x.prize.rank === 1);
          return {
            drawId: d.publicId,
            productOfferKey: d.offerKey,
            name: `${offers.get(d.offerKey)?.name ?? d.offerKey} draw ${d.drawNo}`,
            drawNo: d.drawNo,
            drawDate: d.drawAt.toISOString(),
            firstPrize: first?.name ?? null,
            winningTicketNumber: w?.winner.ticketNumber ?? null,
            ticketsSold: d.sold,
          };
        }),
      };
    },
  };
  return service;
}

export type RafflesService = ReturnType<typeof createRafflesService>;
