import { describe, expect, it } from 'vitest';
import { membershipDotBadge } from './membership-badge.ts';

const shell = (navigationStatus: 'anonymous' | 'non-member' | 'draw_locked' | 'draw_unlocked', visited: boolean) => ({
  navigationStatus,
  membershipStatus: null,
  tier: null,
  marketing: true,
  visited,
});

describe('the membership dot badge (features §4)', () => {
  it('shows for the signed out and non-members until they visit the page', () => {
    expect(membershipDotBadge(shell('anonymous', false))).toBe(true);
    expect(membershipDotBadge(shell('non-member', false))).toBe(true);
    expect(membershipDotBadge(shell('anonymous', true))).toBe(false);
    expect(membershipDotBadge(shell('non-member', true))).toBe(false);
  });

  it('shows for a member with a locked entry, visited or not; not for one without', () => {
    expect(membershipDotBadge(shell('draw_locked', true))).toBe(true);
    expect(membershipDotBadge(shell('draw_locked', false))).toBe(true);
    expect(membershipDotBadge(shell('draw_unlocked', false))).toBe(false);
  });

  it('never shows to a customer who gets no marketing, nor without the capability', () => {
    expect(membershipDotBadge({ ...shell('non-member', false), marketing: false })).toBe(false);
    expect(membershipDotBadge(null)).toBe(false);
    expect(membershipDotBadge(undefined)).toBe(false);
  });
});
