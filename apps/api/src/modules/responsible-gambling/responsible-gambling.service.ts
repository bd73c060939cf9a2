// Responsible gambling (issue 8): spend limits, pre-commitment, deposit limits, exclusions, identity verification and
// the checks that enforce them at purchase and deposit. The checks read amounts from the ledger inside the caller's
// transaction after the wallet is locked, so two purchases racing each other are decided one after the other.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, lte, sql, type Table } from 'drizzle-orm';
import {
  DEPOSIT_LIMIT_HELP,
  FORM_MESSAGES,
  LIMIT_PERIODS,
  formatCurrency,
  toCents,
  toMoney,
  type CurrencyCode,
  type CustomerLimit,
  type Exclusion,
  type LimitPeriod,
  type VerificationMethodType,
  type VerificationState,
  type VerificationStatus,
  type VerifyBody,
  type LicenceBody,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Ledger } from '../wallet/index.ts';
import { calendarWindow, formatDay, formatWhen, ROLLING_MS, rollingWindow } from './periods.ts';
import {
  rgExclusions as exclusions,
  rgLimits as limits,
  rgVerificationFiles as files,
  rgVerifications as verifications,
} from './responsible-gambling.schema.ts';
import {
  createSimulatedVerificationProvider,
  type CheckResult,
  type VerificationProvider,
} from './verification-provider.ts';

/** What responsible gambling needs to know about (and change on) a customer; the identity service provides it. */
export interface CustomerDirectory {
  /** `exec`: read inside the caller's transaction (a purchase holding the wallet lock must not wait for the pool). */
  verificationProfile(
    customerId: string,
    exec?: Executor,
  ): Promise<{
    email: string;
    firstname: string;
    lastname: string;
    dateOfBirth: string;
    address: string;
    suburb: string;
    state: string;
    postcode: string;
    isVerified: boolean;
  } | null>;
  setVerified(customerId: string, verified: boolean): Promise<void>;
  /** Exclusion: no marketing from now on (communication preferences off). */
  suppressMarketing(customerId: string): Promise<void>;
}

/** A directory resolved on first use, for wiring where the identity service is built after this one. */
export const lazyDirectory = (get: () => CustomerDirectory): CustomerDirectory => ({
  verificationProfile: (id, exec) => get().verificationProfile(id, exec),
  setVerified: (id, v) => get().setVerified(id, v),
  suppressMarketing: (id) => get().suppressMarketing(id),
});

export interface ResponsibleGamblingDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  ledger: Pick<Ledger, 'spentBetween' | 'spentInWindows' | 'depositsBetween' | 'fundsSummary'>;
  customers: CustomerDirectory;
  provider?: VerificationProvider;
  /** Where uploaded identity documents go; default DATA_DIR/verification-uploads (outside the web root). */
  uploadDir?: string;
}

export type LimitKind = 'spend' | 'precommitment' | 'deposit';
type LimitRow = typeof limits.$inferSelect;
type VerificationRow = typeof verifications.$inferSelect;
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

const DAY_MS = 86_400_000;
const BREAK_MS: Record<string, number> = {
  '24h': DAY_MS,
  '48h': 2 * DAY_MS,
  '1w': 7 * DAY_MS,
  '2w': 14 * DAY_MS,
  '4w': 28 * DAY_MS,
  '6w': 42 * DAY_MS,
};
const EXCLUSION_MONTHS: Record<string, number> = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 };
const PERIOD_WORD: Record<LimitPeriod, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };
const KIND_WORD: Record<LimitKind, string> = {
  spend: 'spend limit',
  precommitment: 'pre-commitment limit',
  deposit: 'deposit limit',
};
/** Methods the shop offers; the others show as disabled (features §4 lists them all). */
const OFFERED: VerificationMethodType[] = ['auto_verification', 'drivers_licence', 'photo_id_upload', 'connect_id'];
const ALL_METHODS: VerificationMethodType[] = [
  'auto_verification',
  'drivers_licence',
  'photo_id_upload',
  'pdf_form',
  'connect_id',
  'greenid_ui',
];

const publicId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

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

const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

