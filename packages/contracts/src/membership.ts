// The Daily Winners membership on the wire (spec core §2 daily winners routes, current and closed giveaways, gating;
// features §2 membership landing page, §3 membership config, draw card, upcoming draw, customer membership and every
// enumeration, §4 membership state and monthly unlock, §6 free versus premium, §7 the membership (gamify) API, §9
// program url and giveaway pagination). Wire keys are snake_case (the casing plugin); these schemas are camelCase.
import { z } from 'zod';
import { Identifier, Money, paginationQuery, Region } from './common.ts';
import { PAGE_SIZES } from './constants.ts';

/** Features §3: "Program name for membership is daily_winners." */
export const MEMBERSHIP_PROGRAM = 'daily_winners' as const;
/** Features §9: "Default membership program url daily-winners." */
export const MEMBERSHIP_PROGRAM_URL = 'daily-winners' as const;
/** Features §9: "giveaway pagination default limit 9, offset 0". */
export const GIVEAWAY_PAGE_LIMIT = PAGE_SIZES.giveaways;

export const GIVEAWAY_TYPES = ['daily', 'major', 'monthly', 'preview', 'special'] as const;
export const GiveawayType = z.enum(GIVEAWAY_TYPES);
export type GiveawayType = z.infer<typeof GiveawayType>;

export const MEMBERSHIP_TIERS = ['free', 'premium'] as const;
export const MembershipTier = z.enum(MEMBERSHIP_TIERS);
export type MembershipTier = z.infer<typeof MembershipTier>;

export const ENTRY_STATUSES = ['locked', 'unlocked', 'guaranteed'] as const;
export const EntryStatus = z.enum(ENTRY_STATUSES);
export type EntryStatus = z.infer<typeof EntryStatus>;

export const GIVEAWAY_DRAW_STATUSES = ['DRAW_OPEN', 'DRAW_PAID', 'DRAW_CLOSED'] as const;
export const GiveawayDrawStatus = z.enum(GIVEAWAY_DRAW_STATUSES);
export type GiveawayDrawStatus = z.infer<typeof GiveawayDrawStatus>;

export const MEMBERSHIP_STATUSES = ['member', 'non-member', 'pending-deposit'] as const;
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

export const ELIGIBILITIES = ['eligible', 'ineligible'] as const;
export const Eligibility = z.enum(ELIGIBILITIES);
export type Eligibility = z.infer<typeof Eligibility>;

export const NAVIGATION_STATUSES = ['anonymous', 'non-member', 'draw_locked', 'draw_unlocked'] as const;
export const NavigationStatus = z.enum(NAVIGATION_STATUSES);
export type NavigationStatus = z.infer<typeof NavigationStatus>;

export const ENTRY_POINTS = ['home_page', 'receipt_page', 'lotto_games_banner', 'my_giveaways_page'] as const;
export const EntryPoint = z.enum(ENTRY_POINTS);
export type EntryPoint = z.infer<typeof EntryPoint>;

/** What a giveaway prize is: credit paid into the wallet from the promotions account, or tickets bought for the winner. */
export const GIVEAWAY_PRIZE_KINDS = ['wallet_credit', 'free_tickets'] as const;
export const GiveawayPrizeKind = z.enum(GIVEAWAY_PRIZE_KINDS);
export type GiveawayPrizeKind = z.infer<typeof GiveawayPrizeKind>;

export const MembershipImage = z.object({ url: z.string(), contentDescription: z.string() });
export type MembershipImage = z.infer<typeof MembershipImage>;

export const GiveawayPermit = z.object({ region: Region, permitNumber: z.string() });
export type GiveawayPermit = z.infer<typeof GiveawayPermit>;

export const GiveawayPrize = z.object({
  rank: z.number().int(),
  kind: GiveawayPrizeKind,
  name: z.string(),
  description: z.string(),
  /** The credit paid, or what the tickets cost when the giveaway was made. */
  value: Money,
});
export type GiveawayPrize = z.infer<typeof GiveawayPrize>;

/** Features §3 "Draw card", plus the draw's status, prizes and number of entries in it. */
export const DrawCard = z.object({
  title: z.string(),
  description: z.string(),
  /** A short label on the card ("Today", "Premium only", "Closed"); null when there is none. */
  pill: z.string().nullable(),
  type: GiveawayType,
  /** The draw number within its type (the /daily-winners/giveaways/:giveawayType/:drawNumber segment). */
  number: z.number().int(),
  /** gwy_… */
  externalId: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  status: GiveawayDrawStatus,
  permits: z.array(GiveawayPermit),
  /** The tiers whose members can enter. */
  availability: z.array(MembershipTier),
  /** A verified identity is needed to enter. */
  verificationRequired: z.boolean(),
  details: z.object({ title: z.string(), transferToken: z.string().nullable(), url: z.string() }),
  mobileImage: MembershipImage,
  desktopImage: MembershipImage,
  /** For draws that cannot be entered yet (previews). */
  lockedContent: z.object({ title: z.string(), images: z.array(MembershipImage) }).nullable(),
  prizes: z.array(GiveawayPrize),
  /** Entries taking part (locked entries do not). */
  entriesCount: z.number().int(),
});
export type DrawCard = z.infer<typeof DrawCard>;

