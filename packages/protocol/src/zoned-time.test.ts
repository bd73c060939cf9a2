// Zoned time: local dates and wall-clock instants across daylight saving, and the site's labels.
import { describe, expect, it } from 'vitest';
import { localDateOf, zonedLabel, zonedParts, zonedTimeToUtc } from './zoned-time.ts';

const SYDNEY = { timeZone: 'Australia/Sydney', locale: 'en-AU' };

describe('zoned time', () => {
  it('reads the local date and parts of an instant', () => {
    // 2026-06-30T15:30Z is 1:30 am on 1 July in Sydney (AEST, +10).
    expect(localDateOf(new Date('2026-06-30T15:30:00Z'), 'Australia/Sydney')).toBe('2026-07-01');
    expect(zonedParts(new Date('2026-06-30T15:30:00Z'), 'Australia/Sydney')).toMatchObject({ hour: 1, minute: 30 });
  });

  it('finds the instant of a wall-clock time on either side of daylight saving', () => {
    expect(zonedTimeToUtc('2026-07-04', '20:30', 'Australia/Sydney').toISOString()).toBe('2026-07-04T10:30:00.000Z');
    expect(zonedTimeToUtc('2026-12-05', '20:30', 'Australia/Sydney').toISOString()).toBe('2026-12-05T09:30:00.000Z');
    expect(zonedTimeToUtc('2026-10-04', '20:30', 'Australia/Sydney').toISOString()).toBe('2026-10-04T09:30:00.000Z');
  });

  it('labels an instant in the site zone and passes an unreadable value through', () => {
    const at = new Date('2026-11-28T09:15:00Z');
    expect(zonedLabel(at, 'longDate', SYDNEY)).toBe('28 November 2026');
    expect(zonedLabel(at, 'shortDate', SYDNEY)).toBe('28 Nov 2026');
    expect(zonedLabel(at.toISOString(), 'weekdayDateTime', SYDNEY)).toMatch(/^Sat, 28 Nov 2026, 8:15\spm$/);
    expect(zonedLabel('soon', 'longDate', SYDNEY)).toBe('soon');
  });
});
