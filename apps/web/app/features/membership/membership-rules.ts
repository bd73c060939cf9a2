// The storefront's Daily Winners rules that need no server: the sticky call-to-action of a giveaway page (features §4,
// exactly as the spec orders its cases), the labels of types and entry statuses, page numbers and paths.
import type { EntryStatus, GiveawayDrawStatus, GiveawayType, MembershipTier } from '@shop/contracts';

/** Features §8: "Membership errors store the message in state, or 'An unknown error occurred'". */
export const MEMBERSHIP_ERROR_FALLBACK = 'An unknown error occurred';

/** The stored flag of features §4: the visitor has opened the Daily Winners page (the dot badge stops nagging). */
export const VISITED_COOKIE = 'dw_visited';
export const VISITED_COOKIE_DAYS = 365;

export type CtaKind = 'closed-member' | 'closed' | 'premium' | 'join-all' | 'join-premium' | 'free-locked';

/**
 * Features §4 "Sticky call-to-action content": draw ended uses the closed-member or closed text; premium tier uses the
 * premium text; a non-member on a free giveaway uses join-all; a non-member on a premium giveaway uses join-premium; a
 * free-tier member on a free giveaway uses free-locked if the giveaway is monthly or major and locked, otherwise
 * join-premium; a free-tier member on a premium giveaway uses join-premium.
 */
export function stickyCallToAction(
  giveaway: { status: GiveawayDrawStatus; type: GiveawayType; availability: readonly MembershipTier[] },
  customer: { member: boolean; tier: MembershipTier | null; entryStatus: EntryStatus | null },
): CtaKind {
  if (giveaway.status !== 'DRAW_OPEN') return customer.member ? 'closed-member' : 'closed';
  if (customer.member && customer.tier === 'premium') return 'premium';
  const freeGiveaway = giveaway.availability.includes('free');
  if (!customer.member) return freeGiveaway ? 'join-all' : 'join-premium';
  if (!freeGiveaway) return 'join-premium';
  const unlockable = giveaway.type === 'monthly' || giveaway.type === 'major';
  return unlockable && customer.entryStatus === 'locked' ? 'free-locked' : 'join-premium';
}

/** The texts of the call-to-action (the spec names them; the words are ours, ADR 042) and what its button does. */
export const CALL_TO_ACTION: Record<
  CtaKind,
  { text: string; button: string | null; does: 'join' | 'unlock' | 'premium' | 'browse' | 'mine' }
> = {
  'closed-member': {
    text: 'This giveaway has closed. As a member you are already in the next daily giveaway.',
    button: 'See open giveaways',
    does: 'browse',
  },
  closed: {
    text: 'This giveaway has closed. Join Daily Winners for free to be in the next one.',
    button: 'Join for free',
    does: 'join',
  },
  premium: { text: 'You are a premium member: your entry is guaranteed.', button: 'My giveaways', does: 'mine' },
  'join-all': { text: 'Join Daily Winners for free to enter this giveaway.', button: 'Join for free', does: 'join' },
  'join-premium': {
    text: 'Premium members get guaranteed entries and premium-only giveaways. Make a qualifying deposit this month to go premium.',
    button: 'Go premium',
    does: 'premium',
  },
  'free-locked': {
    text: 'Your entry is locked. Unlock it to be in the draw.',
    button: 'Unlock my entry',
    does: 'unlock',
  },
};

export const GIVEAWAY_TYPE_LABEL: Record<GiveawayType, string> = {
  daily: 'Daily giveaway',
  monthly: 'Monthly giveaway',
  special: 'Special giveaway',
  major: 'Major giveaway',
  preview: 'Coming soon',
};

export const ENTRY_STATUS_LABEL: Record<EntryStatus, string> = {
  locked: 'Entry locked',
  unlocked: 'Entered',
  guaranteed: 'Guaranteed entry',
};

export const TIER_LABEL: Record<MembershipTier, string> = { free: 'Free member', premium: 'Premium member' };

/** A list page number: a whole number of at least 1 (features §5), 1 when absent; null for anything else. */
export function pageNumber(param: string | null | undefined): number | null {
  if (param === undefined || param === null || param === '') return 1;
  if (!/^[0-9]{1,6}$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 ? n : null;
}

export const giveawayPath = (type: string, drawNumber: number) => `/daily-winners/giveaways/${type}/${drawNumber}`;
export const verifyPath = (type: string, drawNumber: number) => `${giveawayPath(type, drawNumber)}/verify`;

/** The giveaway a route names: a known type and a draw number, or null (the 404 page). */
export function giveawayParams(
  type: string | undefined,
  drawNumber: string | undefined,
): { type: GiveawayType; drawNumber: number } | null {
  const types: readonly string[] = ['daily', 'major', 'monthly', 'preview', 'special'];
  if (!type || !types.includes(type) || !drawNumber || !/^[0-9]{1,9}$/.test(drawNumber)) return null;
  const n = Number(drawNumber);
  return n >= 1 ? { type: type as GiveawayType, drawNumber: n } : null;
}
