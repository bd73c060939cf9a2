// Checkouts, orders and tickets (features §4 Receipt, §7 Orders API): written by the purchase workflow inside its
// transaction, read by the receipt, orders and tickets routes. A ticket is one order's play in one draw; its lines
// are orders_ticket_lines rows, which settlement scores and whose prizes it records.
import { randomBytes } from 'node:crypto';
import {
  toMoney,
  type CartItemAnalytics,
  type CurrencyCode,
  type Order,
  type Receipt,
  type Ticket,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import {
  createCheckoutRepository,
  type CheckoutRow,
  type OrderRow,
  type PendingPurchaseRow,
  type TicketRow,
} from './orders.checkout.repository.ts';

/** What the orders module needs of the draws module (createDrawsService satisfies it). */
export interface OrdersDraws {
  getDraw(drawId: string): Promise<{
    id: string;
    status: string;
    drawAt: Date;
    result: { numbers: number[]; supplementaries: number[]; bonus?: Record<string, number[]> } | null;
  } | null>;
}

/** A raffle draw as one customer's orders see it: their ticket numbers (with the order of each) and wins. */
export interface RaffleDrawOutcome {
  drawn: boolean;
  drawAt: Date;
  tickets: { ticketNumber: number; orderId: string | null }[];
  wins: { ticketNumber: number; prizeName: string; prizeCents: number }[];
}

/** What the orders module needs of the raffles module (createRafflesService satisfies it); unknown ids are left out. */
export interface OrdersRaffleDraws {
  customerOutcomes(customerId: string, drawIds: string[]): Promise<Map<string, RaffleDrawOutcome>>;
}

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  draws: OrdersDraws;
  /** Raffle draws (`raf_` ids): without it, raffle tickets never get past their draw. */
  raffleDraws?: OrdersRaffleDraws;
}

/** The bought item as the order keeps it (the cart's PricedItem satisfies it). */
export interface OrderItemSnapshot {
  productType: Order['productType'];
  productOfferKey: string;
  offerName: string;
  description: string;
  gameType: string | null;
  gameOffer: string | null;
  gameOfferName: string | null;
  causeKey: string | null;
  draws: { drawId: string; drawNo: number; drawDate: string; purchaseStatus: 'standard' | 'pre_order' }[];
  priceCents: number;
  currency: CurrencyCode;
  purchaseStatus: 'standard' | 'pre_order';
  [key: string]: unknown;
}

export interface NewOrder {
  publicId: string;
  item: OrderItemSnapshot;
  /** Per draw played: its lines (public ids, quickpick flag per line) or raffle numbers. */
  tickets: {
    drawId: string;
    drawNo: number;
    drawDate: string;
    lineIds: string[];
    quickpicks: boolean[];
    raffleTicketNumbers: number[];
  }[];
}

export interface NewCheckout {
  publicId: string;
  customerId: string;
  idempotencyKey: string;
  totalCents: number;
  discountCents: number;
  bonusCreditCents: number;
  paidFromWalletCents: number;
  depositCents: number | null;
  depositId: string | null;
  currency: CurrencyCode;
  promotionCode: string | null;
  ledgerEntryId: string | null;
  tracking: CartItemAnalytics[];
  orders: NewOrder[];
}

const DONE_STATUSES = new Set(['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED']);

