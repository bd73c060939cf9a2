// The ticket being built (spec core §3, features §3 "Ticket being built", §5 ticket add rules and number sets) as
// a pure reducer: the play screen keeps its state here and the unit tests drive it without a browser. Randomness
// comes in with the action, so a quickpick is reproducible in tests and uses the platform CSPRNG in the browser.
import { drawDistinct, normaliseNumberSet, type RandomSource } from '@shop/lottery';
import type { GameOfferBasics, LotteryTicketInput, OfferGameType } from '@shop/contracts';

/** Features §9: a standard ticket starts with 18 games. */
export const DEFAULT_STANDARD_GAMES = 18;

export interface BuilderNumberSet {
  name: string;
  label: string;
  from: number;
  to: number;
  pick: number;
}

export interface BuilderGameOffer extends GameOfferBasics {
  numberSets: BuilderNumberSet[];
  pricePerLineCents: number;
  /** Price by number of complete games (lines), minGames..maxGames, from the price list. */
  pricesCents: Record<number, number>;
}

export interface BuilderGameType {
  type: OfferGameType;
  name: string;
  gameOffers: BuilderGameOffer[];
}

export type NumberSets = Record<string, (number | null)[]>;

export interface GameState {
  sets: NumberSets;
  /** Blanks are filled at random (by this screen's quickpick, or by the server at purchase for QuickPick tickets). */
  quickpick: boolean;
}

export type NumDraws = number | 'autoplay';

export interface TicketState {
  productOfferKey: string;
  gameType: OfferGameType;
  gameOffer: BuilderGameOffer;
  /** Numbers are drawn in order (Lotto Strike): picks keep the order they were chosen in. */
  ordered: boolean;
  games: GameState[];
  numDraws: NumDraws;
  firstDrawNo: number | null;
  causeKey: string | null;
  /** The customer's favourite numbers for this lottery, by set name (empty when none). */
  favourites: Record<string, number[]>;
  hasFavouriteNumbers: boolean;
  /** Autoplay only: the minimum jackpot as typed ('' for none); the API checks it and says what is wrong. */
  minimumJackpot: string;
}

export type TicketAction =
  | { type: 'toggle'; game: number; set: string; number: number }
  | { type: 'quickpick'; game: number; random: RandomSource }
  | { type: 'quickpick_all'; random: RandomSource }
  | { type: 'clear'; game: number }
  | { type: 'clear_all' }
  | { type: 'add_game' }
  | { type: 'remove_game'; game: number }
  | { type: 'set_offer'; offer: BuilderGameOffer }
  | { type: 'use_favourites'; game: number }
  | { type: 'set_draws'; numDraws: NumDraws }
  /** maxDraws: how many draws the new first draw leaves to play (a longer run is shortened to it). */
  | { type: 'set_first_draw'; drawNo: number | null; maxDraws?: number }
  | { type: 'set_cause'; causeKey: string | null }
  | { type: 'set_minimum_jackpot'; value: string }
  /** A ticket kept while the visitor logged in (keptTicketOf), checked against the offer's game offers now. */
  | { type: 'restore'; kept: string; gameOffers: readonly BuilderGameOffer[] };

/** QuickPick tickets (game type random) have no grid: every game is filled at random at purchase. */
export function isAllQuickpick(gameType: string): boolean {
  return gameType === 'random';
}

function blankGame(offer: BuilderGameOffer, quickpick = false): GameState {
  return {
    sets: Object.fromEntries(offer.numberSets.map((s) => [s.name, Array<number | null>(s.pick).fill(null)])),
    quickpick,
  };
}

/** How many games a new ticket starts with: 18 for standard tickets (features §9), else the game offer's default. */
export function initialGameCount(gameType: string, offer: BuilderGameOffer): number {
  const wanted = gameType === 'standard' ? DEFAULT_STANDARD_GAMES : offer.defaultGames;
  return Math.max(1, Math.min(offer.maxGames, Math.max(offer.minGames, wanted)));
}

