// Syndicates (issue 16): an operator makes a syndicate for one draw (its tickets are bought at creation as ticket lines
// owned by the syndicate's id), customers buy shares through the cart (taken atomically, never more than the size),
// and settlement splits each winning line's prize between the holders (the shop holds the unsold shares, ADR 086).
import { randomBytes } from 'node:crypto';
import { MAX_SYNDICATE_SHARES, toMoney, type CurrencyCode, type Syndicate, type SyndicateShare } from '@shop/contracts';
import {
  entryPriceCents,
  gamesInEntry,
  getGame,
  isGameKey,
  mainSet,
  quickPick,
  splitByShares,
  type DrawResult,
  type GameDefinition,
  type GameKey,
  type RandomSource,
} from '@shop/lottery';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { createSyndicatesRepository } from './syndicates.repository.ts';
import type { ShareRow, SyndicateRow, SyndicateTicket } from './syndicates.schema.ts';
import {
  CLOSING_RULE,
  priceDoesNotDivideMessage,
  sharesLeftMessage,
  syndicateClosedMessage,
  type TicketSpec,
} from './syndicates.rules.ts';

/** The draw facts a syndicate needs (the draws module's DrawSummary satisfies it). */
export interface SyndicateDraw {
  id: string;
  gameKey: string;
  drawNo: number;
  stopAt: Date;
  drawAt: Date;
  status: string;
  jackpotCents: number | null;
  purchaseStatus: 'standard' | 'pre_order';
  result: DrawResult | null;
}

export interface SyndicatesDeps {
  db: Db;
  clock: Clock;
  rng: RandomSource;
  draws: {
    upcomingDraws(gameKey: GameKey, limit?: number): Promise<SyndicateDraw[]>;
    getDraw(drawId: string): Promise<SyndicateDraw | null>;
  };
  /** Writes the syndicate's tickets as ticket lines owned by its id (orders.addTicketLines), in the caller's tx. */
  addTicketLines(
    tx: Executor,
    lines: {
      customerId: string;
      drawId: string;
      gameKey: GameKey;
      drawNo: number;
      gameType: 'system' | 'standard';
      sets: Record<string, number[]>;
    }[],
  ): Promise<{ publicId: string }[]>;
  /** Prizes recorded in a draw (orders.prizesForDraw): the syndicate's lines are those owned by its id. */
  prizesForDraw(drawId: string): Promise<{ customerId: string; prizeCents: number }[]>;
}

export interface CreateSyndicate {
  offerKey: string;
  drawNo?: number;
  shares: number;
  tickets: TicketSpec[];
  feeCents?: number;
  createdBy: string;
  /** Made by the schedule from this template (one per template and draw). */
  templateId?: number;
}

/** A syndicate the shop runs for every draw of a lottery (the demo's and a real shop's standing offer). */
export interface SyndicateTemplate {
  offerKey: GameKey;
  shares: number;
  tickets: TicketSpec[];
  feeCents: number;
  drawsAhead: number;
}

const newSyndicateId = () => `syn_${randomBytes(12).toString('base64url')}`;
const newShareId = () => `shr_${randomBytes(12).toString('base64url')}`;
const OPEN = 'DRAW_OPEN';
const DRAWN = new Set(['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED']);
const SETTLED = new Set(['DRAW_PAID', 'DRAW_EMAILED']);

/** Whether a draw sells now (open, standard sales, before its stop). */
export const drawOnSale = (d: SyndicateDraw | null, now: Date): d is SyndicateDraw =>
  !!d && d.status === OPEN && d.purchaseStatus === 'standard' && d.stopAt.getTime() > now.getTime();

function ticketOf(game: GameDefinition, spec: TicketSpec, rng: RandomSource) {
  if (spec.gameType === 'system') {
    const range = game.systems;
    if (!range || spec.size < range.min || spec.size > range.max)
      throw unprocessable(
        range
          ? `${game.name} systems pick ${range.min} to ${range.max} numbers (got ${spec.size}).`
          : `${game.name} has no system entries.`,
        'invalid_ticket',
      );
    const entry = quickPick(game, rng, 'system', { size: spec.size });
    return { entries: [entry], games: gamesInEntry(game, entry), cents: entryPriceCents(game, entry) };
  }
  if (spec.size < 1 || spec.size > 100)
    throw unprocessable(`A standard syndicate ticket holds 1 to 100 games (got ${spec.size}).`, 'invalid_ticket');
  const entries = Array.from({ length: spec.size }, () => quickPick(game, rng, 'standard'));
  return { entries, games: spec.size, cents: entries.reduce((sum, e) => sum + entryPriceCents(game, e), 0) };
}

