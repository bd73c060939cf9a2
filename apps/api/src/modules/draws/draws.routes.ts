// Draw and results calls of spec features §7 ("Draw and offer calls"), under /api/v2. Public results are cacheable
// (Cache-Control public + ETag): they are hit hardest right after a draw.
import { createHash } from 'node:crypto';
import {
  ArchivedParams,
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
  PastResultsQuery,
  ResultKey,
  ResultsPricingParams,
  RaffleDrawPrizes,
  RaffleDrawWinners,
  RaffleResult,
  successEnvelope,
  type RaffleDraw,
  toMoney,
  type ApiVersion,
  type DrawDividend,
  type Draw as WireDraw,
} from '@shop/contracts';
import { GAME_KEYS, getGame, type GameKey } from '@shop/lottery';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { keyedCacheUntilChanged } from '../../lib/cached-until-changed.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import { computeStatistics } from './draws.statistics.ts';
import { createDrawsService, gameOf, type DrawSummary } from './draws.service.ts';

export interface DrawsRoutesOptions {
  database: Database;
  config: AppConfig;
  clock: Clock;
  /** Raffle draws (the raffles module): the results lists' raffles tab and the prizes and winners of raffle draws. */
  raffles?: RaffleResultsSource;
  /** The customer's orders with a ticket in each draw (the orders module's ordersForDraws): customerData.orders. */
  customerOrders?: (customerId: string, drawIds: string[]) => Promise<Map<string, CustomerDrawOrder[]>>;
}

export interface CustomerDrawOrder {
  orderId: string;
  ticketId: string;
  offerName: string;
  description: string;
}

export interface RaffleResultsSource {
  isRaffle(offerKey: string): Promise<boolean>;
  results(q: { limit: number; offset: number; offerKey?: string }): Promise<{ items: RaffleResult[]; total: number }>;
  drawnDraw(offerKey: string, drawNo: number): Promise<RaffleDraw>;
}

/** Seconds a response may be reused: lists change when a draw is drawn, a drawn draw's result never changes. */
const MAX_AGE = { lists: 60, drawn: 300, upcoming: 30, statistics: 300, keys: 300 } as const;

function cacheFor(reply: FastifyReply, seconds: number, query: { clearCache?: string }) {
  reply.header('cache-control', query.clearCache === undefined ? `public, max-age=${seconds}` : 'no-store');
}

const VERSIONS_FROM = (from: ApiVersion): ApiVersion[] =>
  (['3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9'] as const).filter((v) => v >= from);

export function toWireDraw(d: DrawSummary): WireDraw {
  const game = getGame(d.gameKey, d.drawNo);
  return {
    id: d.id,
    productOfferKey: d.gameKey,
    gameName: game.name,
    drawNo: d.drawNo,
    stopDate: d.stopAt.toISOString(),
    drawDate: d.drawAt.toISOString(),
    localDrawDate: d.localDate,
    timeZone: game.timeZone,
    status: d.status,
    purchaseStatus: d.purchaseStatus,
    prizePool: d.jackpotCents === null ? null : toMoney(d.jackpotCents, game.currency),
    isPrizePoolUnknown: d.jackpotCents === null,
  };
}

function toWireDividends(d: DrawSummary): DrawDividend[] {
  const game = getGame(d.gameKey, d.drawNo);
  const byDivision = new Map((d.dividends ?? []).map((x) => [x.division, x]));
  return game.divisions.map((rule) => {
    const div = byDivision.get(rule.division);
    return {
      division: rule.division,
      description: rule.label,
      prize: div ? toMoney(div.prizeCents, game.currency) : null,
      winners: div?.winners ?? null,
    };
  });
}

function toWireResult(d: DrawSummary) {
  const r = d.result!;
  return {
    ...toWireDraw(d),
    result: { numbers: r.numbers, supplementaries: r.supplementaries, bonus: r.bonus ?? {} },
    dividends: toWireDividends(d),
    resultSource: d.resultSource ?? 'simulated',
  };
}

