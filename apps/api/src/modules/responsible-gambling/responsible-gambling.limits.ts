// Spend limits, the pre-commitment and deposit limits (features §7): a lower or first limit applies at once, a raise
// or a removal only after the cooling-off delay (RG_COOLING_OFF_DAYS), and each view shows what is spent and left.
import {
  DEPOSIT_LIMIT_HELP,
  FORM_MESSAGES,
  LIMIT_PERIODS,
  toCents,
  toMoney,
  type CurrencyCode,
  type CustomerLimit,
  type LimitPeriod,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { formatWhen } from './periods.ts';
import { rgLimits, type LimitRow } from './responsible-gambling.repository.ts';
import {
  DAY_MS,
  KIND_WORD,
  LIMIT_MAX_CENTS,
  LIMIT_MIN_CENTS,
  limitWindows,
  money,
  PERIOD_WORD,
  publicId,
  settledLimit,
  type LimitKind,
  type RgLedger,
} from './responsible-gambling.rules.ts';

export interface LimitsDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'responsibleGambling' | 'siteTimeZone'>;
  ledger: RgLedger;
  /**
   * Told in the transaction that applies a limit change (the notification feed's card): at once when the customer
   * sets it, or later, with `due`, when a raise or removal takes effect after its cooling-off delay.
   */
  onApplied?: (tx: Executor, change: AppliedLimitChange) => Promise<unknown>;
}

export interface AppliedLimitChange {
  customerId: string;
  message: string;
  /** A pending change that took effect after the cooling-off delay: the limit and the moment it took effect. */
  due?: { limitId: string; from: Date };
}

/** How many customers one sweep of due limit changes takes (the next run takes the rest). */
const DUE_SWEEP_BATCH = 500;

/** The amount a customer typed (dollars) in cents, or 422 on `limit` in the spec's form wording. */
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

/** What a limit change answers: applied now, pending until the cooling-off delay has passed, or being removed. */
function changeMessage(
  rules: { coolingOffDays: number; tz: string },
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
    return `${what} will be removed on ${formatWhen(from!, rules.tz)}, after the ${rules.coolingOffDays}-day cooling-off period.`;
  return `${what} will go up to ${amount} on ${formatWhen(from!, rules.tz)}, after the ${rules.coolingOffDays}-day cooling-off period. Until then your current limit applies.`;
}

/** A limit as the customer sees it (what is spent and left in its period, what is pending), and all of one kind. */
function limitViews(clock: Clock, windows: ReturnType<typeof limitWindows>) {
  async function limitView(exec: Executor, row: LimitRow): Promise<CustomerLimit | null> {
    const now = clock.now();
    const s = settledLimit(row, now);
    if (!s) return null;
    const currency = row.currency as CurrencyCode;
    const period = row.period as LimitPeriod;
    const used =
      row.kind === 'deposit'
        ? await windows.depositedIn(exec, row.customerId, currency, period, now)
        : await windows.spentIn(exec, row.customerId, currency, period, now);
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
    for (const row of await rgLimits.rowsOf(exec, customerId, kind)) {
      const v = await limitView(exec, row);
      if (v) out.push(v);
    }
    return out;
  }

  return { limitView, viewsOf };
}

/** The overview's limit fields (core §3): the pre-commitment and the spend limits in force at `now`. */
async function overviewFieldsOf(db: Db, now: Date, spendLimitRequired: boolean, customerId: string) {
  const all = await rgLimits.rowsOf(db, customerId);
  const spend = all.filter((r) => r.kind === 'spend').map((r) => ({ r, s: settledLimit(r, now) }));
  const pre = all.filter((r) => r.kind === 'precommitment').map((r) => ({ r, s: settledLimit(r, now) }))[0];
  return {
    preCommitment: pre?.s
      ? { enabled: true, amount: toMoney(pre.s.limitCents, pre.r.currency as CurrencyCode) }
      : { enabled: false, amount: null },
    spendLimits: spend
      .filter((x) => x.s)
      .map((x) => ({ period: x.r.period, amount: toMoney(x.s!.limitCents, x.r.currency as CurrencyCode) })),
    spendLimitRequired,
  };
}

/**
 * Pending raises and removals whose cooling-off has passed: written, and told to onApplied (the feed's card), by the
 * customer's next change or by the rg-limits sweep, whichever comes first.
 */
function dueLimitChanges(deps: LimitsDeps) {
  const { db, clock } = deps;
  const rules = deps.config.responsibleGambling;
  /** Applies the customer's changes whose cooling-off has passed, telling onApplied of each (their lock is held). */
  async function applyDue(tx: Executor, customerId: string, now: Date) {
    for (const row of await rgLimits.applyDue(tx, customerId, now)) {
      const period = row.period as LimitPeriod;
      const what = `Your ${PERIOD_WORD[period]} ${KIND_WORD[row.kind as LimitKind]}`;
      const after = `after the ${rules.coolingOffDays}-day cooling-off period`;
      await deps.onApplied?.(tx, {
        customerId,
        message: row.pendingRemoval
          ? `${what} has been removed ${after}.`
          : `${what} is now ${money(row.pendingCents!, row.currency as CurrencyCode)}, ${after}.`,
        due: { limitId: row.publicId, from: row.pendingFrom! },
      });
    }
  }

  /**
   * The sweep (the rg-limits job): every raise or removal whose cooling-off has passed is written and told about,
   * one customer per transaction. Idempotent: an applied change is no longer pending. Answers how many customers.
   */
  async function applyDueChanges(): Promise<number> {
    const now = clock.now();
    const customers = await rgLimits.customersWithDue(db, now, DUE_SWEEP_BATCH);
    for (const customerId of customers)
      await db.transaction(async (tx) => {
        await rgLimits.lockCustomer(tx, customerId);
        await applyDue(tx, customerId, now);
      });
    return customers.length;
  }

  return { applyDue, applyDueChanges };
}

