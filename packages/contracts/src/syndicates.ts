// Syndicate contracts (spec core §2 /syndicates, /:offer/syndicate, /my-account/syndicate-tickets/share/:id; core §3
// product type syndicate_share; features §3 "Ticket being built: syndicate (syndicate, numShares, isAutoplay)", "A
// syndicate has costPerShare", product offer syndicate_share "size and tickets, each with numStandardGames").
import { z } from 'zod';
import { Identifier, Money } from './common.ts';

export const SyndicateId = z
  .string()
  .min(5)
  .max(64)
  .regex(/^syn_[A-Za-z0-9_-]+$/);
export const SyndicateShareId = z
  .string()
  .min(5)
  .max(64)
  .regex(/^shr_[A-Za-z0-9_-]+$/);

/** Most shares one cart item may ask for (a syndicate's size is at most this too). */
export const MAX_SYNDICATE_SHARES = 1000;

/** Cart item of a syndicate share (features §3 Ticket being built: syndicate {syndicate, numShares, isAutoplay}). */
export const SyndicateShareInput = z
  .object({
    productType: z.literal('syndicate_share'),
    /** The lottery's product offer key (the syndicate's game, e.g. oz-lotto). */
    productOfferKey: Identifier,
    syndicate: z
      .object({
        syndicate: SyndicateId,
        numShares: z.number().int().min(1).max(MAX_SYNDICATE_SHARES),
        /** Autoplay of syndicate shares is not sold: true is refused with 422. */
        isAutoplay: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();
export type SyndicateShareInput = z.infer<typeof SyndicateShareInput>;

export const SYNDICATE_STATUSES = ['open', 'sold_out', 'closed', 'drawn'] as const;

/** One ticket of a syndicate: a system (or standard multi-game) ticket and the games it plays. */
export const SyndicateTicket = z.object({
  gameType: z.enum(['system', 'standard']),
  name: z.string(),
  numStandardGames: z.number().int(),
  /** The numbers of each line: a System 10 has one line of 10 numbers (+ bonus sets), a standard ticket one per game. */
  lines: z.array(z.record(z.string(), z.array(z.number().int()))),
});
export type SyndicateTicket = z.infer<typeof SyndicateTicket>;

export const SyndicateDrawResult = z.object({
  numbers: z.record(z.string(), z.array(z.number().int())),
  supplementaries: z.array(z.number().int()),
});

/** A syndicate (upcoming draw type syndicate_share_draw). */
export const Syndicate = z.object({
  id: SyndicateId,
  name: z.string(),
  productOfferKey: z.string(),
  lotteryName: z.string(),
  type: z.literal('syndicate_share_draw'),
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  stop: z.string(),
  jackpot: Money.nullable(),
  size: z.number().int(),
  sharesSold: z.number().int(),
  sharesLeft: z.number().int(),
  costPerShare: Money,
  ticketsCost: Money,
  fee: Money,
  numStandardGames: z.number().int(),
  status: z.enum(SYNDICATE_STATUSES),
  /** The closing rule in plain words (ADR: unsold shares at close). */
  closingRule: z.string(),
  tickets: z.array(SyndicateTicket),
  result: SyndicateDrawResult.nullable(),
});
export type Syndicate = z.infer<typeof Syndicate>;

export const SyndicateParams = z.object({ id: SyndicateId }).strict();
export const SyndicateShareParams = z.object({ id: SyndicateShareId }).strict();

/** A customer's share purchase (the share page). */
export const SyndicateShare = z.object({
  id: SyndicateShareId,
  orderId: z.string(),
  numShares: z.number().int(),
  /** All shares the customer holds in this syndicate (this purchase and any other). */
  sharesHeld: z.number().int(),
  amountPaid: Money,
  purchasedAt: z.string(),
  syndicate: Syndicate,
  /** The customer's part of the syndicate's prizes once the draw is settled (null before). */
  prize: Money.nullable(),
  /** The syndicate's whole prize once settled (null before). */
  syndicatePrize: Money.nullable(),
});
export type SyndicateShare = z.infer<typeof SyndicateShare>;
