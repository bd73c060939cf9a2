// The members price list (catalogue pricing `members`, 5% below the base price): a Daily Winners member's cart is
// priced by it, everyone else's by the default list. Read per call: joining or leaving changes the next price.
import type { Db } from '../../db/index.ts';
import { members } from './membership.repository.ts';
import { PROGRAM } from './membership.rules.ts';

export const MEMBERS_PRICING = 'members';
export const DEFAULT_PRICING = 'default';

export function createMemberPricing(deps: { db: Db }) {
  return {
    /** The price list the customer is entitled to: `members` while a member (not after leaving), else `default`. */
    async pricingFor(customerId: string): Promise<string> {
      const row = await members.byCustomer(deps.db, PROGRAM, customerId);
      return row?.status === 'member' ? MEMBERS_PRICING : DEFAULT_PRICING;
    },
  };
}

export type MemberPricing = ReturnType<typeof createMemberPricing>;
