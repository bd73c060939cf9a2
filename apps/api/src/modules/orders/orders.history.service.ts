// A customer's checkouts, orders and tickets as the receipt, orders and tickets routes read them (features §4
// Receipt, §7 Orders API); another customer's id answers 404, like a missing one.
import {
  toMoney,
  type CartItemAnalytics,
  type CurrencyCode,
  type Order,
  type Receipt,
  type Ticket,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { createCheckoutRepository } from './orders.checkout.repository.ts';
import type { OrderItemSnapshot, OrdersDraws, OrdersRaffleDraws } from './orders.checkout.service.ts';
import { orderViews } from './orders.views.ts';

export interface OrderHistoryDeps {
  db: Db;
  clock: Clock;
  draws: OrdersDraws;
  /** Raffle draws (`raf_` ids): without it, raffle tickets never get past their draw. */
  raffleDraws?: OrdersRaffleDraws;
}

export function createOrderHistoryService(deps: OrderHistoryDeps) {
  const { db } = deps;
  const repo = createCheckoutRepository();
  const views = orderViews(deps);
  return {
    /** Features §4 Receipt: the customer's own checkout, else 404. */
    async receipt(customerId: string, checkoutId: string): Promise<Receipt> {
      const c = await repo.checkout(db, customerId, checkoutId);
      if (!c) throw notFound('There is no such receipt.', 'checkout_not_found');
      const rows = await repo.ordersOfCheckouts(db, [c.id]);
      const currency = c.currency as CurrencyCode;
      return {
        checkoutId: c.publicId,
        createdAt: c.createdAt.toISOString(),
        orders: await views.orderViews(db, rows, true),
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
      const done = await views.doneDrawIds(customerId, await repo.customerDrawIds(db, customerId));
      const { rows, total } = await repo.pageOfOrders(db, customerId, status === 'past_products', done, page);
      return { items: await views.orderViews(db, rows, false), total };
    },

    async getOrder(customerId: string, orderId: string, details: boolean): Promise<Order> {
      const o = await repo.order(db, customerId, orderId);
      if (!o) throw notFound('There is no such order.', 'order_not_found');
      return (await views.orderViews(db, [o], details))[0]!;
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
      return (await views.ticketViews(db, [t], new Map([[o!.id, o!]]))).get(t.id)!;
    },

    /** Every ticket of the customer, latest draw first (the back office's customer tickets). */
    async listTickets(customerId: string, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.pageOfTickets(db, customerId, page);
      const orders = await repo.ordersByIds(db, [...new Set(rows.map((r) => r.orderId))]);
      const byId = await views.ticketViews(db, rows, new Map(orders.map((o) => [o.id, o])));
      return { items: rows.map((r) => byId.get(r.id)!), total };
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
  };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
