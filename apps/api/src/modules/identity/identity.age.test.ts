// The minimum age is reached on the birthday where the shop is (Sydney), not on the UTC date.
import { describe, expect, it } from 'vitest';
import { ageOn } from './identity.signup.ts';

describe('age on a day', () => {
  const SYDNEY = 'Australia/Sydney';
  it('turns 18 on the morning of the birthday in Sydney, though it is still the day before in UTC', () => {
    // 3 Dec 2026 02:05 in Sydney is 2 Dec 15:05 UTC.
    const now = new Date('2026-12-02T15:05:00Z');
    expect(ageOn('2008-12-03', now, SYDNEY)).toBe(18);
    expect(ageOn('2008-12-04', now, SYDNEY)).toBe(17);
    expect(ageOn('2008-12-03', now, 'UTC')).toBe(17);
  });

  it('counts whole years across a leap day', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T03:00:00Z'), SYDNEY)).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T03:00:00Z'), SYDNEY)).toBe(18);
  });
});
