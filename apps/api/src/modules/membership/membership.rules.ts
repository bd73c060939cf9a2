// The rules of Daily Winners that need no database: who may take part, which tier a member is in, the status an entry
// gets, the giveaways' periods in the site's time zone, and the ports other domains fill in (services.ts).
import type { CurrencyCode, EntryStatus, GiveawayDrawStatus, MembershipTier } from '@shop/contracts';
import { localDateOf, zonedLabel, zonedTimeToUtc } from '@shop/protocol';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';

export const PROGRAM = 'daily_winners';

/** What the membership module asks of identity (customers are referenced by public id). */
export interface MemberDirectory {
  /** An active customer's details that decide eligibility; null for an unknown or closed account. */
  profileOf(
    customerId: string,
  ): Promise<{ firstname: string; state: string | null; dateOfBirth: string; isVerified: boolean } | null>;
  /** Email and first name of active customers (winners' emails). */
  contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>>;
}

/** What it asks of responsible gambling: a break or self-exclusion in force (no Daily Winners, no marketing). */
export interface ExclusionCheck {
  exclusionOf(customerId: string): Promise<{ kind: 'take_a_break' | 'self_exclusion'; endsAt: Date } | null>;
}

/** What it asks of the wallet: deposits credited to the customer in [from, to) (premium: a qualifying deposit). */
export interface QualifyingDeposits {
  depositedCents(customerId: string, currency: CurrencyCode, from: Date, to: Date): Promise<number>;
}

/**
 * Free tickets a giveaway prize buys: a real order (checkout, orders, tickets) through the purchase workflow, paid by
 * the promotions account, bought once per idempotency key. services.ts supplies today's workflow behind it; the
 * purchaseItems entry point of issue 22 can replace that without touching this module (ADR 041).
 */
export interface PrizeOrders {
  buyPrizeTickets(input: {
    customerId: string;
    idempotencyKey: string;
    items: {
      productOfferKey: string;
      gameType: string;
      gameOffer: string;
      numGames: number;
    }[];
  }): Promise<{ checkoutId: string; paidCents: number }>;
  /** What the tickets would cost now (an operator's prize is checked and valued when the giveaway is made). */
  priceOf(item: { productOfferKey: string; gameType: string; gameOffer: string; numGames: number }): Promise<number>;
}

export interface MembershipDeps {
  db: Db;
  clock: Clock;
  config: { siteTimeZone: string; minAge: number; publicUrl: string };
  directory: MemberDirectory;
  exclusions: ExclusionCheck;
  deposits: QualifyingDeposits;
}

