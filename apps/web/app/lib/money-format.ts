// Money as the storefront shows it, through the one implementation in @shop/contracts. Apart from format.ts (dates
// and draw labels) so the shell every page loads, whose header shows the wallet, does not carry the draw labels of
// @shop/lottery (issue 22: the initial JavaScript budget of `/`).
import { formatCurrency, formatJackpotAmount, moneyToCents, type CurrencyCode, type Money } from '@shop/contracts';

export type SiteLocale = 'en-AU' | 'en-GB';

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
