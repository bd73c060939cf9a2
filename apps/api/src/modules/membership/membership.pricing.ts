// The members price list (catalogue pricing `members`, 5% below the base price): a Daily Winners member's cart is
// priced by it, everyone else's by the default list. Joining or leaving changes the next price.
//
// Every cart read and purchase asks which list applies (issue 22: one round trip each), so each process remembers the
// answer per customer until a membership row changes: this process forgets at once after its own join or leave
// (`forget`, called by the members service), every other process when the database announces the write (trigger of
// migration 0025 on membership_members, the change feed of ADR 007). Without a live change feed nothing is remembered.
// The answer was never read in the purchase's transaction (it is a pooled read beside it), so remembering it changes
// no transactional guarantee.
import type { Db } from '../../db/index.ts';
import { keyedCacheUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import { members } from './membership.repository.ts';
import { PROGRAM } from './membership.rules.ts';

export const MEMBERS_PRICING = 'members';
export const DEFAULT_PRICING = 'default';
/** An answer is read again after this long even if no change is announced. */
const PRICING_TTL_MS = 60_000;
const MAX_REMEMBERED = 20_000;

export function createMemberPricing(deps: { db: Db; changes?: ChangeSource }) {
  const known = keyedCacheUntilChanged<string>(deps.changes, ['membership_members'], MAX_REMEMBERED, {
    ttlMs: PRICING_TTL_MS,
  });
  return {
    /** The price list the customer is entitled to: `members` while a member (not after leaving), else `default`. */
    pricingFor: (customerId: string): Promise<string> =>
      known.get(customerId, async () => {
        const row = await members.byCustomer(deps.db, PROGRAM, customerId);
        return row?.status === 'member' ? MEMBERS_PRICING : DEFAULT_PRICING;
      }),
    /** This process joined or removed a member: forget every remembered answer. */
    forget: known.invalidate,
  };
}

export type MemberPricing = ReturnType<typeof createMemberPricing>;