/** Whole years between a date of birth (YYYY-MM-DD) and a local date. */
export function ageOn(dateOfBirth: string, localToday: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = localToday.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export type Ineligibility = {
  code: 'customer_not_found' | 'underage' | 'take_a_break' | 'self_excluded';
  reason: string;
};

/** Why a customer cannot take part in Daily Winners, in words they can act on; null when they can. */
export function ineligibility(
  facts: {
    profile: { dateOfBirth: string } | null;
    exclusion: { kind: 'take_a_break' | 'self_exclusion'; endsAt: Date } | null;
  },
  now: Date,
  rules: { siteTimeZone: string; minAge: number },
): Ineligibility | null {
  if (!facts.profile) return { code: 'customer_not_found', reason: 'There is no active account to join with.' };
  if (ageOn(facts.profile.dateOfBirth, localDateOf(now, rules.siteTimeZone)) < rules.minAge)
    return { code: 'underage', reason: `You must be ${rules.minAge} or older to join Daily Winners.` };
  if (facts.exclusion) {
    const until = zonedLabel(facts.exclusion.endsAt, 'longDateTime', { timeZone: rules.siteTimeZone, locale: 'en-AU' });
    return facts.exclusion.kind === 'self_exclusion'
      ? { code: 'self_excluded', reason: `Daily Winners is not available while you are self-excluded, until ${until}.` }
      : {
          code: 'take_a_break',
          reason: `Daily Winners is not available while you are taking a break, until ${until}.`,
        };
  }
  return null;
}

const STATUS_RANK: Record<EntryStatus, number> = { locked: 0, unlocked: 1, guaranteed: 2 };

/**
 * The status a member's entry gets (features §3, §6; issue 17): free members are entered in daily and special
 * giveaways automatically (unlocked); their monthly and major entries wait locked for them to unlock; premium members
 * are guaranteed. A giveaway for premium members only, or one that needs a verified identity the member lacks, stays
 * locked, and unlocking it is refused.
 */
export function entryStatusFor(
  giveaway: { type: string; availability: readonly string[]; requiresVerified: boolean },
  member: { tier: MembershipTier; isVerified: boolean },
): EntryStatus {
  if (giveaway.requiresVerified && !member.isVerified) return 'locked';
  if (!giveaway.availability.includes(member.tier)) return 'locked';
  if (member.tier === 'premium') return 'guaranteed';
  return giveaway.type === 'monthly' || giveaway.type === 'major' ? 'locked' : 'unlocked';
}

/** An entry never goes back: an unlocked entry stays unlocked, a guaranteed one guaranteed (premium lapsing or not). */
export function mergedStatus(existing: EntryStatus, computed: EntryStatus): EntryStatus {
  return STATUS_RANK[computed] > STATUS_RANK[existing] ? computed : existing;
}

export const takesPart = (status: EntryStatus) => status !== 'locked';

/** Features §3 "numberOfEntriesText". */
export function numberOfEntriesText(status: EntryStatus): string {
  if (status === 'locked') return 'Entry locked';
  return status === 'guaranteed' ? '1 guaranteed entry' : '1 entry';
}

/** The wire's draw status (features §3: DRAW_OPEN, DRAW_PAID, DRAW_CLOSED) of a stored status. */
export function drawStatusOf(status: string): GiveawayDrawStatus {
  if (status === 'open') return 'DRAW_OPEN';
  return status === 'paid' ? 'DRAW_PAID' : 'DRAW_CLOSED';
}

function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) of a month given as YYYY-MM. */
function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

export interface GiveawayPeriod {
  periodKey: string;
  opensAt: Date;
  closesAt: Date;
}

/**
 * The daily giveaway open at `now`: each closes (and is drawn) at `closesAt` local time and the next opens at that
 * moment, so one is always open. It is named after the local date it closes on.
 */
export function dailyPeriod(now: Date, timeZone: string, closesAt: string): GiveawayPeriod {
  const today = localDateOf(now, timeZone);
  const day = now.getTime() < zonedTimeToUtc(today, closesAt, timeZone).getTime() ? today : addDays(today, 1);
  return {
    periodKey: day,
    opensAt: zonedTimeToUtc(addDays(day, -1), closesAt, timeZone),
    closesAt: zonedTimeToUtc(day, closesAt, timeZone),
  };
}

/** The monthly giveaway open at `now`: it closes on the month's last day at `closesAt` local time ("at month end"). */
export function monthlyPeriod(now: Date, timeZone: string, closesAt: string): GiveawayPeriod {
  let month = localDateOf(now, timeZone).slice(0, 7);
  if (now.getTime() >= zonedTimeToUtc(lastDayOf(month), closesAt, timeZone).getTime()) month = nextMonth(month);
  return {
    periodKey: month,
    opensAt: zonedTimeToUtc(lastDayOf(previousMonth(month)), closesAt, timeZone),
    closesAt: zonedTimeToUtc(lastDayOf(month), closesAt, timeZone),
  };
}

/** The calendar month (site time zone) whose deposits make a member premium. */
export function premiumWindow(now: Date, timeZone: string): { start: Date; end: Date } {
  const month = localDateOf(now, timeZone).slice(0, 7);
  return {
    start: zonedTimeToUtc(`${month}-01`, '00:00', timeZone),
    end: zonedTimeToUtc(`${nextMonth(month)}-01`, '00:00', timeZone),
  };
}
