// Display labels of spec features §9 (jackpot text, relative draw-day labels, forward draw labels). Pure: the clock
// and the site time zone are arguments, so the server render and the browser agree and tests pin the moment.
// Readings of the spec's ambiguous sentences are recorded in docs/decisions/006-label-interpretations.md.
import { formatJackpotAmount, type CurrencyCode } from '@shop/contracts';
import { zonedParts } from '@shop/protocol';

export const SITE_TIME_ZONE = 'Australia/Sydney';
export const SITE_LOCALE = 'en-AU';

export const ANNOUNCED_SOON = 'Announced soon';
export const NEXT_AVAILABLE = 'Next available';

const ONE_MILLION_CENTS = 100_000_000;
const ONE_THOUSAND_CENTS = 100_000;

export interface JackpotTextInput {
  /** The draw's prize pool in cents; null when the draw has none yet. */
  amountCents: number | null;
  currency: CurrencyCode;
  isPrizePoolUnknown: boolean;
  /** The draw's prizePoolSuffix (spec features §3 Draw), e.g. "in prizes"; empty or null when it has none. */
  prizePoolSuffix?: string | null;
}

/**
 * Jackpot text (spec features §9: "1 million or more shows 'N Million' with one decimal (floor); otherwise
 * 'Win {k}k' with a prize suffix, else the plain amount; unknown prize pool shows 'Announced soon'"):
 * - unknown prize pool (flag set, or no amount) -> "Announced soon";
 * - $1,000,000 or more -> "$N Million", N floored to one decimal, a whole N without ".0": "$20 Million",
 *   "$20.5 Million" ($20,590,000 also shows "$20.5 Million");
 * - under a million, when the draw carries a prize suffix (a non-blank prizePoolSuffix) and the amount is at
 *   least $1,000 -> "Win $Nk" with N the whole thousands (floored), followed by the suffix: "Win $500k in prizes".
 *   A suffix starting with a letter or digit is separated by a space, one starting with punctuation is attached
 *   ("Win $500k+"). We read "with a prize suffix" as the condition for the "Win ...k" wording, and show the
 *   suffix because a draw only carries one to be displayed;
 * - otherwise the plain amount with 0 decimals: "$20,000".
 * Currency symbol from Intl ($ for AUD, £ for GBP).
 */
export function jackpotText(input: JackpotTextInput, locale: string = SITE_LOCALE): string {
  const { amountCents, currency, isPrizePoolUnknown } = input;
  if (isPrizePoolUnknown || amountCents === null) return ANNOUNCED_SOON;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`Jackpot amount must be a non-negative whole number of cents, got ${amountCents}`);
  }
  if (amountCents >= ONE_MILLION_CENTS) {
    const tenthsOfMillion = Math.floor(amountCents / (ONE_MILLION_CENTS / 10));
    const whole = Math.floor(tenthsOfMillion / 10);
    const tenth = tenthsOfMillion % 10;
    return `${formatWithSymbol(String(whole), tenth === 0 ? '' : `.${tenth}`, currency, locale)} Million`;
  }
  const suffix = input.prizePoolSuffix?.trim() ?? '';
  if (suffix !== '' && amountCents >= ONE_THOUSAND_CENTS) {
    const thousands = Math.floor(amountCents / ONE_THOUSAND_CENTS);
    const separator = /^[\p{L}\p{N}]/u.test(suffix) ? ' ' : '';
    return `Win ${formatWithSymbol(String(thousands), '', currency, locale)}k${separator}${suffix}`;
  }
  return formatJackpotAmount(amountCents, currency, locale);
}

/**
 * One Intl formatter per locale, zone and options: building one costs far more than using it, and a play screen or a
 * results page formats dozens of dates and amounts per render.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** Currency symbol and grouping from Intl around an already-floored figure (so Intl never rounds it). */
function formatWithSymbol(whole: string, fraction: string, currency: CurrencyCode, locale: string): string {
  const parts = numberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fraction === '' ? 0 : 1,
    maximumFractionDigits: 1,
  }).formatToParts(`${whole}${fraction}` as `${number}`);
  return parts.map((part) => part.value).join('');
}

