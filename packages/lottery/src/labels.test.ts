import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatJackpotAmount } from '@shop/contracts';
import {
  ANNOUNCED_SOON,
  drawDateLabel,
  drawDayLabel,
  drawTimeLabel,
  forwardDrawLabel,
  jackpotText,
  ordinal,
} from './labels.ts';

const utc = (iso: string) => new Date(iso);

describe('jackpotText', () => {
  const aud = (amountCents: number | null, prizePoolSuffix: string | null = null) =>
    jackpotText({ amountCents, currency: 'AUD', isPrizePoolUnknown: false, prizePoolSuffix });

  it('shows "Announced soon" for an unknown prize pool, whatever the amount', () => {
    expect(jackpotText({ amountCents: 2_000_000_000, currency: 'AUD', isPrizePoolUnknown: true })).toBe(
      'Announced soon',
    );
    expect(jackpotText({ amountCents: null, currency: 'AUD', isPrizePoolUnknown: false })).toBe(ANNOUNCED_SOON);
  });

  it('shows N Million from 1 million up, one decimal, floored, no ".0" for a whole number', () => {
    expect(aud(100_000_000)).toBe('$1 Million');
    expect(aud(2_000_000_000)).toBe('$20 Million');
    expect(aud(2_050_000_000)).toBe('$20.5 Million');
    expect(aud(2_059_999_999)).toBe('$20.5 Million');
    expect(aud(2_009_999_999)).toBe('$20 Million');
    expect(aud(199_999_999)).toBe('$1.9 Million');
    expect(aud(123_456_700_000_00)).toBe('$123,456.7 Million');
  });

  it('ignores the prize suffix from 1 million up', () => {
    expect(aud(2_050_000_000, 'in prizes')).toBe('$20.5 Million');
  });

  it('shows "Win $Nk" with the suffix below 1 million when the draw has a prize suffix', () => {
    expect(aud(50_000_000, 'in prizes')).toBe('Win $500k in prizes');
    expect(aud(99_999_999, 'in prizes')).toBe('Win $999k in prizes');
    expect(aud(1_250_000, 'Prize Home')).toBe('Win $12k Prize Home');
    expect(aud(100_000, 'in prizes')).toBe('Win $1k in prizes');
    expect(aud(50_000_000, '+')).toBe('Win $500k+');
    expect(aud(50_000_000, '  in prizes ')).toBe('Win $500k in prizes');
  });

  it('shows the plain amount with 0 decimals when there is no suffix, or under $1,000', () => {
    expect(aud(50_000_000)).toBe('$500,000');
    expect(aud(50_000_000, '')).toBe('$500,000');
    expect(aud(50_000_000, '   ')).toBe('$500,000');
    expect(aud(2_000_050)).toBe('$20,000');
    expect(aud(99_999, 'in prizes')).toBe('$999');
    expect(aud(0)).toBe('$0');
  });

  it('uses £ for GBP', () => {
    const gbp = (amountCents: number, prizePoolSuffix: string | null = null) =>
      jackpotText({ amountCents, currency: 'GBP', isPrizePoolUnknown: false, prizePoolSuffix }, 'en-GB');
    expect(gbp(2_050_000_000)).toBe('£20.5 Million');
    expect(gbp(50_000_000, 'in prizes')).toBe('Win £500k in prizes');
    expect(gbp(1_200_000)).toBe('£12,000');
  });

  it('rejects amounts that are not whole non-negative cents', () => {
    expect(() => aud(-1)).toThrow(RangeError);
    expect(() => aud(1.5)).toThrow(RangeError);
    expect(() => aud(Number.NaN)).toThrow(RangeError);
  });

  it('property: every amount gets text, and the figure shown never exceeds the prize', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.option(fc.constantFrom('in prizes', '+', 'Prize Home', ''), { nil: null }),
        (cents, suffix) => {
          const text = aud(cents, suffix);
          const million = /^\$([\d,]+(?:\.\d)?) Million$/.exec(text);
          const thousands = /^Win \$([\d,]+)k/.exec(text);
          if (million) {
            const tenths = Math.round(Number(million[1]!.replace(/,/g, '')) * 10);
            expect(cents).toBeGreaterThanOrEqual(100_000_000);
            expect(tenths * 10_000_000).toBeLessThanOrEqual(cents);
            expect((tenths + 1) * 10_000_000).toBeGreaterThan(cents);
          } else if (thousands) {
            const k = Number(thousands[1]!.replace(/,/g, ''));
            expect(suffix?.trim()).toBeTruthy();
            expect(text.endsWith(suffix!.trim())).toBe(true);
            expect(k * 100_000).toBeLessThanOrEqual(cents);
            expect((k + 1) * 100_000).toBeGreaterThan(cents);
          } else {
            expect(cents).toBeLessThan(100_000_000);
            expect(text).toBe(formatJackpotAmount(cents, 'AUD'));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('drawDayLabel (Australia/Sydney, en-AU)', () => {
  // 5 December 2026 is a Saturday; Sydney is on AEDT (UTC+11) then.
  const saturdayNoon = utc('2026-12-05T01:00:00Z');

  it('says "Tonight" for a draw today from 18:00 to midnight', () => {
    expect(drawDayLabel(utc('2026-12-05T09:30:00Z'), saturdayNoon)).toBe('Tonight'); // 20:30
    expect(drawDayLabel(utc('2026-12-05T07:00:00Z'), saturdayNoon)).toBe('Tonight'); // 18:00 exactly
    expect(drawDayLabel(utc('2026-12-05T12:59:59Z'), saturdayNoon)).toBe('Tonight'); // 23:59:59
  });

  it('says "Today" for a draw earlier today', () => {
    expect(drawDayLabel(utc('2026-12-05T06:59:59Z'), saturdayNoon)).toBe('Today'); // 17:59:59
    expect(drawDayLabel(utc('2026-12-05T03:00:00Z'), saturdayNoon)).toBe('Today'); // 14:00
    expect(drawDayLabel(utc('2026-12-04T13:00:00Z'), saturdayNoon)).toBe('Today'); // 00:00, already past
  });

  it('says "Tomorrow" from midnight, even an hour away', () => {
    expect(drawDayLabel(utc('2026-12-05T13:00:00Z'), saturdayNoon)).toBe('Tomorrow'); // Sunday 00:00
    expect(drawDayLabel(utc('2026-12-05T13:10:00Z'), utc('2026-12-05T12:50:00Z'))).toBe('Tomorrow');
    expect(drawDayLabel(utc('2026-12-06T12:59:00Z'), saturdayNoon)).toBe('Tomorrow'); // Sunday 23:59
  });

  it('says "This {weekday}" 2 to 6 days ahead', () => {
    expect(drawDayLabel(utc('2026-12-07T09:30:00Z'), saturdayNoon)).toBe('This Monday');
    expect(drawDayLabel(utc('2026-12-09T09:30:00Z'), saturdayNoon)).toBe('This Wednesday');
    expect(drawDayLabel(utc('2026-12-11T12:59:00Z'), saturdayNoon)).toBe('This Friday');
  });

  it('says "Next {weekday}" 7 to 13 days ahead', () => {
    expect(drawDayLabel(utc('2026-12-11T13:00:00Z'), saturdayNoon)).toBe('Next Saturday'); // 12 Dec 00:00
    expect(drawDayLabel(utc('2026-12-12T09:30:00Z'), saturdayNoon)).toBe('Next Saturday');
    expect(drawDayLabel(utc('2026-12-18T09:30:00Z'), saturdayNoon)).toBe('Next Friday');
  });

  it('shows the long date 14 days ahead and beyond, and for past days', () => {
    expect(drawDayLabel(utc('2026-12-19T09:30:00Z'), saturdayNoon)).toBe('Saturday 19 December 2026');
    expect(drawDayLabel(utc('2027-01-02T09:30:00Z'), saturdayNoon)).toBe('Saturday 2 January 2027');
    expect(drawDayLabel(utc('2026-12-04T09:30:00Z'), saturdayNoon)).toBe('Friday 4 December 2026');
    expect(drawDateLabel(utc('2026-12-05T09:30:00Z'))).toBe('Saturday 5 December 2026');
  });

  it('counts calendar days in the site time zone, not the UTC date', () => {
    // Saturday 10:00 Sydney is still Friday in UTC; a Sunday 09:00 Sydney draw is Saturday 22:00 UTC.
    expect(drawDayLabel(utc('2026-12-05T22:00:00Z'), utc('2026-12-04T23:00:00Z'))).toBe('Tomorrow');
  });

  describe('across the start of AEDT (Sunday 4 October 2026, 02:00 AEST -> 03:00 AEDT)', () => {
    it('the 23-hour Sunday is one day', () => {
      const saturdayLate = utc('2026-10-03T13:30:00Z'); // Sat 23:30 AEST
      expect(drawDayLabel(utc('2026-10-03T14:30:00Z'), saturdayLate)).toBe('Tomorrow'); // Sun 00:30 AEST
      expect(drawDayLabel(utc('2026-10-04T12:30:00Z'), saturdayLate)).toBe('Tomorrow'); // Sun 23:30 AEDT
      expect(drawDayLabel(utc('2026-10-04T13:30:00Z'), saturdayLate)).toBe('This Monday'); // Mon 00:30 AEDT
    });

    it("uses the draw day's own offset for the day and the hour", () => {
      const saturdayNoonAest = utc('2026-10-03T02:00:00Z');
      // Mon 00:30 AEDT is Sun 23:30 if Saturday's +10 offset were reused.
      expect(drawDayLabel(utc('2026-10-04T13:30:00Z'), saturdayNoonAest)).toBe('This Monday');
      const sundayOneAm = utc('2026-10-03T15:00:00Z'); // Sun 01:00 AEST, before the change
      expect(drawDayLabel(utc('2026-10-04T07:30:00Z'), sundayOneAm)).toBe('Tonight'); // 18:30 AEDT, 17:30 at the old +10
      expect(drawDayLabel(utc('2026-10-04T07:00:00Z'), sundayOneAm)).toBe('Tonight'); // 18:00 AEDT
      expect(drawDayLabel(utc('2026-10-04T06:59:00Z'), sundayOneAm)).toBe('Today'); // 17:59 AEDT
    });

    it('a week minus an hour of elapsed time is still "Next Saturday"', () => {
      // Sat 3 Oct 20:00 AEST -> Sat 10 Oct 19:30 AEDT: 6 days 22.5 hours, but 7 calendar days.
      expect(drawDayLabel(utc('2026-10-10T08:30:00Z'), utc('2026-10-03T10:00:00Z'))).toBe('Next Saturday');
    });
  });

  describe('across the end of AEDT (Sunday 5 April 2026, 03:00 AEDT -> 02:00 AEST)', () => {
    it('the 25-hour Sunday is one day', () => {
      const saturdayNoon = utc('2026-04-04T01:00:00Z'); // Sat 12:00 AEDT
      expect(drawDayLabel(utc('2026-04-05T13:30:00Z'), saturdayNoon)).toBe('Tomorrow'); // Sun 23:30 AEST
      expect(drawDayLabel(utc('2026-04-05T14:30:00Z'), saturdayNoon)).toBe('This Monday'); // Mon 00:30 AEST
    });

    it('reads the draw hour in the offset of the draw day', () => {
      const sundayOneAm = utc('2026-04-04T14:00:00Z'); // Sun 01:00 AEDT, before the change
      expect(drawDayLabel(utc('2026-04-05T07:30:00Z'), sundayOneAm)).toBe('Today'); // 17:30 AEST
      expect(drawDayLabel(utc('2026-04-05T08:00:00Z'), sundayOneAm)).toBe('Tonight'); // 18:00 AEST
    });

    it('13 calendar days plus the extra hour is still "Next Friday", 14 days is the long date', () => {
      const saturdayLate = utc('2026-04-04T12:59:00Z'); // Sat 23:59 AEDT
      expect(drawDayLabel(utc('2026-04-17T13:58:00Z'), saturdayLate)).toBe('Next Friday'); // Fri 17 Apr 23:58 AEST
      expect(drawDayLabel(utc('2026-04-17T14:00:00Z'), saturdayLate)).toBe('Saturday 18 April 2026');
    });
  });

  it('follows another site time zone and locale', () => {
    const londonMorning = utc('2026-12-05T10:00:00Z');
    expect(drawDayLabel(utc('2026-12-05T19:00:00Z'), londonMorning, 'Europe/London', 'en-GB')).toBe('Tonight');
    expect(drawDayLabel(utc('2026-12-05T19:00:00Z'), londonMorning)).toBe('Tomorrow'); // 06:00 Sunday in Sydney
    expect(drawDayLabel(utc('2026-12-09T19:00:00Z'), londonMorning, 'Europe/London', 'en-GB')).toBe('This Wednesday');
  });

  it('rejects invalid dates', () => {
    expect(() => drawDayLabel(new Date('nope'), saturdayNoon)).toThrow(RangeError);
    expect(() => drawDayLabel(saturdayNoon, new Date(Number.NaN))).toThrow(RangeError);
    expect(() => drawTimeLabel(new Date('nope'))).toThrow(RangeError);
  });

  const rank = (label: string): number => {
    if (label === 'Today') return 0;
    if (label === 'Tonight') return 1;
    if (label === 'Tomorrow') return 2;
    if (label.startsWith('This ')) return 3;
    if (label.startsWith('Next ')) return 4;
    return 5;
  };
  const HOUR = 3_600_000;
  // 2025-2028 covers several DST changes in both directions.
  const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) });

  it('property: labels only move forward as the draw moves later, and weekdays match the draw', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 20 * 24 * HOUR }),
        fc.integer({ min: 0, max: 3 * 24 * HOUR }),
        (now, ahead, later) => {
          const first = drawDayLabel(new Date(now + ahead), new Date(now));
          const second = drawDayLabel(new Date(now + ahead + later), new Date(now));
          expect(rank(first)).toBeLessThanOrEqual(rank(second));
          const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Sydney' }).format(
            new Date(now + ahead),
          );
          if (rank(first) >= 3) expect(first.includes(weekday)).toBe(true);
          if (first === 'Tomorrow') expect(ahead).toBeLessThan(49 * HOUR);
          if (rank(first) === 3) expect(ahead).toBeLessThan(7 * 24 * HOUR + HOUR);
          if (rank(first) === 4) expect(ahead).toBeGreaterThan(6 * 24 * HOUR - HOUR);
          if (rank(first) === 5) expect(ahead).toBeGreaterThan(13 * 24 * HOUR - HOUR);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('property: total over any pair of valid dates', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.date({ noInvalidDate: true }), (drawAt, now) => {
        expect(drawDayLabel(drawAt, now)).toMatch(
          /^(Today|Tonight|Tomorrow|(This|Next) [A-Z][a-z]+day|[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ -?\d+)$/,
        );
      }),
    );
  });
});