function status(row: SyndicateRow, draw: SyndicateDraw | null, now: Date): Syndicate['status'] {
  if (draw && DRAWN.has(draw.status)) return 'drawn';
  if (!drawOnSale(draw, now)) return 'closed';
  return row.sold >= row.size ? 'sold_out' : 'open';
}

function view(row: SyndicateRow, draw: SyndicateDraw | null, now: Date): Syndicate {
  const currency = row.currency as CurrencyCode;
  const game = getGame(row.offerKey as GameKey, row.drawNo);
  return {
    id: row.publicId,
    name: row.name,
    productOfferKey: row.offerKey,
    lotteryName: game.name,
    type: 'syndicate_share_draw',
    drawId: row.drawId,
    drawNo: row.drawNo,
    drawDate: row.drawAt.toISOString(),
    stop: row.stopAt.toISOString(),
    jackpot: draw?.jackpotCents != null ? toMoney(draw.jackpotCents, currency) : null,
    size: row.size,
    sharesSold: row.sold,
    sharesLeft: row.size - row.sold,
    costPerShare: toMoney(row.costPerShareCents, currency),
    ticketsCost: toMoney(row.ticketsCostCents, currency),
    fee: toMoney(row.feeCents, currency),
    numStandardGames: row.tickets.reduce((n, t) => n + t.numStandardGames, 0),
    status: status(row, draw, now),
    closingRule: CLOSING_RULE,
    tickets: row.tickets.map((t) => ({
      gameType: t.gameType,
      name: t.gameType === 'system' ? `System ${t.size}` : `${t.size} standard ${t.size === 1 ? 'game' : 'games'}`,
      numStandardGames: t.numStandardGames,
      lines: t.lines.map((l) => l.sets),
    })),
    result:
      draw?.result && DRAWN.has(draw.status)
        ? {
            numbers: { [mainSet(game).name]: draw.result.numbers, ...(draw.result.bonus ?? {}) },
            supplementaries: draw.result.supplementaries,
          }
        : null,
  };
}

/** Operator: a syndicate for a draw (the next open one when no number), its tickets bought now as its lines. */
async function createSyndicate(deps: SyndicatesDeps, input: CreateSyndicate): Promise<Syndicate> {
  const { db, clock } = deps;
  const repo = createSyndicatesRepository();
  if (!isGameKey(input.offerKey)) throw unprocessable(`There is no lottery "${input.offerKey}".`, 'unknown_offer');
  if (!Number.isInteger(input.shares) || input.shares < 1 || input.shares > MAX_SYNDICATE_SHARES)
    throw unprocessable(`A syndicate has 1 to ${MAX_SYNDICATE_SHARES} shares.`, 'invalid_size');
  if (!input.tickets.length) throw unprocessable('A syndicate needs at least one ticket.', 'invalid_ticket');
  const feeCents = input.feeCents ?? 0;
  if (!Number.isSafeInteger(feeCents) || feeCents < 0)
    throw unprocessable('The fee must be zero or more, in whole cents.', 'invalid_fee');
  const now = clock.now();
  const upcoming = await deps.draws.upcomingDraws(input.offerKey, 20);
  const draw =
    input.drawNo === undefined
      ? (upcoming.find((d) => drawOnSale(d, now)) ?? null)
      : (upcoming.find((d) => d.drawNo === input.drawNo) ?? null);
  if (!drawOnSale(draw, now)) throw unprocessable(syndicateClosedMessage, 'draw_closed');
  const game = getGame(input.offerKey, draw.drawNo);
  const built = input.tickets.map((spec) => ({ spec, ...ticketOf(game, spec, deps.rng) }));
  const ticketsCostCents = built.reduce((sum, t) => sum + t.cents, 0);
  const total = ticketsCostCents + feeCents;
  if (total % input.shares !== 0)
    throw unprocessable(priceDoesNotDivideMessage(total, input.shares, game.currency), 'price_does_not_divide');
  const publicId = newSyndicateId();
  const row = await db.transaction(async (tx) => {
    const stored = await deps.addTicketLines(
      tx,
      built.flatMap((t) =>
        t.entries.map((e) => ({
          customerId: publicId,
          drawId: draw.id,
          gameKey: input.offerKey as GameKey,
          drawNo: draw.drawNo,
          gameType: t.spec.gameType,
          sets: e.sets as Record<string, number[]>,
        })),
      ),
    );
    let next = 0;
    const tickets: SyndicateTicket[] = built.map((t) => ({
      gameType: t.spec.gameType,
      size: t.spec.size,
      numStandardGames: t.games,
      lines: t.entries.map((e) => ({ lineId: stored[next++]!.publicId, sets: e.sets as Record<string, number[]> })),
    }));
    const name = `${game.name} ${input.shares}-share syndicate`;
    return repo.insert(tx, {
      publicId,
      offerKey: input.offerKey,
      name,
      drawId: draw.id,
      drawNo: draw.drawNo,
      drawAt: draw.drawAt,
      stopAt: draw.stopAt,
      size: input.shares,
      ticketsCostCents,
      feeCents,
      costPerShareCents: total / input.shares,
      currency: game.currency,
      tickets,
      templateId: input.templateId ?? null,
      createdBy: input.createdBy,
      createdAt: now,
    });
  });
  return view(row, draw, now);
}

