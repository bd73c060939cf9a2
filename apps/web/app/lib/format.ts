// Formatting for the storefront: money (money-format.ts, through the one implementation in @shop/contracts), draw
// labels from @shop/lottery, dates and times in the site's time zone.
import type { CurrencyCode } from '@shop/contracts';
import type { SiteLocale } from './money-format.ts';
import { zonedLabel } from '@shop/protocol';
import { drawDateLabel, drawDayLabel, drawTimeLabel, forwardDrawLabel, jackpotText } from '@shop/lottery';

export { formatCents, formatJackpot, formatMoney, type SiteLocale } from './money-format.ts';

export interface SiteFormat {
  locale: SiteLocale;
  currency: CurrencyCode;
  timeZone: string;
}

/** "Saturday 5 December 2026" style long date in the site time zone. */
export function formatLongDate(at: Date, site: Pick<SiteFormat, 'locale' | 'timeZone'>): string {
  return drawDateLabel(at, site.timeZone, site.locale);
}

/** "5 Dec 2026" style short date in the site time zone. */
export function formatShortDate(at: Date, site: Pick<SiteFormat, 'locale' | 'timeZone'>): string {
  return zonedLabel(at, 'shortDate', site);
}

/** "8:30 pm" in the site time zone. */
export function formatTime(at: Date, site: Pick<SiteFormat, 'locale' | 'timeZone'>): string {
  return drawTimeLabel(at, site.timeZone, site.locale);
}

export { drawDayLabel, forwardDrawLabel, jackpotText };
