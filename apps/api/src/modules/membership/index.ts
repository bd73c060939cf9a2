// Membership domain (Daily Winners): the free and premium membership, giveaways drawn with the raffle engine, members'
// entries and winners. Other code imports only from here.
export { membershipRoutes, type MembershipRoutesOptions } from './membership.routes.ts';
export { createMembersService, membershipStatusOf, type MembersService } from './membership.members.ts';
export {
  createEntriesService,
  JOIN_FIRST_MESSAGE,
  JOIN_PREMIUM_MESSAGE,
  VERIFY_FIRST_MESSAGE,
  type EntriesService,
} from './membership.entries.ts';
export { createGiveawaysService, type GiveawaysService } from './membership.giveaways.ts';
export type { NewGiveaway } from './membership.giveaway-creation.ts';
export { createGiveawayDrawsService, type ChosenWinners, type GiveawayDrawsService } from './membership.draws.ts';
export { createMembershipConfigService, type MembershipConfigService } from './membership.config.ts';
export { createBenefitsService, BENEFITS_TOKEN_SECONDS, type BenefitsService } from './membership.benefits.ts';
export { DEFAULT_PROGRAM, GIVEAWAY_VERIFICATION_PROCEDURE } from './membership.content.ts';
export {
  ageOn,
  dailyPeriod,
  entryStatusFor,
  ineligibility,
  mergedStatus,
  monthlyPeriod,
  premiumWindow,
  PROGRAM,
  type ExclusionCheck,
  type MemberDirectory,
  type MembershipDeps,
  type PrizeOrders,
  type QualifyingDeposits,
} from './membership.rules.ts';
export type { PrizeSpec } from './membership.schema.ts';
export { giveawayPath } from './membership.views.ts';
export { createMemberPricing, MEMBERS_PRICING, type MemberPricing } from './membership.pricing.ts';