export const newPublicId = (prefix: 'chk' | 'ord' | 'tkt') =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, clock } = deps;
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
        numDraws: o.numDraws,
        firstDrawDate: o.firstDrawAt.toISOString(),
        ...(details ? { tickets: own } : {}),
        prize: own.some(drawn) ? toMoney(won, currency) : null,
      };
    });
  }

  return {
    /** Look up a checkout already made with this Idempotency-Key (a retry that bypassed the idempotency plugin). */
    checkoutByKey: (ex: Executor, customerId: string, key: string): Promise<CheckoutRow | null> =>
      repo.checkoutByKey(ex, customerId, key),

    /**
     * Write the checkout, its orders and tickets inside the purchase transaction. Answers null (and writes nothing)
     * when this customer already has a checkout for the key.
     */
    async recordCheckout(tx: Executor, c: NewCheckout): Promise<CheckoutRow | null> {
      const now = clock.now();
      const checkout = await repo.insertCheckout(tx, {
        publicId: c.publicId,
        customerId: c.customerId,
        idempotencyKey: c.idempotencyKey,
        totalCents: c.totalCents,
        discountCents: c.discountCents,
        bonusCreditCents: c.bonusCreditCents,
        paidFromWalletCents: c.paidFromWalletCents,
        depositCents: c.depositCents,
        depositId: c.depositId,
        currency: c.currency,
        promotionCode: c.promotionCode,
        ledgerEntryId: c.ledgerEntryId,
        tracking: c.tracking,
        createdAt: now,
      });
      if (!checkout) return null;
      const orders = await repo.insertOrders(
        tx,
        c.orders.map((o) => ({
          publicId: o.publicId,
          checkoutId: checkout.id,
          customerId: c.customerId,
          productType: o.item.productType,
          productOfferKey: o.item.productOfferKey,
          offerName: o.item.offerName,
          description: o.item.description,
          gameType: o.item.gameType,
          gameOffer: o.item.gameOffer,
          gameOfferName: o.item.gameOfferName,
          numDraws: Math.max(1, o.tickets.length),
          totalCents: o.item.priceCents,
          currency: o.item.currency,
          status: o.item.purchaseStatus === 'pre_order' ? ('pre_order' as const) : ('paid' as const),
          item: o.item,
          firstDrawAt: new Date(o.tickets[0]?.drawDate ?? o.item.draws[0]?.drawDate ?? now.toISOString()),
          createdAt: now,
        })),
      );
      const idOf = new Map(orders.map((o) => [o.publicId, o.id]));
      await repo.insertTickets(
        tx,
        c.orders.flatMap((o) =>
          o.tickets.map((t) => ({
            publicId: newPublicId('tkt'),
            orderId: idOf.get(o.publicId)!,
            customerId: c.customerId,
            drawId: t.drawId,
            drawNo: t.drawNo,
            drawAt: new Date(t.drawDate),
            productOfferKey: o.item.productOfferKey,
            lineIds: t.lineIds,
            quickpicks: t.quickpicks,
            raffleTicketNumbers: t.raffleTicketNumbers,
            causeKey: o.item.causeKey,
            createdAt: now,
          })),
        ),
      );
      return checkout;
    },

    /** Features §4 Receipt: the customer's own checkout, else 404. */
    async receipt(customerId: string, checkoutId: string): Promise<Receipt> {
      const c = await repo.checkout(db, customerId, checkoutId);
      if (!c) throw notFound('There is no such receipt.', 'checkout_not_found');
      const rows = await repo.ordersOfCheckouts(db, [c.id]);
      const currency = c.currency as CurrencyCode;
      return {
        checkoutId: c.publicId,
        createdAt: c.createdAt.toISOString(),
        orders: await orderViews(db, rows, true),
        total: toMoney(c.totalCents, currency),
        discount: toMoney(c.discountCents, currency),
        bonusCredit: toMoney(c.bonusCreditCents, currency),
        paidFromWallet: toMoney(c.paidFromWalletCents, currency),
        deposit: c.depositCents === null ? null : toMoney(c.depositCents, currency),
        promotionCode: c.promotionCode,
        trackingData: {
          transactionId: c.publicId,
          revenue: c.totalCents / 100,
          currency,
          items: c.tracking as CartItemAnalytics[],
        },
      };
    },

    /** GET /orders: upcoming (a draw still to come) or past (every draw has its result), newest relevant first. */
    async listOrders(
      customerId: string,
      status: 'past_products' | 'upcoming_products',
      page: { limit: number; offset: number },
    ): Promise<{ items: Order[]; total: number }> {
      const drawIds = await repo.customerDrawIds(db, customerId);
      const [draws, raffles] = await Promise.all([drawsOf(drawIds), raffleDrawsOf(customerId, drawIds)]);
      const done = drawIds.filter((id) => {
        const d = draws.get(id);
        return (d !== null && d !== undefined && DONE_STATUSES.has(d.status)) || raffles.get(id)?.drawn === true;
      });
      const { rows, total } = await repo.pageOfOrders(db, customerId, status === 'past_products', done, page);
      return { items: await orderViews(db, rows, false), total };
    },

    async getOrder(customerId: string, orderId: string, details: boolean): Promise<Order> {
      const o = await repo.order(db, customerId, orderId);
      if (!o) throw notFound('There is no such order.', 'order_not_found');
      return (await orderViews(db, [o], details))[0]!;
    },

    /** The stored item of the customer's order (replay). */
    async orderItem(customerId: string, orderId: string): Promise<OrderItemSnapshot> {
      const o = await repo.order(db, customerId, orderId);
      if (!o) throw notFound('There is no such order.', 'order_not_found');
      return o.item as OrderItemSnapshot;
    },

    async getTicket(customerId: string, ticketId: string): Promise<Ticket> {
      const t = await repo.ticket(db, customerId, ticketId);
      if (!t) throw notFound('There is no such ticket.', 'ticket_not_found');
      const [o] = await repo.ordersByIds(db, [t.orderId]);
      return (await ticketViews(db, [t], new Map([[o!.id, o!]]))).get(t.id)!;
    },

    /** The offers the customer bought most (for GET /orders/recommended). */
    topOffers: (customerId: string, limit: number) => repo.topOffers(db, customerId, limit),

    /** The customer's orders with tickets in the given draws (past results' customerData.orders). */
    async ordersForDraws(
      customerId: string,
      drawIds: string[],
    ): Promise<Map<string, { orderId: string; ticketId: string; offerName: string; description: string }[]>> {
      const rows = await repo.ordersInDraws(db, customerId, drawIds);
      const out = new Map<string, { orderId: string; ticketId: string; offerName: string; description: string }[]>();
      for (const r of rows) {
        const list = out.get(r.drawId) ?? [];
        list.push({ orderId: r.orderId, ticketId: r.ticketId, offerName: r.offerName, description: r.description });
        out.set(r.drawId, list);
      }
      return out;
    },

    /** Deposit-and-purchase waiting for 3-D Secure: keep what to buy, keyed by the deposit. */
    savePendingPurchase: (p: { depositId: string; customerId: string; idempotencyKey: string; purchase: unknown }) =>
      repo.insertPending(db, { ...p, status: 'waiting', createdAt: clock.now(), updatedAt: clock.now() }),

    /** Whether a deposit was taken to pay for a cart (deposit-and-purchase): its 3-D Secure return finishes the purchase. */
    hasPendingPurchase: async (depositId: string): Promise<boolean> => (await repo.pendingFor(db, depositId)) !== null,
    lockPendingPurchase: (tx: Executor, depositId: string, customerId: string): Promise<PendingPurchaseRow | null> =>
      repo.lockPending(tx, depositId, customerId),

    finishPendingPurchase: (
      ex: Executor,
      id: number,
      outcome: { status: 'done'; checkoutId: string } | { status: 'failed'; failure: unknown },
    ) =>
      repo.updatePending(ex, id, {
        status: outcome.status,
        checkoutId: outcome.status === 'done' ? outcome.checkoutId : null,
        failure: outcome.status === 'failed' ? outcome.failure : null,
        updatedAt: clock.now(),
      }),
  };
}

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

export type CheckoutService = ReturnType<typeof createCheckoutService>;
