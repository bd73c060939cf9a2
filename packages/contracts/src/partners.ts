// Partner purchase contracts (spec features §3 Partner, §4 partner fetch and cart states, §5 empty partner cart and
// the _web channel, §7 Partners calls). Wire keys are snake_case (the casing plugin); these schemas are camelCase.
import { z } from 'zod';
import { ApiMessage, Identifier, Money } from './common.ts';
import { AmountInput, BrowserData } from './payments.ts';

/** A partner's slug and key: lower-case letters, digits and hyphens (slug) or underscores (key). */
export const PartnerSlug = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/);
export const PartnerKey = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/);
/** A channel key; the partner's web channel is the one whose key ends in _web (features §5). */
export const ChannelKey = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/);
/** A CSS hex colour, #rgb or #rrggbb. */
export const HexColour = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/);

/** What a partner sells: one of the shop's raffle offers, with what the checkout shows of it. */
export const PartnerOffer = z.object({
  productOfferKey: z.string(),
  name: z.string(),
  /** Price of one ticket. */
  ticketPrice: Money,
  /** Tickets preselected on the partner checkout. */
  defaultTickets: z.number().int(),
});
export type PartnerOffer = z.infer<typeof PartnerOffer>;

/** GET /partners/{slug} (features §3 Partner: slug, key, channels), with the branding its layout uses. */
export const Partner = z.object({
  slug: z.string(),
  key: z.string(),
  name: z.string(),
  channels: z.array(z.object({ channelKey: z.string() })),
  branding: z.object({
    logoUrl: z.string().nullable(),
    primaryColour: z.string(),
    accentColour: z.string(),
    /** The partner's own site, linked from the partner layout's header. */
    websiteUrl: z.string().nullable(),
  }),
  offers: z.array(PartnerOffer),
});
export type Partner = z.infer<typeof Partner>;

/**
 * The partner cart item (features §7 cartItem): `lottery` is the offer key (the spec's lotteryKey), `raffleOffer` the
 * raffle entry bought (its ticket count and cause), `drawNumber` the draw (the current one when absent).
 */
export const PartnerCartItemInput = z
  .object({
    lottery: Identifier,
    raffleOffer: z
      .object({
        numTickets: z.number().int().min(1).max(1000),
        causeKey: Identifier.optional(),
      })
      .strict(),
    recurringPurchase: z.object({ enabled: z.boolean() }).strict().optional(),
    drawNumber: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type PartnerCartItemInput = z.infer<typeof PartnerCartItemInput>;

/** POST /cart/partner/{slug} and /anon-cart/partner/{slug}: the cart payload (one item; null is an empty cart). */
export const PartnerCartBody = z.object({ cartItem: PartnerCartItemInput.nullable() }).strict();
export type PartnerCartBody = z.infer<typeof PartnerCartBody>;

/** Features §3 Partner cart item: lotteryKey, gameOffer, recurringPurchase (enabled), drawNo. */
export const PartnerCartItem = z.object({
  lotteryKey: z.string(),
  gameOffer: z.string().nullable(),
  description: z.string(),
  numTickets: z.number().int(),
  recurringPurchase: z.object({ enabled: z.boolean() }),
  drawNo: z.number().int().nullable(),
  drawDate: z.string().nullable(),
  price: Money,
});

/** Features §3 Partner cart: customerId, cartTotal, preOrderTotal, cartItems, blockedReasons, unattended flag. */
export const PartnerCart = z.object({
  customerId: z.string().nullable(),
  cartTotal: Money,
  preOrderTotal: Money,
  cartItems: z.array(PartnerCartItem),
  blockedReasons: z.record(z.string(), z.string()),
  requiresUnattendedPaymentMethod: z.boolean(),
  /** Wallet funds a signed-in customer can spend (null when anonymous). */
  walletBalance: Money.nullable(),
});
export type PartnerCart = z.infer<typeof PartnerCart>;

/** POST /cart/partner/{slug}/purchase (v3.2, Idempotency-Key required). */
export const PartnerPurchaseBody = z
  .object({
    cartItem: PartnerCartItemInput.nullable(),
    /** A deposit taken first from a saved card (the deposit-and-purchase path), or null to pay from the wallet. */
    deposit: z
      .object({
        depositMethodId: z.string().min(1).max(64),
        amount: AmountInput,
        csc: z.string().max(4).optional(),
        strongCustomerAuthentication: BrowserData.optional(),
      })
      .strict()
      .nullable(),
    purchase: z
      .object({
        channelKey: ChannelKey,
        partnerKey: PartnerKey,
        metadata: z.record(z.string().max(64), z.string().max(200)).optional(),
      })
      .strict(),
  })
  .strict();
export type PartnerPurchaseBody = z.infer<typeof PartnerPurchaseBody>;

/** The result is the purchase id (a checkout id); a deposit may need 3-D Secure first (redirectUrl). */
export const PartnerPurchaseResult = z.object({
  status: z.enum(['approved', 'challenge', 'pending', 'failed']),
  purchaseId: z.string().nullable(),
  depositId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  receiptPath: z.string().nullable(),
  messages: z.array(ApiMessage),
});
export type PartnerPurchaseResult = z.infer<typeof PartnerPurchaseResult>;

export const PartnerSlugParams = z.object({ slug: PartnerSlug }).strict();
