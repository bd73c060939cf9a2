// The lottery_ticket product (features §3 Ticket being built, §5 ticket add rules and number sets), owned by the
// draws module as raffles own theirs (ADR 015): validates and prices a ticket from the catalogue's offers and price
// lists, re-checks it on every cart read, and at purchase writes one set of ticket lines per draw (under a share lock
// on each draw row) with the quickpick blanks filled once for all its draws.
import {
  toCents,
  toMoney,
  type CartDraw,
  type CartItemInput,
  type CurrencyCode,
  type GameOffer,
  type LotteryTicketInput,
  type ProductOffer,
  sellsRecurring,
  type RecurringPurchase,
} from '@shop/contracts';
import {
  cryptoRandom,
  getGame,
  isGameKey,
  mainSet,
  quickPick,
  normaliseNumberSet,
  validateTicket,
  type GameDefinition,
  type GameKey,
  type GameType,
  type RandomSource,
} from '@shop/lottery';
import type { Db, Executor } from '../../db/index.ts';
import { AppError, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import type {
  CartProductHandler,
  FulfilContext,
  FulfilledTicket,
  ItemContext,
  PricedItem,
  Refreshed,
} from '../cart/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { minimumJackpotCents } from '../recurring/index.ts';
import { lockOpenDraws, openDrawsFrom, openDrawsLocked } from './draws.repository.ts';

export interface LotteryHandlerDeps {
  db: Db;
  catalogue: Pick<CatalogueService, 'productOffers'>;
  orders: Pick<OrdersService, 'addTicketLines' | 'ticketLinesWrite'>;
  /** Quickpick source; the platform CSPRNG unless a test injects a seeded one. */
  rng?: RandomSource;
}

export const DRAW_CLOSED_MESSAGE = 'That draw is closed for sales';
/** Enough open draws for the longest multi-draw item even when only some weekdays are chosen. */
const MAX_DRAW_ROWS = 400;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Sets = Record<string, (number | null)[]>;
type SetOffer = GameOffer['numberSets'][number];
type Problem = {
  reason: 'draw_closed' | 'offer_suspended' | 'region_restricted';
  message: string;
  code: string;
  fieldErrors?: FieldErrors;
};

class ItemProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}
const fail = (p: Problem): never => {
  throw new ItemProblem(p);
};

/** The engine's game type for an offer's game type ('random' plays plain lines; reduced systems are systems). */
function engineType(game: GameDefinition, offerType: LotteryTicketInput['gameType']): GameType {
  if (offerType === 'random') return game.ordered ? 'strike_standard' : 'standard';
  if (offerType === 'reduced_system') return 'system';
  return offerType as GameType;
}

/** 'luckyStars' (a key camelised on the way in) and 'lucky_stars' name the same set. */
const setName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function weekdayOf(iso: string, timeZone: string): number {
  return WEEKDAYS.indexOf(new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date(iso)));
}

/** The item's recurring purchase: autoplay (numDraws "autoplay") or a subscription (subscriptionPeriod), as sold. */
function recurringOf(offer: ProductOffer, autoplay: boolean, subscribing: boolean): RecurringPurchase {
  const allowed = sellsRecurring(offer.recurringPurchase);
  const asked = offer.recurringPurchase.type === 'subscription' ? subscribing : autoplay;
  return {
    type: allowed ? offer.recurringPurchase.type : 'none',
    availability: allowed ? offer.recurringPurchase.availability : 'never',
    enabled: allowed && asked,
  };
}

