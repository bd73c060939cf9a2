// Take a break and self-exclusion (features §7): they start at once, cannot be shortened or lifted, switch marketing
// off for as long as they last, and keep the email from opening a new account until they end.
import type { Exclusion } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { formatDay, formatWhen } from './periods.ts';
import { rgExclusions, rgLimits, type ExclusionRow } from './responsible-gambling.repository.ts';
import { DAY_MS, type CustomerDirectory } from './responsible-gambling.rules.ts';

const BREAK_MS: Record<string, number> = {
  '24h': DAY_MS,
  '48h': 2 * DAY_MS,
  '1w': 7 * DAY_MS,
  '2w': 14 * DAY_MS,
  '4w': 28 * DAY_MS,
  '6w': 42 * DAY_MS,
};
const EXCLUSION_MONTHS: Record<string, number> = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 };

export interface ExclusionsDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'siteTimeZone'>;
  customers: Pick<CustomerDirectory, 'verificationProfile' | 'suppressMarketing'>;
}

export function createExclusionService(deps: ExclusionsDeps) {
  const { db, clock, customers } = deps;
  const tz = deps.config.siteTimeZone;

  function exclusionView(row: ExclusionRow): Exclusion {
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

  function endOf(kind: 'take_a_break' | 'self_exclusion', period: string, now: Date): Date {
    if (kind === 'take_a_break') {
      const ms = BREAK_MS[period];
      if (!ms)
        throw unprocessable('Please choose how long your break should last.', 'invalid_period', {
          period: ['Please choose how long your break should last.'],
        });
      return new Date(now.getTime() + ms);
    }
    const months = EXCLUSION_MONTHS[period];
    if (!months)
      throw unprocessable('Please choose how long to exclude yourself for.', 'invalid_period', {
        period: ['Please choose how long to exclude yourself for.'],
      });
    const endsAt = new Date(now);
    endsAt.setUTCMonth(endsAt.getUTCMonth() + months);
    return endsAt;
  }

  async function exclude(customerId: string, kind: 'take_a_break' | 'self_exclusion', period: string) {
    const profile = await customers.verificationProfile(customerId);
    if (!profile) throw notFound('There is no such customer.', 'customer_not_found');
    const now = clock.now();
    const endsAt = endOf(kind, period, now);
    const row = await db.transaction(async (tx) => {
      await rgLimits.lockCustomer(tx, customerId);
      const current = await rgExclusions.active(tx, customerId, clock.now());
      // An exclusion can be extended, never shortened: a shorter one on top of a longer one changes nothing.
      if (current && current.endsAt.getTime() >= endsAt.getTime()) return current;
      return rgExclusions.insert(tx, {
        customerId,
        email: profile.email.trim().toLowerCase(),
        kind,
        period,
        startsAt: now,
        endsAt,
      });
    });
    await customers.suppressMarketing(customerId);
    return exclusionView(row);
  }

  return {
    takeABreak: (customerId: string, period: string) => exclude(customerId, 'take_a_break', period),
    selfExclude: (customerId: string, period: string) => exclude(customerId, 'self_exclusion', period),
    async exclusion(customerId: string): Promise<Exclusion | null> {
      const row = await rgExclusions.active(db, customerId, clock.now());
      return row ? exclusionView(row) : null;
    },
    /**
     * The day a self-exclusion in force now ends (the latest, when several overlap), or null: an account closed while
     * one is in force stays closed until then (ADR 103). A take-a-break does not count: it blocks play on its own.
     */
    async selfExclusionEnds(customerId: string): Promise<string | null> {
      const now = clock.now();
      const inForce = (await rgExclusions.history(db, customerId)).filter(
        (r) => r.kind === 'self_exclusion' && r.startsAt <= now && r.endsAt > now,
      );
      const last = inForce.sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
      return last ? formatDay(last.endsAt, tz) : null;
    },
    async exclusionHistory(customerId: string) {
      return (await rgExclusions.history(db, customerId)).map(exclusionView);
    },
    /** Sign-up: an email under an exclusion cannot open a new account until it ends. */
    async assertSignupAllowed(email: string): Promise<void> {
      const row = await rgExclusions.activeForEmail(db, email.trim().toLowerCase(), clock.now());
      if (!row) return;
      const text = `This email address is excluded from gambling with us until ${formatDay(row.endsAt, tz)}.`;
      throw unprocessable(text, 'email_excluded', { email: [text] });
    },
    /** The customers of a marketing audience that may be marketed to now: those on a break or excluded are left out. */
    async withoutExcluded(customerIds: readonly string[]): Promise<string[]> {
      const excluded = await rgExclusions.excludedAmong(db, customerIds, clock.now());
      return customerIds.filter((id) => !excluded.has(id));
    },
    /** No marketing while a break or self-exclusion lasts: the customer cannot switch it back on. */
    async assertMarketingAllowed(customerId: string): Promise<void> {
      const row = await rgExclusions.active(db, customerId, clock.now());
      if (!row) return;
      const text = `Marketing messages stay off while your ${row.kind === 'self_exclusion' ? 'self-exclusion' : 'break'} lasts, until ${formatWhen(row.endsAt, tz)}.`;
      throw unprocessable(text, 'marketing_excluded', { preferences: [text] });
    },
  };
}
export type ExclusionService = ReturnType<typeof createExclusionService>;