export function initialTicket(init: {
  productOfferKey: string;
  gameType: OfferGameType;
  gameOffer: BuilderGameOffer;
  ordered?: boolean;
  firstDrawNo?: number | null;
  favourites?: Record<string, number[]>;
}): TicketState {
  const quick = isAllQuickpick(init.gameType);
  return {
    productOfferKey: init.productOfferKey,
    gameType: init.gameType,
    gameOffer: init.gameOffer,
    ordered: init.ordered ?? false,
    games: Array.from({ length: initialGameCount(init.gameType, init.gameOffer) }, () =>
      blankGame(init.gameOffer, quick),
    ),
    numDraws: 1,
    firstDrawNo: init.firstDrawNo ?? null,
    causeKey: null,
    favourites: init.favourites ?? {},
    hasFavouriteNumbers: false,
    minimumJackpot: '',
  };
}

export function picked(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}

/** Picks first, blanks after; unordered sets sorted so a game reads like a printed ticket. */
function tidy(values: (number | null)[], size: number, ordered: boolean): (number | null)[] {
  const numbers = picked(values);
  const sorted = ordered ? numbers : [...numbers].sort((a, b) => a - b);
  return [...sorted, ...Array<number | null>(Math.max(0, size - sorted.length)).fill(null)];
}

function setRule(state: TicketState, name: string): BuilderNumberSet | undefined {
  return state.gameOffer.numberSets.find((s) => s.name === name);
}

function withGame(state: TicketState, index: number, update: (game: GameState) => GameState): TicketState {
  const game = state.games[index];
  if (!game) return state;
  const next = update(game);
  if (next === game) return state;
  const games = state.games.slice();
  games[index] = next;
  return { ...state, games };
}

function quickpickGame(state: TicketState, game: GameState, random: RandomSource): GameState {
  const sets: NumberSets = {};
  for (const rule of state.gameOffer.numberSets) {
    const kept = picked(game.sets[rule.name] ?? []);
    const missing = rule.pick - kept.length;
    const pool: number[] = [];
    for (let n = rule.from; n <= rule.to; n++) if (!kept.includes(n)) pool.push(n);
    // drawDistinct over positions of the remaining pool, so kept picks are never drawn twice.
    const extra = missing > 0 ? drawDistinct(random, 0, pool.length - 1, missing).map((i) => pool[i]!) : [];
    sets[rule.name] = tidy([...kept, ...extra], rule.pick, state.ordered);
  }
  return { sets, quickpick: true };
}

export function ticketReducer(state: TicketState, action: TicketAction): TicketState {
  switch (action.type) {
    case 'toggle': {
      const rule = setRule(state, action.set);
      if (!rule || !Number.isInteger(action.number) || action.number < rule.from || action.number > rule.to)
        return state;
      return withGame(state, action.game, (game) => {
        const values = game.sets[rule.name] ?? [];
        const numbers = picked(values);
        if (numbers.includes(action.number)) {
          return {
            sets: {
              ...game.sets,
              [rule.name]: tidy(
                numbers.filter((n) => n !== action.number),
                rule.pick,
                state.ordered,
              ),
            },
            quickpick: false,
          };
        }
        // A full set takes no more numbers: the customer deselects one first.
        if (numbers.length >= rule.pick) return game;
        return {
          sets: { ...game.sets, [rule.name]: tidy([...numbers, action.number], rule.pick, state.ordered) },
          quickpick: false,
        };
      });
    }
    case 'quickpick':
      return withGame(state, action.game, (game) => quickpickGame(state, game, action.random));
    case 'quickpick_all':
      return { ...state, games: state.games.map((g) => quickpickGame(state, g, action.random)) };
    case 'clear':
      return withGame(state, action.game, () => blankGame(state.gameOffer, isAllQuickpick(state.gameType)));
    case 'clear_all':
      return {
        ...state,
        games: state.games.map(() => blankGame(state.gameOffer, isAllQuickpick(state.gameType))),
        hasFavouriteNumbers: false,
      };
    case 'add_game':
      if (state.games.length >= state.gameOffer.maxGames) return state;
      return { ...state, games: [...state.games, blankGame(state.gameOffer, isAllQuickpick(state.gameType))] };
    case 'remove_game':
      if (state.games.length <= 1 || !state.games[action.game]) return state;
      return { ...state, games: state.games.filter((_, i) => i !== action.game) };
    case 'set_offer': {
      const offer = action.offer;
      // Features §5: each set is adjusted to the new size; favourites are kept, null placeholders pad or trim.
      const games = state.games.slice(0, Math.max(1, offer.maxGames)).map((game) => ({
        quickpick: game.quickpick,
        sets: Object.fromEntries(
          offer.numberSets.map((rule) => [
            rule.name,
            tidy(
              normaliseNumberSet(game.sets[rule.name] ?? [], rule.pick, state.favourites[rule.name] ?? []),
              rule.pick,
              state.ordered,
            ),
          ]),
        ),
      }));
      return { ...state, gameOffer: offer, games };
    }
    case 'use_favourites': {
      if (!hasFavourites(state)) return state;
      const next = withGame(state, action.game, () => ({
        quickpick: false,
        sets: Object.fromEntries(
          state.gameOffer.numberSets.map((rule) => {
            const favs = (state.favourites[rule.name] ?? []).filter((n) => n >= rule.from && n <= rule.to);
            return [rule.name, tidy(normaliseNumberSet(favs, rule.pick, favs), rule.pick, state.ordered)];
          }),
        ),
      }));
      return next === state ? state : { ...next, hasFavouriteNumbers: true };
    }
    case 'set_draws':
      if (action.numDraws !== 'autoplay' && (!Number.isInteger(action.numDraws) || action.numDraws < 1)) return state;
      return { ...state, numDraws: action.numDraws };
    case 'set_first_draw': {
      const max = action.maxDraws;
      const numDraws =
        typeof state.numDraws === 'number' && max !== undefined && max >= 1 && state.numDraws > max
          ? max
          : state.numDraws;
      if (state.firstDrawNo === action.drawNo && numDraws === state.numDraws) return state;
      return { ...state, firstDrawNo: action.drawNo, numDraws };
    }
    case 'set_cause':
      return { ...state, causeKey: action.causeKey };
    case 'set_minimum_jackpot':
      return { ...state, minimumJackpot: action.value.slice(0, 40) };
    case 'restore':
      return restoreKeptTicket(state, action.kept, action.gameOffers);
  }
}

