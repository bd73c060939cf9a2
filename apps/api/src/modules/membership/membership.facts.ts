// What decides a customer's place in Daily Winners, read from the ports (identity, responsible gambling, the wallet)
// and the membership tables: member or not, eligible or not (and why), free or premium this month.
import type { CurrencyCode, MembershipTier } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { DEFAULT_PROGRAM } from './membership.content.ts';
import { members, programs, type MemberRow, type ProgramRow } from './membership.repository.ts';
import { ineligibility, premiumWindow, PROGRAM, type Ineligibility, type MembershipDeps } from './membership.rules.ts';

export interface MemberFacts {
  customerId: string;
  /** The membership row while the customer is a member; null for a non-member (never joined, or left). */
  member: MemberRow | null;
  /** The membership row whatever its status (membershipUpdated of a customer who left). */
  row: MemberRow | null;
  profile: { firstname: string; state: string | null; isVerified: boolean } | null;
  problem: Ineligibility | null;
  tier: MembershipTier;
  isVerified: boolean;
  depositedCents: number;
  program: ProgramRow;
  premiumPeriodEnds: Date;
}

export function memberFacts(deps: MembershipDeps) {
  const { db, clock, config, directory, exclusions, deposits } = deps;

  /** The programme's settings; a database made before Daily Winners existed gets the default programme here. */
  async function program(ex: Executor = db): Promise<ProgramRow> {
    const found = await programs.byKey(ex, PROGRAM);
    if (found) return found;
    await programs.insert(db, DEFAULT_PROGRAM);
    return (await programs.byKey(db, PROGRAM))!;
  }

  /** Everything the rules need about one customer, now. */
  async function factsOf(customerId: string, now: Date = clock.now()): Promise<MemberFacts> {
    const p = await program();
    const window = premiumWindow(now, config.siteTimeZone);
    const [member, profile, exclusion, depositedCents] = await Promise.all([
      members.byCustomer(db, PROGRAM, customerId),
      directory.profileOf(customerId),
      exclusions.exclusionOf(customerId),
      deposits.depositedCents(customerId, p.currency as CurrencyCode, window.start, window.end),
    ]);
    return {
      customerId,
      member: member?.status === 'member' ? member : null,
      row: member,
      profile,
      problem: ineligibility({ profile, exclusion }, now, config),
      tier: depositedCents >= p.qualifyingDepositCents ? 'premium' : 'free',
      isVerified: profile?.isVerified ?? false,
      depositedCents,
      program: p,
      premiumPeriodEnds: window.end,
    };
  }

  return { program, factsOf };
}
export type MemberFactsReader = ReturnType<typeof memberFacts>;
