// Orders, tickets, the receipt and recommended draws (features §4 Receipt, §7 Orders API). Wire keys are snake_case
// (the casing plugin); these schemas are camelCase.
import { z } from 'zod';
import { Money } from './common.ts';
import { CartProductType, CartItemAnalytics } from './cart.ts';

export const TICKET_STATUSES = ['upcoming', 'pending_result', 'won', 'not_won'] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);

/** One ticket = one item's games (or raffle tickets) in one draw. */
export const Ticket = z.object({
  id: z.string(),
  orderId: z.string(),
  productType: CartProductType,
  productOfferKey: z.string(),
  offerName: z.string(),
  gameType: z.string().nullable(),
  gameOfferName: z.string().nullable(),
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  status: TicketStatus,
  /** Lottery lines with the numbers as played; matched lists the numbers per set that match the result. */
  lines: z.array(
    z.object({
      id: z.string(),
      sets: z.record(z.string(), z.array(z.number().int())),
      quickpick: z.boolean(),
      games: z.number().int(),
      matched: z.record(z.string(), z.array(z.number().int())).nullable(),
      division: z.number().int().nullable(),
      /** division -> winning games, for systems. */
      divisions: z.record(z.string(), z.number().int()).nullable(),
      prize: Money.nullable(),
    }),
  ),
  /** Raffle ticket numbers in this draw. */
  raffleTicketNumbers: z.array(z.number().int()),
  /** Raffle tickets: which of the numbers won, and what (a prize that is not cash at its value); empty until drawn. */
  raffleWins: z.array(z.object({ ticketNumber: z.number().int(), prizeName: z.string(), prize: Money })).optional(),
  result: z
    .object({
      numbers: z.array(z.number().int()),
      supplementaries: z.array(z.number().int()),
      bonus: z.record(z.string(), z.array(z.number().int())).optional(),
    })
    .nullable(),
  prize: Money.nullable(),
  causeKey: z.string().nullable(),
});
export type Ticket = z.infer<typeof Ticket>;

export const Order = z.object({
  id: z.string(),
  checkoutId: z.string(),
  createdAt: z.string(),
  productType: CartProductType,
  productOfferKey: z.string(),
  offerName: z.string(),
  description: z.string(),
  total: Money,
  status: z.enum(['upcoming_products', 'past_products']),
  /**
   * A pre-order (its draw was not on sale yet): nothing was paid for this order; it is bought, as a new order, when
   * the draw's sales open (docs/recurring.md, its scheduled purchase).
   */
  preOrder: z.boolean(),
  /** Features §3: an order of Lotto Party shares names its session (lps_…); absent on other orders. */
  socialSyndicateId: z.string().optional(),
  numDraws: z.number().int(),
  firstDrawDate: z.string(),
  /** Present with ?show_details=true. */
  tickets: z.array(Ticket).optional(),
  prize: Money.nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrdersQuery = z
  .object({
    status: z.enum(['past_products', 'upcoming_products']).default('upcoming_products'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export const OrderParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^ord_[A-Za-z0-9]+$/),
  })
  .strict();
export const OrderDetailsQuery = z.object({ showDetails: z.coerce.boolean().optional() }).strict();
export const TicketParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^tkt_[A-Za-z0-9]+$/),
  })
  .strict();

/** Features §4 Receipt: orders, total and tracking data. */
export const Receipt = z.object({
  checkoutId: z.string(),
  createdAt: z.string(),
  orders: z.array(Order),
  total: Money,
  discount: Money,
  bonusCredit: Money,
  paidFromWallet: Money,
  /** The deposit taken for this purchase (deposit-and-purchase), if any. */
  deposit: Money.nullable(),
  promotionCode: z.string().nullable(),
  trackingData: z.object({
    transactionId: z.string(),
    revenue: z.number(),
    currency: z.string(),
    items: z.array(CartItemAnalytics),
  }),
});
export type Receipt = z.infer<typeof Receipt>;
export const CheckoutParams = z
  .object({
    checkoutId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^chk_[A-Za-z0-9]+$/),
  })
  .strict();

/** GET /orders/recommended: the next open draws of the offers the customer bought most (CHECKOUT-API). */
export const RecommendedDraw = z.object({
  productOfferKey: z.string(),
  offerName: z.string(),
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  stop: z.string(),
  prizePool: Money.nullable(),
  /** How many times the customer bought this offer. */
  timesBought: z.number().int(),
});
export type RecommendedDraw = z.infer<typeof RecommendedDraw>;