function isVisible(d: DrawSummary): boolean {
  return d.result !== null;
}

/** Offers of a results category: lotteries are every game; raffles are not drawn through this module. */
function gamesOf(category: 'lotteries' | 'raffles' | undefined, offerKey: string | undefined): GameKey[] {
  if (category === 'raffles') return [];
  if (offerKey !== undefined) return [gameOf(offerKey).key];
  return [...GAME_KEYS];
}

/** Weak ETag of the response body; a matching If-None-Match gets 304 without a body. */
function etagHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  const cacheControl = reply.getHeader('cache-control');
  if (reply.statusCode !== 200 || typeof cacheControl !== 'string' || !cacheControl.startsWith('public'))
    return done(null, payload);
  const etag = `W/"${createHash('sha1').update(JSON.stringify(payload)).digest('base64url')}"`;
  reply.header('etag', etag);
  const given = request.headers['if-none-match'];
  if (typeof given === 'string' && given.split(',').some((t) => t.trim() === etag)) {
    reply.code(304);
    return done(null, null);
  }
  done(null, payload);
}

export const drawsRoutes: FastifyPluginAsync<DrawsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const draws = createDrawsService({ db: opts.database.db, clock: opts.clock, config: opts.config });
  // Results lists are the hottest read right after a draw and change only when a draw does (migration 0004 announces
  // every write to draws_draws): pages are kept in memory until then.
  const resultPages = keyedCacheUntilChanged<Awaited<ReturnType<typeof draws.results>>>(opts.database.changes, [
    'draws_draws',
  ]);
  const tags = ['draws'];
  const statsCache = new Map<GameKey, { version: string; value: z.infer<typeof OfferStatistics> }>();

  app.addHook('preSerialization', etagHook);

  async function drawOf(offerKey: string, drawNo: number): Promise<DrawSummary> {
    const game = gameOf(offerKey);
    const draw = await draws.getDrawByNumber(game.key, drawNo);
    if (!draw) throw notFound(`${game.name} has no draw ${drawNo}.`, 'unknown_draw');
    return draw;
  }
  const ordersOfCustomer = async (customerId: string, drawIds: string[]): Promise<Map<string, CustomerDrawOrder[]>> =>
    opts.customerOrders && drawIds.length ? opts.customerOrders(customerId, drawIds) : new Map();
  async function drawnOf(offerKey: string, drawNo: number): Promise<DrawSummary> {
    const draw = await drawOf(offerKey, drawNo);
    if (!isVisible(draw))
      throw notFound(`${getGame(draw.gameKey).name} draw ${drawNo} has no result yet.`, 'result_not_available');
    return draw;
  }

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
      const page = await resultPages.get(`${gameKeys.join(',')}|${q.limit}|${q.offset}`, () =>
        draws.results({ gameKeys }, q),
      );
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
      const page = await resultPages.get(`${gameKeys.join(',')}|${q.limit}|${q.offset}`, () =>
        draws.results({ gameKeys }, q),
      );
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
      const page = await draws.resultsInMonth(games, year, month, q);
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
      const keys = await draws.resultKeys(GAME_KEYS);
      cacheFor(reply, MAX_AGE.keys, request.query);
      return ok(keys.map((k) => ({ productOfferKey: k.gameKey, latestDrawNo: k.latestDrawNo, months: k.months })));
    },
  );

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
      const n = await draws.neighbours(draw.gameKey, draw.drawNo);
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
      // Recomputed only when a result of the game arrives: the version is a count and the latest drawn time.
      const version = await draws.resultsVersion(game.key);
      let cached = statsCache.get(game.key);
      if (!cached || cached.version !== version) {
        cached = { version, value: computeStatistics(game, game.key, await draws.resultsForStatistics(game.key)) };
        statsCache.set(game.key, cached);
      }
      cacheFor(reply, MAX_AGE.statistics, request.query);
      return ok(cached.value);
    },
  );
};
