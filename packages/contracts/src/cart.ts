// Cart and checkout contracts (spec core §3 Cart, Cart item, Ticket being built, Cart item analytics view; §4
// anonymous cart lifecycle; §7 cart calls v3.3; features §3 Ticket being built, §7 Promotions, deposit-and-purchase).
// Orders and tickets are orders.ts, placements placement.ts. Wire keys are snake_case (the casing plugin); these
// schemas are camelCase.
import { z } from 'zod';
import { Identifier, Money, ApiMessage } from './common.ts';
import { OfferGameType } from './catalogue.ts';
import { AmountInput, BrowserData } from './payments.ts';
import { SyndicateShareInput } from './syndicates.ts';

/** Spec core §3: product types a cart item can have (syndicates and memberships come with their own issues). */
export const CART_PRODUCT_TYPES = [
  'lottery_ticket',
  'multi_draw_ticket',
  'raffle_ticket',
  'syndicate_share',
  'social_syndicate_share',
  'membership',
] as const;
export const CartProductType = z.enum(CART_PRODUCT_TYPES);
export type CartProductType = z.infer<typeof CartProductType>;

export const VOUCHER_TYPES = [
  'voucher_fixed_discount',
  'voucher_percent_discount',
  'voucher_fixed_discount_expire',
  'voucher_credit_amount',
] as const;
export const VoucherType = z.enum(VOUCHER_TYPES);
export type VoucherType = z.infer<typeof VoucherType>;

/** Why an item left the cart by itself (shown until dismissed). */
export const AUTO_REMOVED_REASONS = ['draw_closed', 'offer_suspended', 'sold_out', 'region_restricted'] as const;
export const AutoRemovedReason = z.enum(AUTO_REMOVED_REASONS);
export type AutoRemovedReason = z.infer<typeof AutoRemovedReason>;

/** Core §8: reasons that give the user actions; any other key is fixed text. */
export const ACTIONABLE_BLOCKED_REASONS = [
  'spend_limit',
  'verify_account_required',
  'global_spend_limit',
  'deposit_limit',
] as const;

export const RECURRING_AVAILABILITY = ['never', 'optional', 'always'] as const;
export const RecurringPurchase = z.object({
  type: z.enum(['autoplay', 'subscription', 'none']),
  availability: z.enum(RECURRING_AVAILABILITY),
  enabled: z.boolean(),
});
export type RecurringPurchase = z.infer<typeof RecurringPurchase>;
/** Subscription periods (features §4); a subscription buys once per period (docs/recurring.md). */
export const RECURRING_PERIODS = ['weekly', 'monthly', 'quarterly', 'biannually', 'annually'] as const;
/** `period` applies to a subscription (monthly when absent). */
export const RecurringPurchaseInput = z
  .object({
    type: z.enum(['autoplay', 'subscription', 'none']),
    enabled: z.boolean(),
    period: z.enum(RECURRING_PERIODS).optional(),
  })
  .strict();

const MAX_GAMES_PER_ITEM = 100;
const MAX_DRAWS_PER_ITEM = 52;

/**
 * One game of a ticket being built: its number sets by the engine's set name ('numbers', 'powerball',
 * 'lucky_stars'); an empty slot is null (features §3). `quickpick` asks the server to fill the blanks at random.
 */
export const TicketGameInput = z
  .object({
    // Keys arrive camelised by the casing plugin ('lucky_stars' -> 'luckyStars'); the cart maps them back.
    sets: z.record(
      z
        .string()
        .min(1)
        .max(20)
        .regex(/^[a-z][A-Za-z_]*$/),
      z.array(z.number().int().min(0).max(99).nullable()).max(40),
    ),
    quickpick: z.boolean().optional(),
  })
  .strict();
export type TicketGameInput = z.infer<typeof TicketGameInput>;

