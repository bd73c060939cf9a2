// Features §4 "Sticky call-to-action content", case by case, and the page-number and path rules of the Daily Winners
// screens.
import { describe, expect, it } from 'vitest';
import { CALL_TO_ACTION, giveawayParams, pageNumber, stickyCallToAction, verifyPath } from './membership-rules.ts';

const free = ['free', 'premium'] as const;
const premiumOnly = ['premium'] as const;
const g = (type: 'daily' | 'monthly' | 'major' | 'special', availability: readonly ('free' | 'premium')[] = free) => ({
  status: 'DRAW_OPEN' as const,
  type,
  availability,
});
const nonMember = { member: false, tier: null, entryStatus: null };
const freeMember = (entryStatus: 'locked' | 'unlocked' | 'guaranteed' | null = 'unlocked') => ({
  member: true,
  tier: 'free' as const,
  entryStatus,
});
const premiumMember = { member: true, tier: 'premium' as const, entryStatus: 'guaranteed' as const };

describe('the sticky call-to-action (features §4)', () => {
  it('draw ended: the closed-member or closed text', () => {
    for (const status of ['DRAW_CLOSED', 'DRAW_PAID'] as const) {
      expect(stickyCallToAction({ ...g('daily'), status }, freeMember())).toBe('closed-member');
      expect(stickyCallToAction({ ...g('daily'), status }, premiumMember)).toBe('closed-member');
      expect(stickyCallToAction({ ...g('daily'), status }, nonMember)).toBe('closed');
    }
  });

  it('premium tier: the premium text, on any open giveaway', () => {
    expect(stickyCallToAction(g('daily'), premiumMember)).toBe('premium');
    expect(stickyCallToAction(g('special', premiumOnly), premiumMember)).toBe('premium');
  });

  it('a non-member: join-all on a free giveaway, join-premium on a premium one', () => {
    expect(stickyCallToAction(g('daily'), nonMember)).toBe('join-all');
    expect(stickyCallToAction(g('monthly'), nonMember)).toBe('join-all');
    expect(stickyCallToAction(g('special', premiumOnly), nonMember)).toBe('join-premium');
  });

  it('a free member on a free giveaway: free-locked when monthly or major and locked, otherwise join-premium', () => {
    expect(stickyCallToAction(g('monthly'), freeMember('locked'))).toBe('free-locked');
    expect(stickyCallToAction(g('major'), freeMember('locked'))).toBe('free-locked');
    expect(stickyCallToAction(g('monthly'), freeMember('unlocked'))).toBe('join-premium');
    expect(stickyCallToAction(g('daily'), freeMember('unlocked'))).toBe('join-premium');
    expect(stickyCallToAction(g('special'), freeMember('locked'))).toBe('join-premium');
  });

  it('a free member on a premium giveaway: join-premium', () => {
    expect(stickyCallToAction(g('special', premiumOnly), freeMember('locked'))).toBe('join-premium');
  });

  it('every kind has its text and what its button does', () => {
    expect(Object.keys(CALL_TO_ACTION).sort()).toEqual(
      ['closed', 'closed-member', 'free-locked', 'join-all', 'join-premium', 'premium'].sort(),
    );
    expect(CALL_TO_ACTION['free-locked'].does).toBe('unlock');
    expect(CALL_TO_ACTION['join-all'].does).toBe('join');
    expect(CALL_TO_ACTION['join-premium'].does).toBe('premium');
  });
});

describe('pages and paths', () => {
  it('page numbers are whole numbers of at least 1', () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'x', '9999999']) expect(pageNumber(bad)).toBeNull();
  });

  it('a giveaway route names a known type and a positive draw number', () => {
    expect(giveawayParams('daily', '12')).toEqual({ type: 'daily', drawNumber: 12 });
    expect(giveawayParams('weekly', '1')).toBeNull();
    expect(giveawayParams('daily', '0')).toBeNull();
    expect(giveawayParams('daily', '1e3')).toBeNull();
    expect(verifyPath('monthly', 4)).toBe('/daily-winners/giveaways/monthly/4/verify');
  });
});
