// Joining and leaving Daily Winners and the customer's membership as GET /v3/customer shows it (features §3 customer
// membership, §4 membership state: "A non-member can opt in and becomes a member"; §7 PUT /membership).
import {
  toMoney,
  type CurrencyCode,
  type CustomerMembership,
  type MembershipStatus,
  type MembershipUpdateBody,
  type NavigationStatus,
} from '@shop/contracts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService } from './membership.entries.ts';
import type { MemberFacts } from './membership.facts.ts';
import { members } from './membership.repository.ts';
import { PROGRAM, type MembershipDeps } from './membership.rules.ts';

/** Features §3 membership status: member, non-member, or pending-deposit (asked for premium, no qualifying deposit). */
export function membershipStatusOf(f: MemberFacts): MembershipStatus {
  if (!f.member) return 'non-member';
  return f.member.requestedTier === 'premium' && f.tier === 'free' ? 'pending-deposit' : 'member';
}

export function createMembersService(
  deps: MembershipDeps & {
    entries: EntriesService;
    /** Called after a join or leave commits (the members price list's per-process memory forgets). */
    onChange?: () => void;
  },
) {
  const { db, clock, entries } = deps;

  async function view(f: MemberFacts): Promise<CustomerMembership> {
    const upcoming = await entries.upcomingDraws(f.customerId);
    const currency = f.program.currency as CurrencyCode;
    const navigationStatus: NavigationStatus =
      !f.member || f.problem
        ? 'non-member'
        : upcoming.some((d) => d.entryStatus === 'locked')
          ? 'draw_locked'
          : 'draw_unlocked';
    return {
      membershipProgram: PROGRAM,
      membershipStatus: membershipStatusOf(f),
      membershipTier: f.member ? f.tier : null,
      membershipUpdated: f.row?.updatedAt.toISOString() ?? null,
      eligibility: f.problem ? 'ineligible' : 'eligible',
      ineligibleReason: f.problem?.reason ?? null,
      navigationStatus,
      premium: {
        qualifyingDeposit: toMoney(f.program.qualifyingDepositCents, currency),
        depositedThisPeriod: toMoney(f.depositedCents, currency),
        periodEnds: f.premiumPeriodEnds.toISOString(),
      },
      upcomingDraws: upcoming,
    };
  }

  /** GET /v3/customer: entries are brought up to date first (a deposit since the last visit makes them guaranteed). */
  async function customer(customerId: string): Promise<CustomerMembership> {
    return view(await entries.syncCustomer(customerId));
  }

  /**
   * PUT /membership (v3.2). Joining is refused with the reason while the customer is taking a break or excluded, or
   * under age (422, nothing written); leaving withdraws their entries in open giveaways. Both are idempotent.
   */
  async function update(customerId: string, body: MembershipUpdateBody): Promise<CustomerMembership> {
    const now = clock.now();
    if (body.membershipStatus === 'non-member') {
      await members.leave(db, PROGRAM, customerId, now);
      deps.onChange?.();
      return customer(customerId);
    }
    const before = await entries.factsOf(customerId, now);
    if (before.problem)
      throw new AppError(422, before.problem.reason, {
        code: before.problem.code,
        fieldErrors: { this: [before.problem.reason] },
      });
    await members.join(db, {
      program: PROGRAM,
      customerId,
      requestedTier: body.metadata?.tier ?? 'free',
      entryPoint: body.metadata?.entryPoint ?? null,
      now,
    });
    deps.onChange?.();
    return customer(customerId);
  }

  return { customer, update };
}
export type MembersService = ReturnType<typeof createMembersService>;
