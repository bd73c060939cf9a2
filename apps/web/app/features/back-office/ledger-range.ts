// The ledger report's days (?from&to, YYYY-MM-DD in the site's time zone): by default the last 7 days, today
// included. Days that are not real calendar days are left to the API, which answers why.
import { localDateOf } from '@shop/protocol';

export const LEDGER_DEFAULT_DAYS = 7;

/** A calendar day `days` away from `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function ledgerRange(url: URL, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const today = localDateOf(now, timeZone);
  const to = url.searchParams.get('to')?.trim() || today;
  const from =
    url.searchParams.get('from')?.trim() ||
    shiftDay(/^\d{4}-\d{2}-\d{2}$/.test(to) ? to : today, -(LEDGER_DEFAULT_DAYS - 1));
  return { from: from.slice(0, 10), to: to.slice(0, 10) };
}
