// Zoned time: local dates and wall-clock instants across daylight saving, and the site's labels.
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  localDateOf,
  localDayStartIso,
  zonedIsoString,
  zonedLabel,
  zonedParts,
  zonedTimeToUtc,
} from './zoned-time.ts';

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

  it('writes an instant as local time with the offset of that date: +11:00 in daylight saving, +10:00 otherwise', () => {
    const iso = (date: string, time: string) =>
      zonedIsoString(zonedTimeToUtc(date, time, 'Australia/Sydney'), 'Australia/Sydney');
    expect(iso('2026-12-01', '09:00')).toBe('2026-12-01T09:00:00+11:00');
    expect(iso('2026-07-01', '09:00')).toBe('2026-07-01T09:00:00+10:00');
    // Either side of the changes: daylight saving ends 5 April 2026 at 3 am, starts 4 October 2026 at 2 am.
    expect(iso('2026-04-05', '01:30')).toBe('2026-04-05T01:30:00+11:00');
    expect(iso('2026-04-05', '03:30')).toBe('2026-04-05T03:30:00+10:00');
    expect(iso('2026-10-04', '01:30')).toBe('2026-10-04T01:30:00+10:00');
    expect(iso('2026-10-04', '03:30')).toBe('2026-10-04T03:30:00+11:00');
    // 2:30 am on 4 October does not happen in Sydney: it is the instant after the gap, written as it is then.
    expect(iso('2026-10-04', '02:30')).toBe('2026-10-04T03:30:00+11:00');
    // Read back, each is the same instant.
    expect(new Date(iso('2026-12-01', '09:00')).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(zonedIsoString(new Date('2026-06-30T23:00:00Z'), 'UTC')).toBe('2026-06-30T23:00:00+00:00');
  });

  it('labels an instant in the site zone and passes an unreadable value through', () => {
    const at = new Date('2026-11-28T09:15:00Z');
    expect(zonedLabel(at, 'longDate', SYDNEY)).toBe('28 November 2026');
    expect(zonedLabel(at, 'shortDate', SYDNEY)).toBe('28 Nov 2026');
    expect(zonedLabel(at.toISOString(), 'weekdayDateTime', SYDNEY)).toMatch(/^Sat, 28 Nov 2026, 8:15\spm$/);
    expect(zonedLabel('soon', 'longDate', SYDNEY)).toBe('soon');
  });
});

describe('local days', () => {
  it('steps calendar days across month, year and clock changes', () => {
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLocalDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addLocalDays('2026-10-04', 1)).toBe('2026-10-05');
  });

  it("a day's start in Sydney with its offset, summer and winter; tomorrow at 2:35 am local is still tomorrow", () => {
    expect(localDayStartIso('2026-12-03', 'Australia/Sydney')).toBe('2026-12-03T00:00:00+11:00');
    expect(localDayStartIso('2026-07-03', 'Australia/Sydney')).toBe('2026-07-03T00:00:00+10:00');
    // 2:35 am on 3 Dec in Sydney is 2 Dec in UTC: the first day to pause until is 4 Dec, not 3 Dec.
    const now = new Date('2026-12-02T15:35:00Z');
    expect(addLocalDays(localDateOf(now, 'Australia/Sydney'), 1)).toBe('2026-12-04');
    expect(new Date(localDayStartIso('2026-12-04', 'Australia/Sydney')).getTime()).toBeGreaterThan(now.getTime());
  });
});