describe('drawTimeLabel', () => {
  it('shows the time in en-AU style in the site time zone', () => {
    expect(drawTimeLabel(utc('2026-12-05T09:30:00Z'))).toBe('8:30 pm');
    expect(drawTimeLabel(utc('2026-12-05T13:05:00Z'))).toBe('12:05 am');
    expect(drawTimeLabel(utc('2026-12-05T01:00:00Z'))).toBe('12:00 pm');
    expect(drawTimeLabel(utc('2026-07-04T09:30:00Z'))).toBe('7:30 pm'); // AEST in July
  });

  it('follows the time zone and locale given', () => {
    expect(drawTimeLabel(utc('2026-12-05T20:30:00Z'), 'Europe/London', 'en-AU')).toBe('8:30 pm');
    expect(drawTimeLabel(utc('2026-12-05T20:30:00Z'), 'Europe/London', 'en-GB')).toBe('20:30');
  });
});

describe('forwardDrawLabel', () => {
  it('is "Next available" for offset 0, then ordinals counting from 1st', () => {
    expect([0, 1, 2, 3, 4].map(forwardDrawLabel)).toEqual(['Next available', '1st', '2nd', '3rd', '4th']);
  });

  it.each([
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [1013, '1013th'],
  ])('offset %i is %s', (offset, label) => {
    expect(forwardDrawLabel(offset)).toBe(label);
  });

  it('rejects negative or fractional offsets', () => {
    expect(() => forwardDrawLabel(-1)).toThrow(RangeError);
    expect(() => forwardDrawLabel(1.5)).toThrow(RangeError);
    expect(() => ordinal(0)).toThrow(RangeError);
  });

  it('property: ordinals agree with the English ordinal plural rules', () => {
    const rules = new Intl.PluralRules('en-AU', { type: 'ordinal' });
    const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(forwardDrawLabel(n)).toBe(`${n}${suffixes[rules.select(n)]}`);
      }),
      { numRuns: 5000 },
    );
  });
});
