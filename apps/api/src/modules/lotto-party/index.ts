// Lotto Party (issue 16): customer groups that split a ticket per draw. Other code imports only from here.
export { createGroupsService, type GroupsService } from './lotto-party.groups.ts';
export { createSessionsService, type SessionsService } from './lotto-party.sessions.ts';
export { createSessionOrdersService, type SessionOrdersService } from './lotto-party.orders.ts';
export { createLottoPartyHandler } from './lotto-party.handler.ts';
export { DEMO_PARTY, seedLottoParty } from './lotto-party.seed.ts';
export type { LottoPartyDeps } from './lotto-party.rules.ts';
export type { InviteMembers, SessionInvite } from './lotto-party.invites.ts';
export { sessionInviteEmail, sessionPagePath } from './lotto-party.emails.ts';
export { createLifecycle, refundReference, type LottoPartyLifecycle, type RunReport } from './lotto-party.lifecycle.ts';
export {
  lottoPartyRoutes,
  lottoPartyOrderRoutes,
  type LottoPartyRoutesOptions,
  type LottoPartyOrderRoutesOptions,
} from './lotto-party.routes.ts';
