// Raffle and cause calls under /api/v2 (spec core §2, features §3 and §7): raffle offers with their draws, a draw's
// verification data, the signed-in customer's support, and the causes directory.
import {
  Cause,
  CauseDetails,
  CauseParams,
  CausesQuery,
  Raffle,
  RaffleDraw,
  RaffleDrawParams,
  RaffleOfferParams,
  RafflesQuery,
  RaffleSupport,
  RaffleVerification,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { CausesService } from './raffles.causes.ts';
import type { RafflesService } from './raffles.service.ts';

export interface RafflesRoutesOptions {
  raffles: RafflesService;
  causes: CausesService;
}

/** Supply moves with every sale: public reads are cached briefly. */
const MAX_AGE_SECONDS = 15;

export const rafflesRoutes: FastifyPluginAsync<RafflesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { raffles, causes } = opts;
  const tags = ['raffles'];
  const NoQuery = z.object({}).strict();

  routes.get(
    '/raffles',
    {
      schema: {
        tags,
        summary: 'Charity raffles with their current draws (optionally those of one cause)',
        querystring: RafflesQuery,
        response: { 200: successEnvelope(z.array(Raffle)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await raffles.raffles(request.query));
    },
  );

  routes.get(
    '/raffles/:offerKey',
    {
      schema: {
        tags,
        summary: 'A raffle: causes, permits, bundles, prizes, supply and commitment of its draws',
        params: RaffleOfferParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(Raffle) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await raffles.raffle(request.params.offerKey));
    },
  );

  routes.get(
    '/raffles/:offerKey/draws/:drawNo',
    {
      schema: {
        tags,
        summary: 'One raffle draw: prizes, supply, commitment; seed and winners once drawn',
        params: RaffleDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(RaffleDraw) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await raffles.draw(request.params.offerKey, request.params.drawNo));
    },
  );

  routes.get(
    '/raffles/:offerKey/draws/:drawNo/verification',
    {
      schema: {
        tags,
        summary:
          'Everything needed to recompute a raffle draw: commitment, seed when drawn, sold list and its hash, winners, procedure',
        params: RaffleDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(RaffleVerification) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await raffles.verification(request.params.offerKey, request.params.drawNo));
    },
  );

  routes.get(
    '/raffles/:offerKey/your-support',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The signed-in customer's tickets in a raffle and what they contributed per cause",
        params: RaffleOfferParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(RaffleSupport) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await causes.support(request.auth!.customerId, request.params.offerKey));
    },
  );

  routes.get(
    '/causes',
    {
      schema: {
        tags,
        summary: 'Causes directory: by slug, category or a name search (limit 10 by default)',
        querystring: CausesQuery,
        response: { 200: paginatedEnvelope(Cause) },
      },
    },
    async (request, reply) => {
      const page = await causes.causes(request.query);
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );

  routes.get(
    '/causes/:id',
    {
      schema: {
        tags,
        summary: 'A cause (by id or slug) with its raffles and the amount raised',
        params: CauseParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(CauseDetails) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await causes.cause(request.params.id));
    },
  );
};
