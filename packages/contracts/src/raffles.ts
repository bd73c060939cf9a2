// Charity raffles and causes on the wire (spec core §2 causes and raffle offer routes; features §3 raffle draw and
// causes, §4 raffle purchase status, §7 draw prizes and winners, GET /causes; DESIGN §7 verifiable raffle draws).
// Wire keys are snake_case (the casing plugin); these schemas are camelCase.
import { z } from 'zod';
import { Money, Region } from './common.ts';

/** Features §4: "Raffle purchase status: open, sold_out, past_draw, pre_order." */
export const RAFFLE_PURCHASE_STATUSES = ['open', 'sold_out', 'past_draw', 'pre_order'] as const;
export const RafflePurchaseStatus = z.enum(RAFFLE_PURCHASE_STATUSES);
export type RafflePurchaseStatus = z.infer<typeof RafflePurchaseStatus>;

/** Lifecycle of one raffle draw: pre_order -> open (-> sold_out) -> closed -> drawn -> paid. */
export const RAFFLE_DRAW_STATUSES = ['pre_order', 'open', 'sold_out', 'closed', 'drawn', 'paid'] as const;
export const RaffleDrawStatus = z.enum(RAFFLE_DRAW_STATUSES);
export type RaffleDrawStatus = z.infer<typeof RaffleDrawStatus>;

export const RAFFLE_PRIZE_KINDS = ['first', 'secondary', 'early_bird', 'bonus'] as const;
export const RafflePrizeKind = z.enum(RAFFLE_PRIZE_KINDS);
export type RafflePrizeKind = z.infer<typeof RafflePrizeKind>;

export const CAUSE_CATEGORIES = ['health', 'community', 'animals', 'environment', 'education', 'sport'] as const;

const Slug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/);
const RaffleOfferKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);
const RaffleDrawNo = z.coerce.number().int().min(1).max(1_000_000_000);

export const Cause = z.object({
  /** cau_… */
  id: z.string(),
  /** The cause key a cart item names (causeKey) and the /causes/:causeSlug path segment. */
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  /** Ticket sales made for this cause (postal entries are free and raise nothing). */
  amountRaised: Money,
});
export type Cause = z.infer<typeof Cause>;

export const RafflePrize = z.object({
  rank: z.number().int(),
  kind: RafflePrizeKind,
  name: z.string(),
  description: z.string(),
  /** Cash prizes are paid into the winner's wallet; a null value is a prize delivered to the winner (home, car). */
  cash: Money.nullable(),
  /** What the prize is worth (for non-cash prizes, the declared value), when known. */
  value: Money.nullable(),
  /** Early-bird and bonus sub-draws: only tickets sold before this time take part. */
  closesAt: z.string().nullable(),
});
export type RafflePrize = z.infer<typeof RafflePrize>;

export const RaffleBundle = z.object({ tickets: z.number().int(), price: Money });
export const RafflePermit = z.object({ region: Region, permitNumber: z.string() });

export const RaffleWinner = z.object({
  rank: z.number().int(),
  prizeName: z.string(),
  kind: RafflePrizeKind,
  ticketNumber: z.number().int(),
  /** Masked: "J. S***". */
  name: z.string(),
  /** Suburb and state, e.g. "Bondi, NSW" (the state alone when the suburb is unknown). */
  locality: z.string(),
  cash: Money.nullable(),
});
export type RaffleWinner = z.infer<typeof RaffleWinner>;

export const RaffleDraw = z.object({
  /** raf_… */
  id: z.string(),
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  name: z.string(),
  status: RaffleDrawStatus,
  purchaseStatus: RafflePurchaseStatus,
  /** Pre-orders are taken from this time (null when the draw has no pre-order period). */
  preOrderFrom: z.string().nullable(),
  salesOpenAt: z.string(),
  stopDate: z.string(),
  drawDate: z.string(),
  /** Ticket supply of the permit. */
  cap: z.number().int(),
  sold: z.number().int(),
  remaining: z.number().int(),
  /** SHA-256 (hex) of the secret seed, published from the draw's creation. */
  commitment: z.string(),
  /** The seed (hex), published once the draw is drawn; null before. */
  seed: z.string().nullable(),
  /** SHA-256 (hex) of the sold ticket numbers, ascending, newline-separated; recorded when sales close. */
  soldListHash: z.string().nullable(),
  prizes: z.array(RafflePrize),
  /** Drawn draws only. */
  winners: z.array(RaffleWinner),
});
export type RaffleDraw = z.infer<typeof RaffleDraw>;

