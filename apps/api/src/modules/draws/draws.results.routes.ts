// Results lists (spec features §7): past results by page, the signed-in customer's, one month's, and the archive keys.
import {
  ArchivedParams,
  CustomerDrawResultItem,
  DrawResultItem,
  NoQuery,
  PastResultsQuery,
  ResultKey,
  ResultsPricingParams,
  RaffleResult,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GAME_KEYS } from '@shop/lottery';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import { cacheFor, drawLookups, gamesOf, MAX_AGE, toWireResult, type DrawRouteServices } from './draws.wire.ts';
import { gameOf } from './draws.service.ts';

export const drawResultsRoutes: FastifyPluginAsync<DrawRouteServices> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { drawResults } = opts;
  const { ordersOfCustomer } = drawLookups(opts);
  const tags = ['draws'];

  routes.get(
    '/draws/pricing/:pricingId/past',
    {
      schema: {
        tags,
        summary: 'Past results, newest first (public; page size 5)',
        params: ResultsPricingParams,
        querystring: PastResultsQuery,
        response: { 200: paginatedEnvelope(z.union([DrawResultItem, RaffleResult])) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (
        opts.raffles &&
        (q.category === 'raffles' ||
          (q.productOfferKey !== undefined && (await opts.raffles.isRaffle(q.productOfferKey))))
      ) {
        const raffles = await opts.raffles.results({ limit: q.limit, offset: q.offset, offerKey: q.productOfferKey });
        cacheFor(reply, MAX_AGE.lists, q);
        return pageOf<DrawResultItem | RaffleResult>(raffles.items, raffles.total, q, request.url);
      }
      const gameKeys = gamesOf(q.category, q.productOfferKey);
      const page = await drawResults.cachedResults(gameKeys, q);
      cacheFor(reply, MAX_AGE.lists, q);
      return pageOf(page.items.map(toWireResult), page.total, q, request.url);
    },
  );

  routes.get(
    '/draws/past_customer',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "Past results with the signed-in customer's orders on each draw",
        querystring: PastResultsQuery,
        response: { 200: paginatedEnvelope(CustomerDrawResultItem) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const gameKeys = gamesOf(q.category, q.productOfferKey);
      const page = await drawResults.cachedResults(gameKeys, q);
      reply.header('cache-control', 'private, no-store');
      // The customer is the signed-in one, never the customerId query (kept for compatibility, ignored).
      const mine = await ordersOfCustomer(
        request.auth!.customerId,
        page.items.map((d) => d.id),
      );
      return pageOf(
        page.items.map((d) => ({ ...toWireResult(d), customerData: { orders: mine.get(d.id) ?? [] } })),
        page.total,
        q,
        request.url,
      );
    },
  );

  routes.get(
    '/draws/past/archived/:offer/:year/:month',
    {
      schema: {
        tags,
        summary: "Results of one month (in the game's time zone) for an offer, or for every offer with 'latest'",
        params: ArchivedParams,
        querystring: PastResultsQuery,
        response: { 200: paginatedEnvelope(DrawResultItem) },
      },
    },
    async (request, reply) => {
      const { offer, year, month } = request.params;
      const q = request.query;
      const games = offer === 'latest' ? gamesOf(q.category, q.productOfferKey) : [gameOf(offer).key];
      const page = await drawResults.resultsInMonth(games, year, month, q);
      cacheFor(reply, MAX_AGE.lists, q);
      return pageOf(page.items.map(toWireResult), page.total, q, request.url);
    },
  );

  routes.get(
    '/draws/pricing/:pricingId/past/result_keys',
    {
      schema: {
        tags,
        summary: 'Which months of which offers have results (archive navigation)',
        params: ResultsPricingParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(z.array(ResultKey)) },
      },
    },
    async (request, reply) => {
      const keys = await drawResults.resultKeys(GAME_KEYS);
      cacheFor(reply, MAX_AGE.keys, request.query);
      return ok(keys.map((k) => ({ productOfferKey: k.gameKey, latestDrawNo: k.latestDrawNo, months: k.months })));
    },
  );
};
