// Pure rules of the wallet screens (spec features §5 form messages for amounts, §9 3-D Secure browser data): shared
// by the forms in the browser and the actions on the server, so both say the same thing about the same input.
import { FORM_MESSAGES, formatCurrency, snapColourDepth, type CurrencyCode } from '@shop/contracts';

export { FORM_MESSAGES, snapColourDepth };

/** Spec features §5: the minimum amount defaults to 0.01 when the payment method names none. */
export const DEFAULT_MIN_CENTS = 1;

export type WalletLocale = 'en-AU' | 'en-GB';

/** "$10.00"; en-GB sites (and pounds anywhere) get the pound-sign label the spec asks for on deposit and withdrawal. */
export function amountLabel(cents: number, currency: CurrencyCode, locale: WalletLocale): string {
  return formatCurrency(cents, currency, currency === 'GBP' ? 'en-GB' : locale);
}

export const minAmountMessage = FORM_MESSAGES.minimumAmount;
export const maxAmountMessage = FORM_MESSAGES.maximumAmount;

export interface AmountRules {
  minCents?: number | null;
  maxCents?: number | null;
  currency: CurrencyCode;
  locale: WalletLocale;
}

const AMOUNT_TEXT = /^[+-]?(\d+)(?:\.(\d*))?$/;

/**
 * Checks a typed amount: empty -> required; not a plain decimal or more than 2 decimals -> the currency format
 * message; zero, negative or below the method's minimum -> the minimum message; above the maximum -> the maximum
 * message. Returns the amount in cents or the message.
 */
export function checkAmount(raw: string | null | undefined, rules: AmountRules): { cents: number } | { error: string } {
  const text = (raw ?? '').trim().replace(/,/g, '');
  if (text === '') return { error: FORM_MESSAGES.required };
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return { error: FORM_MESSAGES.currency };
  const fraction = match[2] ?? '';
  if (fraction.length > 2 || match[1]!.length > 12) return { error: FORM_MESSAGES.currency };
  const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0') || '0');
  const signed = text.startsWith('-') ? -cents : cents;
  const min = Math.max(rules.minCents ?? DEFAULT_MIN_CENTS, DEFAULT_MIN_CENTS);
  if (signed < min) return { error: minAmountMessage(amountLabel(min, rules.currency, rules.locale)) };
  if (rules.maxCents != null && signed > rules.maxCents)
    return { error: maxAmountMessage(amountLabel(rules.maxCents, rules.currency, rules.locale)) };
  return { cents: signed };
}

/** Wire amount (decimal with at most 2 places) of a cent value. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Preset deposit amounts (cents) the form offers, kept within the method's limits. */
export function depositPresets(
  rules: Pick<AmountRules, 'minCents' | 'maxCents'>,
  presets: readonly number[] = [1000, 2000, 5000, 10000],
): number[] {
  const min = Math.max(rules.minCents ?? DEFAULT_MIN_CENTS, DEFAULT_MIN_CENTS);
  return presets.filter((p) => p >= min && (rules.maxCents == null || p <= rules.maxCents));
}

/** Spec features §5: a card-holder name with 13 or more digits is a card number typed in the wrong box. */
export function cardHolderNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return FORM_MESSAGES.required;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 13 ? FORM_MESSAGES.cardHolderName : null;
}

/** EMV 3-D Secure challenge window sizes: '01' 250x400, '02' 390x400, '03' 500x600, '04' 600x400, '05' full screen. */
export function challengeWindowSize(viewportWidth: number): '01' | '02' | '03' | '04' | '05' {
  if (viewportWidth < 600) return '05';
  return '04';
}

export interface BrowserData {
  javascriptEnabled: boolean;
  javaEnabled: boolean;
  language: string;
  colourDepth: number;
  screenHeight: number;
  screenWidth: number;
  timezoneOffset: number;
  challengeWindowSize: '01' | '02' | '03' | '04' | '05';
  notificationUrl: string;
}

/** What a browser without JavaScript tells the 3-D Secure server (the form's hidden defaults). */
export function defaultBrowserData(origin: string, language = 'en-AU'): BrowserData {
  return {
    javascriptEnabled: false,
    javaEnabled: false,
    language,
    colourDepth: 24,
    screenHeight: 800,
    screenWidth: 1280,
    timezoneOffset: 0,
    challengeWindowSize: '05',
    notificationUrl: `${origin}/3ds/notify`,
  };
}

/** Reads the 3-D Secure browser fields posted by the deposit form; anything missing or odd falls back to the defaults. */
export function browserDataFromForm(form: FormData, origin: string): BrowserData {
  const base = defaultBrowserData(origin);
  const num = (name: string, fallback: number) => {
    const v = Number(form.get(name));
    return Number.isFinite(v) && String(form.get(name) ?? '').trim() !== '' ? Math.trunc(v) : fallback;
  };
  const lang = String(form.get('browserLanguage') ?? '');
  return {
    javascriptEnabled: form.get('browserJavascript') === 'true',
    javaEnabled: false,
    language: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang) ? lang : base.language,
    colourDepth: snapColourDepth(num('browserColourDepth', base.colourDepth)),
    screenHeight: Math.max(0, num('browserScreenHeight', base.screenHeight)),
    screenWidth: Math.max(0, num('browserScreenWidth', base.screenWidth)),
    timezoneOffset: Math.max(-900, Math.min(900, num('browserTimezoneOffset', base.timezoneOffset))),
    challengeWindowSize: challengeWindowSize(num('browserScreenWidth', base.screenWidth)),
    notificationUrl: base.notificationUrl,
  };
}

/** Spec features §5: page numbers parse to an integer of at least 1; offset = (page - 1) x limit. */
export function pageFromParam(param: string | undefined): number | null {
  if (param === undefined || param === '') return 1;
  if (!/^\d+$/.test(param)) return null;
  const page = Number(param);
  return page >= 1 && Number.isSafeInteger(page) ? page : null;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}