export const RaffleCauseRef = Cause.pick({ id: true, slug: true, name: true, category: true, logo: true });

/** A raffle offer with what its pages show: causes, permits, bundles, current and coming draws. */
export const Raffle = z.object({
  productOfferKey: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  currency: z.enum(['AUD', 'GBP']),
  causes: z.array(RaffleCauseRef),
  permits: z.array(RafflePermit),
  /** States where this raffle cannot be sold. */
  excludedRegions: z.array(Region),
  ticketPrice: Money,
  bundles: z.array(RaffleBundle),
  /** Features §9: the default entry is the first bundle's tickets unless defaultEntryCount is set. */
  defaultEntryCount: z.number().int(),
  /** The draw on sale now (or taking pre-orders), then the ones after it; past draws are in pastDrawNos. */
  draws: z.array(RaffleDraw),
  pastDrawNos: z.array(z.number().int()),
});
export type Raffle = z.infer<typeof Raffle>;

export const RafflesQuery = z.object({ causeSlug: Slug.optional() }).strict();
export const RaffleOfferParams = z.object({ offerKey: RaffleOfferKey }).strict();
export const RaffleDrawParams = z.object({ offerKey: RaffleOfferKey, drawNo: RaffleDrawNo }).strict();

/** GET /causes (features §7; core §2): slug, category, q (name search), limit (default 10), offset. */
export const CausesQuery = z
  .object({
    slug: Slug.optional(),
    category: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[a-z_-]+$/)
      .optional(),
    q: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
/** GET /causes/{id}: the cau_… id or the slug. */
export const CauseParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(80)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
export const CauseDetails = Cause.extend({ raffles: z.array(Raffle) });
export type CauseDetails = z.infer<typeof CauseDetails>;

/** GET /raffles/{offerKey}/your-support: the signed-in customer's tickets and contributions per cause. */
export const RaffleSupport = z.object({
  productOfferKey: z.string(),
  ticketsBought: z.number().int(),
  amountContributed: Money,
  causes: z.array(z.object({ slug: z.string(), name: z.string(), tickets: z.number().int(), amount: Money })),
  draws: z.array(
    z.object({ drawNo: z.number().int(), ticketNumbers: z.array(z.number().int()), status: RaffleDrawStatus }),
  ),
});
export type RaffleSupport = z.infer<typeof RaffleSupport>;

/** One prize as the winner derivation takes it (public once the draw is drawn). */
export const VerificationPrize = z.object({
  rank: z.number().int(),
  kind: RafflePrizeKind,
  name: z.string(),
  /** Sub-draws (early_bird, bonus): the highest ticket number that takes part (tickets are numbered in sale order). */
  eligibleUpTo: z.number().int().nullable(),
});
export type VerificationPrize = z.infer<typeof VerificationPrize>;

/** GET /raffles/{offerKey}/draws/{drawNo}/verification: everything needed to recompute the winners. */
export const RaffleVerification = z.object({
  drawId: z.string(),
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  status: RaffleDrawStatus,
  commitment: z.string(),
  seed: z.string().nullable(),
  soldListHash: z.string().nullable(),
  /** Sold ticket numbers ascending, once sales have closed (empty before). */
  ticketNumbers: z.array(z.number().int()),
  prizes: z.array(VerificationPrize),
  winners: z.array(z.object({ rank: z.number().int(), ticketNumber: z.number().int() })),
  /** The procedure in words (also docs/raffle-verification.md). */
  procedure: z.array(z.string()),
});
export type RaffleVerification = z.infer<typeof RaffleVerification>;

/** The results lists' raffles tab: a drawn raffle draw with its first prize and winning ticket. */
export const RaffleResult = z.object({
  drawId: z.string(),
  productOfferKey: z.string(),
  name: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  firstPrize: z.string().nullable(),
  winningTicketNumber: z.number().int().nullable(),
  ticketsSold: z.number().int(),
});
export type RaffleResult = z.infer<typeof RaffleResult>;

/** GET /draw/details/{offerKey}/{drawNo}/prizes for a raffle offer. */
export const RaffleDrawPrizes = z.object({
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  prizes: z.array(RafflePrize),
});
/** GET /draw/details/{offerKey}/{drawNo}/winners for a raffle offer: masked names, locality, ticket number, prize. */
export const RaffleDrawWinners = z.object({
  productOfferKey: z.string(),
  drawNo: z.number().int(),
  totalWinners: z.number().int(),
  winners: z.array(RaffleWinner),
});
