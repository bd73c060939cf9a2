// unused (features §4 Receipt, §7 Orders API): written by the purchase workflow inside its
// transaction, read by the receipt, orders and tickets routes. A ticket is one order's play in one draw; its lines
// are orders_ticket_lines rows, which settlement scores and whose prizes it records.
import { toMoney, type CurrencyCode, type Order, type Ticket } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCheckoutRepository, type OrderRow, type TicketRow } from './orders.checkout.repository.ts';
import type { OrdersDraws, OrdersRaffleDraws, RaffleDrawOutcome } from './orders.checkout.service.ts';

const DONE_STATUSES = new Set(['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED']);

/** Numbers of each set that the result drew (main numbers also match supplementaries, as the results page shows). */

/** Numbers of each set that the result drew (main numbers also match supplementaries, as the results page shows). */
export function matchedNumbers(
  sets: Record<string, number[]>,
  result: { numbers: number[]; supplementaries: number[]; bonus?: Record<string, number[]> },
): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [name, picks] of Object.entries(sets)) {
    const drawn = new Set(result.bonus?.[name] ?? [...result.numbers, ...result.supplementaries]);
    out[name] = picks.filter((n) => drawn.has(n));
  }
  return out;
}

/** What a ticket of either kind says about its order and draw. */
function ticketIdentity(r: TicketRow, order: OrderRow) {
  return {
    id: r.publicId,
    orderId: order.publicId,
    productType: order.productType as Ticket['productType'],
    productOfferKey: r.productOfferKey,
    offerName: order.offerName,
    gameType: order.gameType,
    gameOfferName: order.gameOfferName,
    drawId: r.drawId,
    drawNo: r.drawNo,
  };
}

/** A raffle ticket: its numbers (filled in when a pre-order's draw opens) and, once drawn, which of them won what. */
function raffleTicketView(r: TicketRow, order: OrderRow, raffle: RaffleDrawOutcome, now: Date): Ticket {
  const currency = order.currency as CurrencyCode;
  const fromRaffle = raffle.tickets.filter((t) => t.orderId === order.publicId).map((t) => t.ticketNumber);
  const numbers = fromRaffle.length ? fromRaffle : r.raffleTicketNumbers;
  const mine = new Set(numbers);
  const wins = raffle.drawn ? raffle.wins.filter((w) => mine.has(w.ticketNumber)) : [];
  const status: Ticket['status'] = raffle.drawn
    ? wins.length
      ? 'won'
      : 'not_won'
    : raffle.drawAt > now
      ? 'upcoming'
      : 'pending_result';
  return {
    ...ticketIdentity(r, order),
    drawDate: raffle.drawAt.toISOString(),
    status,
    lines: [],
    raffleTicketNumbers: numbers,
    raffleWins: wins.map((w) => ({
      ticketNumber: w.ticketNumber,
      prizeName: w.prizeName,
      prize: toMoney(w.prizeCents, currency),
    })),
    result: null,
    prize: raffle.drawn
      ? toMoney(
          wins.reduce((s, w) => s + w.prizeCents, 0),
          currency,
        )
      : null,
    causeKey: r.causeKey,
  };
}

/** Features §3: an order of Lotto Party shares carries its session's id (socialSyndicateId). */
function socialSyndicateOf(item: unknown): { socialSyndicateId?: string } {
  const input = (item as { input?: { productType?: string; sessionId?: string } } | null)?.input;
  return input?.productType === 'social_syndicate_share' && input.sessionId
    ? { socialSyndicateId: input.sessionId }
    : {};
}

