// Formatting for the storefront: money through the one implementation in @shop/contracts, draw labels from
// @shop/lottery, dates and times in the site's time zone.
import { formatCurrency, formatJackpotAmount, moneyToCents, type CurrencyCode, type Money } from '@shop/contracts';
import { zonedLabel } from '@shop/protocol';
import { drawDateLabel, drawDayLabel, drawTimeLabel, forwardDrawLabel, jackpotText } from '@shop/lottery';

export type SiteLocale = 'en-AU' | 'en-GB';

export interface SiteFormat {
  locale: SiteLocale;
  currency: CurrencyCode;
  timeZone: string;
}

/** AUD with 2 decimals in en-AU ("$1,234.50"); GBP shows the pound sign ("£12.00"). */
export function formatMoney(money: Money, locale: SiteLocale = 'en-AU'): string {
  return formatCurrency(moneyToCents(money), money.currency, localeFor(money.currency, locale));
}

export function formatCents(amountCents: number, currency: CurrencyCode, locale: SiteLocale = 'en-AU'): string {
  return formatCurrency(amountCents, currency, localeFor(currency, locale));
}

/** Jackpots with 0 decimals ("$20,000,000"). */
export function formatJackpot(amountCents: number, currency: CurrencyCode, locale: SiteLocale = 'en-AU'): string {
  return formatJackpotAmount(amountCents, currency, localeFor(currency, locale));
}

// Pounds read naturally in en-GB whatever the site locale; dollars in the site's locale.
function localeFor(currency: CurrencyCode, locale: SiteLocale): SiteLocale {
  return currency === 'GBP' ? 'en-GB' : locale;
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
