// Plain constants with no zod behind them, importable by browser code without pulling zod into the page's bundle
// (`@shop/contracts/constants`). common.ts re-exports them for everything else.

/** Default page sizes of spec core §9: lists 10, groups 6, results 5, giveaways 9, blog 12. */
export const PAGE_SIZES = { default: 10, groups: 6, results: 5, giveaways: 9, blog: 12 } as const;
export const MAX_PAGE_LIMIT = 100;

/** Ratings of features §3: not_satisfied (-1), neutral (0), satisfied (1). */
export const FEEDBACK_RATINGS = { not_satisfied: -1, neutral: 0, satisfied: 1 } as const;
/** Longest comment kept; a longer one is refused (422), never cut. */
export const FEEDBACK_COMMENT_MAX = 2_000;

export const FEEDBACK_TEXTS = {
  commentLabel: 'Any Feedback - we are all ears! (optional)',
  /** Features §8 gives no wording: satisfied gets thanks with social links, the others a follow-up message. */
  thanksSatisfied: 'Thank you for your feedback! We are glad you are enjoying the shop. Follow us for news and draws:',
  thanksOther: 'Thank you for your feedback. We read every message and will use it to make the shop better.',
} as const;

/** Lotto Party limits the server enforces (GET /config answers them too). */
export const LOTTO_PARTY_LIMITS = {
  maxGroupNameLength: 50,
  /** A session is split in at least 2 and at most 50 shares. */
  minShares: 2,
  maxShares: 50,
  /** Features §9: "Group page size 6". */
  groupPageSize: PAGE_SIZES.groups,
} as const;