export function createSyndicatesService(deps: SyndicatesDeps) {
  const { db, clock } = deps;
  const repo = createSyndicatesRepository();

  async function load(publicId: string): Promise<SyndicateRow> {
    const row = await repo.byPublicId(db, publicId);
    if (!row) throw notFound('There is no such syndicate.', 'syndicate_not_found');
    return row;
  }

  const service = {
    /** Operator: a syndicate for a draw (the next open one when no number), its tickets bought now as its lines. */
    create: (input: CreateSyndicate): Promise<Syndicate> => createSyndicate(deps, input),

    /** Records a standing syndicate of a lottery (once per lottery; the seed's templates). */
    async ensureTemplate(t: SyndicateTemplate): Promise<void> {
      await repo.ensureTemplate(db, { ...t, createdAt: clock.now() });
    },

    /**
     * The schedule (a shop task, and the seed): for every template, a syndicate on each of the next `drawsAhead` draws
     * on sale that has none from it yet. Idempotent; two processes racing are kept to one by a unique index.
     */
    async fromTemplates(): Promise<{ created: number; failures: { offerKey: string; message: string }[] }> {
      const now = clock.now();
      let created = 0;
      const failures: { offerKey: string; message: string }[] = [];
      for (const t of await repo.templates(db)) {
        const have = await repo.drawIdsOfTemplate(db, t.id);
        const draws = (await deps.draws.upcomingDraws(t.offerKey as GameKey, 20))
          .filter((d) => drawOnSale(d, now))
          .slice(0, t.drawsAhead);
        for (const d of draws.filter((x) => !have.has(x.id))) {
          try {
            await service.create({
              offerKey: t.offerKey,
              drawNo: d.drawNo,
              shares: t.shares,
              tickets: t.tickets,
              feeCents: t.feeCents,
              createdBy: 'schedule',
              templateId: t.id,
            });
            created++;
          } catch (e) {
            if ((e as { code?: string }).code === '23505') continue;
            failures.push({ offerKey: t.offerKey, message: (e as Error).message });
          }
        }
      }
      return { created, failures };
    },

    /** Syndicates on sale now (open or sold out), soonest draw first. */
    async onSale(): Promise<Syndicate[]> {
      const now = clock.now();
      const rows = await repo.upcoming(db, now);
      const views = await Promise.all(rows.map(async (r) => view(r, await deps.draws.getDraw(r.drawId), now)));
      return views.filter((v) => v.status === 'open' || v.status === 'sold_out');
    },

    /** The operator's list: the latest syndicates whatever their state. */
    async latest(limit = 50): Promise<Syndicate[]> {
      const now = clock.now();
      const rows = await repo.all(db, limit);
      return Promise.all(rows.map(async (r) => view(r, await deps.draws.getDraw(r.drawId), now)));
    },

    async syndicate(publicId: string): Promise<Syndicate> {
      const row = await load(publicId);
      return view(row, await deps.draws.getDraw(row.drawId), clock.now());
    },

    /** The cart's check: a syndicate on sale with at least n shares left (422 naming the number left otherwise). */
    async sellable(ex: Executor, publicId: string, n: number, now: Date): Promise<SyndicateRow> {
      const row = await repo.byPublicId(ex, publicId);
      if (!row) throw unprocessable('There is no such syndicate.', 'offer_unavailable');
      if (!drawOnSale(await deps.draws.getDraw(row.drawId), now))
        throw unprocessable(syndicateClosedMessage, 'draw_closed');
      const left = row.size - row.sold;
      if (n > left)
        throw unprocessable(sharesLeftMessage(left), 'sold_out', {
          this: [sharesLeftMessage(left)],
          num_shares: [sharesLeftMessage(left)],
        });
      return row;
    },

    /**
     * Inside the purchase transaction: takes n shares with one conditional UPDATE (never more than the size) and
     * records the customer's share. 422 sold_out naming the number left when fewer are left; nothing is written then.
     */
    async takeShares(
      tx: Executor,
      r: {
        syndicate: SyndicateRow;
        numShares: number;
        customerId: string;
        orderId: string;
        checkoutId: string;
        amountCents: number;
      },
    ): Promise<ShareRow> {
      const sold = await repo.takeShares(tx, r.syndicate.id, r.numShares);
      if (sold === null) {
        const now = (await repo.byPublicId(tx, r.syndicate.publicId))!;
        const m = sharesLeftMessage(now.size - now.sold);
        throw unprocessable(m, 'sold_out', { this: [m], num_shares: [m] });
      }
      return repo.insertShare(tx, {
        publicId: newShareId(),
        syndicateId: r.syndicate.id,
        customerId: r.customerId,
        numShares: r.numShares,
        amountCents: r.amountCents,
        currency: r.syndicate.currency,
        orderId: r.orderId,
        checkoutId: r.checkoutId,
        createdAt: clock.now(),
      });
    },

    /** Settlement's SharedTicketOwners: the customers' holdings by customer id, then the shop's unsold shares. */
    ticketOwners: {
      owns: (ownerId: string) => ownerId.startsWith('syn_'),
      async holders(tx: Executor, ownerId: string) {
        const row = await repo.byPublicId(tx, ownerId);
        if (!row) return [];
        const held: { customerId: string | null; shares: number }[] = await repo.holders(tx, row.id);
        const unsold = row.size - held.reduce((n, h) => n + h.shares, 0);
        return unsold > 0 ? [...held, { customerId: null, shares: unsold }] : held;
      },
    },

    /** The customer's share purchases, newest first. */
    async shares(customerId: string, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.sharesOf(db, customerId, page);
      return { items: await Promise.all(rows.map((r) => shareView(r))), total };
    },

    /** One share purchase of the customer's (404 for anyone else's). */
    async share(customerId: string, publicId: string): Promise<SyndicateShare> {
      const row = await repo.share(db, publicId);
      if (!row || row.customerId !== customerId) throw notFound('There is no such syndicate share.', 'share_not_found');
      return shareView(row);
    },
  };

  async function shareView(share: ShareRow): Promise<SyndicateShare> {
    const [row] = await repo.byIds(db, [share.syndicateId]);
    const draw = await deps.draws.getDraw(row!.drawId);
    const currency = share.currency as CurrencyCode;
    const sharesHeld = await repo.heldBy(db, row!.id, share.customerId);
    let prize: number | null = null;
    let syndicatePrize: number | null = null;
    if (draw && SETTLED.has(draw.status)) {
      const won = (await deps.prizesForDraw(draw.id)).filter((p) => p.customerId === row!.publicId);
      const holders = await service.ticketOwners.holders(db, row!.publicId);
      syndicatePrize = won.reduce((n, p) => n + p.prizeCents, 0);
      // Each line's prize is split on its own (as settlement paid it), so the parts are summed per line.
      prize = won.reduce((n, p) => {
        const parts = splitByShares(
          p.prizeCents,
          holders.map((h) => ({ holder: h.customerId, shares: h.shares })),
        );
        return n + (parts.find((x) => x.holder === share.customerId)?.cents ?? 0);
      }, 0);
    }
    return {
      id: share.publicId,
      orderId: share.orderId,
      numShares: share.numShares,
      sharesHeld,
      amountPaid: toMoney(share.amountCents, currency),
      purchasedAt: share.createdAt.toISOString(),
      syndicate: view(row!, draw, clock.now()),
      prize: prize === null ? null : toMoney(prize, currency),
      syndicatePrize: syndicatePrize === null ? null : toMoney(syndicatePrize, currency),
    };
  }

  return service;
}
export type SyndicatesService = ReturnType<typeof createSyndicatesService>;