export const GiveawaySection = z.object({ title: z.string(), description: z.string(), draws: z.array(DrawCard) });
export type GiveawaySection = z.infer<typeof GiveawaySection>;

/** A published winner: first name and state only. */
export const PastWinner = z.object({
  firstname: z.string(),
  state: z.string().nullable(),
  prize: z.string(),
  giveawayType: GiveawayType,
  drawNumber: z.number().int(),
  giveawayTitle: z.string(),
  drawnAt: z.string(),
});
export type PastWinner = z.infer<typeof PastWinner>;

export const MembershipTierCard = z.object({
  tier: MembershipTier,
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
});

export const MembershipNavigationItem = z.object({
  /** Which section of the landing page: its place in this list is its place on the page. */
  key: z.enum([
    'title',
    'tiers',
    'monthly_giveaways',
    'daily_giveaways',
    'special_giveaways',
    'past_winners',
    'faq',
    'manage_membership',
    'opt_in',
    'discounts',
  ]),
  label: z.string(),
  visible: z.boolean(),
});
export type MembershipNavigationItem = z.infer<typeof MembershipNavigationItem>;

/** GET /v4/config: features §3 "Config". */
export const MembershipConfig = z.object({
  programName: z.literal(MEMBERSHIP_PROGRAM),
  programUrl: z.string(),
  programId: z.string(),
  programLogo: MembershipImage,
  titleContent: z.object({ title: z.string(), subtitle: z.string() }),
  deposit: z.object({ title: z.string(), text: z.string(), qualifyingDeposit: Money, buttonText: z.string() }),
  membershipTiers: z.array(MembershipTierCard),
  monthlyGiveaways: GiveawaySection,
  specialGiveaways: GiveawaySection,
  dailyGiveaways: GiveawaySection,
  explanationCard: z.object({ title: z.string(), steps: z.array(z.string()) }),
  howItWorksYoutubeId: z.string().nullable(),
  optIn: z.object({ title: z.string(), text: z.string(), buttonText: z.string() }),
  manageMembership: z.object({ title: z.string(), text: z.string(), optOutText: z.string() }),
  pastWinners: z.array(PastWinner),
  frequentlyAskedQuestions: z.array(z.object({ question: z.string(), answer: z.string() })),
  registerInterest: z.object({ title: z.string(), text: z.string() }).nullable(),
  eligiblePricingIds: z.array(z.string()),
  discounts: z.array(z.object({ title: z.string(), description: z.string() })),
  navigationItems: z.array(MembershipNavigationItem),
  termsAndConditionsTranslationId: z.string(),
  footer: z.object({ disclaimerText: z.string() }),
  pastDrawsFilter: z.object({ types: z.array(GiveawayType), limit: z.number().int() }),
});
export type MembershipConfig = z.infer<typeof MembershipConfig>;

/** Features §3 "Upcoming draw": the customer's entry in an open giveaway. */
export const UpcomingDraw = z.object({
  /** The giveaway (gwy_…): PUT /v3/draws/{drawId} unlocks the customer's entry in it. */
  drawId: z.string(),
  /** The customer's entry (gwe_…). */
  entryId: z.string(),
  entryStatus: EntryStatus,
  numberOfEntriesText: z.string(),
  type: GiveawayType,
  number: z.number().int(),
  title: z.string(),
  closeTime: z.string(),
  /** The entry's number in the draw's list. */
  entryNumber: z.number().int(),
});
export type UpcomingDraw = z.infer<typeof UpcomingDraw>;

/** GET /v3/customer: features §3 "Customer membership", with the navigation status and the premium progress. */
export const CustomerMembership = z.object({
  membershipProgram: z.literal(MEMBERSHIP_PROGRAM),
  membershipStatus: MembershipStatus,
  /** Null for a non-member. */
  membershipTier: MembershipTier.nullable(),
  membershipUpdated: z.string().nullable(),
  eligibility: Eligibility,
  /** Why the customer cannot take part (an exclusion, age); null when eligible. */
  ineligibleReason: z.string().nullable(),
  navigationStatus: NavigationStatus,
  premium: z.object({ qualifyingDeposit: Money, depositedThisPeriod: Money, periodEnds: z.string() }),
  upcomingDraws: z.array(UpcomingDraw),
});
export type CustomerMembership = z.infer<typeof CustomerMembership>;

