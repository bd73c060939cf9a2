// Pure rules of the responsible-gambling screens (spec core §5 spend-limit check, features §3 Spend limits, §5 form
// messages and the weekly deposit limit help): shared by the forms in the browser and the actions on the server, so
// both say the same thing about the same input.
import {
  DEPOSIT_LIMIT_HELP,
  FORM_MESSAGES,
  formatCurrency,
  LIMIT_PERIODS,
  type CurrencyCode,
  type LimitPeriod,
} from '@shop/contracts';

export type RgLocale = 'en-AU' | 'en-GB';
export type { LimitPeriod };
export { LIMIT_PERIODS };

export function isLimitPeriod(value: unknown): value is LimitPeriod {
  return typeof value === 'string' && (LIMIT_PERIODS as readonly string[]).includes(value);
}

/** Above this a limit is no limit at all (A$1,000,000): the API refuses it too. */
export const MAX_LIMIT_CENTS = 100_000_000;
export const MIN_LIMIT_CENTS = 1;

/** Spec features §5: "Weekly deposit limit help: the maximum deposit in any 7-day period." */
export const WEEKLY_DEPOSIT_HELP = DEPOSIT_LIMIT_HELP.weekly;

export const PERIOD_NAMES: Readonly<Record<LimitPeriod, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

const PERIOD_SPANS: Readonly<Record<LimitPeriod, string>> = {
  daily: 'each calendar day',
  weekly: 'each week (Monday to Sunday)',
  monthly: 'each calendar month',
};

export function spendPeriodHelp(period: LimitPeriod): string {
  return `The most you can spend on tickets ${PERIOD_SPANS[period]}.`;
}

export function depositPeriodHelp(period: LimitPeriod): string {
  return DEPOSIT_LIMIT_HELP[period];
}

/** Money as the site writes it; pounds always read in en-GB. */
export function amountLabel(cents: number, currency: CurrencyCode, locale: RgLocale): string {
  return formatCurrency(cents, currency, currency === 'GBP' ? 'en-GB' : locale);
}

/** Spec core: en-GB gives pound-sign labels on spend-limit labels ("Daily limit (£)"). */
export function currencySymbol(currency: CurrencyCode, locale: RgLocale): string {
  return locale === 'en-GB' || currency === 'GBP' ? '£' : '$';
}

export function limitFieldLabel(
  period: LimitPeriod,
  currency: CurrencyCode,
  locale: RgLocale,
  kind: 'spend' | 'deposit' = 'spend',
): string {
  return `${PERIOD_NAMES[period]} ${kind === 'deposit' ? 'deposit ' : ''}limit (${currencySymbol(currency, locale)})`;
}

const AMOUNT_TEXT = /^[+-]?(\d+)(?:\.(\d*))?$/;

/**
 * A typed limit: empty -> required; not a plain decimal or more than 2 decimals (1.505) -> the currency format
 * message; zero or negative -> the minimum message; more than A$1,000,000 -> the maximum message.
 */
export function checkLimitAmount(
  raw: string | null | undefined,
  currency: CurrencyCode,
  locale: RgLocale,
): { cents: number } | { error: string } {
  const text = (raw ?? '').trim().replace(/,/g, '').replace(/^[$£]/, '');
  if (text === '') return { error: FORM_MESSAGES.required };
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return { error: FORM_MESSAGES.currency };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: FORM_MESSAGES.currency };
  if (match[1]!.length > 12)
    return { error: FORM_MESSAGES.maximumAmount(amountLabel(MAX_LIMIT_CENTS, currency, locale)) };
  const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0') || '0');
  const signed = text.startsWith('-') ? -cents : cents;
  if (signed < MIN_LIMIT_CENTS)
    return { error: FORM_MESSAGES.minimumAmount(amountLabel(MIN_LIMIT_CENTS, currency, locale)) };
  if (signed > MAX_LIMIT_CENTS)
    return { error: FORM_MESSAGES.maximumAmount(amountLabel(MAX_LIMIT_CENTS, currency, locale)) };
  return { cents: signed };
}

/** Wire amount (a decimal with at most 2 places) of a cent value: the API's form fields take "25.50". */
export function centsToWire(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/** Spec core §5: remaining = limit - spent (never below zero on screen); excess = order - remaining. */
export function remainingCents(limitCents: number, spentCents: number): number {
  return Math.max(0, limitCents - spentCents);
}

export function excessCents(orderCents: number, limitCents: number, spentCents: number): number {
  return Math.max(0, orderCents - remainingCents(limitCents, spentCents));
}

/** Share of the limit already spent, 0..100, for the progress bar. */
export function spentPercent(limitCents: number, spentCents: number): number {
  if (limitCents <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((spentCents / limitCents) * 100)));
}

/** "Your new limit of $X applies from {date}": a raise waits out the cooling-off period. */
export function pendingLimitText(amount: string, from: string): string {
  return `Your new limit of ${amount} applies from ${from}.`;
}

export function pendingRemovalText(from: string): string {
  return `Your limit will be removed on ${from}.`;
}

