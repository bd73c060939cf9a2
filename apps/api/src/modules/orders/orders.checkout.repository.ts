// Queries of the checkout tables (checkouts, orders, tickets, pending deposit purchases). Only the orders module's
// services call these.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import {
  ordersCheckouts,
  ordersOrders,
  ordersPendingPurchases,
  ordersPrizes,
  ordersTicketLines,
  ordersTickets,
} from './orders.schema.ts';

export type CheckoutRow = typeof ordersCheckouts.$inferSelect;
export type OrderRow = typeof ordersOrders.$inferSelect;
export type TicketRow = typeof ordersTickets.$inferSelect;
export type PendingPurchaseRow = typeof ordersPendingPurchases.$inferSelect;

/** Checkouts, orders and tickets as a purchase writes them, and the pending deposit-and-purchases. */
const checkoutWrites = {
  async insertCheckout(ex: Executor, row: typeof ordersCheckouts.$inferInsert): Promise<CheckoutRow | null> {
    const [r] = await ex
      .insert(ordersCheckouts)
      .values(row)
      .onConflictDoNothing({ target: [ordersCheckouts.customerId, ordersCheckouts.idempotencyKey] })
      .returning();
    return r ?? null;
  },

  async insertOrders(ex: Executor, rows: (typeof ordersOrders.$inferInsert)[]): Promise<OrderRow[]> {
    if (!rows.length) return [];
    return ex.insert(ordersOrders).values(rows).returning();
  },

  async insertTickets(ex: Executor, rows: (typeof ordersTickets.$inferInsert)[]): Promise<void> {
    if (rows.length) await ex.insert(ordersTickets).values(rows);
  },

  async insertPending(ex: Executor, row: typeof ordersPendingPurchases.$inferInsert): Promise<void> {
    await ex
      .insert(ordersPendingPurchases)
      .values(row)
      .onConflictDoNothing({ target: ordersPendingPurchases.depositId });
  },

  /** Lock the pending purchase of a deposit for the rest of the transaction. */
  async pendingFor(ex: Executor, depositId: string): Promise<PendingPurchaseRow | null> {
    const [r] = await ex.select().from(ordersPendingPurchases).where(eq(ordersPendingPurchases.depositId, depositId));
    return r ?? null;
  },

  async lockPending(ex: Executor, depositId: string, customerId: string): Promise<PendingPurchaseRow | null> {
    const [r] = await ex
      .select()
      .from(ordersPendingPurchases)
      .where(and(eq(ordersPendingPurchases.depositId, depositId), eq(ordersPendingPurchases.customerId, customerId)))
      .for('update');
    return r ?? null;
  },

  async updatePending(
    ex: Executor,
    id: number,
    patch: Partial<typeof ordersPendingPurchases.$inferInsert>,
  ): Promise<void> {
    await ex.update(ordersPendingPurchases).set(patch).where(eq(ordersPendingPurchases.id, id));
  },
};

