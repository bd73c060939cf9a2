import { describe, expect, it } from 'vitest';
import { formatCents, formatJackpot, formatLongDate, formatMoney, formatTime } from './format.ts';

describe('money', () => {
  it('AUD in en-AU: currency with 2 decimals, jackpots with 0', () => {
    expect(formatMoney({ amount: 1234.5, currency: 'AUD' })).toBe('$1,234.50');
    expect(formatCents(500, 'AUD')).toBe('$5.00');
    expect(formatJackpot(2_000_000_000, 'AUD')).toBe('$20,000,000');
  });
  it('pound sign for GBP', () => {
    expect(formatMoney({ amount: 12, currency: 'GBP' }, 'en-GB')).toBe('£12.00');
    expect(formatCents(1200, 'GBP')).toBe('£12.00');
  });
});

describe('dates in the site time zone', () => {
  it('uses the site zone, not the server zone', () => {
    // 2026-11-21T09:30Z is 8:30 pm in Sydney (AEDT, UTC+11).
    const at = new Date('2026-11-21T09:30:00Z');
    expect(formatTime(at, { locale: 'en-AU', timeZone: 'Australia/Sydney' })).toBe('8:30 pm');
    expect(formatLongDate(new Date('2026-11-21T14:00:00Z'), { locale: 'en-AU', timeZone: 'Australia/Sydney' })).toBe(
      'Sunday 22 November 2026',
    );
  });
});
