// The checks that enforce responsible gambling (core §5, §8): every reason a purchase is refused (the cart's
// PurchaseGuard), a deposit over a limit or during an exclusion (the payments' DepositGuard), and withdrawals only
// once verified. The checks read amounts from the ledger as the checkout's one read saw them (its write stands only
// if the wallet did not move since, ADR 109), or inside the caller's transaction after the wallet is
// locked, so two purchases racing each other are decided one after the other.
import type { CurrencyCode, LimitPeriod } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { calendarWindow, formatWhen, ROLLING_MS } from './periods.ts';
import { rgExclusions, rgLimits, type LimitRow } from './responsible-gambling.repository.ts';
import {
  exclusionReason,
  KIND_WORD,
  limitWindows,
  money,
  PERIOD_WORD,
  refuse,
  settledLimit,
  type CustomerDirectory,
  type LimitKind,
  type Reason,
  type RgLedger,
} from './responsible-gambling.rules.ts';

export interface GuardDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'responsibleGambling' | 'siteTimeZone'>;
  ledger: RgLedger;
  customers: Pick<CustomerDirectory, 'verificationProfile' | 'unverifiedWhere'>;
}

/** The exclusion and limits, and the spending in every window a check may ask, as parts of another's read. */
function checksRead(deps: GuardDeps, customerId: string) {
  const now = deps.clock.now();
  const windows = (['daily', 'weekly', 'monthly'] as const).map((p) => {
    const w = calendarWindow(p, now, deps.config.siteTimeZone);
    return { from: w.start, to: w.end };
  });
  return [
    rgExclusions.withLimitsRead(customerId, now),
    deps.ledger.spentRead(
      customerId,
      [...windows, { from: null, to: new Date(now.getTime() + 1) }],
      deps.customers.unverifiedWhere(customerId),
    ),
  ];
}

export function createGuardService(deps: GuardDeps) {
  const { db, clock, ledger, customers } = deps;
  const rules = deps.config.responsibleGambling;
  const tz = deps.config.siteTimeZone;
  const windows = limitWindows(ledger, tz);

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
    for (const row of known ?? (await rgLimits.rowsOf(exec, customerId, 'deposit'))) {
      const s = settledLimit(row, now);
      if (!s) continue;
      const period = row.period as LimitPeriod;
      const used = await windows.depositedIn(exec, customerId, currency, period, now, inFlight);
      const remainingCents = Math.max(0, s.limitCents - used.spentCents);
      // In a rolling window more becomes available as the oldest deposit in it ages out.
      const oldest = used.deposits[0];
      const until = oldest ? new Date(oldest.at.getTime() + ROLLING_MS[period]) : now;
      if (!tightest || remainingCents < tightest.remainingCents)
        tightest = { period, limitCents: s.limitCents, remainingCents, until };
    }
    return tightest;
  }

  /** Spend limits, the pre-commitment, the shop-wide weekly limit and the unverified cap, from one ledger read. */
  async function limitReasons(
    exec: Executor,
    customerId: string,
    amountCents: number,
    currency: CurrencyCode,
    rows: LimitRow[],
    profileRead: ReturnType<GuardDeps['customers']['verificationProfile']>,
  ): Promise<Reason[]> {
    const reasons: Reason[] = [];
    const now = clock.now();
    const spendLimits = rows.flatMap((row) => {
      if (row.kind === 'deposit') return [];
      const s = settledLimit(row, now);
      return s ? [{ row, s, window: calendarWindow(row.period as LimitPeriod, now, tz) }] : [];
    });
    const globalWindow = rules.globalWeeklySpendLimitCents > 0 ? calendarWindow('weekly', now, tz) : null;
    const profile = await profileRead;
    const unverified = profile !== null && !profile.isVerified;
    // Every sum the checks below need (each limit's window, the global week, the unverified total) in one read.
    const sums = await ledger.spentInWindows(exec, customerId, currency, [
      ...spendLimits.map((x) => ({ from: x.window.start, to: x.window.end })),
      ...(globalWindow ? [{ from: globalWindow.start, to: globalWindow.end }] : []),
      ...(unverified ? [{ from: null, to: new Date(now.getTime() + 1) }] : []),
    ]);
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
    return reasons;
  }

  /** Every reason this customer cannot buy `amountCents` now (empty: nothing blocks). */
  async function purchaseReasons(
    exec: Executor,
    customerId: string,
    amountCents: number,
    currency: CurrencyCode,
    withDeposit: boolean,
  ): Promise<Reason[]> {
    const reasons: Reason[] = [];
    // The verification profile is read beside the exclusions and limits (not after them), so the cart's reasons
    // share that read with the licensing restriction's, which starts at the same moment (issue 22).
    const profileRead = amountCents > 0 ? customers.verificationProfile(customerId, exec) : null;
    const [{ excluded, rows }] = await Promise.all([
      rgExclusions.withLimits(exec, customerId, clock.now()),
      profileRead,
    ]);
    if (excluded) reasons.push(exclusionReason(excluded, 'purchase', tz));
    if (!profileRead) return reasons;
    reasons.push(...(await limitReasons(exec, customerId, amountCents, currency, rows, profileRead)));
    const depositLimits = rows.filter((r) => r.kind === 'deposit');
    const now = clock.now();
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

  return {
    /** Cart view: reason id → message (core §8). `exec`: a read scope that prefetched `checksRead`. */
    async blockedReasons(
      customerId: string,
      amountCents: number,
      currency: CurrencyCode,
      exec: Executor = db,
    ): Promise<Record<string, string>> {
      const reasons = await purchaseReasons(exec, customerId, amountCents, currency, true);
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
      const now = clock.now();
      const excluded = await rgExclusions.active(tx, p.customerId, now);
      if (excluded) throw refuse(exclusionReason(excluded, 'deposit', tz));
      for (const row of await rgLimits.rowsOf(tx, p.customerId, 'deposit')) {
        const s = settledLimit(row, now);
        if (!s) continue;
        const period = row.period as LimitPeriod;
        const used = await windows.depositedIn(tx, p.customerId, p.currency, period, now, p.inFlight ?? []);
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
    /**
     * What `assertPurchase` and `blockedReasons` read, as parts of the checkout's one read (ADR 108, 109): the
     * exclusion and limits, and the net spending in every window a check may ask (each limit period's calendar
     * window, the shop-wide week's, and, for an unverified customer, all time).
     */
    checksRead: (customerId: string) => checksRead(deps, customerId),
    /** Withdrawals wait for a verified identity ('verify_before_withdrawal'). */
    async verificationRequired(customerId: string): Promise<boolean> {
      const profile = await customers.verificationProfile(customerId);
      return !profile?.isVerified;
    },
  };
}
export type GuardService = ReturnType<typeof createGuardService>;