/** PUT /membership (v3.2): features §7 "{membershipProgram: daily_winners, membershipStatus: member, metadata}". */
export const MembershipUpdateBody = z
  .object({
    membershipProgram: z.literal(MEMBERSHIP_PROGRAM),
    /** member joins (opt-in), non-member leaves (opt-out). */
    membershipStatus: z.enum(['member', 'non-member']),
    metadata: z
      .object({
        /** Where the customer joined from (features §3 entry points). */
        entryPoint: EntryPoint.optional(),
        /** premium: joined from the deposit page; the status is pending-deposit until a qualifying deposit. */
        tier: MembershipTier.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type MembershipUpdateBody = z.infer<typeof MembershipUpdateBody>;

/** PUT /v3/draws/{id}: features §7 "{entryStatus: unlocked}; response has upcomingDraws". */
export const DrawUnlockBody = z.object({ entryStatus: z.literal('unlocked') }).strict();
export const DrawUnlockParams = z.object({ id: Identifier }).strict();
export const DrawUnlockResult = z.object({ upcomingDraws: z.array(UpcomingDraw) });
export type DrawUnlockResult = z.infer<typeof DrawUnlockResult>;

/** GET /v3/benefits: features §7 "response has ssoUrl and the browser is redirected there". */
export const BenefitsResult = z.object({ ssoUrl: z.string().url() });
export const BenefitsSsoParams = z
  .object({
    token: z
      .string()
      .min(10)
      .max(400)
      .regex(/^[A-Za-z0-9_.-]+$/),
  })
  .strict();
export const MemberBenefits = z.object({
  firstname: z.string(),
  membershipTier: MembershipTier,
  discounts: z.array(z.object({ title: z.string(), description: z.string(), code: z.string() })),
  expiresAt: z.string(),
});
export type MemberBenefits = z.infer<typeof MemberBenefits>;

const DrawNumber = z.coerce.number().int().min(1).max(1_000_000_000);

/** Giveaway lists: limit (default 9), offset, and optionally a type and open or closed draws only. */
export const GiveawaysQuery = paginationQuery(GIVEAWAY_PAGE_LIMIT).extend({
  type: GiveawayType.optional(),
  status: z.enum(['open', 'closed']).optional(),
});
export type GiveawaysQuery = z.infer<typeof GiveawaysQuery>;
export const WinnersQuery = paginationQuery(GIVEAWAY_PAGE_LIMIT);
/** The signed-in customer's giveaways: current (open draws) or closed, 9 a page. */
export const CustomerGiveawaysQuery = paginationQuery(GIVEAWAY_PAGE_LIMIT).extend({
  status: z.enum(['current', 'closed']).default('current'),
});
export type CustomerGiveawaysQuery = z.infer<typeof CustomerGiveawaysQuery>;

export const GiveawayParams = z.object({ giveawayType: GiveawayType, drawNumber: DrawNumber }).strict();

export const GiveawayEntry = z.object({ id: z.string(), status: EntryStatus, entryNumber: z.number().int() });
export type GiveawayEntry = z.infer<typeof GiveawayEntry>;

export const GiveawayWinner = z.object({
  rank: z.number().int(),
  prize: z.string(),
  firstname: z.string(),
  state: z.string().nullable(),
});
export type GiveawayWinner = z.infer<typeof GiveawayWinner>;

/** GET /v3/giveaways/{type}/{drawNumber}: the card, the signed-in customer's entry, the winners once drawn. */
export const GiveawayDetails = DrawCard.extend({
  entry: GiveawayEntry.nullable(),
  winners: z.array(GiveawayWinner),
  drawnAt: z.string().nullable(),
  /** The in-browser check of the draw (published from creation: the commitment first, the seed once drawn). */
  verifyUrl: z.string(),
  /** The commitment (SHA-256 of the secret seed) published when the giveaway was made. */
  commitment: z.string(),
});
export type GiveawayDetails = z.infer<typeof GiveawayDetails>;

/** GET /v3/giveaways/{type}/{drawNumber}/verification: what the raffle engine's check needs (docs/membership.md). */
export const GiveawayVerification = z.object({
  drawId: z.string(),
  type: GiveawayType,
  drawNumber: z.number().int(),
  title: z.string(),
  status: GiveawayDrawStatus,
  commitment: z.string(),
  seed: z.string().nullable(),
  /** SHA-256 of the entry numbers taking part, ascending, one per line (recorded at the close). */
  entryListHash: z.string().nullable(),
  entryNumbers: z.array(z.number().int()),
  prizes: z.array(
    z.object({
      rank: z.number().int(),
      kind: z.enum(['first', 'secondary']),
      name: z.string(),
      eligibleUpTo: z.null(),
    }),
  ),
  winners: z.array(z.object({ rank: z.number().int(), entryNumber: z.number().int() })),
  procedure: z.array(z.string()),
});
export type GiveawayVerification = z.infer<typeof GiveawayVerification>;

/** A giveaway in the customer's current or closed list, with their entry and what they won. */
export const CustomerGiveaway = z.object({
  giveaway: DrawCard,
  entry: GiveawayEntry,
  /** The prize this entry won (closed giveaways); paid once it is in the wallet or the tickets are bought. */
  won: z
    .object({ rank: z.number().int(), prize: z.string(), kind: GiveawayPrizeKind, value: Money, paid: z.boolean() })
    .nullable(),
});
export type CustomerGiveaway = z.infer<typeof CustomerGiveaway>;