interface ZonedDay {
  /** Days since 1970-01-01 of the calendar date in the zone: differences are calendar days, whatever DST does. */
  dayNumber: number;
  hour: number;
}

function zonedDay(instant: Date, timeZone: string): ZonedDay {
  const p = zonedParts(instant, timeZone);
  return { dayNumber: Date.UTC(p.year, p.month - 1, p.day) / 86_400_000, hour: p.hour };
}

function assertValidDate(date: Date, name: string): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${name} is not a valid date`);
}

/** Some ICU versions put narrow or non-breaking spaces in dates and times; plain spaces keep SSR and browser equal. */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

function weekdayName(instant: Date, timeZone: string, locale: string): string {
  return dateFormat(locale, { weekday: 'long', timeZone }).format(instant);
}

/**
 * Relative draw-day label (spec features §9: '"Tonight" from 18:00 to midnight today; "Today"; "Tomorrow";
 * "This {weekday}" within 7 days; "Next {weekday}" for days 7 to 14; otherwise a long date'). Days are calendar
 * days in the site time zone, so a 23-hour or 25-hour DST day still counts as one day:
 * - 0 days ahead: "Tonight" when the draw is at 18:00 or later, else "Today";
 * - 1: "Tomorrow"; 2 to 6: "This Saturday"; 7 to 13: "Next Saturday" (14 days ahead would be the same weekday as
 *   7, so it gets the long date rather than a second, different "Next Saturday");
 * - anything else, including a draw on an earlier day: the long date, "Saturday 5 December 2026" in en-AU.
 */
export function drawDayLabel(
  drawAt: Date,
  now: Date,
  timeZone: string = SITE_TIME_ZONE,
  locale: string = SITE_LOCALE,
): string {
  assertValidDate(drawAt, 'drawAt');
  assertValidDate(now, 'now');
  const draw = zonedDay(drawAt, timeZone);
  const daysAhead = draw.dayNumber - zonedDay(now, timeZone).dayNumber;
  if (daysAhead === 0) return draw.hour >= 18 ? 'Tonight' : 'Today';
  if (daysAhead === 1) return 'Tomorrow';
  if (daysAhead >= 2 && daysAhead <= 6) return `This ${weekdayName(drawAt, timeZone, locale)}`;
  if (daysAhead >= 7 && daysAhead <= 13) return `Next ${weekdayName(drawAt, timeZone, locale)}`;
  return drawDateLabel(drawAt, timeZone, locale);
}

/** Long date of the draw in the site time zone: "Saturday 5 December 2026" (en-AU). */
export function drawDateLabel(drawAt: Date, timeZone: string = SITE_TIME_ZONE, locale: string = SITE_LOCALE): string {
  assertValidDate(drawAt, 'drawAt');
  return plainSpaces(
    dateFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    }).format(drawAt),
  );
}

/** Draw time in the site time zone, en-AU style by default: "8:30 pm". */
export function drawTimeLabel(drawAt: Date, timeZone: string = SITE_TIME_ZONE, locale: string = SITE_LOCALE): string {
  assertValidDate(drawAt, 'drawAt');
  return plainSpaces(dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(drawAt));
}

/** English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 111th. */
export function ordinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Ordinals start at 1, got ${n}`);
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const last = n % 10;
  if (last === 1) return `${n}st`;
  if (last === 2) return `${n}nd`;
  if (last === 3) return `${n}rd`;
  return `${n}th`;
}

/**
 * Forward draw label for a draw `offset` draws after the next available one (spec features §9: "next available
 * for offset 0, then 1st, 2nd, 3rd, Nth"): offset 0 -> "Next available", offset n >= 1 -> ordinal(n), so offset 1
 * is "1st" (the spec lists "1st" right after "next available", so the ordinal counts draws after it).
 */
export function forwardDrawLabel(offset: number): string {
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`Forward draw offset must be a whole number >= 0, got ${offset}`);
  }
  return offset === 0 ? NEXT_AVAILABLE : ordinal(offset);
}
