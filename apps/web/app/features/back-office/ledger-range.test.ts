// The ledger report's days: the last 7 site days by default (today in the site's time zone, not UTC), or as asked.
import { describe, expect, it } from 'vitest';
import { ledgerRange, shiftDay } from './ledger-range.ts';

const url = (q = '') => new URL(`http://shop.test/back-office/ledger${q}`);
// 2026-11-27 20:00 UTC is already 28 November in Sydney (UTC+11).
const NOW = new Date('2026-11-27T20:00:00Z');

describe('the ledger report range', () => {
  it('defaults to the last 7 days of the site, today included', () => {
    expect(ledgerRange(url(), 'Australia/Sydney', NOW)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(ledgerRange(url(), 'UTC', NOW)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('keeps the days asked for, and counts 7 days back from a given end', () => {
    expect(ledgerRange(url('?from=2026-01-01&to=2026-01-31'), 'UTC', NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(ledgerRange(url('?to=2026-03-02'), 'UTC', NOW)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  });

  it('shifts calendar days across months and leap years', () => {
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
});
