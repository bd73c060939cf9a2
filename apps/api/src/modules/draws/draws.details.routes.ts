// One draw (spec features §7): full result, prizes and winners (raffle draws too), details, preview, statistics.
import {
  CustomerDrawResultItem,
  DrawDetails,
  DrawPreview,
  DrawPrizes,
  DrawResultItem,
  DrawWinners,
  NoQuery,
  OfferDrawParams,
  OfferParams,
  OfferStatistics,
  RaffleDrawPrizes,
  RaffleDrawWinners,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import {
  cacheFor,
  drawLookups,
  isVisible,
  MAX_AGE,
  toWireDividends,
  toWireDraw,
  toWireResult,
  VERSIONS_FROM,
  type DrawRouteServices,
} from './draws.wire.ts';
import { gameOf } from './draws.service.ts';

export const drawDetailsRoutes: FastifyPluginAsync<DrawRouteServices> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { drawResults } = opts;
  const { drawOf, drawnOf, ordersOfCustomer } = drawLookups(opts);
  const tags = ['draws'];

  for (const path of ['/draw/full_result/:offerKey/:drawNo', '/draw/full_result_customer/:offerKey/:drawNo'] as const) {
    const customer = path.includes('customer');
    routes.get(
      path,
      {
        preHandler: customer ? app.requireCustomer : undefined,
        schema: {
          tags,
          summary: customer
            ? "A draw's full result with the signed-in customer's orders"
            : "A draw's full result: numbers and every division's prize",
          params: OfferDrawParams,
          querystring: NoQuery,
          response: { 200: successEnvelope(customer ? CustomerDrawResultItem : DrawResultItem) },
        },
      },
      async (request, reply) => {
        const draw = await drawnOf(request.params.offerKey, request.params.drawNo);
        if (customer) {
          reply.header('cache-control', 'private, no-store');
          const mine = await ordersOfCustomer(request.auth!.customerId, [draw.id]);
          return ok({ ...toWireResult(draw), customerData: { orders: mine.get(draw.id) ?? [] } });
        }
        cacheFor(reply, MAX_AGE.drawn, request.query);
        return ok(toWireResult(draw));
      },
    );
  }

  routes.get(
    '/draw/details/:offerKey/:drawNo/prizes',
    {
      schema: {
        tags,
        summary: 'Prize of every division of a drawn draw (every prize of a drawn raffle draw)',
        params: OfferDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(z.union([DrawPrizes, RaffleDrawPrizes])) },
      },
    },
    async (request, reply) => {
      if (opts.raffles && (await opts.raffles.isRaffle(request.params.offerKey))) {
        const raffle = await opts.raffles.drawnDraw(request.params.offerKey, request.params.drawNo);
        cacheFor(reply, MAX_AGE.drawn, request.query);
        return ok({ productOfferKey: raffle.productOfferKey, drawNo: raffle.drawNo, prizes: raffle.prizes });
      }
      const draw = await drawnOf(request.params.offerKey, request.params.drawNo);
      cacheFor(reply, MAX_AGE.drawn, request.query);
      return ok({ productOfferKey: draw.gameKey, drawNo: draw.drawNo, prizes: toWireDividends(draw) });
    },
  );

  routes.get(
    '/draw/details/:offerKey/:drawNo/winners',
    {
      schema: {
        tags,
        summary: 'Winners in every division of a drawn draw (the winners of a drawn raffle draw)',
        params: OfferDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(z.union([DrawWinners, RaffleDrawWinners])) },
      },
    },
    async (request, reply) => {
      if (opts.raffles && (await opts.raffles.isRaffle(request.params.offerKey))) {
        const raffle = await opts.raffles.drawnDraw(request.params.offerKey, request.params.drawNo);
        cacheFor(reply, MAX_AGE.drawn, request.query);
        return ok({
          productOfferKey: raffle.productOfferKey,
          drawNo: raffle.drawNo,
          totalWinners: raffle.winners.length,
          winners: raffle.winners,
        });
      }
      const draw = await drawnOf(request.params.offerKey, request.params.drawNo);
      const rows = toWireDividends(draw).map((d) => ({
        division: d.division,
        description: d.description,
        winners: d.winners,
      }));
      const known = rows.every((r) => r.winners !== null);
      cacheFor(reply, MAX_AGE.drawn, request.query);
      return ok({
        productOfferKey: draw.gameKey,
        drawNo: draw.drawNo,
        totalWinners: known ? rows.reduce((sum, r) => sum + (r.winners ?? 0), 0) : null,
        winners: rows,
      });
    },
  );

  routes.get(
    '/draw/details/:offerKey/:drawNo',
    {
      config: { apiVersions: VERSIONS_FROM('3.6') },
      schema: {
        tags,
        summary: 'Draw details (v3.6): schedule, state, prize pool and result when drawn',
        params: OfferDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(DrawDetails) },
      },
    },
    async (request, reply) => {
      const draw = await drawOf(request.params.offerKey, request.params.drawNo);
      const n = await drawResults.neighbours(draw.gameKey, draw.drawNo);
      cacheFor(reply, isVisible(draw) ? MAX_AGE.drawn : MAX_AGE.upcoming, request.query);
      return ok({
        ...toWireDraw(draw),
        result: isVisible(draw) ? toWireResult(draw).result : null,
        dividends: isVisible(draw) ? toWireDividends(draw) : null,
        previousDrawNo: n.previous,
        nextDrawNo: n.next,
      });
    },
  );

  routes.get(
    '/draw/preview/:offerKey/:drawNo',
    {
      config: { apiVersions: VERSIONS_FROM('3.3') },
      schema: {
        tags,
        summary: 'Draw preview (v3.3): a draw as an offer page shows it',
        params: OfferDrawParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(DrawPreview) },
      },
    },
    async (request, reply) => {
      const draw = await drawOf(request.params.offerKey, request.params.drawNo);
      const now = opts.clock.now().getTime();
      const open = draw.status === 'DRAW_OPEN' && draw.stopAt.getTime() > now;
      // The countdown is relative to now, so it is cached only briefly.
      cacheFor(reply, open ? MAX_AGE.upcoming : MAX_AGE.drawn, request.query);
      return ok({
        ...toWireDraw(draw),
        isOpenForSales: open,
        secondsToStop: open ? Math.floor((draw.stopAt.getTime() - now) / 1000) : 0,
      });
    },
  );

  routes.get(
    '/statistics/:offerKey',
    {
      schema: {
        tags,
        summary: 'How often each number was drawn, hot and cold numbers, last drawn',
        params: OfferParams,
        querystring: NoQuery,
        response: { 200: successEnvelope(OfferStatistics) },
      },
    },
    async (request, reply) => {
      const game = gameOf(request.params.offerKey);
      const statistics = await drawResults.statistics(game);
      cacheFor(reply, MAX_AGE.statistics, request.query);
      return ok(statistics);
    },
  );
};
