// Lotto Party on the wire (spec core §2 lotto-party routes; features §3 Lotto party entities, §4 session autoplay and
// status, §5 group name rules, §6 organiser rules, §7 Lotto party API v3.0 under /social/v3 and the orders service's
// GET /social_syndicate_session/{id}, §8 texts, §9 group page size). docs/lotto-party.md describes every call.
// Wire keys are snake_case (the casing plugin); these schemas are camelCase.
import { z } from 'zod';
import { Identifier, Money, paginationQuery } from './common.ts';
import { PAGE_SIZES } from './constants.ts';
import { AmountInput } from './payments.ts';

/** Features §3: "publicityStatus (private, promoted, public)". */
export const PUBLICITY_STATUSES = ['private', 'promoted', 'public'] as const;
export const PublicityStatus = z.enum(PUBLICITY_STATUSES);
export type PublicityStatus = z.infer<typeof PublicityStatus>;

/** Features §3/§4: "autosessionStatus (on, paused, off)". */
export const AUTOSESSION_STATUSES = ['on', 'paused', 'off'] as const;
export const AutosessionStatus = z.enum(AUTOSESSION_STATUSES);
export type AutosessionStatus = z.infer<typeof AutosessionStatus>;

/** Features §3: "Session status: open, closed, paid, cancelled." */
export const SESSION_STATUSES = ['open', 'closed', 'paid', 'cancelled'] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** Features §3: the session creation steps in order (default sort 1 to 5). */
export const SESSION_CREATION_STEPS = [
  { step: 'name_group', sort: 1 },
  { step: 'select_draw', sort: 2 },
  { step: 'set_share_price', sort: 3 },
  { step: 'select_auto_session', sort: 4 },
  { step: 'join_session', sort: 5 },
] as const;
export type SessionCreationStep = (typeof SESSION_CREATION_STEPS)[number]['step'];

/** Limits the server enforces (GET /config answers them too). */
export const LOTTO_PARTY_LIMITS = {
  maxGroupNameLength: 50,
  /** A session is split in at least 2 and at most 50 shares. */
  minShares: 2,
  maxShares: 50,
  /** Features §9: "Group page size 6". */
  groupPageSize: PAGE_SIZES.groups,
} as const;

/** Spec texts (features §8) and the server's own messages for the rules of features §5/§6. */
export const LOTTO_PARTY_TEXTS = {
  genericTitle: 'Something went wrong',
  createFailed: 'Sorry, looks like we failed to create the group/session. Please try again.',
  editFailed: 'Sorry, looks like we failed to edit the ticket. Please try again.',
  orderLoadFailed:
    'We were unable to load your Lotto Party ticket. Please check your Lotto Party group to complete your purchase',
  cannotUnpause: 'Cannot Unpause AutoPlay',
  groupNameRequired: 'Enter a group name.',
  groupNameTooLong: 'A group name can have at most 50 characters.',
  groupNameProfane: 'Please choose a group name without offensive words.',
  groupNameTaken: 'A group with this name already exists. Please choose another name.',
  drawClosed: 'That draw is closed for sales',
  sharePriceNotDividing: 'The share price must divide the ticket cost into 2 to 50 equal shares.',
  notOrganiser: 'Only the organiser can change this session.',
  notMember: 'Join the group before you buy shares in its session.',
  sessionNotOpen: 'This Lotto Party session is no longer open.',
} as const;

/** "3 shares left" (the 422 of a share purchase over what is left names the number left). */
export const sharesLeftMessage = (left: number) =>
  left === 0 ? 'There are no shares left in this session.' : `Only ${left} share${left === 1 ? '' : 's'} left.`;

/** Where an invite leads (the storefront's join page, core §2 /lotto-party/group). */
export const inviteLinkPath = (token: string) => `/lotto-party/group?token=${encodeURIComponent(token)}`;

const GroupId = z.string().regex(/^lpg_[A-Za-z0-9_-]{1,60}$/);
const SessionId = z.string().regex(/^lps_[A-Za-z0-9_-]{1,60}$/);
const InviteToken = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

// ---- requests --------------------------------------------------------------------------------------------------

/** POST /group. The name is trimmed; empty, over 50 characters, profane (contains_profanity) or taken (409) is refused. */
export const CreateGroupBody = z
  .object({
    groupName: z.string().max(500),
    publicityStatus: PublicityStatus.default('private'),
  })
  .strict();
export type CreateGroupBody = z.infer<typeof CreateGroupBody>;

export const GroupIdParams = z.object({ id: GroupId }).strict();
export const SessionIdParams = z.object({ id: SessionId }).strict();
export const TokenParams = z.object({ token: InviteToken }).strict();
export const DrawIdParams = z.object({ drawId: Identifier }).strict();
export const PricingIdParams = z.object({ pricingId: Identifier }).strict();

/** GET /group: my groups, 6 a page by default (features §9). */
export const GroupListQuery = paginationQuery(PAGE_SIZES.groups);
export const SessionListQuery = paginationQuery();

/**
 * POST /session (organiser only). The ticket is a standard quickpick ticket of `numGames` games of the offer's game
 * offer for the draw; `sharePrice` must divide its cost into 2 to 50 equal shares.
 */
export const CreateSessionBody = z
  .object({
    groupId: GroupId,
    drawId: Identifier,
    productOfferKey: Identifier,
    gameOffer: Identifier,
    numGames: z.number().int().min(1).max(100),
    sharePrice: AmountInput,
    autosessionStatus: AutosessionStatus.default('off'),
    inviteAllExistingMembers: z.boolean().default(false),
  })
  .strict();
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/** PUT /session/{id} (organiser only). */
export const UpdateSessionBody = z.object({ autosessionStatus: AutosessionStatus }).strict();
export type UpdateSessionBody = z.infer<typeof UpdateSessionBody>;