/** Validates the games against the game offer; answers the normalised games or throws 422 naming game and set. */
function checkGames(
  game: GameDefinition,
  offer: ProductOffer,
  gameOffer: GameOffer,
  input: LotteryTicketInput,
  rng: RandomSource,
): PricedItem['games'] {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const type = engineType(game, input.gameType);
  const labelOf = (name: string) => game.numberSets.find((r) => r.name === name)?.label ?? name;
  const games = input.games.map((g, index) => {
    const quickpick = g.quickpick === true || input.gameType === 'random';
    const given: Sets = {};
    for (const [key, values] of Object.entries(g.sets)) given[setName(key)] = values;
    const sets: Sets = {};
    for (const s of gameOffer.numberSets) {
      const values = given[s.name] ?? [];
      const field = `games.${index}.${s.name}`;
      const prefix = `Game ${index + 1}: ${labelOf(s.name)}`;
      const needs = `${prefix} needs ${plural(s.pick, 'number')} between ${s.from} and ${s.to}`;
      const picked = values.filter((v): v is number => v !== null);
      if (values.length > s.pick) add(field, needs);
      else if (picked.some((v) => v < s.from || v > s.to))
        add(field, `${prefix} must be between ${s.from} and ${s.to}`);
      else if (new Set(picked).size !== picked.length) add(field, `${prefix} must not repeat`);
      else if (!quickpick && picked.length < s.pick) add(field, needs);
      sets[s.name] = normaliseNumberSet(values, s.pick);
    }
    return { sets, quickpick };
  });
  if (games.length < gameOffer.minGames || games.length > gameOffer.maxGames) {
    const range =
      gameOffer.minGames === gameOffer.maxGames
        ? plural(gameOffer.minGames, 'game')
        : `${gameOffer.minGames} to ${gameOffer.maxGames} games`;
    add('games', `${offer.name} ${gameOffer.name} needs ${range}`);
  }
  if (Object.keys(errors).length === 0) {
    // The engine's own rules over the completed games (quickpick blanks filled just for this check).
    const filled = games.map((g) => ({
      sets: g.quickpick ? fillGame(game, type, gameOffer.numberSets, g.sets, rng) : g.sets,
    }));
    const verdict = validateTicket(
      game,
      { gameType: type, games: filled },
      { minGames: gameOffer.minGames, maxGames: gameOffer.maxGames },
    );
    for (const [field, messages] of Object.entries(verdict.fieldErrors)) {
      const index = /^games\.(\d+)\./.exec(field)?.[1];
      for (const m of messages) add(field, index === undefined ? m : `Game ${Number(index) + 1}: ${m}`);
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) throw unprocessable(first, 'invalid_ticket', { this: [first], ...errors });
  return games;
}

/** Fills the blanks of a quickpick game at random, keeping the numbers chosen (and, for Strike, their places). */
export function fillGame(
  game: GameDefinition,
  type: GameType,
  offerSets: readonly SetOffer[],
  sets: Sets,
  rng: RandomSource,
): Record<string, number[]> {
  const main = mainSet(game);
  const sized = type === 'system' || type === 'reduced_system' || type === 'powerhit';
  const random = quickPick(game, rng, type, sized ? { size: offerSets.find((s) => s.name === main.name)?.pick } : {});
  const out: Record<string, number[]> = {};
  for (const s of offerSets) {
    const values = normaliseNumberSet(sets[s.name] ?? [], s.pick);
    const chosen = values.filter((v): v is number => v !== null);
    const pool = (random.sets[s.name] ?? []).filter((v) => !chosen.includes(v));
    const full = values.map((v) => v ?? pool.shift()!);
    out[s.name] = game.ordered && s.name === main.name ? full : [...full].sort((a, b) => a - b);
  }
  return out;
}

async function offerOf(
  catalogue: LotteryHandlerDeps['catalogue'],
  input: LotteryTicketInput,
  ctx: ItemContext,
): Promise<{ offer: ProductOffer; game: GameDefinition }> {
  const offers = await catalogue.productOffers(ctx.pricingId, {}, ctx.now);
  const offer = offers[input.productOfferKey];
  if (!offer || offer.type !== 'lottery_ticket' || !offer.gameKey || !isGameKey(offer.gameKey)) {
    return fail({
      reason: 'offer_suspended',
      code: 'offer_unavailable',
      // Raffle offers are the raffles module's products: named by the key the item gave, as an unknown offer is.
      message: `${(offer?.type === 'lottery_ticket' ? offer.name : undefined) ?? input.productOfferKey} is not on sale right now.`,
    });
  }
  if (offer.suspended)
    return fail({
      reason: 'offer_suspended',
      code: 'offer_suspended',
      message: `Sales of ${offer.name} are suspended for now.`,
    });
  const override = ctx.region ? offer.regionOverrides.find((o) => o.region === ctx.region) : undefined;
  if (override?.availability === 'unavailable') {
    return fail({
      reason: 'region_restricted',
      code: 'region_restricted',
      message: `${offer.name} is not sold in ${ctx.region}.`,
    });
  }
  const game = getGame(offer.gameKey as GameKey, offer.draws[0]?.drawNo);
  // The state's own name of the game (Saturday Lotto is Gold Lotto in Queensland): the item is described by it.
  return { offer: override?.name ? { ...offer, name: override.name } : offer, game };
}

/** The consecutive open draws the item plays (of the chosen weekdays), from its first draw. */
async function drawsOf(
  db: Db,
  offer: ProductOffer,
  game: GameDefinition,
  input: LotteryTicketInput,
  count: number,
  now: Date,
): Promise<CartDraw[]> {
  const days = input.days && input.days.length > 0 ? new Set(input.days) : null;
  const toCartDraw = (d: {
    drawId: string;
    drawNo: number;
    stop: string;
    drawDate: string;
    purchaseStatus: 'standard' | 'pre_order';
  }): CartDraw => d;
  let open = offer.draws
    .filter((d) => new Date(d.stop).getTime() > now.getTime())
    .map((d) =>
      toCartDraw({
        drawId: d.drawId,
        drawNo: d.drawNo,
        stop: d.stop,
        drawDate: d.drawData.drawDate,
        purchaseStatus: d.purchaseStatus,
      }),
    );
  const listedUpTo = open.at(-1)?.drawNo ?? 0;
  const pick = (list: CartDraw[]) => {
    const eligible = days ? list.filter((d) => days.has(weekdayOf(d.drawDate, game.timeZone))) : list;
    const start =
      input.firstDrawNo !== undefined
        ? eligible.findIndex((d) => d.drawNo === input.firstDrawNo)
        : (input.drawOffset ?? 0);
    return { start, chosen: start < 0 ? [] : eligible.slice(start, start + count) };
  };
  let got = pick(open);
  const beyondList = input.firstDrawNo !== undefined && input.firstDrawNo > listedUpTo;
  if (got.chosen.length < count && (got.start >= 0 || beyondList)) {
    // The catalogue lists the next few draws only; long multi-draw items read the rest of the schedule.
    const from = open[0]?.drawNo ?? 0;
    const rows = await openDrawsFrom(db, game.key, from, now, MAX_DRAW_ROWS);
    open = rows.map((r) =>
      toCartDraw({
        drawId: r.publicId,
        drawNo: r.drawNo,
        stop: r.stopAt.toISOString(),
        drawDate: r.drawAt.toISOString(),
        purchaseStatus: r.purchaseStatus as CartDraw['purchaseStatus'],
      }),
    );
    got = pick(open);
  }
  if (got.start < 0)
    return fail({
      reason: 'draw_closed',
      code: 'draw_closed',
      message: DRAW_CLOSED_MESSAGE,
      fieldErrors: { this: [DRAW_CLOSED_MESSAGE], first_draw_no: [DRAW_CLOSED_MESSAGE] },
    });
  if (got.chosen.length < count) {
    const message = `Only ${plural(got.chosen.length, 'draw')} of ${offer.name} ${got.chosen.length === 1 ? 'is' : 'are'} open for sales.`;
    return fail({
      reason: 'draw_closed',
      code: 'not_enough_draws',
      message,
      fieldErrors: { this: [message], num_draws: [message] },
    });
  }
  return got.chosen;
}

function gameOfferOf(offer: ProductOffer, input: LotteryTicketInput): GameOffer {
  const type = offer.gameTypes.find((t) => t.key === input.gameType);
  if (!type)
    throw unprocessable(`${offer.name} has no ${input.gameType} tickets.`, 'invalid_ticket', {
      this: [`${offer.name} has no ${input.gameType} tickets.`],
      game_type: ['Choose one of the game types of this lottery'],
    });
  const gameOffer = type.gameOffers.find((o) => o.key === input.gameOffer);
  if (!gameOffer)
    throw unprocessable(`${offer.name} has no ${input.gameOffer} entry.`, 'invalid_ticket', {
      this: [`${offer.name} has no ${input.gameOffer} entry.`],
      game_offer: ['Choose one of the entries of this game type'],
    });
  return gameOffer;
}

/**
 * The minimum jackpot an autoplay item is added with (core §3 Autoplay), in cents: money above 0, and only with
 * autoplay on (422 on the field otherwise); null when none was chosen.
 */
function minimumJackpotOfItem(input: LotteryTicketInput, autoplay: boolean): number | null {
  const amount = input.minimumJackpotAmount;
  if (amount === undefined || amount === null || amount === '') return null;
  if (!autoplay)
    throw unprocessable('A minimum jackpot is only for Autoplay.', 'invalid_minimum_jackpot', {
      minimum_jackpot_amount: ['Choose Autoplay to set a minimum jackpot.'],
    });
  return minimumJackpotCents(amount);
}

/** The game each priced item plays (its offer's), for fulfilWrite to fill quickpicks without reading the draws. */
const gameOfItem = new WeakMap<PricedItem, GameKey>();

/** Quickpicks filled once for every draw of the item (every draw plays the same numbers), by the given draw's rules. */
function linesOf(item: PricedItem, gameKey: GameKey, drawNo: number, rng: RandomSource) {
  const game = getGame(gameKey, drawNo);
  const type = engineType(game, item.gameType as LotteryTicketInput['gameType']);
  const offerSets = setOffersOf(game, type, item.games);
  const lines = item.games.map((g) =>
    g.quickpick ? fillGame(game, type, offerSets, g.sets, rng) : (g.sets as Record<string, number[]>),
  );
  return { type, lines };
}

/**
 * fulfil as a part of the purchase's guarded write (ADR 109): the lines of every draw of the item (quickpicks filled
 * once, by the first draw's rules, as fulfil does) and the draws share-locked while open and before their stop, which
 * the write checks; null when the item was not priced by this handler in this process (fulfil it in a transaction).
 */
function lotteryFulfilWrite(
  orders: LotteryHandlerDeps['orders'],
  rng: RandomSource,
  item: PricedItem,
  ctx: FulfilContext & { name: string },
) {
  const gameKey = gameOfItem.get(item);
  if (!gameKey) return null;
  const { type, lines } = linesOf(item, gameKey, item.draws[0]!.drawNo, rng);
  const stored = orders.ticketLinesWrite(
    `${ctx.name}_l`,
    item.draws.flatMap((draw) =>
      lines.map((sets) => ({
        customerId: ctx.customerId,
        drawId: draw.drawId,
        gameKey,
        drawNo: draw.drawNo,
        gameType: type,
        sets,
      })),
    ),
  );
  const draws = openDrawsLocked(
    ctx.name,
    item.draws.map((d) => d.drawId),
    ctx.now,
  );
  return {
    tickets: item.draws.map((draw, k) => ({
      drawId: draw.drawId,
      drawNo: draw.drawNo,
      drawDate: draw.drawDate,
      lineIds: stored.publicIds.slice(k * lines.length, (k + 1) * lines.length),
      lines,
      raffleTicketNumbers: [],
    })),
    part: { ctes: [...draws.ctes, stored.cte], checks: draws.checks },
  };
}

export function createLotteryHandler(deps: LotteryHandlerDeps): CartProductHandler {
  const rng = deps.rng ?? cryptoRandom;

  /** Prices an input; `fresh` validates the numbers too (a stored item's numbers were validated when added). */
  async function price(raw: CartItemInput, ctx: ItemContext, fresh: boolean): Promise<PricedItem> {
    if (raw.productType !== 'lottery_ticket') throw unprocessable('This is not a lottery ticket.', 'invalid_ticket');
    const input = raw;
    const { offer, game } = await offerOf(deps.catalogue, input, ctx);
    const gameOffer = gameOfferOf(offer, input);
    const games = fresh
      ? checkGames(game, offer, gameOffer, input, rng)
      : input.games.map((g) => ({
          sets: g.sets as Sets,
          quickpick: g.quickpick === true || input.gameType === 'random',
        }));
    const causes = offer.causes.map((c) => c.key);
    if (causes.length > 0 && (!input.causeKey || !causes.includes(input.causeKey))) {
      const message = input.causeKey ? 'Choose one of the causes' : 'This field is required.';
      throw unprocessable(`Choose a cause to support with your ${offer.name} ticket.`, 'invalid_ticket', {
        this: [`Choose a cause to support with your ${offer.name} ticket.`],
        cause_key: [message],
      });
    }
    if (input.days && input.days.some((d) => !game.drawDays.includes(d))) {
      const names = game.drawDays.map((d) => WEEKDAYS[d]).join(', ');
      throw unprocessable(`${offer.name} draws on ${names} only.`, 'invalid_ticket', {
        this: [`${offer.name} draws on ${names} only.`],
        days: ['Choose one of the draw days'],
      });
    }
    const autoplay = input.numDraws === 'autoplay';
    const subscribing = input.subscriptionPeriod !== undefined;
    const recurringPurchase = recurringOf(offer, autoplay, subscribing);
    if ((autoplay || subscribing) && !recurringPurchase.enabled) {
      const m = `${autoplay ? 'Autoplay is' : 'Subscriptions are'} not available for ${offer.name}.`;
      throw unprocessable(m, 'recurring_not_available', { this: [m] });
    }
    if (subscribing && input.numDraws !== 1) {
      const m = 'A subscription buys one draw each period.';
      throw unprocessable(m, 'invalid_ticket', { this: [m], num_draws: [m] });
    }
    const minimumJackpot = minimumJackpotOfItem(input, autoplay);
    const numDraws: number = input.numDraws === 'autoplay' ? 1 : input.numDraws;
    const draws = await drawsOf(deps.db, offer, game, input, numDraws, ctx.now);
    const linePrice = gameOffer.prices.find((p) => p.numGames === games.length)?.price;
    if (!linePrice)
      throw unprocessable(
        `${offer.name} ${gameOffer.name} has no price for ${plural(games.length, 'game')}.`,
        'invalid_ticket',
      );
    const unitPriceCents = toCents(linePrice.amount);
    const normalised: LotteryTicketInput = {
      productType: 'lottery_ticket',
      productOfferKey: offer.key,
      gameType: input.gameType,
      gameOffer: gameOffer.key,
      games: games.map((g) => ({ sets: g.sets, quickpick: g.quickpick })),
      numDraws: input.numDraws,
      // Pinned: the item keeps playing the draws it was added for, and leaves the cart when the first one closes.
      firstDrawNo: draws[0]!.drawNo,
      ...(input.days && input.days.length > 0 ? { days: [...new Set(input.days)].sort() } : {}),
      ...(causes.length > 0 ? { causeKey: input.causeKey } : {}),
      ...(input.hasFavouriteNumbers !== undefined ? { hasFavouriteNumbers: input.hasFavouriteNumbers } : {}),
      ...(input.favouriteTicket !== undefined ? { favouriteTicket: input.favouriteTicket } : {}),
      ...(minimumJackpot !== null ? { minimumJackpotAmount: toMoney(minimumJackpot, offer.currency).amount } : {}),
      ...(subscribing ? { subscriptionPeriod: input.subscriptionPeriod } : {}),
    };
    const priced: PricedItem = {
      productType: 'lottery_ticket',
      productOfferKey: offer.key,
      offerName: offer.name,
      description: `${offer.name} ${gameOffer.name}, ${plural(games.length, 'game')}, ${autoplay ? 'autoplay' : plural(numDraws, 'draw')}`,
      gameType: input.gameType,
      gameOffer: gameOffer.key,
      gameOfferName: gameOffer.name,
      games,
      numGames: games.length,
      numTickets: null,
      causeKey: normalised.causeKey ?? null,
      draws,
      unitPriceCents,
      priceCents: unitPriceCents * numDraws,
      currency: offer.currency as CurrencyCode,
      purchaseStatus: draws[0]!.purchaseStatus,
      recurringPurchase,
      input: normalised,
    };
    gameOfItem.set(priced, game.key as GameKey);
    return priced;
  }

  return {
    productType: 'lottery_ticket',

    async prepare(input, ctx) {
      try {
        return await price(input, ctx, true);
      } catch (error) {
        if (error instanceof ItemProblem)
          throw new AppError(422, error.problem.message, {
            code: error.problem.code,
            fieldErrors: error.problem.fieldErrors ?? { this: [error.problem.message] },
          });
        throw error;
      }
    },

    async refresh(input, ctx): Promise<Refreshed> {
      try {
        return { ok: true, item: await price(input, ctx, false) };
      } catch (error) {
        const name = input.productType === 'lottery_ticket' ? input.productOfferKey : 'ticket';
        if (error instanceof ItemProblem) {
          const offerName =
            (await deps.catalogue.productOffers(ctx.pricingId).catch(() => ({}) as Record<string, ProductOffer>))[name]
              ?.name ?? name;
          const message =
            error.problem.reason === 'draw_closed'
              ? `The draw for ${offerName} closed before you bought it, so we removed it from your cart.`
              : error.problem.reason === 'region_restricted'
                ? `${offerName} is not sold in your state, so we removed it from your cart.`
                : `${offerName} is not on sale right now, so we removed it from your cart.`;
          return { ok: false, reason: error.problem.reason, message };
        }
        // A stored item the current rules no longer price (game offer withdrawn): it cannot be bought any more.
        if (error instanceof AppError && error.statusCode === 422)
          return {
            ok: false,
            reason: 'offer_suspended',
            message: `${name} is not on sale in this form any more, so we removed it from your cart.`,
          };
        throw error;
      }
    },

    async fulfil(tx: Executor, item: PricedItem, ctx: FulfilContext): Promise<FulfilledTicket[]> {
      if (!item.draws.length) return [];
      // A pre-order is not charged now and gets no lines: the recurring module records it as a scheduled purchase
      // of kind pre_order (afterOrders), bought with its numbers when the draw's standard sales open (ADR 064).
      if (item.purchaseStatus === 'pre_order')
        return item.draws.map((d) => ({
          drawId: d.drawId,
          drawNo: d.drawNo,
          drawDate: d.drawDate,
          lineIds: [],
          raffleTicketNumbers: [],
        }));
      // Every draw of the item share-locked in one statement, every line of every draw written in one.
      const open = await lockOpenDraws(
        tx,
        item.draws.map((d) => d.drawId),
        ctx.now,
      );
      let lines: Record<string, number[]>[] | null = null;
      const perDraw = item.draws.map((draw) => {
        const locked = open.get(draw.drawId);
        if (!locked) throw unprocessable(`The draw for ${item.offerName} closed before you bought it.`, 'draw_closed');
        const game = getGame(locked.gameKey as GameKey, locked.drawNo);
        const type = engineType(game, item.gameType as LotteryTicketInput['gameType']);
        // Quickpicks are drawn once: every draw of the item plays the same numbers.
        lines ??= linesOf(item, locked.gameKey as GameKey, locked.drawNo, rng).lines;
        return { draw, locked, type, lines };
      });
      const stored = await deps.orders.addTicketLines(
        tx,
        perDraw.flatMap(({ draw, locked, type, lines: sets }) =>
          sets.map((s) => ({
            customerId: ctx.customerId,
            drawId: draw.drawId,
            gameKey: locked.gameKey as GameKey,
            drawNo: locked.drawNo,
            gameType: type,
            sets: s,
          })),
        ),
      );
      let next = 0;
      return perDraw.map(({ draw, lines: sets }) => {
        const ids = stored.slice(next, next + sets.length).map((l) => l.publicId);
        next += sets.length;
        return {
          drawId: draw.drawId,
          drawNo: draw.drawNo,
          drawDate: draw.drawDate,
          lineIds: ids,
          lines: sets,
          raffleTicketNumbers: [],
        };
      });
    },

    async fulfilWrite(item: PricedItem, ctx) {
      if (!item.draws.length) return { tickets: [], part: null };
      // A pre-order gets no lines (fulfil): nothing to write here.
      if (item.purchaseStatus === 'pre_order') return { tickets: await this.fulfil(deps.db, item, ctx), part: null };
      return lotteryFulfilWrite(deps.orders, rng, item, ctx);
    },
  };
}

/** The number sets an item's games play, with their sizes (from the stored games, padded to size when added). */
function setOffersOf(game: GameDefinition, type: GameType, games: PricedItem['games']): SetOffer[] {
  const sample = games[0]?.sets ?? {};
  return game.numberSets
    .filter((r) => sample[r.name] !== undefined && (type !== 'powerhit' || r.name === mainSet(game).name))
    .map((r) => ({ name: r.name, from: r.from, to: r.to, pick: sample[r.name]!.length }));
}