/** Ticket being built for a lottery (features §3). numDraws 'autoplay' means 1 draw with recurring on (core §4). */
export const LotteryTicketInput = z
  .object({
    productType: z.literal('lottery_ticket'),
    /** The product offer key (also called lotteryKey in the spec). */
    productOfferKey: Identifier,
    gameType: OfferGameType,
    /** The game offer key within the game type (e.g. 'system-8'). */
    gameOffer: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/),
    games: z.array(TicketGameInput).min(1).max(MAX_GAMES_PER_ITEM),
    numDraws: z.union([z.number().int().min(1).max(MAX_DRAWS_PER_ITEM), z.literal('autoplay')]).default(1),
    /** The first draw (the offer page's ?firstDrawNo=); the next open draw when absent. */
    firstDrawNo: z.number().int().positive().optional(),
    drawOffset: z.number().int().min(0).max(MAX_DRAWS_PER_ITEM).optional(),
    days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    causeKey: Identifier.optional(),
    hasFavouriteNumbers: z.boolean().optional(),
    /** Save these numbers as favourites after purchase when the customer has none (features §5). */
    favouriteTicket: z.boolean().optional(),
    /**
     * Autoplay only (core §3 Autoplay minimumJackpotAmount): buy a draw only when its jackpot is at least this amount.
     * Text or a number here; the lottery handler answers 422 on the field when it is not money above 0.
     */
    minimumJackpotAmount: z.union([z.number(), z.string().max(40), z.null()]).optional(),
    /** Subscribe: buy this ticket again once every period (offers that sell subscriptions). */
    subscriptionPeriod: z.enum(RECURRING_PERIODS).optional(),
  })
  .strict();
export type LotteryTicketInput = z.infer<typeof LotteryTicketInput>;

/** A charity raffle entry: a number of tickets (or a bundle) in one raffle draw, for a cause. */
export const RaffleTicketInput = z
  .object({
    productType: z.literal('raffle_ticket'),
    productOfferKey: Identifier,
    /** The raffle draw; the current open (or pre-order) draw when absent. */
    drawNo: z.number().int().positive().optional(),
    /** Tickets wanted; a bundle is expressed by its ticket count (features §9 default entry cost). */
    numTickets: z.number().int().min(1).max(1000),
    causeKey: Identifier.optional(),
    /** Subscribe: buy this entry again once every period (raffles that sell subscriptions). */
    subscriptionPeriod: z.enum(RECURRING_PERIODS).optional(),
  })
  .strict();
export type RaffleTicketInput = z.infer<typeof RaffleTicketInput>;

/** Shares of a Lotto Party session (docs/lotto-party.md): the buyer must be a member of the session's group. */
export const SocialSyndicateShareInput = z
  .object({
    productType: z.literal('social_syndicate_share'),
    /** The session (lps_…). */
    sessionId: z.string().regex(/^lps_[A-Za-z0-9_-]{1,60}$/),
    numShares: z.number().int().min(1).max(50),
  })
  .strict();
export type SocialSyndicateShareInput = z.infer<typeof SocialSyndicateShareInput>;

export const CartItemInput = z.discriminatedUnion('productType', [
  LotteryTicketInput,
  RaffleTicketInput,
  SyndicateShareInput,
  SocialSyndicateShareInput,
]);
export type CartItemInput = z.infer<typeof CartItemInput>;
/** Items a subscription, autoplay or pre-order can repeat: lottery and raffle tickets (shares are bought once). */
export type TicketItemInput = LotteryTicketInput | RaffleTicketInput;
/** The items a recurring purchase (autoplay, subscription, scheduled purchase) can repeat. */
export type RecurringItemInput = TicketItemInput;
export const isTicketItem = (i: CartItemInput): i is TicketItemInput =>
  i.productType === 'lottery_ticket' || i.productType === 'raffle_ticket';

/** POST /cart/items and /anon-cart/{ref}/items (core §7): the item, affiliateCode, numDraws, recurringPurchase. */
export const AddCartItemBody = z
  .object({
    item: CartItemInput,
    affiliateCode: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/)
      .optional(),
    numDraws: z.union([z.number().int().min(1).max(MAX_DRAWS_PER_ITEM), z.literal('autoplay')]).optional(),
    recurringPurchase: RecurringPurchaseInput.optional(),
  })
  .strict();
export type AddCartItemBody = z.infer<typeof AddCartItemBody>;