/** What the customer chose on a ticket, as JSON to keep in the tab while they log in (restored by 'restore'). */
export function keptTicketOf(state: TicketState): string {
  const { productOfferKey, gameType, games, numDraws, firstDrawNo, causeKey, hasFavouriteNumbers, minimumJackpot } =
    state;
  return JSON.stringify({
    productOfferKey,
    gameType,
    gameOffer: state.gameOffer.key,
    games,
    numDraws,
    firstDrawNo,
    causeKey,
    hasFavouriteNumbers,
    minimumJackpot,
  });
}

const isSetOf = (rule: BuilderNumberSet, values: unknown): values is (number | null)[] =>
  Array.isArray(values) &&
  values.length === rule.pick &&
  values.every((v) => v === null || (Number.isInteger(v) && v >= rule.from && v <= rule.to));

/**
 * A kept ticket back in the builder, only if it is of this offer and game type and every part still fits the game
 * offer it names (the offer may have changed while the visitor was away); anything else leaves the ticket as it is.
 */
export function restoreKeptTicket(
  state: TicketState,
  kept: string,
  gameOffers: readonly BuilderGameOffer[],
): TicketState {
  let saved: Record<string, unknown>;
  try {
    saved = JSON.parse(kept) as Record<string, unknown>;
  } catch {
    return state;
  }
  if (!saved || saved.productOfferKey !== state.productOfferKey || saved.gameType !== state.gameType) return state;
  const offer = gameOffers.find((g) => g.key === saved.gameOffer);
  const games = saved.games;
  if (!offer || !Array.isArray(games) || games.length < 1 || games.length > offer.maxGames) return state;
  const fits = games.every(
    (g: { sets?: Record<string, unknown>; quickpick?: unknown }) =>
      typeof g?.quickpick === 'boolean' && offer.numberSets.every((rule) => isSetOf(rule, g.sets?.[rule.name])),
  );
  const numDraws = saved.numDraws;
  if (!fits || !(numDraws === 'autoplay' || (Number.isInteger(numDraws) && (numDraws as number) >= 1))) return state;
  return {
    ...state,
    gameOffer: offer,
    games: (games as GameState[]).map((g) => ({
      quickpick: g.quickpick,
      sets: Object.fromEntries(offer.numberSets.map((rule) => [rule.name, [...g.sets[rule.name]!]])),
    })),
    numDraws: numDraws as NumDraws,
    firstDrawNo: Number.isInteger(saved.firstDrawNo) ? (saved.firstDrawNo as number) : null,
    causeKey: typeof saved.causeKey === 'string' ? saved.causeKey : null,
    hasFavouriteNumbers: saved.hasFavouriteNumbers === true,
    minimumJackpot: typeof saved.minimumJackpot === 'string' ? saved.minimumJackpot.slice(0, 40) : '',
  };
}