export const OrderSessionQuery = z.object({ showDetails: z.enum(['true', 'false']).optional() }).strict();

// ---- answers ---------------------------------------------------------------------------------------------------

export const GroupMember = z.object({
  /** First name and the last name's initial ("Alex S."). */
  name: z.string(),
  isOrganiser: z.boolean(),
  isMe: z.boolean(),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const LottoPartyGroup = z.object({
  /** lpg_… */
  id: z.string(),
  groupName: z.string(),
  publicityStatus: PublicityStatus,
  isOrganiser: z.boolean(),
  isMember: z.boolean(),
  memberCount: z.number().int(),
  /** Sessions of the group still selling shares. */
  openSessions: z.number().int(),
  createdAt: z.string(),
  /** The organiser only (null for everyone else): the invite link is inviteLinkPath(inviteToken). */
  inviteToken: z.string().nullable(),
});
export type LottoPartyGroup = z.infer<typeof LottoPartyGroup>;

export const LottoPartyGroupDetail = LottoPartyGroup.extend({ members: z.array(GroupMember) });
export type LottoPartyGroupDetail = z.infer<typeof LottoPartyGroupDetail>;

export const SessionDraw = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  drawDate: z.string(),
  stop: z.string(),
});
export type SessionDraw = z.infer<typeof SessionDraw>;

export const SessionHolder = z.object({ name: z.string(), shares: z.number().int(), isMe: z.boolean() });

/** One line of the session's ticket (written when the session fills; the draw's numbers in `sets`). */
export const SessionTicketLine = z.object({
  lineId: z.string(),
  sets: z.record(z.string(), z.array(z.number().int())),
});

/** A prize part paid to me from the session's winning lines (after settlement). */
export const SessionPrize = z.object({ lineId: z.string(), division: z.number().int(), amount: Money });

export const LottoPartySession = z.object({
  /** lps_… (also the orders' socialSyndicateId) */
  sessionId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: SessionStatus,
  autosessionStatus: AutosessionStatus,
  inviteAllExistingMembers: z.boolean(),
  /** Features §3: "draws (ordered array)"; a session plays one draw. */
  draws: z.array(SessionDraw),
  productOfferKey: z.string(),
  offerName: z.string(),
  gameType: z.string(),
  gameOffer: z.string(),
  gameOfferName: z.string(),
  numGames: z.number().int(),
  ticketCost: Money,
  sharePrice: Money,
  numShares: z.number().int(),
  sharesSold: z.number().int(),
  sharesLeft: z.number().int(),
  /** Shares are sold until then (the draw's sales stop); unfilled then, the session is cancelled and refunded. */
  closesAt: z.string(),
  isOrganiser: z.boolean(),
  isMember: z.boolean(),
  myShares: z.number().int(),
  /** Members only (empty for others). */
  holders: z.array(SessionHolder),
  /** Members only, once the session has closed (its ticket was bought). */
  tickets: z.array(SessionTicketLine),
  /** My prize parts (members only, after settlement). */
  myPrizes: z.array(SessionPrize),
  /**
   * A cancelled session (not every share sold when its sales closed): the shares I had bought and what went back to
   * my wallet (members who bought shares only; null otherwise).
   */
  myRefund: z.object({ shares: z.number().int(), amount: Money }).nullable(),
  /** The autosession created after this one closed (null until then). */
  nextSessionId: z.string().nullable(),
  previousSessionId: z.string().nullable(),
  createdAt: z.string(),
});
export type LottoPartySession = z.infer<typeof LottoPartySession>;

export const SessionPriceOption = z.object({
  numGames: z.number().int(),
  ticketCost: Money,
  /** Share prices that divide the cost into minShares..maxShares shares, cheapest first. */
  shares: z.array(z.object({ sharePrice: Money, numShares: z.number().int() })),
});

export const SessionConfigOffer = z.object({
  productOfferKey: z.string(),
  name: z.string(),
  gameType: z.literal('standard'),
  gameOffers: z.array(z.object({ key: z.string(), name: z.string(), prices: z.array(SessionPriceOption) })),
  /** Draws a session can be created for now (sales still open). */
  draws: z.array(SessionDraw),
});

/** GET /config[/{pricingId}]: what a session may be. */
export const LottoPartyConfig = z.object({
  pricingId: z.string(),
  limits: z.object({
    maxGroupNameLength: z.number().int(),
    minShares: z.number().int(),
    maxShares: z.number().int(),
    groupPageSize: z.number().int(),
  }),
  creationSteps: z.array(z.object({ step: z.string(), sort: z.number().int() })),
  publicityStatuses: z.array(PublicityStatus),
  autosessionStatuses: z.array(AutosessionStatus),
  offers: z.array(SessionConfigOffer),
});
export type LottoPartyConfig = z.infer<typeof LottoPartyConfig>;

/** GET /api/v2/social_syndicate_session/{id}?show_details=true (orders service): my purchase in a session. */
export const SocialSyndicateSessionOrder = z.object({
  socialSyndicateId: z.string(),
  session: LottoPartySession,
  /** My purchases of shares in it (one per order). */
  orders: z.array(
    z.object({
      orderId: z.string(),
      shares: z.number().int(),
      amount: Money,
      purchasedAt: z.string(),
      refunded: z.boolean(),
    }),
  ),
  amountPaid: Money,
  amountRefunded: Money,
});
export type SocialSyndicateSessionOrder = z.infer<typeof SocialSyndicateSessionOrder>;
