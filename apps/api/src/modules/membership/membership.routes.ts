// The membership (gamify) API under the rewards service (/api/rewards, DESIGN.md §1; features §7): GET /v4/config,
// GET /v3/customer, PUT /membership (v3.2), PUT /v3/draws/{id}, GET /v3/benefits, and the giveaway lists, details,
// draw verification and winners the storefront's daily-winners pages read (limit/offset, 9 a page by default).
import {
  BenefitsResult,
  BenefitsSsoParams,
  CustomerGiveaway,
  CustomerGiveawaysQuery,
  CustomerMembership,
  DrawCard,
  DrawUnlockBody,
  DrawUnlockParams,
  DrawUnlockResult,
  GiveawayDetails,
  GiveawayParams,
  GiveawaysQuery,
  GiveawayVerification,
  MemberBenefits,
  MembershipConfig,
  MembershipUpdateBody,
  PastWinner,
  successEnvelope,
  WinnersQuery,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { BenefitsService } from './membership.benefits.ts';
import type { MembershipConfigService } from './membership.config.ts';
import type { EntriesService } from './membership.entries.ts';
import type { GiveawaysService } from './membership.giveaways.ts';
import type { MembersService } from './membership.members.ts';

export interface MembershipRoutesOptions {
  members: MembersService;
  entries: EntriesService;
  giveaways: GiveawaysService;
  config: MembershipConfigService;
  benefits: BenefitsService;
}

const NoQuery = z.object({}).strict();
const tags = ['rewards'];
/** Entries and draws move all day: public reads are cached briefly. */
const PUBLIC = 'public, max-age=15';
const PRIVATE = 'private, no-store';

/** What a member does: their membership, joining and leaving, unlocking entries, benefits, their giveaways. */
const memberRoutes: FastifyPluginAsync<MembershipRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { members, entries, giveaways, benefits } = opts;
  const auth = { preHandler: app.requireCustomer };

  routes.get(
    '/v3/customer',
    {
      ...auth,
      schema: {
        tags,
        summary: "The signed-in customer's membership: status, tier, eligibility, navigation status, upcoming draws",
        querystring: NoQuery,
        response: { 200: successEnvelope(CustomerMembership) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ok(await members.customer(request.auth!.customerId));
    },
  );

  routes.put(
    '/membership',
    {
      ...auth,
      config: { apiVersions: ['3.2'] },
      schema: {
        tags,
        summary: 'Join (member) or leave (non-member) Daily Winners; refused with the reason while excluded',
        body: MembershipUpdateBody,
        response: { 200: successEnvelope(CustomerMembership) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ok(await members.update(request.auth!.customerId, request.body));
    },
  );

  routes.put(
    '/v3/draws/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: "Unlock the customer's entry in a giveaway (by its gwy_ id or the entry's gwe_ id)",
        params: DrawUnlockParams,
        body: DrawUnlockBody,
        response: { 200: successEnvelope(DrawUnlockResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ok({ upcomingDraws: await entries.unlock(request.auth!.customerId, request.params.id) });
    },
  );

  routes.get(
    '/v3/benefits',
    {
      ...auth,
      schema: {
        tags,
        summary: "Where the member's benefits are: an ssoUrl to the shop's benefits page, valid for 5 minutes",
        querystring: NoQuery,
        response: { 200: successEnvelope(BenefitsResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ok(await benefits.ssoUrl(request.auth!.customerId));
    },
  );

  routes.get(
    '/v3/benefits/sso/:token',
    {
      schema: {
        tags,
        summary: "The benefits page's exchange: the ssoUrl's token for the member's discounts",
        params: BenefitsSsoParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(MemberBenefits) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ok(await benefits.benefits(request.params.token));
    },
  );

  routes.get(
    '/v3/customer/giveaways',
    {
      ...auth,
      schema: {
        tags,
        summary: "The customer's current (open) or closed giveaways with their entries and prizes, 9 a page",
        querystring: CustomerGiveawaysQuery,
        response: { 200: paginatedEnvelope(CustomerGiveaway) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const customerId = request.auth!.customerId;
      // A deposit or a new giveaway since the last visit shows in the list straight away.
      if (request.query.status === 'current') await entries.syncCustomer(customerId);
      const page = await giveaways.customerGiveaways(customerId, request.query);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );
};

/** What anyone may read: the config, giveaways, a draw's verification data, the winners. */
const publicRoutes: FastifyPluginAsync<MembershipRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { giveaways, config } = opts;

  routes.get(
    '/v4/config',
    {
      schema: {
        tags,
        summary: 'The membership config: tiers, giveaways with their draw cards, past winners, FAQ, navigation items',
        querystring: NoQuery,
        response: { 200: successEnvelope(MembershipConfig) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return ok(await config.config());
    },
  );

  routes.get(
    '/v3/giveaways',
    {
      schema: {
        tags,
        summary: 'Giveaways as draw cards: open or closed, of one type, 9 a page by default',
        querystring: GiveawaysQuery,
        response: { 200: paginatedEnvelope(DrawCard) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      const page = await giveaways.list(request.query);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );

  routes.get(
    '/v3/giveaways/:giveawayType/:drawNumber',
    {
      schema: {
        tags,
        summary: "One giveaway: prizes, permits, the signed-in customer's entry, winners once drawn",
        params: GiveawayParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(GiveawayDetails) },
      },
    },
    async (request, reply) => {
      const customerId = request.auth?.customerId ?? null;
      reply.header('cache-control', customerId ? PRIVATE : PUBLIC);
      return ok(await giveaways.details(request.params.giveawayType, request.params.drawNumber, customerId));
    },
  );

  routes.get(
    '/v3/giveaways/:giveawayType/:drawNumber/verification',
    {
      schema: {
        tags,
        summary: 'Everything needed to recompute a giveaway draw: commitment, seed once drawn, entry list, winners',
        params: GiveawayParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(GiveawayVerification) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return ok(await giveaways.verification(request.params.giveawayType, request.params.drawNumber));
    },
  );

  routes.get(
    '/v3/winners',
    {
      schema: {
        tags,
        summary: 'Past winners, newest draw first: first name and state only',
        querystring: WinnersQuery,
        response: { 200: paginatedEnvelope(PastWinner) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      const page = await giveaways.winnersPage(request.query);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );
};

export const membershipRoutes: FastifyPluginAsync<MembershipRoutesOptions> = async (app, opts) => {
  const sub = { ...opts, prefix: '' };
  await app.register(memberRoutes, sub);
  await app.register(publicRoutes, sub);
};
