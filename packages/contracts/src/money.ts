// The ONE place money changes representation (DESIGN §3, ADR 003): integer cents inside the code and the database,
// `{ amount, currency }` with a decimal amount of at most 2 places on the wire, text through Intl.
import type { CurrencyCode, Money } from './common.ts';

/**
 * Largest cent value whose decimal amount a JS number still holds to the cent. Above 2^46 dollars the gap between
 * neighbouring doubles exceeds one cent, so a wire amount there could silently become another amount.
 */
export const MAX_WIRE_CENTS = 2 ** 46 * 100 - 1;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Exact decimal amount -> integer cents. Strings are parsed digit by digit and numbers through their shortest
 * round-trip text, so no float arithmetic happens (0.1 + 0.2 is rejected rather than rounded to 30 cents).
 * An amount needing more than 2 decimal places, NaN, Infinity, or beyond Number.MAX_SAFE_INTEGER cents throws
 * a RangeError. Trailing zeros are fine ("12.500" is 1250): the rule is about the value, not the spelling.
 */
export function toCents(amount: number | string): number {
  if (typeof amount === 'number' && !Number.isFinite(amount)) {
    throw new RangeError(`Money amount must be finite, got ${amount}`);
  }
  const text = typeof amount === 'number' ? String(amount) : amount;
  const match = DECIMAL.exec(text);
  const intDigits = match?.[2] ?? '';
  const fracDigits = match?.[3] ?? '';
  if (!match || intDigits.length + fracDigits.length === 0) {
    throw new RangeError(`Not a decimal money amount: ${JSON.stringify(text)}`);
  }
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  // Cents are the digits with the decimal point moved 2 (+ exponent) places right; leading zeros carry nothing.
  const allDigits = intDigits + fracDigits;
  const digits = allDigits.replace(/^0+/, '');
  const centsPoint = intDigits.length + exponent + 2 - (allDigits.length - digits.length);
  let wholeCents: string;
  if (digits.length === 0) {
    wholeCents = '0';
  } else if (centsPoint >= digits.length) {
    if (centsPoint > 20) throw new RangeError(`Money amount beyond ${Number.MAX_SAFE_INTEGER} cents: ${text}`);
    wholeCents = digits + '0'.repeat(centsPoint - digits.length);
  } else {
    const beyondCents = centsPoint <= 0 ? digits : digits.slice(centsPoint);
    if (/[1-9]/.test(beyondCents)) {
      throw new RangeError(`Money amount has more than 2 decimal places: ${text}`);
    }
    wholeCents = centsPoint <= 0 ? '0' : digits.slice(0, centsPoint);
  }
  const cents = BigInt(wholeCents);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Money amount beyond ${Number.MAX_SAFE_INTEGER} cents: ${text}`);
  }
  const value = Number(cents);
  return match[1] === '-' && value !== 0 ? -value : value;
}

function checkedCents(cents: number | bigint, limit: number): bigint {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  }
  const big = BigInt(cents);
  if (big > BigInt(limit) || big < -BigInt(limit)) {
    throw new RangeError(`Cents beyond ±${limit}: ${big}`);
  }
  return big;
}

/** Exact decimal text of a cent value ("-12.05"); Intl formats it without passing through a float. */
export function centsToDecimalString(cents: number | bigint): `${number}` {
  const big = checkedCents(cents, Number.MAX_SAFE_INTEGER);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const whole = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${rest}` as `${number}`;
}

/**
 * Integer cents -> wire amount (a number with at most 2 decimals). The number is parsed from the exact decimal
 * text, so it is the double nearest to the true amount and prints back as the same 2-decimal text.
 */
export function fromCents(cents: number | bigint): number {
  checkedCents(cents, MAX_WIRE_CENTS);
  const amount = Number(centsToDecimalString(cents));
  return Object.is(amount, -0) ? 0 : amount;
}

export function toMoney(cents: number | bigint, currency: CurrencyCode): Money {
  return { amount: fromCents(cents), currency };
}

export function moneyToCents(money: Money): number {
  return toCents(money.amount);
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: CurrencyCode, locale: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // The bare symbol ($, £): en-AU would otherwise print "GBP 12.00" and en-GB "A$12.00".
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      // A jackpot is never rounded up: showing more than the prize would be a misleading claim.
      roundingMode: 'trunc',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats the exact decimal string: Intl.NumberFormat reads string input as a decimal, not a double. */
function formatDecimal(formatter: Intl.NumberFormat, cents: number | bigint): string {
  return formatter.format(centsToDecimalString(cents));
}

/** Currency with 2 decimals (spec core §9): 123450 AUD -> "$1,234.50"; 1200 GBP en-GB -> "£12.00". */
export function formatCurrency(amountCents: number | bigint, currency: CurrencyCode, locale: string = 'en-AU'): string {
  return formatDecimal(currencyFormatter(currency, locale, 2), amountCents);
}

/** Jackpot amount with 0 decimals, cents dropped (never rounded up): 2_000_000_000 AUD -> "$20,000,000". */
export function formatJackpotAmount(
  amountCents: number | bigint,
  currency: CurrencyCode,
  locale: string = 'en-AU',
): string {
  return formatDecimal(currencyFormatter(currency, locale, 0), amountCents);
}