/** Orders and tickets as the receipt, orders and tickets pages show them, with results and prizes. */
export function orderViews(deps: { clock: Clock; draws: OrdersDraws; raffleDraws?: OrdersRaffleDraws }) {
  const { clock } = deps;
  const repo = createCheckoutRepository();
  async function drawsOf(ids: string[]) {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => deps.draws.getDraw(id)));
    return new Map(unique.map((id, i) => [id, found[i] ?? null]));
  }

  const noRaffles = new Map<string, RaffleDrawOutcome>();
  /** Raffle draws among the ids, as the customer's orders see them. */
  async function raffleDrawsOf(customerId: string, ids: string[]): Promise<Map<string, RaffleDrawOutcome>> {
    return deps.raffleDraws && ids.length
      ? deps.raffleDraws.customerOutcomes(customerId, [...new Set(ids)])
      : noRaffles;
  }

  /** Ticket views of the given ticket rows, with lines, result, matched numbers and prizes. */
  async function ticketViews(
    ex: Executor,
    rows: TicketRow[],
    orders: Map<number, OrderRow>,
  ): Promise<Map<number, Ticket>> {
    const lines = await repo.linesByPublicIds(
      ex,
      rows.flatMap((r) => r.lineIds),
    );
    const lineByPublic = new Map(lines.map((l) => [l.publicId, l]));
    const prizes = await repo.prizesOfLines(
      ex,
      lines.map((l) => l.id),
    );
    const prizeOf = new Map(prizes.map((p) => [`${p.lineId}:${p.drawId}`, p]));
    const draws = await drawsOf(rows.map((r) => r.drawId));
    const raffleDraws = new Map<string, Map<string, RaffleDrawOutcome>>();
    for (const customerId of new Set(rows.map((r) => r.customerId))) {
      raffleDraws.set(
        customerId,
        await raffleDrawsOf(
          customerId,
          rows.filter((r) => r.customerId === customerId).map((r) => r.drawId),
        ),
      );
    }
    const now = clock.now();
    const out = new Map<number, Ticket>();
    for (const r of rows) {
      const order = orders.get(r.orderId)!;
      const currency = order.currency as CurrencyCode;
      const raffle = raffleDraws.get(r.customerId)?.get(r.drawId);
      if (raffle) {
        out.set(r.id, raffleTicketView(r, order, raffle, now));
        continue;
      }
      const draw = draws.get(r.drawId) ?? null;
      const result = draw && DONE_STATUSES.has(draw.status) ? draw.result : null;
      const quickpicks = r.quickpicks as boolean[];
      let prizeCents = 0;
      let anyPrize = false;
      const ticketLines = r.lineIds.map((publicId, i) => {
        const line = lineByPublic.get(publicId);
        const sets = (line?.numbers ?? {}) as Record<string, number[]>;
        const prize = line ? prizeOf.get(`${line.id}:${r.drawId}`) : undefined;
        if (prize) {
          anyPrize = true;
          prizeCents += prize.prizeCents;
        }
        return {
          id: publicId,
          sets,
          quickpick: quickpicks[i] ?? false,
          games: line?.games ?? 1,
          matched: result ? matchedNumbers(sets, result) : null,
          division: prize?.division ?? null,
          divisions: (prize?.divisions as Record<string, number> | undefined) ?? null,
          prize: prize ? toMoney(prize.prizeCents, currency) : null,
        };
      });
      const status: Ticket['status'] = result
        ? anyPrize
          ? 'won'
          : 'not_won'
        : r.drawAt > now
          ? 'upcoming'
          : 'pending_result';
      out.set(r.id, {
        ...ticketIdentity(r, order),
        drawDate: r.drawAt.toISOString(),
        status,
        lines: ticketLines,
        raffleTicketNumbers: r.raffleTicketNumbers,
        result: result
          ? {
              numbers: result.numbers,
              supplementaries: result.supplementaries,
              ...(result.bonus ? { bonus: result.bonus } : {}),
            }
          : null,
        prize: result ? toMoney(prizeCents, currency) : null,
        causeKey: r.causeKey,
      });
    }
    return out;
  }

  async function orderViews(ex: Executor, rows: OrderRow[], details: boolean): Promise<Order[]> {
    const tickets = await repo.ticketsOfOrders(
      ex,
      rows.map((o) => o.id),
    );
    const checkouts = new Map(
      (await repo.checkoutsByIds(ex, [...new Set(rows.map((o) => o.checkoutId))])).map((c) => [c.id, c]),
    );
    const byId = new Map(rows.map((o) => [o.id, o]));
    const views = await ticketViews(ex, tickets, byId);
    return rows.map((o) => {
      const own = tickets.filter((t) => t.orderId === o.id).map((t) => views.get(t.id)!);
      const drawn = (t: Ticket) => t.status === 'won' || t.status === 'not_won';
      const past = own.length > 0 && own.every(drawn);
      const currency = o.currency as CurrencyCode;
      const won = own.reduce((s, t) => s + (t.prize ? Math.round(t.prize.amount * 100) : 0), 0);
      return {
        id: o.publicId,
        checkoutId: checkouts.get(o.checkoutId)?.publicId ?? '',
        createdAt: o.createdAt.toISOString(),
        productType: o.productType as Order['productType'],
        productOfferKey: o.productOfferKey,
        offerName: o.offerName,
        description: o.description,
        total: toMoney(o.totalCents, currency),
        status: past ? 'past_products' : 'upcoming_products',
        preOrder: o.status === 'pre_order',
        numDraws: o.numDraws,
        firstDrawDate: o.firstDrawAt.toISOString(),
        ...(details ? { tickets: own } : {}),
        prize: own.some(drawn) ? toMoney(won, currency) : null,
        ...socialSyndicateOf(o.item),
      };
    });
  }

  /** Draws whose result is in (past orders): lottery draws drawn or later, raffle draws drawn. */
  async function doneDrawIds(customerId: string, drawIds: string[]): Promise<string[]> {
    const [draws, raffles] = await Promise.all([drawsOf(drawIds), raffleDrawsOf(customerId, drawIds)]);
    return drawIds.filter((id) => {
      const d = draws.get(id);
      return (d !== null && d !== undefined && DONE_STATUSES.has(d.status)) || raffles.get(id)?.drawn === true;
    });
  }

  return { ticketViews, orderViews, doneDrawIds };
}