export function createLimitsService(deps: LimitsDeps) {
  const { db, clock, ledger } = deps;
  const rules = deps.config.responsibleGambling;
  const tz = deps.config.siteTimeZone;
  const coolingMs = rules.coolingOffDays * DAY_MS;
  const windows = limitWindows(ledger, tz);
  const currencyOf = async (customerId: string): Promise<CurrencyCode> =>
    (await ledger.fundsSummary(customerId)).currency;

  const { limitView, viewsOf } = limitViews(clock, windows);
  const { applyDue, applyDueChanges } = dueLimitChanges(deps);

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
      await rgLimits.lockCustomer(tx, customerId);
      await applyDue(tx, customerId, now);
      const existing = await rgLimits.find(tx, customerId, kind, period);
      if (!existing) {
        const row = await rgLimits.insert(tx, {
          publicId: publicId('lim'),
          customerId,
          kind,
          period,
          currency,
          limitCents: cents,
          createdAt: now,
          updatedAt: now,
        });
        await deps.onApplied?.(tx, {
          customerId,
          message: `Your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} is now ${money(cents, currency)}.`,
        });
        return { row, applied: 'now' as const };
      }
      if (existing.period !== period) {
        throw unprocessable(
          `You already have a ${PERIOD_WORD[existing.period as LimitPeriod]} pre-commitment limit. Remove it first to choose another period.`,
          'precommitment_period_change',
          { period: ['Remove your current pre-commitment limit first to choose another period.'] },
        );
      }
      if (cents <= existing.limitCents || coolingMs === 0) {
        const row = await rgLimits.update(tx, existing.id, {
          limitCents: cents,
          pendingCents: null,
          pendingRemoval: false,
          pendingFrom: null,
          updatedAt: now,
        });
        await deps.onApplied?.(tx, {
          customerId,
          message: `Your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} is now ${money(cents, currency)}.`,
        });
        return { row, applied: 'now' as const };
      }
      const keepDate =
        existing.pendingFrom !== null &&
        !existing.pendingRemoval &&
        existing.pendingCents !== null &&
        cents <= existing.pendingCents;
      const pendingFrom = keepDate ? existing.pendingFrom! : new Date(now.getTime() + coolingMs);
      const row = await rgLimits.update(tx, existing.id, {
        pendingCents: cents,
        pendingRemoval: false,
        pendingFrom,
        updatedAt: now,
      });
      return { row, applied: 'after_cooling_off' as const };
    });
    const view = await limitView(db, result.row);
    const message = changeMessage(
      { coolingOffDays: rules.coolingOffDays, tz },
      kind,
      period,
      result.applied,
      money(cents, currency),
      result.row.pendingFrom,
    );
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
      await rgLimits.lockCustomer(tx, customerId);
      await applyDue(tx, customerId, now);
      const row = await rgLimits.findToRemove(tx, customerId, kinds, match);
      // Another customer's limit is indistinguishable from a missing one.
      if (!row) throw notFound('There is no such limit.', 'limit_not_found');
      const kind = row.kind as LimitKind;
      if (row.pendingRemoval) {
        throw unprocessable(
          `This ${KIND_WORD[kind]} is already being removed: it stops applying on ${formatWhen(row.pendingFrom!, tz)}.`,
          'limit_removal_pending',
        );
      }
      if (kind === 'spend' && rules.spendLimitRequired && (await rgLimits.activeSpendLimitCount(tx, customerId)) <= 1)
        throw unprocessable(
          'A spend limit is required. Set a higher limit instead of removing it.',
          'spend_limit_required',
        );
      if (coolingMs === 0) {
        await rgLimits.delete(tx, row.id);
        return { row: { ...row, pendingRemoval: true, pendingFrom: now }, removedNow: true };
      }
      const u = await rgLimits.update(tx, row.id, {
        pendingCents: null,
        pendingRemoval: true,
        pendingFrom: new Date(now.getTime() + coolingMs),
        updatedAt: now,
      });
      return { row: u, removedNow: false };
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
      message: changeMessage(
        { coolingOffDays: rules.coolingOffDays, tz },
        kind,
        period,
        'removed',
        null,
        result.row.pendingFrom,
      ),
    };
  }

  return {
    applyDueChanges,
    async spendLimits(customerId: string) {
      const currency = await currencyOf(customerId);
      const weekly = await windows.spentIn(db, customerId, currency, 'weekly', clock.now());
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

    /** The overview's limit fields (core §3): the pre-commitment and the spend limits in force. */
    overviewFields: (customerId: string) => overviewFieldsOf(db, clock.now(), rules.spendLimitRequired, customerId),
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
