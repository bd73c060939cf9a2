// Queries of the checkout tables (checkouts, orders, tickets, pending deposit purchases). Only the orders module's
// services call these.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  executeNamed,
  rowFromJson,
  takePrefetched,
  type BatchedRead,
  type BatchedWrite,
  type Executor,
  type WritePart,
} from '../../db/index.ts';
import {
  ordersAffiliations,
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

type NewCheckoutRow = typeof ordersCheckouts.$inferInsert;
type NewOrderRow = Omit<typeof ordersOrders.$inferInsert, 'checkoutId'>;
type NewTicketRow = Omit<typeof ordersTickets.$inferInsert, 'orderId'> & { orderPublicId: string };

/**
 * A purchase's checkout, its orders and their tickets as three CTEs named `names` (orders and tickets keep the given
 * order): nothing is written when the customer has a checkout for the key already (the checkout CTE answers no row).
 */
function purchaseCtes(
  names: { c: string; o: string; t: string },
  checkout: NewCheckoutRow,
  orders: NewOrderRow[],
  tickets: NewTicketRow[],
): [string, SQL][] {
  const iso = (d: Date | undefined) => (d as Date).toISOString();
  const orderRows = orders.map((o, i) => ({ ...o, i, firstDrawAt: iso(o.firstDrawAt), createdAt: iso(o.createdAt) }));
  const ticketRows = tickets.map((t, i) => ({ ...t, i, drawAt: iso(t.drawAt), createdAt: iso(t.createdAt) }));
  const c = sql.raw(names.c);
  const o = sql.raw(names.o);
  return [
    [
      names.c,
      sql`insert into orders_checkouts (public_id, customer_id, idempotency_key, total_cents, discount_cents,
          bonus_credit_cents, paid_from_wallet_cents, deposit_cents, deposit_id, currency, promotion_code,
          ledger_entry_id, tracking, created_at)
        values (${checkout.publicId}, ${checkout.customerId}, ${checkout.idempotencyKey}, ${checkout.totalCents},
          ${checkout.discountCents}, ${checkout.bonusCreditCents}, ${checkout.paidFromWalletCents},
          ${checkout.depositCents ?? null}, ${checkout.depositId ?? null}, ${checkout.currency},
          ${checkout.promotionCode ?? null}, ${checkout.ledgerEntryId ?? null}, ${JSON.stringify(checkout.tracking)}::jsonb,
          ${iso(checkout.createdAt)}::timestamptz)
        on conflict (customer_id, idempotency_key) do nothing
        returning *`,
    ],
    [
      names.o,
      sql`insert into orders_orders (public_id, checkout_id, customer_id, product_type, product_offer_key, offer_name,
          description, game_type, game_offer, game_offer_name, num_draws, total_cents, currency, status, item,
          first_draw_at, created_at)
        select v."publicId", ${c}.id, v."customerId", v."productType", v."productOfferKey", v."offerName", v.description,
          v."gameType", v."gameOffer", v."gameOfferName", v."numDraws", v."totalCents", v.currency, v.status, v.item,
          v."firstDrawAt", v."createdAt"
        from ${c} cross join jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb) as v("publicId" text,
          "customerId" text, "productType" text, "productOfferKey" text, "offerName" text, description text,
          "gameType" text, "gameOffer" text, "gameOfferName" text, "numDraws" int, "totalCents" bigint, currency text,
          status text, item jsonb, "firstDrawAt" timestamptz, "createdAt" timestamptz, i int)
        order by v.i
        returning id, public_id`,
    ],
    [
      names.t,
      sql`insert into orders_tickets (public_id, order_id, customer_id, draw_id, draw_no, draw_at, product_offer_key,
          line_ids, quickpicks, raffle_ticket_numbers, cause_key, created_at)
        select v."publicId", ${o}.id, v."customerId", v."drawId", v."drawNo", v."drawAt", v."productOfferKey",
          array(select jsonb_array_elements_text(v."lineIds")), v.quickpicks,
          array(select jsonb_array_elements_text(v."raffleTicketNumbers")::int), v."causeKey", v."createdAt"
        from jsonb_to_recordset(${JSON.stringify(ticketRows)}::jsonb) as v("publicId" text, "orderPublicId" text,
          "customerId" text, "drawId" text, "drawNo" int, "drawAt" timestamptz, "productOfferKey" text,
          "lineIds" jsonb, quickpicks jsonb, "raffleTicketNumbers" jsonb, "causeKey" text, "createdAt" timestamptz, i int)
        join ${o} on ${o}.public_id = v."orderPublicId"
        order by v.i`,
    ],
  ];
}

/** Checkouts, orders and tickets as a purchase writes them, and the pending deposit-and-purchases. */
const checkoutWrites = {
  /**
   * A purchase's checkout, its orders and their tickets in one statement (data-modifying CTEs; orders and tickets
   * keep the given order). Writes nothing and answers null when the customer has a checkout for the key already.
   * `also`: other modules' writes run as further CTEs of the same statement (they run whatever it answers: a caller
   * given null rolls the transaction back).
   */
  async insertPurchase(
    ex: Executor,
    checkout: NewCheckoutRow,
    orders: NewOrderRow[],
    tickets: NewTicketRow[],
    also: BatchedWrite[] = [],
  ): Promise<CheckoutRow | null> {
    const more = also.map((w, i) => sql`, ${sql.raw(`w${i}`)} as (${w})`);
    const ctes = purchaseCtes({ c: 'c', o: 'o', t: 't' }, checkout, orders, tickets);
    const { rows } = await executeNamed<Record<string, unknown>>(
      ex,
      'orders_purchase',
      sql`with ${sql.join(
        ctes.map(([name, body]) => sql`${sql.raw(name)} as (${body})`),
        sql`, `,
      )}${sql.join(more)}
      select * from c`,
    );
    const r = rows[0];
    if (!r) return null;
    const num = (v: unknown) => (v === null ? null : Number(v));
    return {
      id: Number(r.id),
      publicId: String(r.public_id),
      customerId: String(r.customer_id),
      idempotencyKey: String(r.idempotency_key),
      totalCents: Number(r.total_cents),
      discountCents: Number(r.discount_cents),
      bonusCreditCents: Number(r.bonus_credit_cents),
      paidFromWalletCents: Number(r.paid_from_wallet_cents),
      depositCents: num(r.deposit_cents),
      depositId: (r.deposit_id as string | null) ?? null,
      currency: String(r.currency),
      promotionCode: (r.promotion_code as string | null) ?? null,
      ledgerEntryId: (r.ledger_entry_id as string | null) ?? null,
      tracking: r.tracking,
      createdAt: new Date(r.created_at as string | Date),
    };
  },

  /**
   * insertPurchase as a part of the purchase's guarded write (ADR 109): the same three CTEs (orders_c, orders_o,
   * orders_t), the affiliation when the cart had a code, and the check that the checkout was new (a concurrent
   * request with the key wrote it first: nothing of the write stands, and a retry finds that checkout).
   */
  purchaseWrite(
    checkout: NewCheckoutRow,
    orders: NewOrderRow[],
    tickets: NewTicketRow[],
    affiliation: Omit<typeof ordersAffiliations.$inferInsert, 'checkoutId'> | null,
  ): WritePart {
    const ctes = purchaseCtes({ c: 'orders_c', o: 'orders_o', t: 'orders_t' }, checkout, orders, tickets);
    if (affiliation)
      ctes.push([
        'orders_a',
        sql`insert into orders_affiliations (checkout_id, affiliate_code, customer_id, total_cents, currency, created_at)
          select orders_c.id, ${affiliation.affiliateCode}, ${affiliation.customerId}, ${affiliation.totalCents},
            ${affiliation.currency}, ${(affiliation.createdAt as Date).toISOString()}::timestamptz from orders_c
          on conflict do nothing`,
      ]);
    return { ctes, checks: [['checkout_new', sql`exists (select 1 from orders_c)`]] };
  },

  async insertAffiliation(ex: Executor, row: typeof ordersAffiliations.$inferInsert): Promise<void> {
    await ex.insert(ordersAffiliations).values(row).onConflictDoNothing();
  },

  /** Per affiliate code: checkouts and their total (the affiliate report's sales). */
  async salesByAffiliate(ex: Executor) {
    return ex
      .select({
        code: ordersAffiliations.affiliateCode,
        currency: ordersAffiliations.currency,
        checkouts: sql<number>`count(*)::int`,
        totalCents: sql<number>`sum(${ordersAffiliations.totalCents})::bigint`,
      })
      .from(ordersAffiliations)
      .groupBy(ordersAffiliations.affiliateCode, ordersAffiliations.currency);
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
const checkoutKey = (customerId: string, key: string) => `checkout:${customerId}:${key}`;

const orderReads = {
  /** `checkoutByKey` as part of another module's read (the checkout's one read, ADR 109). */
  checkoutByKeyRead: (customerId: string, key: string): BatchedRead<CheckoutRow | null> => ({
    key: checkoutKey(customerId, key),
    sql: sql`select row_to_json(c) from ${ordersCheckouts} c where c.customer_id = ${customerId} and c.idempotency_key = ${key}`,
    read: (value) => rowFromJson(ordersCheckouts, value),
  }),

  async checkoutByKey(ex: Executor, customerId: string, key: string): Promise<CheckoutRow | null> {
    const known = takePrefetched<CheckoutRow | null>(ex, checkoutKey(customerId, key));
    if (known) return known.value;
    const [r] = await ex
      .select()
      .from(ordersCheckouts)
      .where(and(eq(ordersCheckouts.customerId, customerId), eq(ordersCheckouts.idempotencyKey, key)))
      .prepare('orders_checkout_by_key')
      .execute();
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

  /** A page of the customer's tickets, latest draw first, and how many they have (the back office). */
  async pageOfTickets(ex: Executor, customerId: string, page: { limit: number; offset: number }) {
    const where = eq(ordersTickets.customerId, customerId);
    const [rows, [totals]] = await Promise.all([
      ex
        .select()
        .from(ordersTickets)
        .where(where)
        .orderBy(desc(ordersTickets.drawAt), desc(ordersTickets.id))
        .limit(page.limit)
        .offset(page.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(ordersTickets)
        .where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
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