/** A customer's checkouts, orders and tickets. */
const orderReads = {
  async checkoutByKey(ex: Executor, customerId: string, key: string): Promise<CheckoutRow | null> {
    const [r] = await ex
      .select()
      .from(ordersCheckouts)
      .where(and(eq(ordersCheckouts.customerId, customerId), eq(ordersCheckouts.idempotencyKey, key)));
    return r ?? null;
  },

  async checkout(ex: Executor, customerId: string, publicId: string): Promise<CheckoutRow | null> {
    const [r] = await ex
      .select()
      .from(ordersCheckouts)
      .where(and(eq(ordersCheckouts.publicId, publicId), eq(ordersCheckouts.customerId, customerId)));
    return r ?? null;
  },

  ordersOfCheckouts(ex: Executor, checkoutIds: number[]) {
    if (!checkoutIds.length) return Promise.resolve([] as OrderRow[]);
    return ex
      .select()
      .from(ordersOrders)
      .where(inArray(ordersOrders.checkoutId, checkoutIds))
      .orderBy(asc(ordersOrders.id));
  },

  checkoutsByIds(ex: Executor, ids: number[]) {
    if (!ids.length) return Promise.resolve([] as CheckoutRow[]);
    return ex.select().from(ordersCheckouts).where(inArray(ordersCheckouts.id, ids));
  },

  async order(ex: Executor, customerId: string, publicId: string): Promise<OrderRow | null> {
    const [r] = await ex
      .select()
      .from(ordersOrders)
      .where(and(eq(ordersOrders.publicId, publicId), eq(ordersOrders.customerId, customerId)));
    return r ?? null;
  },

  ticketsOfOrders(ex: Executor, orderIds: number[]) {
    if (!orderIds.length) return Promise.resolve([] as TicketRow[]);
    return ex
      .select()
      .from(ordersTickets)
      .where(inArray(ordersTickets.orderId, orderIds))
      .orderBy(asc(ordersTickets.drawAt), asc(ordersTickets.id));
  },

  async ticket(ex: Executor, customerId: string, publicId: string): Promise<TicketRow | null> {
    const [r] = await ex
      .select()
      .from(ordersTickets)
      .where(and(eq(ordersTickets.publicId, publicId), eq(ordersTickets.customerId, customerId)));
    return r ?? null;
  },

  ordersByIds(ex: Executor, ids: number[]) {
    if (!ids.length) return Promise.resolve([] as OrderRow[]);
    return ex.select().from(ordersOrders).where(inArray(ordersOrders.id, ids));
  },

  /** The distinct draws a customer holds tickets in. */
  async customerDrawIds(ex: Executor, customerId: string): Promise<string[]> {
    const rows = await ex
      .selectDistinct({ drawId: ordersTickets.drawId })
      .from(ordersTickets)
      .where(eq(ordersTickets.customerId, customerId));
    return rows.map((r) => r.drawId);
  },

  /**
   * A page of the customer's orders. Past: every ticket's draw is among `doneDrawIds` (has its result); upcoming:
   * at least one is not.
   */
  async pageOfOrders(
    ex: Executor,
    customerId: string,
    past: boolean,
    doneDrawIds: string[],
    page: { limit: number; offset: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const done = sql`array[${sql.join([sql`''`, ...doneDrawIds.map((d) => sql`${d}`)], sql`, `)}]::text[]`;
    const pending = sql`exists (select 1 from ${ordersTickets} t where t.order_id = ${ordersOrders.id} and not (t.draw_id = any(${done})))`;
    const where = and(eq(ordersOrders.customerId, customerId), past ? sql`not ${pending}` : pending);
    const [{ total }] = (await ex
      .select({ total: sql<number>`count(*)::int` })
      .from(ordersOrders)
      .where(where)) as [{ total: number }];
    const rows = await ex
      .select()
      .from(ordersOrders)
      .where(where)
      .orderBy(past ? desc(ordersOrders.firstDrawAt) : asc(ordersOrders.firstDrawAt), desc(ordersOrders.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total };
  },
};

/** Ticket lines and prizes of orders, best sellers and orders in draws. */
const ticketReads = {
  linesByPublicIds(ex: Executor, publicIds: string[]) {
    if (!publicIds.length) return Promise.resolve([]);
    return ex
      .select({
        id: ordersTicketLines.id,
        publicId: ordersTicketLines.publicId,
        numbers: ordersTicketLines.numbers,
        games: ordersTicketLines.games,
        drawId: ordersTicketLines.drawId,
      })
      .from(ordersTicketLines)
      .where(inArray(ordersTicketLines.publicId, publicIds));
  },

  prizesOfLines(ex: Executor, lineIds: number[]) {
    if (!lineIds.length) return Promise.resolve([]);
    return ex
      .select({
        lineId: ordersPrizes.lineId,
        drawId: ordersPrizes.drawId,
        division: ordersPrizes.division,
        divisions: ordersPrizes.divisions,
        prizeCents: ordersPrizes.prizeCents,
        currency: ordersPrizes.currency,
      })
      .from(ordersPrizes)
      .where(inArray(ordersPrizes.lineId, lineIds));
  },

  /** Offers the customer bought most, most bought first. */
  async topOffers(
    ex: Executor,
    customerId: string,
    limit: number,
  ): Promise<{ productOfferKey: string; productType: string; orders: number }[]> {
    const rows = await ex
      .select({
        productOfferKey: ordersOrders.productOfferKey,
        productType: ordersOrders.productType,
        orders: sql<number>`count(*)::int`,
      })
      .from(ordersOrders)
      .where(eq(ordersOrders.customerId, customerId))
      .groupBy(ordersOrders.productOfferKey, ordersOrders.productType)
      .orderBy(desc(sql`count(*)`), asc(ordersOrders.productOfferKey))
      .limit(limit);
    return rows;
  },

  /** Orders holding tickets in the given draws, with those tickets' draw ids. */
  async ordersInDraws(ex: Executor, customerId: string, drawIds: string[]) {
    if (!drawIds.length) return [];
    return ex
      .select({
        drawId: ordersTickets.drawId,
        ticketId: ordersTickets.publicId,
        orderId: ordersOrders.publicId,
        offerName: ordersOrders.offerName,
        description: ordersOrders.description,
      })
      .from(ordersTickets)
      .innerJoin(ordersOrders, eq(ordersOrders.id, ordersTickets.orderId))
      .where(and(eq(ordersTickets.customerId, customerId), inArray(ordersTickets.drawId, drawIds)))
      .orderBy(asc(ordersTickets.id));
  },
};

export function createCheckoutRepository() {
  return { ...checkoutWrites, ...orderReads, ...ticketReads };
}
