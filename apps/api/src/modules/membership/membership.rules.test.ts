// The rules of Daily Winners that need no database: eligibility, entry statuses, and the giveaways' periods in the
// site's time zone (across the daylight-saving change).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dailyPeriod,
  entryStatusFor,
  ineligibility,
  mergedStatus,
  monthlyPeriod,
  premiumWindow,
} from './index.ts';

const SYDNEY = 'Australia/Sydney';
const rules = { siteTimeZone: SYDNEY, minAge: 18 };
const NOW = new Date('2025-06-02T00:00:00Z');

describe('eligibility', () => {
  it('counts age in whole years up to the local date', () => {
    expect(ageOn('2007-06-02', '2025-06-02')).toBe(18);
    expect(ageOn('2007-06-03', '2025-06-02')).toBe(17);
    expect(ageOn('2007-07-01', '2025-06-02')).toBe(17);
    expect(ageOn('1980-12-31', '2025-01-01')).toBe(44);
  });

  it('refuses no account, the under-age, a break and a self-exclusion, each with its reason', () => {
    const adult = { dateOfBirth: '1990-01-01' };
    expect(ineligibility({ profile: null, exclusion: null }, NOW, rules)?.code).toBe('customer_not_found');
    // 2 June 2025 in Sydney: someone born on 3 June 2007 is 17.
    expect(ineligibility({ profile: { dateOfBirth: '2007-06-03' }, exclusion: null }, NOW, rules)).toEqual({
      code: 'underage',
      reason: 'You must be 18 or older to join Daily Winners.',
    });
    expect(ineligibility({ profile: { dateOfBirth: '2007-06-02' }, exclusion: null }, NOW, rules)).toBeNull();
    const endsAt = new Date('2025-06-09T00:00:00Z');
    expect(ineligibility({ profile: adult, exclusion: { kind: 'take_a_break', endsAt } }, NOW, rules)).toEqual({
      code: 'take_a_break',
      reason: 'Daily Winners is not available while you are taking a break, until 9 June 2025 at 10:00 am.',
    });
    expect(ineligibility({ profile: adult, exclusion: { kind: 'self_exclusion', endsAt } }, NOW, rules)?.code).toBe(
      'self_excluded',
    );
    expect(ineligibility({ profile: adult, exclusion: null }, NOW, rules)).toBeNull();
  });
});

describe('entry statuses', () => {
  const g = (type: string, availability = ['free', 'premium'], requiresVerified = false) => ({
    type,
    availability,
    requiresVerified,
  });
  const free = { tier: 'free' as const, isVerified: true };
  const premium = { tier: 'premium' as const, isVerified: true };

  it('free members are in daily and special giveaways, locked in monthly and major ones; premium is guaranteed', () => {
    expect(entryStatusFor(g('daily'), free)).toBe('unlocked');
    expect(entryStatusFor(g('special'), free)).toBe('unlocked');
    expect(entryStatusFor(g('monthly'), free)).toBe('locked');
    expect(entryStatusFor(g('major'), free)).toBe('locked');
    for (const type of ['daily', 'monthly', 'special', 'major'])
      expect(entryStatusFor(g(type), premium)).toBe('guaranteed');
  });

  it('a premium-only giveaway stays locked for free members; one needing a verified identity for the unverified', () => {
    expect(entryStatusFor(g('special', ['premium']), free)).toBe('locked');
    expect(entryStatusFor(g('special', ['premium']), premium)).toBe('guaranteed');
    expect(entryStatusFor(g('major', ['free', 'premium'], true), { ...premium, isVerified: false })).toBe('locked');
  });

  it('an entry never goes back', () => {
    const statuses = ['locked', 'unlocked', 'guaranteed'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.constantFrom(...statuses), (a, b) => {
        const m = mergedStatus(a, b);
        expect(statuses.indexOf(m)).toBe(Math.max(statuses.indexOf(a), statuses.indexOf(b)));
      }),
    );
  });
});

describe('periods in the site time zone', () => {
  it('a daily giveaway closes at 8 pm Sydney time and the next one opens then', () => {
    expect(dailyPeriod(NOW, SYDNEY, '20:00')).toEqual({
      periodKey: '2025-06-02',
      opensAt: new Date('2025-06-01T10:00:00Z'),
      closesAt: new Date('2025-06-02T10:00:00Z'),
    });
    expect(dailyPeriod(new Date('2025-06-02T10:00:00Z'), SYDNEY, '20:00').periodKey).toBe('2025-06-03');
    // Daylight saving starts on 5 October 2025: 8 pm is 09:00 UTC from then on.
    expect(dailyPeriod(new Date('2025-10-05T00:00:00Z'), SYDNEY, '20:00')).toEqual({
      periodKey: '2025-10-05',
      opensAt: new Date('2025-10-04T10:00:00Z'),
      closesAt: new Date('2025-10-05T09:00:00Z'),
    });
  });

  it('every instant is in exactly one daily period, and consecutive periods meet', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2024-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }), (d) => {
        const p = dailyPeriod(d, SYDNEY, '20:00');
        expect(p.opensAt.getTime()).toBeLessThanOrEqual(d.getTime());
        expect(p.closesAt.getTime()).toBeGreaterThan(d.getTime());
        expect(dailyPeriod(p.closesAt, SYDNEY, '20:00').opensAt).toEqual(p.closesAt);
      }),
    );
  });

  it('the monthly giveaway closes on the last day of the month at 11 pm; premium counts the calendar month', () => {
    expect(monthlyPeriod(NOW, SYDNEY, '23:00')).toEqual({
      periodKey: '2025-06',
      opensAt: new Date('2025-05-31T13:00:00Z'),
      closesAt: new Date('2025-06-30T13:00:00Z'),
    });
    expect(monthlyPeriod(new Date('2025-06-30T13:00:00Z'), SYDNEY, '23:00').periodKey).toBe('2025-07');
    // December is in daylight saving: 11 pm on the 31st is 12:00 UTC.
    expect(monthlyPeriod(new Date('2025-12-31T11:59:00Z'), SYDNEY, '23:00')).toMatchObject({
      periodKey: '2025-12',
      closesAt: new Date('2025-12-31T12:00:00Z'),
    });
    expect(monthlyPeriod(new Date('2025-12-31T12:00:00Z'), SYDNEY, '23:00').periodKey).toBe('2026-01');
    expect(premiumWindow(NOW, SYDNEY)).toEqual({
      start: new Date('2025-05-31T14:00:00Z'),
      end: new Date('2025-06-30T14:00:00Z'),
    });
  });
});
