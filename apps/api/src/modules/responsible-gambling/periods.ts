// Limit periods. Spend limits and the pre-commitment count calendar periods in the site's time zone (a day from local
// midnight, a week from Monday, a month from the 1st), the way customers read "my weekly limit". Deposit limits are
// rolling windows ("the maximum deposit in any 7-day period", features §5): 24 hours, 7 days, 30 days back from now.
import type { LimitPeriod } from '@shop/contracts';
import { zonedLabel } from '@shop/protocol';
import { localDateOf, zonedTimeToUtc } from '../draws/index.ts';

const DAY_MS = 86_400_000;

function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The calendar window of `period` holding `now` (site time). The window holding an instant is unique, so the last one
 * computed per period and zone answers every instant inside it: the purchase's checks ask for three windows twice a
 * checkout, and the zone arithmetic (Intl) was a twentieth of the API's CPU (issue 22).
 */
const lastWindows = new Map<string, { start: Date; end: Date }>();

export function calendarWindow(period: LimitPeriod, now: Date, timeZone: string): { start: Date; end: Date } {
  const key = `${period}|${timeZone}`;
  const known = lastWindows.get(key);
  const t = now.getTime();
  if (known && known.start.getTime() <= t && t < known.end.getTime())
    return { start: new Date(known.start), end: new Date(known.end) };
  const window = computeWindow(period, now, timeZone);
  lastWindows.set(key, window);
  return { start: new Date(window.start), end: new Date(window.end) };
}

function computeWindow(period: LimitPeriod, now: Date, timeZone: string): { start: Date; end: Date } {
  const today = localDateOf(now, timeZone);
  let first: string;
  let next: string;
  if (period === 'daily') {
    first = today;
    next = addDays(today, 1);
  } else if (period === 'weekly') {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    first = addDays(today, -((weekday + 6) % 7));
    next = addDays(first, 7);
  } else {
    const [y, m] = today.split('-').map(Number) as [number, number];
    first = `${y}-${String(m).padStart(2, '0')}-01`;
    next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return { start: zonedTimeToUtc(first, '00:00', timeZone), end: zonedTimeToUtc(next, '00:00', timeZone) };
}

export const ROLLING_MS: Record<LimitPeriod, number> = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 30 * DAY_MS };

export function rollingWindow(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - ROLLING_MS[period]), end: now };
}

/** "3 June 2025 at 12:00 am" in the site's time zone. */
export function formatWhen(instant: Date, timeZone: string): string {
  return zonedLabel(instant, 'longDateTime', { timeZone, locale: 'en-AU' });
}

/** "3 June 2025" in the site's time zone. */
export function formatDay(instant: Date, timeZone: string): string {
  return zonedLabel(instant, 'longDate', { timeZone, locale: 'en-AU' });
}