/** Where the page goes after saving: back to the cart when the cart's blocked-reason action brought the customer. */
export const FROM_CART = 'cart';
/** Where a spend limit saved from the cart goes back to (its success is the toast, features §8). */
export function afterSavePath(from: string | null): string | null {
  return from === FROM_CART ? '/cart' : null;
}

// Spec features §8 lists these success notifications; their wording is not given, so these are the shop's.
export const NOTICES = {
  spendLimitUpdated: 'Your spend limit has been updated.',
  spendLimitUpdatedFromCart: 'Your spend limit has been updated. You can continue with your cart.',
  spendLimitRaisePending: 'Your limit increase has been saved. It takes effect after the cooling-off period.',
  spendLimitRemoved: 'Your limit has been removed.',
  spendLimitRemovalPending: 'Your limit will be removed after the cooling-off period.',
  depositLimitUpdated: 'Your deposit limit has been updated.',
  precommitmentUpdated: 'Your pre-commitment limit has been updated.',
  precommitmentRemoved: 'Your pre-commitment limit has been removed.',
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === 'string' && Object.hasOwn(NOTICES, value);
}

// ---- Take a break and self-exclusion (issue 8 §6): 24 hours to 6 weeks, and 6 months to 5 years.

export const BREAK_PERIODS = [
  { value: '24h', label: '24 hours', hours: 24 },
  { value: '48h', label: '48 hours', hours: 48 },
  { value: '1w', label: '1 week', days: 7 },
  { value: '2w', label: '2 weeks', days: 14 },
  { value: '4w', label: '4 weeks', days: 28 },
  { value: '6w', label: '6 weeks', days: 42 },
] as const;

export const EXCLUSION_PERIODS = [
  { value: '6m', label: '6 months', months: 6 },
  { value: '1y', label: '1 year', months: 12 },
  { value: '2y', label: '2 years', months: 24 },
  { value: '5y', label: '5 years', months: 60 },
] as const;

export type BreakPeriod = (typeof BREAK_PERIODS)[number]['value'];
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number]['value'];
export type ExclusionKind = 'take-a-break' | 'self-exclusion';

export function isBreakPeriod(value: unknown): value is BreakPeriod {
  return BREAK_PERIODS.some((p) => p.value === value);
}

export function isExclusionPeriod(value: unknown): value is ExclusionPeriod {
  return EXCLUSION_PERIODS.some((p) => p.value === value);
}

export function periodLabel(kind: ExclusionKind, value: string): string {
  const list: readonly { value: string; label: string }[] = kind === 'take-a-break' ? BREAK_PERIODS : EXCLUSION_PERIODS;
  return list.find((p) => p.value === value)?.label ?? value;
}

/** When a break or exclusion chosen now would end (the confirmation step states it; the API's answer is final). */
export function exclusionEndsAt(kind: ExclusionKind, value: string, now: Date): Date | null {
  if (kind === 'take-a-break') {
    const p = BREAK_PERIODS.find((b) => b.value === value);
    if (!p) return null;
    const hours = 'hours' in p ? p.hours : p.days * 24;
    return new Date(now.getTime() + hours * 3_600_000);
  }
  const p = EXCLUSION_PERIODS.find((e) => e.value === value);
  if (!p) return null;
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + p.months);
  // 31 August + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export function exclusionWarning(until: string): string {
  return `You won't be able to buy tickets or deposit until ${until}. This can't be undone.`;
}

// ---- Identity verification (features §4 method types and statuses).

export const VERIFICATION_METHOD_NAMES: Readonly<Record<string, string>> = {
  auto_verification: 'Online check of your details',
  drivers_licence: "Driver's licence",
  photo_id_upload: 'Photo ID upload',
  pdf_form: 'Signed form (PDF)',
  connect_id: 'ConnectID (through your bank)',
  greenid_ui: 'greenID',
};

export const VERIFICATION_STATUS_NAMES: Readonly<Record<string, string>> = {
  disabled: 'Not available',
  not_attempted: 'Not started',
  pending: 'Waiting for review',
  in_progress: 'In progress',
  attempted: 'Tried, not verified',
  verified: 'Verified',
};

export function methodName(type: string): string {
  return VERIFICATION_METHOD_NAMES[type] ?? type.replace(/_/g, ' ');
}

export function statusName(status: string): string {
  return VERIFICATION_STATUS_NAMES[status] ?? status.replace(/_/g, ' ');
}

/** Photo ID files: what the file input accepts and the limits the server enforces (it sniffs the real type). */
export const UPLOAD_ACCEPT = 'image/*,application/pdf';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 4;
export const UPLOAD_HINT = 'Photos (JPEG, PNG or WebP) or PDF scans, up to 5 MB each, at most 4 files.';

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** The browser's early warning about a picked file (the server decides: it checks the bytes, not the name). */
export function uploadProblem(file: PickedFile): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name} is larger than 5 MB.`;
  if (file.type && !file.type.startsWith('image/') && file.type !== 'application/pdf')
    return `${file.name} is not an image or a PDF.`;
  return null;
}

export function uploadProblems(files: readonly PickedFile[]): string[] {
  const out = files.map(uploadProblem).filter((p): p is string => p !== null);
  if (files.length > UPLOAD_MAX_FILES) out.push(`Choose at most ${UPLOAD_MAX_FILES} files.`);
  return out;
}