export function createResponsibleGamblingService(deps: ResponsibleGamblingDeps) {
  const { db, clock, config, ledger, customers } = deps;
  const rules = config.responsibleGambling;
  const tz = config.siteTimeZone;
  const provider = deps.provider ?? createSimulatedVerificationProvider();
  const uploadDir = deps.uploadDir ?? path.join(config.dataDir, 'verification-uploads');
  const coolingMs = rules.coolingOffDays * DAY_MS;
  const money = (cents: number, currency: CurrencyCode) => formatCurrency(cents, currency);

  const currencyOf = async (customerId: string): Promise<CurrencyCode> =>
    (await ledger.fundsSummary(customerId)).currency;

  // ---------------------------------------------------------------- amounts
  function parseLimit(input: number | string, currency: CurrencyCode): number {
    let cents: number;
    try {
      cents = toCents(typeof input === 'string' ? input.trim() : input);
    } catch {
      throw unprocessable(FORM_MESSAGES.currency, 'invalid_amount', { limit: [FORM_MESSAGES.currency] });
    }
    if (cents < LIMIT_MIN_CENTS) {
      const text = FORM_MESSAGES.minimumAmount(money(LIMIT_MIN_CENTS, currency));
      throw unprocessable(text, 'amount_below_minimum', { limit: [text] });
    }
    if (cents > LIMIT_MAX_CENTS) {
      const text = FORM_MESSAGES.maximumAmount(money(LIMIT_MAX_CENTS, currency));
      throw unprocessable(text, 'amount_above_maximum', { limit: [text] });
    }
    return cents;
  }

  // ---------------------------------------------------------------- limits
  const lockCustomer = (tx: Executor, customerId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rg:${customerId}`}))`);

  /** Write pending changes whose cooling-off has passed, so stored rows match what applies. */
  async function applyDue(tx: Executor, customerId: string) {
    const now = clock.now();
    await tx
      .delete(limits)
      .where(and(eq(limits.customerId, customerId), eq(limits.pendingRemoval, true), lte(limits.pendingFrom, now)));
    await tx
      .update(limits)
      .set({ limitCents: sql`${limits.pendingCents}`, pendingCents: null, pendingFrom: null, updatedAt: now })
      .where(and(eq(limits.customerId, customerId), isNotNull(limits.pendingCents), lte(limits.pendingFrom, now)));
  }

  async function rowsOf(exec: Executor, customerId: string, kind?: LimitKind): Promise<LimitRow[]> {
    return exec
      .select()
      .from(limits)
      .where(and(eq(limits.customerId, customerId), kind ? eq(limits.kind, kind) : undefined))
      .orderBy(sql`array_position(array['daily','weekly','monthly']::text[], ${limits.period})`);
  }

  async function spentIn(exec: Executor, customerId: string, currency: CurrencyCode, period: LimitPeriod) {
    const w = calendarWindow(period, clock.now(), tz);
    return { ...w, spentCents: await ledger.spentBetween(exec, customerId, currency, w.start, w.end) };
  }

  async function depositedIn(
    exec: Executor,
    customerId: string,
    currency: CurrencyCode,
    period: LimitPeriod,
    inFlight: { amountCents: number; at: Date }[] = [],
  ) {
    const now = clock.now();
    const w = rollingWindow(period, now);
    const end = new Date(now.getTime() + 1);
    // A deposit stops counting the instant it is exactly one window old (the "until" time the refusal names).
    const credited = await ledger.depositsBetween(exec, customerId, currency, new Date(w.start.getTime() + 1), end);
    const all = [...credited, ...inFlight.filter((d) => d.at.getTime() > w.start.getTime())].sort(
      (a, b) => a.at.getTime() - b.at.getTime(),
    );
    return { start: w.start, end: w.end, deposits: all, spentCents: all.reduce((s, d) => s + d.amountCents, 0) };
  }

  async function limitView(exec: Executor, row: LimitRow): Promise<CustomerLimit | null> {
    const s = settledLimit(row, clock.now());
    if (!s) return null;
    const currency = row.currency as CurrencyCode;
    const period = row.period as LimitPeriod;
    const used =
      row.kind === 'deposit'
        ? await depositedIn(exec, row.customerId, currency, period)
        : await spentIn(exec, row.customerId, currency, period);
    return {
      id: row.publicId,
      period,
      limit: toMoney(s.limitCents, currency),
      amountSpent: toMoney(used.spentCents, currency),
      remaining: toMoney(Math.max(0, s.limitCents - used.spentCents), currency),
      pendingLimit: s.pendingCents === null ? null : toMoney(s.pendingCents, currency),
      pendingRemoval: s.pendingRemoval,
      pendingFrom: s.pendingFrom?.toISOString() ?? null,
      periodStart: used.start.toISOString(),
      periodEnd: used.end.toISOString(),
    };
  }

  async function viewsOf(exec: Executor, customerId: string, kind: LimitKind): Promise<CustomerLimit[]> {
    const out: CustomerLimit[] = [];
    for (const row of await rowsOf(exec, customerId, kind)) {
      const v = await limitView(exec, row);
      if (v) out.push(v);
    }
    return out;
  }

  function changeMessage(
    kind: LimitKind,
    period: LimitPeriod,
    applied: 'now' | 'after_cooling_off' | 'removed',
    amount: string | null,
    from: Date | null,
  ) {
    const what =
      kind === 'precommitment'
        ? `Your ${PERIOD_WORD[period]} pre-commitment limit`
        : `Your ${PERIOD_WORD[period]} ${KIND_WORD[kind]}`;
    if (applied === 'now') return `${what} is now ${amount}.`;
    if (applied === 'removed')
      return `${what} will be removed on ${formatWhen(from!, tz)}, after the ${rules.coolingOffDays}-day cooling-off period.`;
    return `${what} will go up to ${amount} on ${formatWhen(from!, tz)}, after the ${rules.coolingOffDays}-day cooling-off period. Until then your current limit applies.`;
  }

  /**
   * Set a limit. Lower (or first): at once. Higher: pending until the cooling-off delay has passed. A second raise
   * during cooling-off replaces the pending value; the delay restarts only when the new value is more permissive than
   * the pending one (a smaller pending raise keeps its date), so raising in small steps never shortens the delay.
   */
  async function setLimit(customerId: string, kind: LimitKind, period: LimitPeriod, input: number | string) {
    const currency = await currencyOf(customerId);
    const cents = parseLimit(input, currency);
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      await applyDue(tx, customerId);
      const [existing] = await tx
        .select()
        .from(limits)
        .where(
          and(
            eq(limits.customerId, customerId),
            eq(limits.kind, kind),
            kind === 'precommitment' ? undefined : eq(limits.period, period),
          ),
        );
      if (!existing) {
        const [row] = await tx
          .insert(limits)
          .values({
            publicId: publicId('lim'),
            customerId,
            kind,
            period,
            currency,
            limitCents: cents,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return { row: row!, applied: 'now' as const };
      }
      if (existing.period !== period) {
        throw unprocessable(
          `You already have a ${PERIOD_WORD[existing.period as LimitPeriod]} pre-commitment limit. Remove it first to choose another period.`,
          'precommitment_period_change',
          { period: ['Remove your current pre-commitment limit first to choose another period.'] },
        );
      }
      if (cents <= existing.limitCents || coolingMs === 0) {
        const [row] = await tx
          .update(limits)
          .set({ limitCents: cents, pendingCents: null, pendingRemoval: false, pendingFrom: null, updatedAt: now })
          .where(eq(limits.id, existing.id))
          .returning();
        return { row: row!, applied: 'now' as const };
      }
      const keepDate =
        existing.pendingFrom !== null &&
        !existing.pendingRemoval &&
        existing.pendingCents !== null &&
        cents <= existing.pendingCents;
      const pendingFrom = keepDate ? existing.pendingFrom! : new Date(now.getTime() + coolingMs);
      const [row] = await tx
        .update(limits)
        .set({ pendingCents: cents, pendingRemoval: false, pendingFrom, updatedAt: now })
        .where(eq(limits.id, existing.id))
        .returning();
      return { row: row!, applied: 'after_cooling_off' as const };
    });
    const view = await limitView(db, result.row);
    const message = changeMessage(kind, period, result.applied, money(cents, currency), result.row.pendingFrom);
    return { limit: view, applied: result.applied, message };
  }

  /** Removing a limit is the largest raise there is: it too waits out the cooling-off delay. */
  async function removeLimit(
    customerId: string,
    match: { id: string } | { kind: 'precommitment' },
    kinds: LimitKind[],
  ) {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      await applyDue(tx, customerId);
      const [row] = await tx
        .select()
        .from(limits)
        .where(
          and(
            eq(limits.customerId, customerId),
            inArray(limits.kind, kinds),
            'id' in match ? eq(limits.publicId, match.id) : eq(limits.kind, match.kind),
          ),
        );
      // Another customer's limit is indistinguishable from a missing one.
      if (!row) throw notFound('There is no such limit.', 'limit_not_found');
      const kind = row.kind as LimitKind;
      if (row.pendingRemoval) {
        throw unprocessable(
          `This ${KIND_WORD[kind]} is already being removed: it stops applying on ${formatWhen(row.pendingFrom!, tz)}.`,
          'limit_removal_pending',
        );
      }
      if (kind === 'spend' && rules.spendLimitRequired) {
        const others = (
          await tx
            .select({ id: limits.id })
            .from(limits)
            .where(and(eq(limits.customerId, customerId), eq(limits.kind, 'spend'), eq(limits.pendingRemoval, false)))
        ).length;
        if (others <= 1)
          throw unprocessable(
            'A spend limit is required. Set a higher limit instead of removing it.',
            'spend_limit_required',
          );
      }
      if (coolingMs === 0) {
        await tx.delete(limits).where(eq(limits.id, row.id));
        return { row: { ...row, pendingRemoval: true, pendingFrom: now }, removedNow: true };
      }
      const [u] = await tx
        .update(limits)
        .set({
          pendingCents: null,
          pendingRemoval: true,
          pendingFrom: new Date(now.getTime() + coolingMs),
          updatedAt: now,
        })
        .where(eq(limits.id, row.id))
        .returning();
      return { row: u!, removedNow: false };
    });
    const kind = result.row.kind as LimitKind;
    const period = result.row.period as LimitPeriod;
    if (result.removedNow)
      return {
        limit: null,
        applied: 'removed' as const,
        message: `Your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} has been removed.`,
      };
    return {
      limit: await limitView(db, result.row),
      applied: 'removed' as const,
      message: changeMessage(kind, period, 'removed', null, result.row.pendingFrom),
    };
  }

  /**
   * activeExclusion and rowsOf (all kinds, same order) in one statement: the purchase checks read both on every cart
   * view and purchase, and each round trip costs more than the rows.
   */
  async function exclusionAndLimits(
    exec: Executor,
    customerId: string,
  ): Promise<{ excluded: typeof exclusions.$inferSelect | null; rows: LimitRow[] }> {
    const columnsOf = (table: Table, alias: string, prefix: string) =>
      Object.values(getTableColumns(table)).map((c) => ({
        column: c,
        key: `${prefix}${c.name}`,
        select: sql`${sql.identifier(alias)}.${sql.identifier(c.name)} as ${sql.identifier(`${prefix}${c.name}`)}`,
      }));
    const e = columnsOf(exclusions, 'e', 'e_');
    const l = columnsOf(limits, 'l', 'l_');
    const { rows } = await exec.execute<Record<string, unknown>>(sql`select ${sql.join(
      [...e, ...l].map((c) => c.select),
      sql`, `,
    )}
      from (select 1) as one
      left join lateral (
        select * from ${exclusions} where ${exclusions.customerId} = ${customerId} and ${exclusions.endsAt} > ${clock.now().toISOString()}
        order by ${exclusions.endsAt} desc limit 1
      ) as e on true
      left join ${limits} as l on l.customer_id = ${customerId}
      order by array_position(array['daily','weekly','monthly']::text[], l.period)`);
    const rowOf = <T>(raw: Record<string, unknown>, cols: typeof e): T | null => {
      if (raw[cols.find((c) => c.column.name === 'id')!.key] === null) return null;
      return Object.fromEntries(
        Object.entries(getTableColumns(cols === e ? exclusions : limits)).map(([prop, c]) => {
          const v = raw[cols.find((x) => x.column === c)!.key];
          return [prop, v === null || v === undefined ? null : c.mapFromDriverValue(v)];
        }),
      ) as T;
    };
    const first = rows[0];
    return {
      excluded: first ? rowOf<typeof exclusions.$inferSelect>(first, e) : null,
      rows: rows.map((r) => rowOf<LimitRow>(r, l)).filter((r): r is LimitRow => r !== null),
    };
  }

  // ---------------------------------------------------------------- exclusions
  async function activeExclusion(exec: Executor, customerId: string) {
    const [row] = await exec
      .select()
      .from(exclusions)
      .where(and(eq(exclusions.customerId, customerId), gt(exclusions.endsAt, clock.now())))
      .orderBy(desc(exclusions.endsAt))
      .limit(1);
    return row ?? null;
  }

  function exclusionReason(row: typeof exclusions.$inferSelect, what: 'purchase' | 'deposit'): Reason {
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

  function exclusionView(row: typeof exclusions.$inferSelect): Exclusion {
    const kind = row.kind as Exclusion['kind'];
    const until = formatWhen(row.endsAt, tz);
    return {
      kind,
      period: row.period,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      message:
        kind === 'self_exclusion'
          ? `You have excluded yourself until ${until}. This cannot be lifted early. You can still sign in to withdraw your funds.`
          : `You are taking a break until ${until}. This cannot be ended early. You can still sign in to withdraw your funds.`,
    };
  }

  async function exclude(customerId: string, kind: 'take_a_break' | 'self_exclusion', period: string) {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    const now = clock.now();
    let endsAt: Date;
    if (kind === 'take_a_break') {
      const ms = BREAK_MS[period];
      if (!ms)
        throw unprocessable('Please choose how long your break should last.', 'invalid_period', {
          period: ['Please choose how long your break should last.'],
        });
      endsAt = new Date(now.getTime() + ms);
    } else {
      const months = EXCLUSION_MONTHS[period];
      if (!months)
        throw unprocessable('Please choose how long to exclude yourself for.', 'invalid_period', {
          period: ['Please choose how long to exclude yourself for.'],
        });
      endsAt = new Date(now);
      endsAt.setUTCMonth(endsAt.getUTCMonth() + months);
    }
    const row = await db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const current = await activeExclusion(tx, customerId);
      // An exclusion can be extended, never shortened: a shorter one on top of a longer one changes nothing.
      if (current && current.endsAt.getTime() >= endsAt.getTime()) return current;
      const [r] = await tx
        .insert(exclusions)
        .values({ customerId, email: profile.email.trim().toLowerCase(), kind, period, startsAt: now, endsAt })
        .returning();
      return r!;
    });
    await customers.suppressMarketing(customerId);
    return exclusionView(row);
  }

  // ---------------------------------------------------------------- checks
  /** Every reason this customer cannot buy `amountCents` now (empty: nothing blocks). */
  async function purchaseReasons(
    exec: Executor,
    customerId: string,
    amountCents: number,
    currency: CurrencyCode,
    withDeposit: boolean,
  ): Promise<Reason[]> {
    const reasons: Reason[] = [];
    const { excluded, rows } = await exclusionAndLimits(exec, customerId);
    if (excluded) reasons.push(exclusionReason(excluded, 'purchase'));
    if (amountCents <= 0) return reasons;
    const now = clock.now();
    const spendLimits = rows.flatMap((row) => {
      if (row.kind === 'deposit') return [];
      const s = settledLimit(row, now);
      return s ? [{ row, s, window: calendarWindow(row.period as LimitPeriod, now, tz) }] : [];
    });
    const globalWindow = rules.globalWeeklySpendLimitCents > 0 ? calendarWindow('weekly', now, tz) : null;
    const profile = await customers.verificationProfile(customerId, exec);
    const unverified = profile !== null && !profile.isVerified;
    // Every sum the checks below need (each limit's window, the global week, the unverified total) in one read.
    const windows = [
      ...spendLimits.map((x) => ({ from: x.window.start, to: x.window.end })),
      ...(globalWindow ? [{ from: globalWindow.start, to: globalWindow.end }] : []),
      ...(unverified ? [{ from: null, to: new Date(now.getTime() + 1) }] : []),
    ];
    const sums = await ledger.spentInWindows(exec, customerId, currency, windows);
    let next = 0;
    for (const { row, s, window } of spendLimits) {
      const period = row.period as LimitPeriod;
      const used = { ...window, spentCents: sums[next++]! };
      // Core §5: remaining = limit − spent; excess = order − remaining.
      const remaining = Math.max(0, s.limitCents - used.spentCents);
      const excess = amountCents - remaining;
      if (excess > 0) {
        const kind = row.kind as LimitKind;
        const code = kind === 'spend' ? 'spend_limit' : 'precommitment_limit';
        if (reasons.some((r) => r.code === code)) continue;
        reasons.push({
          code,
          message: `This order is ${money(excess, currency)} over your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} of ${money(s.limitCents, currency)}. You can spend ${money(remaining, currency)} more until ${formatWhen(used.end, tz)}.`,
        });
      }
    }
    if (globalWindow) {
      const used = { ...globalWindow, spentCents: sums[next++]! };
      const remaining = Math.max(0, rules.globalWeeklySpendLimitCents - used.spentCents);
      if (amountCents > remaining) {
        reasons.push({
          code: 'global_spend_limit',
          message: `This order would take you over the weekly spending limit of ${money(rules.globalWeeklySpendLimitCents, currency)} that applies to every customer. You can spend ${money(remaining, currency)} more until ${formatWhen(used.end, tz)}.`,
        });
      }
    }
    if (unverified) {
      const total = sums[next]!;
      if (total + amountCents > rules.unverifiedSpendCapCents) {
        reasons.push({
          code: 'verify_account_required',
          message: `Please verify your identity to continue. Until your account is verified you can spend up to ${money(rules.unverifiedSpendCapCents, currency)} in total; you have ${money(Math.max(0, rules.unverifiedSpendCapCents - total), currency)} left.`,
        });
      }
    }
    const depositLimits = rows.filter((r) => r.kind === 'deposit');
    // Without a deposit limit in force depositHeadroom answers null whatever the wallet holds: skip both reads.
    if (withDeposit && depositLimits.some((r) => settledLimit(r, now) !== null)) {
      const funds = await ledger.fundsSummary(customerId);
      const shortfall = amountCents - funds.availableFundsCents;
      if (shortfall > 0) {
        const d = await depositHeadroom(exec, customerId, currency, [], depositLimits);
        if (d && d.remainingCents < shortfall) {
          reasons.push({
            code: 'deposit_limit',
            message: `Your ${PERIOD_WORD[d.period]} deposit limit of ${money(d.limitCents, currency)} lets you deposit ${money(d.remainingCents, currency)} more until ${formatWhen(d.until, tz)}, less than the ${money(shortfall, currency)} this order needs.`,
          });
        }
      }
    }
    return reasons;
  }

  /** The tightest deposit limit: what may still be deposited and from when more is allowed. */
  async function depositHeadroom(
    exec: Executor,
    customerId: string,
    currency: CurrencyCode,
    inFlight: { amountCents: number; at: Date }[],
    known?: LimitRow[],
  ) {
    const now = clock.now();
    let tightest: { period: LimitPeriod; limitCents: number; remainingCents: number; until: Date } | null = null;
    for (const row of known ?? (await rowsOf(exec, customerId, 'deposit'))) {
      const s = settledLimit(row, now);
      if (!s) continue;
      const period = row.period as LimitPeriod;
      const used = await depositedIn(exec, customerId, currency, period, inFlight);
      const remainingCents = Math.max(0, s.limitCents - used.spentCents);
      // In a rolling window more becomes available as the oldest deposit in it ages out.
      const oldest = used.deposits[0];
      const until = oldest ? new Date(oldest.at.getTime() + ROLLING_MS[period]) : now;
      if (!tightest || remainingCents < tightest.remainingCents)
        tightest = { period, limitCents: s.limitCents, remainingCents, until };
    }
    return tightest;
  }

  const refuse = (r: Reason, field?: string) =>
    new AppError(422, r.message, { code: r.code, fieldErrors: field ? { [field]: [r.message] } : undefined });

  // ---------------------------------------------------------------- verification
  async function verificationRows(customerId: string): Promise<VerificationRow[]> {
    return db
      .select()
      .from(verifications)
      .where(eq(verifications.customerId, customerId))
      .orderBy(desc(verifications.createdAt), desc(verifications.id));
  }

  function statusFor(method: VerificationMethodType, rows: VerificationRow[], isVerified: boolean): VerificationStatus {
    if (!OFFERED.includes(method)) return 'disabled';
    const latest = rows.find((r) => r.method === method);
    if (latest?.status === 'verified') return 'verified';
    if (isVerified) return latest ? 'attempted' : 'not_attempted';
    if (
      (method === 'auto_verification' || method === 'drivers_licence') &&
      dataSourceAttempts(rows) >= MAX_DATA_SOURCE_ATTEMPTS
    )
      return 'disabled';
    if (!latest) return 'not_attempted';
    if (latest.status === 'pending') return 'pending';
    if (latest.status === 'in_progress') return 'in_progress';
    return 'attempted';
  }

  const dataSourceAttempts = (rows: VerificationRow[]) =>
    rows.filter((r) => (r.method === 'auto_verification' || r.method === 'drivers_licence') && r.status !== 'verified')
      .length;

  async function verificationState(customerId: string): Promise<VerificationState> {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    const rows = await verificationRows(customerId);
    const currency = await currencyOf(customerId);
    const spent = profile.isVerified
      ? 0
      : await ledger.spentBetween(db, customerId, currency, null, new Date(clock.now().getTime() + 1));
    const last = rows[0];
    return {
      isVerified: profile.isVerified,
      methods: ALL_METHODS.map((type) => ({ type, status: statusFor(type, rows, profile.isVerified) })),
      verificationRules: profile.isVerified ? [] : ['verify_before_withdrawal', 'unverified_spend_cap'],
      unverifiedSpendCap: toMoney(rules.unverifiedSpendCapCents, currency),
      unverifiedSpendRemaining: profile.isVerified
        ? null
        : toMoney(Math.max(0, rules.unverifiedSpendCapCents - spent), currency),
      lastOutcome: last
        ? {
            method: last.method as VerificationMethodType,
            status: last.status,
            message: last.message,
            at: last.createdAt.toISOString(),
          }
        : null,
    };
  }

  async function startAttempt(customerId: string, method: VerificationMethodType) {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    if (profile.isVerified) throw unprocessable('Your identity is already verified.', 'already_verified');
    const rows = await verificationRows(customerId);
    if (statusFor(method, rows, false) === 'disabled') {
      throw unprocessable(
        'This verification method is not available. Please upload a photo of your ID instead.',
        'verification_method_disabled',
      );
    }
    if (rows.some((r) => r.status === 'pending')) {
      throw unprocessable(
        'Your documents are being reviewed. We will email you when this is done.',
        'verification_pending',
      );
    }
    return profile;
  }

  const OUTCOME_TEXT: Record<CheckResult, string> = {
    verified: 'Thank you, your identity has been verified.',
    failed:
      'We could not match your details with the document you gave. Please check them and try again, or upload a photo of your ID.',
    documents_required: 'We could not find a record to check your details against. Please upload a photo of your ID.',
  };

  async function recordOutcome(
    customerId: string,
    method: VerificationMethodType,
    result: CheckResult,
    details: Record<string, unknown>,
  ) {
    const now = clock.now();
    const [row] = await db
      .insert(verifications)
      .values({
        publicId: publicId('ver'),
        customerId,
        method,
        status: result,
        message: OUTCOME_TEXT[result],
        details,
        createdAt: now,
        decidedAt: now,
      })
      .returning();
    if (result === 'verified') await customers.setVerified(customerId, true);
    return {
      id: row!.publicId,
      method,
      status: result,
      message: OUTCOME_TEXT[result],
      verification: await verificationState(customerId),
    };
  }

  const last4 = (s: string) => s.slice(-4);

  return {
    // ---------------- limits
    async spendLimits(customerId: string) {
      const currency = await currencyOf(customerId);
      const weekly = await spentIn(db, customerId, currency, 'weekly');
      return {
        availablePeriods: [...LIMIT_PERIODS],
        customerLimits: await viewsOf(db, customerId, 'spend'),
        systemLimits:
          rules.globalWeeklySpendLimitCents > 0
            ? [
                {
                  period: 'weekly' as const,
                  limit: toMoney(rules.globalWeeklySpendLimitCents, currency),
                  amountSpent: toMoney(weekly.spentCents, currency),
                  remaining: toMoney(Math.max(0, rules.globalWeeklySpendLimitCents - weekly.spentCents), currency),
                },
              ]
            : [],
        coolingOffDays: rules.coolingOffDays,
        spendLimitRequired: rules.spendLimitRequired,
      };
    },
    setSpendLimit: (customerId: string, period: LimitPeriod, limit: number | string) =>
      setLimit(customerId, 'spend', period, limit),
    removeSpendLimit: (customerId: string, id: string) => removeLimit(customerId, { id }, ['spend']),

    async precommitment(customerId: string) {
      const [limit] = await viewsOf(db, customerId, 'precommitment');
      return { enabled: Boolean(limit), limit: limit ?? null, coolingOffDays: rules.coolingOffDays };
    },
    setPrecommitment: (customerId: string, period: LimitPeriod, limit: number | string) =>
      setLimit(customerId, 'precommitment', period, limit),
    removePrecommitment: (customerId: string) => removeLimit(customerId, { kind: 'precommitment' }, ['precommitment']),

    async depositLimits(customerId: string) {
      const views = await viewsOf(db, customerId, 'deposit');
      return {
        availablePeriods: [...LIMIT_PERIODS],
        customerLimits: views.map((v) => ({ ...v, help: DEPOSIT_LIMIT_HELP[v.period] })),
        help: { ...DEPOSIT_LIMIT_HELP },
        coolingOffDays: rules.coolingOffDays,
      };
    },
    setDepositLimit: (customerId: string, period: LimitPeriod, limit: number | string) =>
      setLimit(customerId, 'deposit', period, limit),
    removeDepositLimit: (customerId: string, id: string) => removeLimit(customerId, { id }, ['deposit']),

    // ---------------- enforcement (PurchaseGuard, depositGuard, withdrawals)
    /** Cart view: reason id → message (core §8). */
    async blockedReasons(
      customerId: string,
      amountCents: number,
      currency: CurrencyCode,
    ): Promise<Record<string, string>> {
      const reasons = await purchaseReasons(db, customerId, amountCents, currency, true);
      return Object.fromEntries(reasons.map((r) => [r.code, r.message]));
    },
    /** Inside the purchase transaction, after ledger.lockWallet: refuse (422, reason as code) what breaks a rule. */
    async assertPurchase(
      tx: Executor,
      p: { customerId: string; amountCents: number; currency: CurrencyCode },
    ): Promise<void> {
      const [first] = await purchaseReasons(tx, p.customerId, p.amountCents, p.currency, false);
      if (first) throw refuse(first);
    },
    /**
     * Before a deposit is charged, in a transaction that holds the wallet lock. `inFlight`: the customer's deposits
     * already sent to the gateway but not yet credited, which count against the limit too.
     */
    async assertDeposit(
      tx: Executor,
      p: {
        customerId: string;
        amountCents: number;
        currency: CurrencyCode;
        inFlight?: { amountCents: number; at: Date }[];
      },
    ): Promise<void> {
      const excluded = await activeExclusion(tx, p.customerId);
      if (excluded) throw refuse(exclusionReason(excluded, 'deposit'));
      const now = clock.now();
      for (const row of await rowsOf(tx, p.customerId, 'deposit')) {
        const s = settledLimit(row, now);
        if (!s) continue;
        const period = row.period as LimitPeriod;
        const used = await depositedIn(tx, p.customerId, p.currency, period, p.inFlight ?? []);
        if (used.spentCents + p.amountCents <= s.limitCents) continue;
        const remaining = Math.max(0, s.limitCents - used.spentCents);
        const oldest = used.deposits[0];
        const until = oldest ? new Date(oldest.at.getTime() + ROLLING_MS[period]) : now;
        throw refuse(
          {
            code: 'deposit_limit',
            message: `This deposit would take you over your ${PERIOD_WORD[period]} deposit limit of ${money(s.limitCents, p.currency)}. You can deposit up to ${money(remaining, p.currency)} until ${formatWhen(until, tz)}.`,
          },
          'amount',
        );
      }
    },
    /** Withdrawals wait for a verified identity ('verify_before_withdrawal'). */
    async verificationRequired(customerId: string): Promise<boolean> {
      const profile = await customers.verificationProfile(customerId);
      return !profile?.isVerified;
    },

    // ---------------- exclusions
    takeABreak: (customerId: string, period: string) => exclude(customerId, 'take_a_break', period),
    selfExclude: (customerId: string, period: string) => exclude(customerId, 'self_exclusion', period),
    async exclusion(customerId: string): Promise<Exclusion | null> {
      const row = await activeExclusion(db, customerId);
      return row ? exclusionView(row) : null;
    },
    async exclusionHistory(customerId: string) {
      return (
        await db
          .select()
          .from(exclusions)
          .where(eq(exclusions.customerId, customerId))
          .orderBy(asc(exclusions.startsAt))
      ).map(exclusionView);
    },
    /** Sign-up: an email under an exclusion cannot open a new account until it ends. */
    async assertSignupAllowed(email: string): Promise<void> {
      const [row] = await db
        .select()
        .from(exclusions)
        .where(and(eq(exclusions.email, email.trim().toLowerCase()), gt(exclusions.endsAt, clock.now())))
        .orderBy(desc(exclusions.endsAt))
        .limit(1);
      if (!row) return;
      const text = `This email address is excluded from gambling with us until ${formatDay(row.endsAt, tz)}.`;
      throw unprocessable(text, 'email_excluded', { email: [text] });
    },

    /** No marketing while a break or self-exclusion lasts: the customer cannot switch it back on. */
    async assertMarketingAllowed(customerId: string): Promise<void> {
      const row = await activeExclusion(db, customerId);
      if (!row) return;
      const text = `Marketing messages stay off while your ${row.kind === 'self_exclusion' ? 'self-exclusion' : 'break'} lasts, until ${formatWhen(row.endsAt, tz)}.`;
      throw unprocessable(text, 'marketing_excluded', { preferences: [text] });
    },

    // ---------------- customer overview (core §3)
    async overviewFields(customerId: string, isVerified: boolean) {
      const rows = await verificationRows(customerId);
      const now = clock.now();
      const all = await rowsOf(db, customerId);
      const spend = all.filter((r) => r.kind === 'spend').map((r) => ({ r, s: settledLimit(r, now) }));
      const pre = all.filter((r) => r.kind === 'precommitment').map((r) => ({ r, s: settledLimit(r, now) }))[0];
      return {
        verification: { methods: ALL_METHODS.map((type) => ({ type, status: statusFor(type, rows, isVerified) })) },
        verificationRules: isVerified ? [] : ['verify_before_withdrawal', 'unverified_spend_cap'],
        preCommitment: pre?.s
          ? { enabled: true, amount: toMoney(pre.s.limitCents, pre.r.currency as CurrencyCode) }
          : { enabled: false, amount: null },
        spendLimits: spend
          .filter((x) => x.s)
          .map((x) => ({ period: x.r.period, amount: toMoney(x.s!.limitCents, x.r.currency as CurrencyCode) })),
        spendLimitRequired: rules.spendLimitRequired,
      };
    },

    // ---------------- verification
    verificationState,
    async verify(customerId: string, body: VerifyBody) {
      const p = await startAttempt(customerId, 'auto_verification');
      const result = await provider.checkIdentity({
        ...p,
        documentType: body.documentType,
        documentNumber: body.documentNumber,
      });
      return recordOutcome(customerId, 'auto_verification', result, {
        provider: provider.name,
        documentType: body.documentType,
        documentLast4: last4(body.documentNumber),
      });
    },
    async verifyLicence(customerId: string, body: LicenceBody) {
      const p = await startAttempt(customerId, 'drivers_licence');
      const result = await provider.checkIdentity({
        ...p,
        documentType: 'drivers_licence',
        documentNumber: body.licenceNumber,
        documentState: body.state,
      });
      return recordOutcome(customerId, 'drivers_licence', result, {
        provider: provider.name,
        state: body.state,
        documentLast4: last4(body.licenceNumber),
      });
    },
    async startConnectId(customerId: string) {
      await startAttempt(customerId, 'connect_id');
      const state = randomBytes(24).toString('base64url');
      const [row] = await db
        .insert(verifications)
        .values({
          publicId: publicId('ver'),
          customerId,
          method: 'connect_id',
          status: 'in_progress',
          message: 'Waiting for ConnectID.',
          details: { stateHash: sha256(state) },
          createdAt: clock.now(),
        })
        .returning();
      return {
        id: row!.publicId,
        authorizeUrl: provider.connectIdAuthorizeUrl(state, `${config.publicUrl}/account-verification`),
        state,
      };
    },
    async connectIdCallback(customerId: string, body: { code: string; state: string }) {
      const profile = await customers.verificationProfile(customerId);
      if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
      const [row] = await db
        .select()
        .from(verifications)
        .where(
          and(
            eq(verifications.customerId, customerId),
            eq(verifications.method, 'connect_id'),
            eq(verifications.status, 'in_progress'),
            sql`${verifications.details}->>'stateHash' = ${sha256(body.state)}`,
          ),
        );
      if (!row)
        throw unprocessable(
          'This ConnectID sign-in has expired or was not started here. Please start again.',
          'connectid_state_invalid',
        );
      const result = await provider.connectIdExchange(body.code, profile);
      const status: 'verified' | 'failed' = result === 'verified' ? 'verified' : 'failed';
      const now = clock.now();
      await db
        .update(verifications)
        .set({
          status,
          message:
            status === 'verified'
              ? OUTCOME_TEXT.verified
              : 'ConnectID could not confirm your identity. Please try another way.',
          decidedAt: now,
        })
        .where(eq(verifications.id, row.id));
      if (status === 'verified') await customers.setVerified(customerId, true);
      const state = await verificationState(customerId);
      return {
        id: row.publicId,
        method: 'connect_id' as const,
        status,
        message:
          status === 'verified'
            ? OUTCOME_TEXT.verified
            : 'ConnectID could not confirm your identity. Please try another way.',
        verification: state,
      };
    },
    /**
     * Photo ID upload: images or PDF only, by their bytes; at most 4 files of 5 MB each. Stored under the upload
     * folder with random names; an operator approves or rejects (CLI verification:approve / :reject).
     */
    async uploadDocuments(customerId: string, uploaded: UploadedFile[]) {
      await startAttempt(customerId, 'photo_id_upload');
      if (!uploaded.length)
        throw unprocessable('Please choose at least one photo or PDF of your ID.', 'no_files', {
          files: ['Please choose at least one photo or PDF of your ID.'],
        });
      if (uploaded.length > MAX_UPLOAD_FILES)
        throw unprocessable(`Please upload at most ${MAX_UPLOAD_FILES} files.`, 'too_many_files', {
          files: [`Please upload at most ${MAX_UPLOAD_FILES} files.`],
        });
      const typed = uploaded.map((f) => {
        const name = f.filename.slice(0, 200) || 'file';
        if (f.data.length > MAX_UPLOAD_BYTES) {
          const text = `${name} is larger than 5 MB. Please upload a smaller file.`;
          throw unprocessable(text, 'file_too_large', { files: [text] });
        }
        const mime = sniffDocumentType(f.data);
        if (!mime) {
          const text = `${name} is not an image or a PDF. Please upload a photo (JPEG, PNG, WebP) or a PDF of your ID.`;
          throw unprocessable(text, 'file_type_not_allowed', { files: [text] });
        }
        return { name, mime, data: f.data };
      });
      await fs.mkdir(uploadDir, { recursive: true, mode: 0o700 });
      const now = clock.now();
      const stored = [] as { name: string; mime: string; storedName: string; size: number }[];
      for (const f of typed) {
        const storedName = `${randomBytes(16).toString('hex')}.${EXTENSION[f.mime]}`;
        await fs.writeFile(path.join(uploadDir, storedName), f.data, { mode: 0o600, flag: 'wx' });
        stored.push({ name: f.name, mime: f.mime, storedName, size: f.data.length });
      }
      const row = await db.transaction(async (tx) => {
        const [v] = await tx
          .insert(verifications)
          .values({
            publicId: publicId('ver'),
            customerId,
            method: 'photo_id_upload',
            status: 'pending',
            message: 'Thank you. We will check your documents and email you when this is done.',
            details: { files: stored.length },
            createdAt: now,
          })
          .returning();
        await tx.insert(files).values(
          stored.map((s) => ({
            verificationId: v!.id,
            originalName: s.name,
            storedName: s.storedName,
            mimeType: s.mime,
            sizeBytes: s.size,
            createdAt: now,
          })),
        );
        return v!;
      });
      return {
        id: row.publicId,
        method: 'photo_id_upload' as const,
        status: 'pending' as const,
        message: row.message,
        verification: await verificationState(customerId),
      };
    },

    // ---------------- operator (CLI)
    async pendingManualVerifications() {
      const rows = await db
        .select()
        .from(verifications)
        .where(eq(verifications.status, 'pending'))
        .orderBy(asc(verifications.createdAt));
      const out = [];
      for (const r of rows) {
        const fs_ = await db.select().from(files).where(eq(files.verificationId, r.id)).orderBy(asc(files.id));
        out.push({
          id: r.publicId,
          customerId: r.customerId,
          method: r.method,
          createdAt: r.createdAt,
          files: fs_.map((f) => ({
            name: f.originalName,
            path: path.join(uploadDir, f.storedName),
            mimeType: f.mimeType,
            sizeBytes: f.sizeBytes,
          })),
        });
      }
      return out;
    },
    async decideManualVerification(customerId: string, decision: 'approve' | 'reject', reason?: string) {
      const now = clock.now();
      const [row] = await db
        .update(verifications)
        .set(
          decision === 'approve'
            ? { status: 'verified', message: OUTCOME_TEXT.verified, decidedAt: now, reviewReason: reason ?? null }
            : {
                status: 'rejected',
                message: `We could not verify your identity from your documents: ${reason ?? 'please upload clearer copies'}.`,
                decidedAt: now,
                reviewReason: reason ?? null,
              },
        )
        .where(and(eq(verifications.customerId, customerId), eq(verifications.status, 'pending')))
        .returning();
      if (!row)
        throw notFound(`Customer ${customerId} has no verification waiting for review.`, 'verification_not_found');
      if (decision === 'approve') await customers.setVerified(customerId, true);
      return { id: row.publicId, customerId, status: row.status };
    },
  };
}

export type ResponsibleGamblingService = ReturnType<typeof createResponsibleGamblingService>;
