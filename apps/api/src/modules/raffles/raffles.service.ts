// Raffle rules: offers and their draws as the storefront shows them, ticket supply (sequential numbers allocated
// atomically under the permit's cap), postal entries, the draw lifecycle steps and causes. Money and notifications
// belong to other domains: the draw and the pre-order charge are workflows (workflows/draw-raffle.workflow.ts).
import {
  toMoney,
  type Cause,
  type CauseDetails,
  type CurrencyCode,
  type GameOffer,
  type Raffle,
  type RaffleDraw,
  type RafflePurchaseStatus,
  type RaffleResult,
  type RaffleSupport,
  type RaffleVerification,
  type RaffleWinner,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import {
  commitmentOf,
  newSeed,
  soldListHash,
  VERIFICATION_PROCEDURE,
  isSubDraw,
  type DrawPrizeInput,
} from './raffles.draw.ts';
import {
  createRafflesRepository,
  publicId,
  type CauseRow,
  type PrizeRow,
  type RaffleDrawRow,
  type RaffleOfferRow,
  type WinnerRow,
} from './raffles.repository.ts';
import type { NextDrawTemplate, PrizeTemplate } from './raffles.schema.ts';

export interface RafflesDeps {
  db: Db;
  clock: Clock;
}

/** What the catalogue needs of a raffle draw (its UpcomingDraw). */
export interface RaffleUpcomingDraw {
  id: string;
  drawNo: number;
  stopAt: Date;
  drawAt: Date;
  jackpotCents: number | null;
  purchaseStatus: 'standard' | 'pre_order';
}

/** One raffle draw as a customer's orders see it (customerOutcomes). */
export interface RaffleCustomerOutcome {
  drawn: boolean;
  drawAt: Date;
  tickets: { ticketNumber: number; orderId: string | null }[];
  /** Prizes that are not cash count at their value. */
  wins: { ticketNumber: number; prizeName: string; prizeCents: number }[];
}

export interface NewRaffleDraw {
  offerKey: string;
  drawNo?: number;
  preOrderFrom?: Date | null;
  salesOpenAt: Date;
  stopAt: Date;
  drawAt: Date;
  cap: number;
  prizes: (Omit<PrizeTemplate, 'closesDaysBeforeStop'> & { closesAt?: Date | null })[];
  /** Tests and the seed's past draw give a known seed; otherwise 32 random bytes. */
  seed?: string;
}

export interface AllocateRequest {
  drawId: number;
  customerId: string;
  numTickets: number;
  amountCents: number;
  currency: CurrencyCode;
  causeSlug: string | null;
  orderId: string | null;
  checkoutId: string | null;
  postal: boolean;
  region: string | null;
}

const ticketsWord = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;
export const soldOutMessage = (left: number) =>
  left <= 0
    ? 'This draw is sold out.'
    : left === 1
      ? 'Only 1 ticket is left in this draw.'
      : `Only ${left} tickets are left in this draw.`;
export const drawClosedMessage = 'This raffle draw is no longer on sale.';

/** "Jane Smith" -> "J. S***" (winners lists never show a full name). */
export function maskName(firstname: string | null | undefined, lastname: string | null | undefined): string {
  const f = (firstname ?? '').trim();
  const l = (lastname ?? '').trim();
  if (!f && !l) return 'A. W***';
  return `${f ? `${f[0]!.toUpperCase()}. ` : ''}${l ? `${l[0]!.toUpperCase()}***` : '***'}`.trim();
}

export function rafflePurchaseStatus(
  d: Pick<RaffleDrawRow, 'status' | 'sold' | 'cap' | 'stopAt' | 'salesOpenAt'>,
  now: Date,
): RafflePurchaseStatus {
  if (d.status === 'pre_order') return 'pre_order';
  if (d.status === 'open' && d.stopAt.getTime() > now.getTime()) return d.sold >= d.cap ? 'sold_out' : 'open';
  if (d.status === 'sold_out' && d.stopAt.getTime() > now.getTime()) return 'sold_out';
  return 'past_draw';
}

export function createRafflesService(deps: RafflesDeps) {
  const { db, clock } = deps;
  const repo = createRafflesRepository();
  const money = (cents: number, currency: string) => toMoney(cents, currency as CurrencyCode);

  function prizeView(p: PrizeRow, currency: string) {
    return {
      rank: p.rank,
      kind: p.kind as 'first',
      name: p.name,
      description: p.description,
      cash: p.cashCents === null ? null : money(p.cashCents, currency),
      value:
        p.valueCents === null
          ? p.cashCents === null
            ? null
            : money(p.cashCents, currency)
          : money(p.valueCents, currency),
      closesAt: p.closesAt?.toISOString() ?? null,
    };
  }

  function winnerView(w: WinnerRow, p: PrizeRow, currency: string): RaffleWinner {
    return {
      rank: p.rank,
      prizeName: p.name,
      kind: p.kind as 'first',
      ticketNumber: w.ticketNumber,
      name: w.displayName,
      locality: w.locality,
      cash: p.cashCents === null ? null : money(p.cashCents, currency),
    };
  }

  const isDrawn = (d: RaffleDrawRow) => d.status === 'drawn' || d.status === 'paid';

  async function drawViews(ex: Executor, offer: RaffleOfferRow, draws: RaffleDrawRow[]): Promise<RaffleDraw[]> {
    const ids = draws.map((d) => d.id);
    const [prizes, winners] = await Promise.all([
      repo.prizesOf(ex, ids),
      repo.winnersOf(
        ex,
        ids.filter((_, i) => isDrawn(draws[i]!)),
      ),
    ]);
    const now = clock.now();
    return draws.map((d) => ({
      id: d.publicId,
      productOfferKey: d.offerKey,
      drawNo: d.drawNo,
      name: `${offer.name} draw ${d.drawNo}`,
      status: d.status as RaffleDraw['status'],
      purchaseStatus: rafflePurchaseStatus(d, now),
      preOrderFrom: d.preOrderFrom?.toISOString() ?? null,
      salesOpenAt: d.salesOpenAt.toISOString(),
      stopDate: d.stopAt.toISOString(),
      drawDate: d.drawAt.toISOString(),
      cap: d.cap,
      sold: d.sold,
      remaining: d.cap - d.sold,
      commitment: d.commitment,
      // The seed is the secret that makes the draw unpredictable: it leaves the database only once drawn.
      seed: isDrawn(d) ? d.seed : null,
      soldListHash: d.soldListHash,
      prizes: prizes.filter((p) => p.drawId === d.id).map((p) => prizeView(p, offer.currency)),
      winners: winners
        .filter((w) => w.winner.drawId === d.id)
        .map((w) => winnerView(w.winner, w.prize, offer.currency)),
    }));
  }

  async function causeViews(ex: Executor, rows: CauseRow[]): Promise<Cause[]> {
    const raised = await repo.raisedBySlugs(
      ex,
      rows.map((c) => c.slug),
    );
    return rows.map((c) => ({
      id: c.publicId,
      slug: c.slug,
      name: c.name,
      category: c.category,
      description: c.description,
      logo: c.logo,
      website: c.website,
      amountRaised: money(raised.get(c.slug) ?? 0, 'AUD'),
    }));
  }

  async function raffleView(ex: Executor, offer: RaffleOfferRow): Promise<Raffle> {
    const [draws, causes] = await Promise.all([
      repo.drawsOf(ex, offer.offerKey),
      repo.causesBySlugs(ex, offer.causeSlugs),
    ]);
    const current = draws.filter((d) => !isDrawn(d) && d.status !== 'closed');
    const bundles = [...offer.bundles].sort((a, b) => a.tickets - b.tickets);
    const bySlug = new Map(causes.map((c) => [c.slug, c]));
    return {
      productOfferKey: offer.offerKey,
      name: offer.name,
      description: offer.description,
      url: `/${offer.offerKey}`,
      currency: offer.currency as CurrencyCode,
      causes: offer.causeSlugs
        .map((s) => bySlug.get(s))
        .filter((c): c is CauseRow => c !== undefined)
        .map((c) => ({ id: c.publicId, slug: c.slug, name: c.name, category: c.category, logo: c.logo })),
      permits: offer.permits as Raffle['permits'],
      excludedRegions: offer.excludedRegions as Raffle['excludedRegions'],
      ticketPrice: money(offer.ticketPriceCents, offer.currency),
      bundles: bundles.map((b) => ({ tickets: b.tickets, price: money(b.priceCents, offer.currency) })),
      defaultEntryCount: offer.defaultEntryCount ?? bundles[0]?.tickets ?? 1,
      draws: await drawViews(ex, offer, current),
      pastDrawNos: draws
        .filter((d) => d.status === 'closed' || isDrawn(d))
        .map((d) => d.drawNo)
        .reverse(),
    };
  }

  async function offerOr404(ex: Executor, key: string): Promise<RaffleOfferRow> {
    const offer = await repo.offer(ex, key);
    if (!offer) throw notFound(`There is no raffle "${key}".`, 'unknown_offer');
    return offer;
  }
  async function drawOr404(ex: Executor, offer: RaffleOfferRow, drawNo: number): Promise<RaffleDrawRow> {
    const draw = await repo.drawByNumber(ex, offer.offerKey, drawNo);
    if (!draw) throw notFound(`${offer.name} has no draw ${drawNo}.`, 'unknown_draw');
    return draw;
  }

  /** Sub-draw cutoffs: recorded at the sub-draw's close; a draw made before the clock recorded one uses its sold count. */
  function prizeInputs(prizes: PrizeRow[], draw: RaffleDrawRow): DrawPrizeInput[] {
    return prizes.map((p) => ({
      rank: p.rank,
      kind: p.kind as DrawPrizeInput['kind'],
      eligibleUpTo: isSubDraw(p.kind as DrawPrizeInput['kind'])
        ? (p.cutoffTicket ?? (p.closesAt ? draw.sold : null))
        : null,
    }));
  }

  const service = {
    repo,
    now: () => clock.now(),

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
      return { ...view!, raffles: await service.raffles({ causeSlug: row.slug }) };
    },

    /** The catalogue's draws of a raffle offer: on sale or taking pre-orders, soonest first. */
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
        prices: bundles.map((b) => ({ numGames: b.tickets, price: money(b.priceCents, offer.currency) })),
      };
    },

    /** Price of n tickets: a bundle's price when n is a bundle size, else n x the ticket price. */
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

    /** Records a pre-order (tickets are numbered and charged when the draw opens: openDuePreOrders). */
    async recordPreOrder(tx: Executor, r: Omit<AllocateRequest, 'postal'>): Promise<number> {
      const draw = await repo.lockDraw(tx, r.drawId, 'share');
      if (!draw || draw.status !== 'pre_order') throw unprocessable(drawClosedMessage, 'draw_closed');
      const entry = await repo.insertEntry(tx, { ...r, postal: false, status: 'pre_order', createdAt: clock.now() });
      return entry.id;
    },

    async createDraw(ex: Executor, d: NewRaffleDraw): Promise<RaffleDrawRow> {
      const seed = d.seed ?? newSeed();
      const drawNo = d.drawNo ?? ((await repo.latestDraw(ex, d.offerKey))?.drawNo ?? 0) + 1;
      const now = clock.now();
      const status = d.salesOpenAt.getTime() > now.getTime() ? 'pre_order' : 'open';
      const row = await repo.insertDraw(ex, {
        publicId: publicId('raf'),
        offerKey: d.offerKey,
        drawNo,
        preOrderFrom: d.preOrderFrom ?? null,
        salesOpenAt: d.salesOpenAt,
        stopAt: d.stopAt,
        drawAt: d.drawAt,
        cap: d.cap,
        status,
        commitment: commitmentOf(seed),
        seed,
        createdAt: now,
      });
      await repo.insertPrizes(
        ex,
        d.prizes.map((p, i) => ({
          drawId: row.id,
          rank: i + 1,
          kind: p.kind,
          name: p.name,
          description: p.description,
          cashCents: p.cashCents,
          valueCents: p.valueCents,
          closesAt: p.closesAt ?? null,
        })),
      );
      return row;
    },

    /** Pre-order draws whose sales open time has come (their pre-orders are filled by the workflow). */
    async openDue(now: Date): Promise<RaffleDrawRow[]> {
      const opened: RaffleDrawRow[] = [];
      for (const d of await repo.drawsInStatus(db, ['pre_order'])) {
        if (d.salesOpenAt.getTime() > now.getTime()) continue;
        if ((await repo.setStatus(db, d.id, ['pre_order'], 'open')).length) opened.push({ ...d, status: 'open' });
      }
      return opened;
    },
    /** Draws with pre-orders still waiting (an open draw whose filling was interrupted is finished next tick). */
    async drawsWithPendingPreOrders(): Promise<RaffleDrawRow[]> {
      const out: RaffleDrawRow[] = [];
      for (const d of await repo.drawsInStatus(db, ['open', 'sold_out', 'closed']))
        if ((await repo.pendingPreOrders(db, d.id)).length) out.push(d);
      return out;
    },

    async recordCutoffs(now: Date): Promise<number> {
      let n = 0;
      for (const c of await repo.dueCutoffs(db, now)) {
        await repo.setCutoff(db, c.prizeId, c.sold);
        n++;
      }
      return n;
    },

    /**
     * Closes a draw's sales (the clock at stop time, or the operator now) and records the sold-list hash. A guarded
     * step: the UPDATE moves only an open, sold-out or pre-order draw; the lock makes a purchase in flight finish first.
     */
    async close(drawPublicId: string): Promise<{ changed: boolean; draw: RaffleDrawRow }> {
      return db.transaction(async (tx) => {
        const d = await repo.drawByPublicId(tx, drawPublicId);
        if (!d) throw notFound(`There is no raffle draw "${drawPublicId}".`, 'unknown_draw');
        const locked = (await repo.lockDraw(tx, d.id, 'update'))!;
        if (!['open', 'sold_out', 'pre_order'].includes(locked.status)) return { changed: false, draw: locked };
        // Sub-draws that had not closed yet close with the main sales.
        for (const p of await repo.prizesOf(tx, [d.id]))
          if (isSubDraw(p.kind as 'bonus') && p.cutoffTicket === null) await repo.setCutoff(tx, p.id, locked.sold);
        const hash = soldListHash(await repo.ticketNumbers(tx, d.id));
        await repo.setStatus(tx, d.id, ['open', 'sold_out', 'pre_order'], 'closed', {
          soldListHash: hash,
          closedAt: clock.now(),
        });
        return { changed: true, draw: { ...locked, status: 'closed', soldListHash: hash } };
      });
    },
    async closeDue(now: Date): Promise<string[]> {
      const closed: string[] = [];
      for (const d of await repo.drawsInStatus(db, ['open', 'sold_out', 'pre_order'])) {
        if (d.stopAt.getTime() > now.getTime()) continue;
        if ((await service.close(d.publicId)).changed) closed.push(d.publicId);
      }
      return closed;
    },
    async dueForDraw(now: Date): Promise<RaffleDrawRow[]> {
      return (await repo.drawsInStatus(db, ['closed'])).filter((d) => d.drawAt.getTime() <= now.getTime());
    },

    /** Inputs of the winner derivation for a closed draw (inside the draw transaction). */
    async drawInputs(tx: Executor, draw: RaffleDrawRow) {
      const prizes = await repo.prizesOf(tx, [draw.id]);
      return { prizes, inputs: prizeInputs(prizes, draw), numbers: await repo.ticketNumbers(tx, draw.id) };
    },

    /** Recurring raffles: the next draw once the latest one has closed. */
    async createNextDraws(now: Date): Promise<string[]> {
      const created: string[] = [];
      for (const offer of await repo.offers(db)) {
        const t = offer.nextDrawTemplate as NextDrawTemplate | null;
        if (!offer.recurrenceDays || !t) continue;
        const latest = await repo.latestDraw(db, offer.offerKey);
        if (latest && ['pre_order', 'open', 'sold_out'].includes(latest.status)) continue;
        const salesOpenAt = latest ? new Date(Math.max(now.getTime(), latest.stopAt.getTime())) : now;
        const stopAt = new Date(salesOpenAt.getTime() + t.salesDays * 86_400_000);
        const row = await service.createDraw(db, {
          offerKey: offer.offerKey,
          salesOpenAt,
          stopAt,
          drawAt: new Date(stopAt.getTime() + t.drawHoursAfterStop * 3_600_000),
          cap: t.cap,
          prizes: t.prizes.map((p) => ({
            ...p,
            closesAt:
              p.closesDaysBeforeStop === undefined
                ? null
                : new Date(stopAt.getTime() - p.closesDaysBeforeStop * 86_400_000),
          })),
        });
        created.push(row.publicId);
      }
      return created;
    },

    /** The results lists' raffles tab: drawn draws, newest first, with the first prize and its winning ticket. */
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

    describe: (offer: RaffleOfferRow, drawNo: number, n: number) => `${offer.name} draw ${drawNo}, ${ticketsWord(n)}`,
  };
  return service;
}

export type RafflesService = ReturnType<typeof createRafflesService>;