export function hasFavourites(state: Pick<TicketState, 'favourites' | 'gameOffer'>): boolean {
  return state.gameOffer.numberSets.some((rule) =>
    (state.favourites[rule.name] ?? []).some((n) => n >= rule.from && n <= rule.to),
  );
}

export type GameStatus = { kind: 'blank' } | { kind: 'complete' } | { kind: 'partial'; missing: number };

/** Features §5: complete when every set has its count with no blanks; a quickpick game's blanks are filled for it. */
export function gameStatus(state: Pick<TicketState, 'gameOffer'>, game: GameState): GameStatus {
  let missing = 0;
  let any = false;
  for (const rule of state.gameOffer.numberSets) {
    const count = picked(game.sets[rule.name] ?? []).length;
    if (count > 0) any = true;
    missing += Math.max(0, rule.pick - count);
  }
  if (missing === 0 || game.quickpick) return { kind: 'complete' };
  return any ? { kind: 'partial', missing } : { kind: 'blank' };
}

export interface TicketValidity {
  valid: boolean;
  /** Why Add to cart is disabled, in words; null when valid. */
  reason: string | null;
  completeGames: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function ticketValidity(state: TicketState, opts: { causes?: readonly string[] } = {}): TicketValidity {
  const statuses = state.games.map((g) => gameStatus(state, g));
  const completeGames = statuses.filter((s) => s.kind === 'complete').length;
  const partial = statuses.findIndex((s) => s.kind === 'partial');
  if (partial >= 0) {
    const s = statuses[partial] as { kind: 'partial'; missing: number };
    return { valid: false, reason: `Game ${partial + 1} needs ${plural(s.missing, 'more number')}`, completeGames };
  }
  const min = Math.max(1, state.gameOffer.minGames);
  if (completeGames < min) return { valid: false, reason: `Complete at least ${plural(min, 'game')}`, completeGames };
  if (completeGames > state.gameOffer.maxGames)
    return { valid: false, reason: `Choose at most ${plural(state.gameOffer.maxGames, 'game')}`, completeGames };
  if (opts.causes && opts.causes.length > 0 && (!state.causeKey || !opts.causes.includes(state.causeKey))) {
    return { valid: false, reason: 'Choose a cause to support', completeGames };
  }
  return { valid: true, reason: null, completeGames };
}

/** Draws the ticket is charged for now: autoplay buys one draw at a time (core §4). */
export function drawsCharged(numDraws: NumDraws): number {
  return numDraws === 'autoplay' ? 1 : numDraws;
}

/** Price of the complete games for every draw, from the price list (the server re-prices). */
export function ticketPriceCents(state: TicketState): number {
  const games = state.games.filter((g) => gameStatus(state, g).kind === 'complete').length;
  if (games === 0) return 0;
  const perDraw = state.gameOffer.pricesCents[games] ?? games * state.gameOffer.pricePerLineCents;
  return perDraw * drawsCharged(state.numDraws);
}

/** The item to post to the cart (contracts LotteryTicketInput): complete games only, blanks left for quickpicks. */
export function toTicketInput(state: TicketState): LotteryTicketInput {
  const games = state.games
    .filter((g) => gameStatus(state, g).kind === 'complete')
    .map((g) => ({
      sets: Object.fromEntries(state.gameOffer.numberSets.map((r) => [r.name, g.sets[r.name] ?? []])),
      quickpick: g.quickpick,
    }));
  return {
    productType: 'lottery_ticket',
    productOfferKey: state.productOfferKey,
    gameType: state.gameType,
    gameOffer: state.gameOffer.key,
    games,
    numDraws: state.numDraws,
    ...(state.firstDrawNo !== null ? { firstDrawNo: state.firstDrawNo } : {}),
    ...(state.causeKey ? { causeKey: state.causeKey } : {}),
    hasFavouriteNumbers: state.hasFavouriteNumbers,
    // Core §3 Autoplay minimumJackpotAmount: sent only with autoplay (the API refuses it on a plain ticket).
    ...(state.numDraws === 'autoplay' && state.minimumJackpot.trim()
      ? { minimumJackpotAmount: state.minimumJackpot.trim() }
      : {}),
  };
}
