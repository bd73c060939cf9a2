// Syndicate calls under /api/v2 (issue 16): the syndicates on sale and one syndicate (public: the /syndicates page
// and the /:offer/syndicate play screen), and the signed-in customer's share purchases (the share page).
import {
  paginationQuery,
  successEnvelope,
  Syndicate,
  SyndicateParams,
  SyndicateShare,
  SyndicateShareParams,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { SyndicatesService } from './syndicates.service.ts';

export interface SyndicatesRoutesOptions {
  syndicates: SyndicatesService;
}

/** Shares left move with every sale: public reads are cached briefly. */
const MAX_AGE_SECONDS = 15;
const SharesQuery = paginationQuery();

export const syndicatesRoutes: FastifyPluginAsync<SyndicatesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { syndicates } = opts;
  const tags = ['syndicates'];
  const NoQuery = z.object({}).strict();

  routes.get(
    '/syndicates',
    {
      schema: {
        tags,
        summary: 'Syndicates on sale: lottery, draw, shares left of size, cost per share, tickets',
        querystring: NoQuery,
        response: { 200: successEnvelope(z.array(Syndicate)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await syndicates.onSale());
    },
  );

  routes.get(
    '/syndicates/:id',
    {
      schema: {
        tags,
        summary: 'One syndicate: its tickets and their games, shares left, cost per share, closing rule, result',
        params: SyndicateParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(Syndicate) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return ok(await syndicates.syndicate(request.params.id));
    },
  );

  routes.get(
    '/syndicate-shares',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The signed-in customer's syndicate share purchases, newest first",
        querystring: SharesQuery,
        response: { 200: paginatedEnvelope(SyndicateShare) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await syndicates.shares(request.auth!.customerId, request.query);
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );

  routes.get(
    '/syndicate-shares/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "One of the customer's share purchases: shares held of size, the tickets, the result and prize part",
        params: SyndicateShareParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(SyndicateShare) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await syndicates.share(request.auth!.customerId, request.params.id));
    },
  );
};
