// Lotto Party API v3.0 (features §7, under /api/social/v3) and the orders service's session call (under /api/v2).
// Every call needs a signed-in customer. docs/lotto-party.md lists answers and errors.
import {
  CreateGroupBody,
  CreateSessionBody,
  DrawIdParams,
  GroupIdParams,
  GroupListQuery,
  LottoPartyConfig,
  LottoPartyGroup,
  LottoPartyGroupDetail,
  LottoPartySession,
  OrderSessionQuery,
  PricingIdParams,
  SessionIdParams,
  SessionListQuery,
  SocialSyndicateSessionOrder,
  TokenParams,
  UpdateSessionBody,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { GroupsService } from './lotto-party.groups.ts';
import type { SessionOrdersService } from './lotto-party.orders.ts';
import type { SessionsService } from './lotto-party.sessions.ts';

export interface LottoPartyRoutesOptions {
  lottoParty: { groups: GroupsService; sessions: SessionsService };
}

export const lottoPartyRoutes: FastifyPluginAsync<LottoPartyRoutesOptions> = async (app, { lottoParty }) => {
  const { groups, sessions } = lottoParty;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lotto-party'];
  const signedIn = { preHandler: app.requireCustomer };
  const me = (request: { auth?: { customerId: string } | null }) => request.auth!.customerId;

  routes.post(
    '/group',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Create a group (I am its organiser and first member)',
        body: CreateGroupBody,
        response: { 200: successEnvelope(LottoPartyGroupDetail) },
      },
    },
    async (request) => ok(await groups.create(me(request), request.body)),
  );
  routes.get(
    '/group',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'My groups, newest first',
        querystring: GroupListQuery,
        response: { 200: paginatedEnvelope(LottoPartyGroup) },
      },
    },
    async (request) => {
      const { items, total } = await groups.mine(me(request), request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );
  routes.get(
    '/group/token/:token',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The group an invite leads to',
        params: TokenParams,
        response: { 200: successEnvelope(LottoPartyGroupDetail) },
      },
    },
    async (request) => ok(await groups.byToken(me(request), request.params.token)),
  );
  routes.post(
    '/group/token/:token/join',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Join the group an invite leads to',
        params: TokenParams,
        response: { 200: successEnvelope(LottoPartyGroupDetail) },
      },
    },
    async (request) => ok(await groups.join(me(request), request.params.token)),
  );
  routes.get(
    '/group/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A group and its members',
        params: GroupIdParams,
        response: { 200: successEnvelope(LottoPartyGroupDetail) },
      },
    },
    async (request) => ok(await groups.get(me(request), request.params.id)),
  );
  for (const [path, onlyOpen] of [
    ['/group/:id/session', false],
    ['/group/:id/session/open', true],
  ] as const) {
    routes.get(
      path,
      {
        ...signedIn,
        schema: {
          tags,
          summary: onlyOpen ? "A group's open sessions" : "A group's sessions, newest draw first",
          params: GroupIdParams,
          querystring: SessionListQuery,
          response: { 200: paginatedEnvelope(LottoPartySession) },
        },
      },
      async (request) => {
        const { items, total } = await sessions.ofGroup(me(request), request.params.id, onlyOpen, request.query);
        return pageOf(items, total, request.query, request.url);
      },
    );
  }
  routes.post(
    '/session',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Create a session for a draw (the group's organiser)",
        body: CreateSessionBody,
        response: { 200: successEnvelope(LottoPartySession) },
      },
    },
    async (request) => ok(await sessions.create(me(request), request.body)),
  );
  routes.get(
    '/session/discover',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Open sessions of promoted groups',
        querystring: SessionListQuery,
        response: { 200: paginatedEnvelope(LottoPartySession) },
      },
    },
    async (request) => {
      const { items, total } = await sessions.discover(me(request), null, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );
  routes.get(
    '/session/discover/draw/:drawId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Open sessions of promoted groups for one draw',
        params: DrawIdParams,
        querystring: SessionListQuery,
        response: { 200: paginatedEnvelope(LottoPartySession) },
      },
    },
    async (request) => {
      const { items, total } = await sessions.discover(me(request), request.params.drawId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );
  routes.get(
    '/session/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A session',
        params: SessionIdParams,
        response: { 200: successEnvelope(LottoPartySession) },
      },
    },
    async (request) => ok(await sessions.get(me(request), request.params.id)),
  );
  routes.put(
    '/session/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Change a session's autosession (the organiser)",
        params: SessionIdParams,
        body: UpdateSessionBody,
        response: { 200: successEnvelope(LottoPartySession) },
      },
    },
    async (request) => ok(await sessions.update(me(request), request.params.id, request.body)),
  );
  routes.get(
    '/config',
    {
      ...signedIn,
      schema: { tags, summary: 'What a session may be', response: { 200: successEnvelope(LottoPartyConfig) } },
    },
    async () => ok(await sessions.config('default')),
  );
  routes.get(
    '/config/:pricingId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'What a session may be, under a pricing',
        params: PricingIdParams,
        response: { 200: successEnvelope(LottoPartyConfig) },
      },
    },
    async (request) => ok(await sessions.config(request.params.pricingId)),
  );
};

export interface LottoPartyOrderRoutesOptions {
  lottoParty: { orders: SessionOrdersService };
}

/** GET /social_syndicate_session/{id}?show_details=true on the orders service (features §7). */
export const lottoPartyOrderRoutes: FastifyPluginAsync<LottoPartyOrderRoutesOptions> = async (app, { lottoParty }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/social_syndicate_session/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['orders'],
        summary: 'My purchase of shares in a Lotto Party session',
        params: SessionIdParams,
        querystring: OrderSessionQuery,
        response: { 200: successEnvelope(SocialSyndicateSessionOrder) },
      },
    },
    async (request) => ok(await lottoParty.orders.ofSession(request.auth!.customerId, request.params.id)),
  );
};
