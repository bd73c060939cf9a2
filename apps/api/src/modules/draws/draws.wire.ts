// The wire shapes and HTTP habits of the results API (spec features §7): draws, results and dividends as the
// contracts give them, cache lifetimes, ETags, and the look-ups the results routes share.
import { createHash } from 'node:crypto';
import {
  RaffleResult,
  toMoney,
  type ApiVersion,
  type Draw as WireDraw,
  type DrawDividend,
  type RaffleDraw,
} from '@shop/contracts';
import { GAME_KEYS, getGame, type GameKey } from '@shop/lottery';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { DrawResultsService } from './draws.results.ts';
import { gameOf, type DrawSummary, type DrawsService } from './draws.service.ts';

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
export const MAX_AGE = { lists: 60, drawn: 300, upcoming: 30, statistics: 300, keys: 300 } as const;

/**
 * Shared caches (a CDN) may keep an answer `seconds`, and serve it that long again while they fetch a fresh one: a
 * results rush reaches the API once per lifetime, not once per visitor.
 */
export function cacheFor(reply: FastifyReply, seconds: number, query: { clearCache?: string }) {
  reply.header(
    'cache-control',
    query.clearCache === undefined ? `public, max-age=${seconds}, stale-while-revalidate=${seconds}` : 'no-store',
  );
}

export const VERSIONS_FROM = (from: ApiVersion): ApiVersion[] =>
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

export function toWireDividends(d: DrawSummary): DrawDividend[] {
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

export function toWireResult(d: DrawSummary) {
  const r = d.result!;
  return {
    ...toWireDraw(d),
    result: { numbers: r.numbers, supplementaries: r.supplementaries, bonus: r.bonus ?? {} },
    dividends: toWireDividends(d),
    resultSource: d.resultSource ?? 'simulated',
  };
}

export function isVisible(d: DrawSummary): boolean {
  return d.result !== null;
}

/** Offers of a results category: lotteries are every game; raffles are not drawn through this module. */
export function gamesOf(category: 'lotteries' | 'raffles' | undefined, offerKey: string | undefined): GameKey[] {
  if (category === 'raffles') return [];
  if (offerKey !== undefined) return [gameOf(offerKey).key];
  return [...GAME_KEYS];
}

/** Weak ETag of the response body; a matching If-None-Match gets 304 without a body. */
export function etagHook(
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

export interface DrawRouteServices {
  draws: Pick<DrawsService, 'getDrawByNumber'>;
  drawResults: DrawResultsService;
  clock: Clock;
  /** Raffle draws (the raffles module): the results lists' raffles tab and the prizes and winners of raffle draws. */
  raffles?: RaffleResultsSource;
  /** The customer's orders with a ticket in each draw (the orders module's ordersForDraws): customerData.orders. */
  customerOrders?: (customerId: string, drawIds: string[]) => Promise<Map<string, CustomerDrawOrder[]>>;
}

/** The look-ups every results route shares: a draw by offer and number (404s), and the customer's orders in draws. */
export function drawLookups(opts: DrawRouteServices) {
  async function drawOf(offerKey: string, drawNo: number): Promise<DrawSummary> {
    const game = gameOf(offerKey);
    const draw = await opts.draws.getDrawByNumber(game.key, drawNo);
    if (!draw) throw notFound(`${game.name} has no draw ${drawNo}.`, 'unknown_draw');
    return draw;
  }
  return {
    drawOf,
    async drawnOf(offerKey: string, drawNo: number): Promise<DrawSummary> {
      const draw = await drawOf(offerKey, drawNo);
      if (!isVisible(draw))
        throw notFound(`${getGame(draw.gameKey).name} draw ${drawNo} has no result yet.`, 'result_not_available');
      return draw;
    },
    ordersOfCustomer: async (customerId: string, drawIds: string[]): Promise<Map<string, CustomerDrawOrder[]>> =>
      opts.customerOrders && drawIds.length ? opts.customerOrders(customerId, drawIds) : new Map(),
  };
}
