// Checkouts, orders and tickets (features §4 Receipt, §7 Orders API) as the purchase workflow writes them inside its
// transaction, and the deposit-and-purchase waiting for 3-D Secure; orders.history.service.ts reads them. A ticket is one order's play in one draw; its lines
// are orders_ticket_lines rows, which settlement scores and whose prizes it records.
import { type CartItemAnalytics, type CurrencyCode, type Order } from '@shop/contracts';
import type { BatchedWrite, Db, Executor, WritePart } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomBase64url } from '../../lib/random-bytes.ts';
import { createCheckoutRepository, type CheckoutRow, type PendingPurchaseRow } from './orders.checkout.repository.ts';
import { paidAmounts } from './orders.paid-amounts.ts';

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
  /** The cart's affiliate code: the checkout counts for that affiliate in the report. */
  affiliateCode?: string | null;
  ledgerEntryId: string | null;
  tracking: CartItemAnalytics[];
  orders: NewOrder[];
}

export const newPublicId = (prefix: 'chk' | 'ord' | 'tkt') => `${prefix}_${randomBase64url(12).replace(/[-_]/g, 'x')}`;

/** The rows of a purchase: its checkout, its orders (each with what was paid for it) and their tickets. */
function purchaseRows(c: NewCheckout, now: Date) {
  // Each order's total is what was paid for it: the discount spread over the orders (orders.paid-amounts.ts).
  const paid = paidAmounts(
    c.orders.map((o) => ({ priceCents: o.item.priceCents, preOrder: o.item.purchaseStatus === 'pre_order' })),
    c.discountCents,
  );
  return {
    checkout: {
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
    },
    orders: c.orders.map((o, i) => ({
      publicId: o.publicId,
      customerId: c.customerId,
      productType: o.item.productType,
      productOfferKey: o.item.productOfferKey,
      offerName: o.item.offerName,
      description: o.item.description,
      gameType: o.item.gameType,
      gameOffer: o.item.gameOffer,
      gameOfferName: o.item.gameOfferName,
      numDraws: Math.max(1, o.tickets.length),
      totalCents: paid[i]!,
      currency: o.item.currency,
      status: o.item.purchaseStatus === 'pre_order' ? ('pre_order' as const) : ('paid' as const),
      item: o.item,
      firstDrawAt: new Date(o.tickets[0]?.drawDate ?? o.item.draws[0]?.drawDate ?? now.toISOString()),
      createdAt: now,
    })),
    tickets: c.orders.flatMap((o) =>
      o.tickets.map((t) => ({
        publicId: newPublicId('tkt'),
        orderPublicId: o.publicId,
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
    affiliation: c.affiliateCode
      ? {
          affiliateCode: c.affiliateCode,
          customerId: c.customerId,
          totalCents: c.totalCents,
          currency: c.currency,
          createdAt: now,
        }
      : null,
  };
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, clock } = deps;
  const repo = createCheckoutRepository();

  return {
    /** Look up a checkout already made with this Idempotency-Key (a retry that bypassed the idempotency plugin). */
    checkoutByKey: (ex: Executor, customerId: string, key: string): Promise<CheckoutRow | null> =>
      repo.checkoutByKey(ex, customerId, key),

    /**
     * Write the checkout, its orders and tickets inside the purchase transaction. Answers null (and writes nothing)
     * when this customer already has a checkout for the key. `also`: other modules' writes sent in the same statement
     * (they run whatever it answers; on null the caller rolls back).
     */
    async recordCheckout(tx: Executor, c: NewCheckout, also: BatchedWrite[] = []): Promise<CheckoutRow | null> {
      const rows = purchaseRows(c, clock.now());
      const row = await repo.insertPurchase(tx, rows.checkout, rows.orders, rows.tickets, also);
      if (row && rows.affiliation) await repo.insertAffiliation(tx, { checkoutId: row.id, ...rows.affiliation });
      return row;
    },

    /**
     * recordCheckout as a part of the purchase's one guarded write (ADR 109): the same rows, standing only if the
     * customer had no checkout for the key (a concurrent request's would then be the answer).
     */
    purchaseWrite(c: NewCheckout): WritePart {
      const rows = purchaseRows(c, clock.now());
      return repo.purchaseWrite(rows.checkout, rows.orders, rows.tickets, rows.affiliation);
    },

    /** `checkoutByKey` as part of the checkout's one read (ADR 109): checkoutByKey on that read scope answers it. */
    checkoutByKeyRead: (customerId: string, key: string) => repo.checkoutByKeyRead(customerId, key),

    /** The affiliate report's sales: checkouts and their total per affiliate code and currency. */
    salesByAffiliate: () => repo.salesByAffiliate(db),

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

export { matchedNumbers } from './orders.views.ts';

export type CheckoutService = ReturnType<typeof createCheckoutService>;