/** PUT /cart/items/{itemId}: replace the item's ticket (same product offer) and/or its draws and recurring flag. */
export const UpdateCartItemBody = AddCartItemBody;
export type UpdateCartItemBody = AddCartItemBody;

/**
 * POST /cart/build and /anon-cart/{ref}/build: the server builds a quickpick ticket of `numGames` games of a game
 * offer (the offer page's quick-buy buttons and /cart/replay) and adds it to the cart.
 */
export const BuildCartItemBody = z
  .object({
    productOfferKey: Identifier,
    gameType: OfferGameType,
    gameOffer: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/),
    numGames: z.number().int().min(1).max(MAX_GAMES_PER_ITEM),
    numDraws: z.union([z.number().int().min(1).max(MAX_DRAWS_PER_ITEM), z.literal('autoplay')]).default(1),
    firstDrawNo: z.number().int().positive().optional(),
  })
  .strict();
export type BuildCartItemBody = z.infer<typeof BuildCartItemBody>;

export const CartRefParams = z
  .object({
    ref: z
      .string()
      .min(1)
      .max(64)
      .regex(/^crt_[A-Za-z0-9]+$/),
  })
  .strict();
export const CartItemParams = z
  .object({
    itemId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^itm_[A-Za-z0-9]+$/),
  })
  .strict();
export const AnonCartItemParams = CartRefParams.extend({ itemId: CartItemParams.shape.itemId }).strict();

/** POST /cart/promotion and /anon-cart/{ref}/promotion: body promotion_code. */
export const PromotionBody = z.object({ promotionCode: z.string().trim().min(1).max(40) }).strict();

export const CartDraw = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  /** Sales close and draw time, ISO. */
  stop: z.string(),
  drawDate: z.string(),
  purchaseStatus: z.enum(['standard', 'pre_order']),
});
export type CartDraw = z.infer<typeof CartDraw>;

/** Core §3 Cart item analytics view. */
export const CartItemAnalytics = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.object({ amount: z.number() }),
  recurringPurchase: z.object({ enabled: z.boolean(), type: z.string() }),
  drawDate: z.string().nullable(),
  drawNo: z.number().int().nullable(),
  favourite: z.boolean(),
  lotteryKey: z.string(),
  hasFavouriteNumbers: z.boolean(),
  productType: CartProductType,
  analyticsProductType: z.string(),
  minimumJackpotAmount: Money.nullable(),
  gameType: z.string().nullable(),
  gameOffer: z.string().nullable(),
  numDraws: z.number().int().nullable(),
  numGames: z.number().int().nullable(),
  causeKey: z.string().nullable(),
  numRaffleTickets: z.number().int().nullable(),
});
export type CartItemAnalytics = z.infer<typeof CartItemAnalytics>;

/** A stored, priced cart item (core §3 Cart item plus what the cart screen shows). */
export const CartItem = z.object({
  id: z.string(),
  productType: CartProductType,
  lotteryKey: z.string(),
  productOfferKey: z.string(),
  offerName: z.string(),
  /** 'Oz Lotto System 8, 1 game, 2 draws' */
  description: z.string(),
  gameType: OfferGameType.nullable(),
  gameOffer: z.string().nullable(),
  gameOfferName: z.string().nullable(),
  /** Lottery games with quickpicks still shown as chosen (quickpick games are filled at purchase). */
  games: z.array(
    z.object({ sets: z.record(z.string(), z.array(z.number().int().nullable())), quickpick: z.boolean() }),
  ),
  numGames: z.number().int(),
  numDraws: z.number().int(),
  draws: z.array(CartDraw),
  drawEncodedIds: z.array(z.string()),
  recurringPurchase: RecurringPurchase,
  causeKey: z.string().nullable(),
  /** Raffle items: tickets per draw. */
  numTickets: z.number().int().nullable(),
  /** Price of one draw's worth of this item, and of the whole item. */
  unitPrice: Money,
  price: Money,
  purchaseStatus: z.enum(['standard', 'pre_order']),
  analyticsProductType: z.string(),
  analytics: CartItemAnalytics,
});
export type CartItem = z.infer<typeof CartItem>;

