// What the responsible-gambling sub-services share: the customer port identity fills in, the limit and upload rules,
// the wording of limits and refusals, and the windows that count spending and deposits.
import { createHash, randomBytes } from 'node:crypto';
import { formatCurrency, type CurrencyCode, type LimitPeriod, type VerificationMethodType } from '@shop/contracts';
import type { Executor, SqlCondition } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../wallet/index.ts';
import { calendarWindow, formatWhen, rollingWindow } from './periods.ts';
import type { ExclusionRow, LimitKind, LimitRow } from './responsible-gambling.repository.ts';
import type { CheckedPerson } from './verification-provider.ts';

export type { LimitKind } from './responsible-gambling.repository.ts';

/** What responsible gambling needs to know about (and change on) a customer; the identity directory provides it. */
export interface CustomerDirectory {
  /** `exec`: read inside the caller's transaction (a purchase holding the wallet lock must not wait for the pool). */
  verificationProfile(
    customerId: string,
    exec?: Executor,
  ): Promise<(CheckedPerson & { email: string; isVerified: boolean }) | null>;
  setVerified(customerId: string, verified: boolean): Promise<void>;
  /** True (as SQL, for another module's read) while the customer is active and not verified (the unverified cap). */
  unverifiedWhere(customerId: string): SqlCondition;
  /** Exclusion: no marketing from now on (communication preferences off). */
  suppressMarketing(customerId: string): Promise<void>;
}

/** The wallet reads the limits are counted from (the ledger provides them). */
export type RgLedger = Pick<
  Ledger,
  'spentBetween' | 'spentInWindows' | 'spentRead' | 'depositsBetween' | 'fundsSummary'
>;

export interface Reason {
  code: string;
  message: string;
}
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 4;
/** Data-source attempts (auto and licence) before only documents remain. */
export const MAX_DATA_SOURCE_ATTEMPTS = 3;
export const LIMIT_MIN_CENTS = 100;
export const LIMIT_MAX_CENTS = 100_000_000;
export const DAY_MS = 86_400_000;

export const PERIOD_WORD: Record<LimitPeriod, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };
export const KIND_WORD: Record<LimitKind, string> = {
  spend: 'spend limit',
  precommitment: 'pre-commitment limit',
  deposit: 'deposit limit',
};
/** Methods the shop offers; the others show as disabled (features §4 lists them all). */
export const OFFERED: VerificationMethodType[] = [
  'auto_verification',
  'drivers_licence',
  'photo_id_upload',
  'connect_id',
];
export const ALL_METHODS: VerificationMethodType[] = [
  'auto_verification',
  'drivers_licence',
  'photo_id_upload',
  'pdf_form',
  'connect_id',
  'greenid_ui',
];

export const publicId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const money = (cents: number, currency: CurrencyCode) => formatCurrency(cents, currency);

/** The limit as it stands at `now`: a pending change whose time has come has taken effect (null: removed). */
export function settledLimit(
  row: LimitRow,
  now: Date,
): { limitCents: number; pendingCents: number | null; pendingRemoval: boolean; pendingFrom: Date | null } | null {
  if (row.pendingFrom && row.pendingFrom.getTime() <= now.getTime()) {
    if (row.pendingRemoval) return null;
    return { limitCents: row.pendingCents!, pendingCents: null, pendingRemoval: false, pendingFrom: null };
  }
  return {
    limitCents: row.limitCents,
    pendingCents: row.pendingCents,
    pendingRemoval: row.pendingRemoval,
    pendingFrom: row.pendingFrom,
  };
}

/** Sniff the type from the first bytes; the file name and the browser's content type are not trusted. */
export function sniffDocumentType(
  data: Buffer,
): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const refuse = (r: Reason, field?: string) =>
  new AppError(422, r.message, { code: r.code, fieldErrors: field ? { [field]: [r.message] } : undefined });

/** Why an excluded customer cannot buy or deposit now. */
export function exclusionReason(row: ExclusionRow, what: 'purchase' | 'deposit', tz: string): Reason {
  const until = formatWhen(row.endsAt, tz);
  const action = what === 'purchase' ? 'Purchases are' : 'Deposits are';
  if (row.kind === 'self_exclusion')
    return {
      code: 'self_excluded',
      message: `You have excluded yourself from gambling with us until ${until}. ${action} not available until then.`,
    };
  return {
    code: 'take_a_break',
    message: `You are taking a break until ${until}. ${action} not available until then.`,
  };
}

/** The amounts the limits count, read from the ledger inside the caller's transaction when given one. */
export function limitWindows(ledger: RgLedger, tz: string) {
  return {
    /** Net spending in the calendar period of `now` (site time zone). */
    async spentIn(exec: Executor, customerId: string, currency: CurrencyCode, period: LimitPeriod, now: Date) {
      const w = calendarWindow(period, now, tz);
      return { ...w, spentCents: await ledger.spentBetween(exec, customerId, currency, w.start, w.end) };
    },
    /** Deposits in the rolling window ending now, with the ones still at the gateway (`inFlight`). */
    async depositedIn(
      exec: Executor,
      customerId: string,
      currency: CurrencyCode,
      period: LimitPeriod,
      now: Date,
      inFlight: { amountCents: number; at: Date }[] = [],
    ) {
      const w = rollingWindow(period, now);
      const end = new Date(now.getTime() + 1);
      // A deposit stops counting the instant it is exactly one window old (the "until" time the refusal names).
      const credited = await ledger.depositsBetween(exec, customerId, currency, new Date(w.start.getTime() + 1), end);
      const all = [...credited, ...inFlight.filter((d) => d.at.getTime() > w.start.getTime())].sort(
        (a, b) => a.at.getTime() - b.at.getTime(),
      );
      return { start: w.start, end: w.end, deposits: all, spentCents: all.reduce((s, d) => s + d.amountCents, 0) };
    },
  };
}
export type LimitWindows = ReturnType<typeof limitWindows>;