export const CartPromotion = z.object({
  code: z.string(),
  type: VoucherType,
  description: z.string(),
  /** Taken off the cart total (0 for voucher_credit_amount, which credits the wallet's bonus instead). */
  discount: Money,
  /** Bonus credit paid into the wallet at purchase (voucher_credit_amount). */
  bonusCredit: Money,
  expiresAt: z.string().nullable(),
  /** False when the code no longer applies to this cart (e.g. below its minimum spend): no discount until it does. */
  applicable: z.boolean(),
  /** Why it does not apply (the promotion_not_added message), else null. */
  message: z.string().nullable(),
});
export type CartPromotion = z.infer<typeof CartPromotion>;

/** Core §3 Cart. cartItems is grouped by product type; an empty cart has {}. */
export const Cart = z.object({
  cartReference: z.string(),
  cartItems: z.record(z.string(), z.array(CartItem)),
  itemCount: z.number().int(),
  autoRemovedItems: z.array(
    z.object({ id: z.string(), reason: z.string(), description: z.string(), message: z.string() }),
  ),
  /** Sum of item prices after the promotion's discount. */
  cartTotal: Money,
  /** The part of cartTotal that is pre-ordered (charged when the draw opens). */
  preOrderTotal: Money,
  subtotal: Money,
  promotion: CartPromotion.nullable(),
  requiresUnattendedPaymentMethod: z.boolean(),
  /** reason id -> message: spend_limit, global_spend_limit, deposit_limit, verify_account_required, ... */
  blockedReasons: z.record(z.string(), z.string()),
  /** Regulation text shown under the totals when a regulated product is in the cart. */
  showRegulation: z.boolean(),
  /** Core §5 payable amount for a signed-in customer (null for an anonymous cart): what is left to pay after the wallet. */
  payableAmount: Money.nullable(),
  walletBalance: Money.nullable(),
});
export type Cart = z.infer<typeof Cart>;

/** POST /anon-cart result: the cart plus its token (the storefront keeps it in the 14-day anonymous cart cookie). */
export const AnonCartCreated = z.object({ cartReference: z.string(), cart: Cart });

/** POST /cart/purchase (core §7: partner data plus purchase data, optional depositMethodCode). Idempotency-Key required. */
export const PurchaseBody = z
  .object({
    purchase: z
      .object({
        channelKey: z
          .string()
          .max(40)
          .regex(/^[a-z0-9_]*$/)
          .optional(),
        /** The cart total the customer saw; a purchase whose re-priced total differs fails with 409 price_changed. */
        expectedTotal: Money.optional(),
        metadata: z.record(z.string(), z.string().max(200)).optional(),
      })
      .strict()
      .default({}),
    partner: z
      .object({ partnerKey: z.string().max(40) })
      .strict()
      .optional(),
    depositMethodCode: z.string().max(4).optional(),
  })
  .strict();
export type PurchaseBody = z.infer<typeof PurchaseBody>;

/** POST /cart/deposit_purchase (v3.3): deposit then purchase. The deposit fields are the wallet's DepositBody ones. */
export const DepositPurchaseBody = z
  .object({
    deposit: z
      .object({
        amount: AmountInput,
        customerFundId: z.string().max(64).optional(),
        depositMethodCode: z.string().max(4).optional(),
        csc: z.string().max(4).optional(),
        strongCustomerAuthentication: BrowserData.optional(),
      })
      .strict(),
    purchase: PurchaseBody.shape.purchase,
  })
  .strict();
export type DepositPurchaseBody = z.infer<typeof DepositPurchaseBody>;

export const PurchaseResult = z.object({
  checkoutId: z.string(),
  /** The storefront goes to /receipt/{checkoutId}. */
  receiptPath: z.string(),
});
export const DepositPurchaseResult = z.object({
  /** approved: purchase done (checkoutId set); challenge: 3-D Secure first (redirectUrl); failed: nothing bought. */
  status: z.enum(['approved', 'challenge', 'failed', 'pending']),
  depositId: z.string(),
  checkoutId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  messages: z.array(ApiMessage),
});
export type DepositPurchaseResult = z.infer<typeof DepositPurchaseResult>;
