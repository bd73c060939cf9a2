import { seededRandom } from '@shop/lottery';
import { describe, expect, it } from 'vitest';
import { parseFavouritesForm, favouriteGames, apiErrorsToFields } from './favourite-numbers.ts';
import {
  gameStatus,
  initialTicket,
  keptTicketOf,
  picked,
  ticketPriceCents,
  ticketReducer,
  ticketValidity,
  toTicketInput,
  type BuilderGameOffer,
  type TicketState,
} from './ticket-state.ts';

function offer(key: string, pick: number, opts: Partial<BuilderGameOffer> = {}): BuilderGameOffer {
  const min = opts.minGames ?? 1;
  const max = opts.maxGames ?? 50;
  const perLine = opts.pricePerLineCents ?? 155;
  const prices: Record<number, number> = {};
  for (let n = min; n <= max; n++) prices[n] = n * perLine;
  return {
    key,
    name: key,
    minGames: min,
    maxGames: max,
    defaultGames: opts.defaultGames ?? 1,
    gamesPerLine: 1,
    numberSets: opts.numberSets ?? [{ name: 'numbers', label: 'Numbers', from: 1, to: 47, pick }],
    pricePerLineCents: perLine,
    pricesCents: opts.pricesCents ?? prices,
  };
}

const standard = offer('standard', 7);
const powerball = offer('standard', 7, {
  numberSets: [
    { name: 'numbers', label: 'Numbers', from: 1, to: 35, pick: 7 },
    { name: 'powerball', label: 'Powerball', from: 1, to: 20, pick: 1 },
  ],
});

function pick(state: TicketState, game: number, set: string, numbers: number[]): TicketState {
  return numbers.reduce((s, n) => ticketReducer(s, { type: 'toggle', game, set, number: n }), state);
}

describe('ticket being built', () => {
  it('a standard ticket starts with 18 blank games; another game type with its game offer default', () => {
    const s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: standard });
    expect(s.games).toHaveLength(18);
    expect(s.games[0]!.sets.numbers).toEqual([null, null, null, null, null, null, null]);
    const sys = initialTicket({
      productOfferKey: 'oz-lotto',
      gameType: 'reduced_system',
      gameOffer: offer('system-8', 8, { defaultGames: 1 }),
    });
    expect(sys.games).toHaveLength(1);
    const few = initialTicket({
      productOfferKey: 'uk-lotto',
      gameType: 'standard',
      gameOffer: offer('standard', 6, { maxGames: 7 }),
    });
    expect(few.games).toHaveLength(7);
  });

  it('toggling picks and unpicks a number, keeps picks sorted, and refuses an eighth of seven', () => {
    let s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: standard });
    s = pick(s, 0, 'numbers', [30, 4, 12]);
    expect(s.games[0]!.sets.numbers).toEqual([4, 12, 30, null, null, null, null]);
    s = pick(s, 0, 'numbers', [12]);
    expect(picked(s.games[0]!.sets.numbers!)).toEqual([4, 30]);
    s = pick(s, 0, 'numbers', [1, 2, 3, 5, 6]);
    const full = s;
    s = pick(s, 0, 'numbers', [40]);
    expect(s).toBe(full);
    expect(picked(s.games[0]!.sets.numbers!)).toEqual([1, 2, 3, 4, 5, 6, 30]);
    // Out of range and unknown sets change nothing.
    expect(pick(s, 0, 'numbers', [48])).toBe(s);
    expect(pick(s, 0, 'powerball', [1])).toBe(s);
  });

  it('an ordered game (Strike) keeps the order the numbers were chosen in', () => {
    let s = initialTicket({
      productOfferKey: 'lotto-strike',
      gameType: 'strike_standard',
      gameOffer: offer('strike_standard', 4),
      ordered: true,
    });
    s = pick(s, 0, 'numbers', [30, 4, 12]);
    expect(s.games[0]!.sets.numbers).toEqual([30, 4, 12, null]);
  });

  it('quickpick fills only the blanks with distinct numbers in range, reproducibly with a seeded source', () => {
    let s = initialTicket({ productOfferKey: 'powerball', gameType: 'standard', gameOffer: powerball });
    s = pick(s, 0, 'numbers', [5, 9]);
    const a = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(7) });
    const b = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(7) });
    expect(a.games[0]).toEqual(b.games[0]);
    const nums = a.games[0]!.sets.numbers!;
    expect(nums).toHaveLength(7);
    expect(nums.every((n) => n !== null && n >= 1 && n <= 35)).toBe(true);
    expect(new Set(nums).size).toBe(7);
    expect(nums).toContain(5);
    expect(nums).toContain(9);
    expect(a.games[0]!.sets.powerball).toHaveLength(1);
    expect(a.games[0]!.quickpick).toBe(true);
    expect(gameStatus(a, a.games[0]!).kind).toBe('complete');
    // Editing a quickpicked game makes it a picked game again.
    expect(pick(a, 0, 'numbers', [nums[0]!]).games[0]!.quickpick).toBe(false);
  });

  it('quickpick all and clear all; clear one game', () => {
    let s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: standard });
    s = ticketReducer(s, { type: 'quickpick_all', random: seededRandom(1) });
    expect(s.games.every((g) => gameStatus(s, g).kind === 'complete')).toBe(true);
    s = ticketReducer(s, { type: 'clear', game: 2 });
    expect(gameStatus(s, s.games[2]!).kind).toBe('blank');
    expect(ticketValidity(s).completeGames).toBe(17);
    s = ticketReducer(s, { type: 'clear_all' });
    expect(ticketValidity(s).completeGames).toBe(0);
  });

  it('add and remove games within 1..maxGames', () => {
    let s = initialTicket({
      productOfferKey: 'uk-lotto',
      gameType: 'standard',
      gameOffer: offer('standard', 6, { maxGames: 7 }),
    });
    expect(ticketReducer(s, { type: 'add_game' })).toBe(s);
    s = pick(s, 1, 'numbers', [1, 2]);
    s = ticketReducer(s, { type: 'remove_game', game: 0 });
    expect(s.games).toHaveLength(6);
    expect(picked(s.games[0]!.sets.numbers!)).toEqual([1, 2]);
    let one = initialTicket({
      productOfferKey: 'oz-lotto',
      gameType: 'reduced_system',
      gameOffer: offer('system-8', 8),
    });
    expect(ticketReducer(one, { type: 'remove_game', game: 0 })).toBe(one);
    one = ticketReducer(one, { type: 'add_game' });
    expect(one.games).toHaveLength(2);
  });

  it('changing the game offer resizes every set: nulls pad, picks trim from the end, favourites are kept', () => {
    let s = initialTicket({
      productOfferKey: 'oz-lotto',
      gameType: 'reduced_system',
      gameOffer: offer('system-8', 8),
      favourites: { numbers: [40, 41] },
    });
    s = pick(s, 0, 'numbers', [1, 2, 3, 4, 5, 6, 40, 41]);
    const bigger = ticketReducer(s, { type: 'set_offer', offer: offer('system-10', 10) });
    expect(bigger.games[0]!.sets.numbers).toEqual([1, 2, 3, 4, 5, 6, 40, 41, null, null]);
    expect(gameStatus(bigger, bigger.games[0]!)).toEqual({ kind: 'partial', missing: 2 });
    const smaller = ticketReducer(s, { type: 'set_offer', offer: offer('standard', 7) });
    expect(smaller.games[0]!.sets.numbers).toEqual([1, 2, 3, 4, 5, 40, 41]);
    // PowerHit drops the Powerball set.
    let pb = initialTicket({ productOfferKey: 'powerball', gameType: 'standard', gameOffer: powerball });
    pb = pick(pb, 0, 'powerball', [3]);
    const hit = ticketReducer(pb, {
      type: 'set_offer',
      offer: offer('powerhit-7', 7, { numberSets: [{ name: 'numbers', label: 'Numbers', from: 1, to: 35, pick: 7 }] }),
    });
    expect(Object.keys(hit.games[0]!.sets)).toEqual(['numbers']);
  });

  it('validity names the first incomplete game, then the minimum; a cause is required where the offer has causes', () => {
    let s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: standard });
    expect(ticketValidity(s)).toEqual({ valid: false, reason: 'Complete at least 1 game', completeGames: 0 });
    s = pick(s, 2, 'numbers', [1, 2, 3, 4, 5]);
    expect(ticketValidity(s).reason).toBe('Game 3 needs 2 more numbers');
    s = pick(s, 2, 'numbers', [6]);
    expect(ticketValidity(s).reason).toBe('Game 3 needs 1 more number');
    s = pick(s, 2, 'numbers', [7]);
    expect(ticketValidity(s)).toEqual({ valid: true, reason: null, completeGames: 1 });
    expect(ticketValidity(s, { causes: ['cau_a'] }).reason).toBe('Choose a cause to support');
    s = ticketReducer(s, { type: 'set_cause', causeKey: 'cau_a' });
    expect(ticketValidity(s, { causes: ['cau_a'] }).valid).toBe(true);
    const two = initialTicket({
      productOfferKey: 'x',
      gameType: 'standard',
      gameOffer: offer('standard', 7, { minGames: 2 }),
    });
    expect(ticketValidity(pick(two, 0, 'numbers', [1, 2, 3, 4, 5, 6, 7])).reason).toBe('Complete at least 2 games');
  });

  it('QuickPick tickets (game type random) are complete without numbers: the server picks at purchase', () => {
    const s = initialTicket({
      productOfferKey: 'oz-lotto',
      gameType: 'random',
      gameOffer: offer('random', 7, { defaultGames: 4 }),
    });
    expect(ticketValidity(s)).toEqual({ valid: true, reason: null, completeGames: 4 });
    const input = toTicketInput(s);
    expect(input.games).toHaveLength(4);
    expect(input.games[0]).toEqual({ sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true });
  });

  it('sends the minimum jackpot with autoplay only (core §3 Autoplay minimumJackpotAmount)', () => {
    let s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: offer('standard', 7) });
    s = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(5) });
    s = ticketReducer(s, { type: 'set_minimum_jackpot', value: ' 20000000 ' });
    expect(toTicketInput(s)).not.toHaveProperty('minimumJackpotAmount');
    s = ticketReducer(s, { type: 'set_draws', numDraws: 'autoplay' });
    expect(toTicketInput(s)).toMatchObject({ numDraws: 'autoplay', minimumJackpotAmount: '20000000' });
    s = ticketReducer(s, { type: 'set_minimum_jackpot', value: '' });
    expect(toTicketInput(s)).not.toHaveProperty('minimumJackpotAmount');
  });

  it('price = the price list for the complete games x draws; autoplay charges one draw', () => {
    let s = initialTicket({
      productOfferKey: 'oz-lotto',
      gameType: 'standard',
      gameOffer: offer('standard', 7, { pricesCents: { 1: 155, 2: 310, 3: 465 }, maxGames: 3 }),
    });
    expect(ticketPriceCents(s)).toBe(0);
    s = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(3) });
    s = ticketReducer(s, { type: 'quickpick', game: 1, random: seededRandom(4) });
    expect(ticketPriceCents(s)).toBe(310);
    s = ticketReducer(s, { type: 'set_draws', numDraws: 3 });
    expect(ticketPriceCents(s)).toBe(930);
    s = ticketReducer(s, { type: 'set_draws', numDraws: 'autoplay' });
    expect(ticketPriceCents(s)).toBe(310);
    expect(ticketReducer(s, { type: 'set_draws', numDraws: 0 })).toBe(s);
  });

  it('another first draw keeps the numbers and shortens a run of draws to what is left', () => {
    let s = initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: offer('standard', 7) });
    s = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(5) });
    s = ticketReducer(s, { type: 'set_draws', numDraws: 6 });
    const numbers = s.games[0]!.sets;
    const later = ticketReducer(s, { type: 'set_first_draw', drawNo: 1502, maxDraws: 4 });
    expect(later).toMatchObject({ firstDrawNo: 1502, numDraws: 4 });
    expect(later.games[0]!.sets).toEqual(numbers);
    expect(ticketReducer(later, { type: 'set_first_draw', drawNo: 1502, maxDraws: 4 })).toBe(later);
    const auto = ticketReducer(ticketReducer(s, { type: 'set_draws', numDraws: 'autoplay' }), {
      type: 'set_first_draw',
      drawNo: null,
      maxDraws: 1,
    });
    expect(auto).toMatchObject({ firstDrawNo: null, numDraws: 'autoplay' });
  });

  it('favourites fill a game and mark the ticket; the input carries complete games only', () => {
    let s = initialTicket({
      productOfferKey: 'powerball',
      gameType: 'standard',
      gameOffer: powerball,
      favourites: { numbers: [3, 1, 2], powerball: [9] },
      firstDrawNo: 1500,
    });
    s = ticketReducer(s, { type: 'use_favourites', game: 0 });
    expect(s.games[0]!.sets).toEqual({ numbers: [1, 2, 3, null, null, null, null], powerball: [9] });
    expect(s.hasFavouriteNumbers).toBe(true);
    s = ticketReducer(s, { type: 'quickpick', game: 0, random: seededRandom(9) });
    const input = toTicketInput(s);
    expect(input).toMatchObject({
      productType: 'lottery_ticket',
      productOfferKey: 'powerball',
      gameType: 'standard',
      gameOffer: 'standard',
      numDraws: 1,
      firstDrawNo: 1500,
      hasFavouriteNumbers: true,
    });
    expect(input.games).toHaveLength(1);
    const none = initialTicket({ productOfferKey: 'powerball', gameType: 'standard', gameOffer: powerball });
    expect(ticketReducer(none, { type: 'use_favourites', game: 0 })).toBe(none);
  });
});

describe('favourite numbers form', () => {
  const games = favouriteGames(['powerball', 'not-a-game']);
  const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

  it('reads numbers per lottery and set, leaving out empty lotteries', () => {
    expect(games.map((g) => g.lotteryKey)).toEqual(['powerball']);
    const { favourites, fieldErrors } = parseFavouritesForm(
      form({ 'fav.powerball.numbers': '7, 12 30', 'fav.powerball.powerball': '' }),
      games,
    );
    expect(fieldErrors).toEqual({});
    expect(favourites).toEqual([{ lotteryKey: 'powerball', sets: { numbers: [7, 12, 30] } }]);
    expect(parseFavouritesForm(form({}), games).favourites).toEqual([]);
  });

  it('rejects letters, out-of-range numbers, repeats and too many numbers with a message on the field', () => {
    const bad = (v: string) =>
      parseFavouritesForm(form({ 'fav.powerball.numbers': v }), games).fieldErrors['fav.powerball.numbers'];
    expect(bad('7, x')).toEqual(['Please enter numbers only.']);
    expect(bad('7, 36')).toEqual(['Numbers must be between 1 and 35.']);
    expect(bad('7, 7')).toEqual(["Numbers can't repeat a number."]);
    expect(bad('1 2 3 4 5 6 7 8')).toEqual(['Numbers takes at most 7 numbers.']);
    expect(
      apiErrorsToFields({ 'favouriteNumbers.0.sets.powerball': ['nope'] }, [
        { lotteryKey: 'powerball', sets: { powerball: [1] } },
      ]),
    ).toEqual({ 'fav.powerball.powerball': ['nope'] });
  });
});

describe('a ticket kept while the visitor logs in ("Schedule for later")', () => {
  const system8 = offer('system-8', 8, { maxGames: 5 });
  const fresh = () => initialTicket({ productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: standard });
  const restore = (state: TicketState, kept: string, gameOffers = [standard, system8]) =>
    ticketReducer(state, { type: 'restore', kept, gameOffers });

  it('comes back as it was: games, draws, first draw and cause', () => {
    let built = pick(fresh(), 0, 'numbers', [3, 9, 14, 22, 31, 38, 44]);
    built = ticketReducer(built, { type: 'quickpick', game: 1, random: seededRandom(7) });
    built = ticketReducer(built, { type: 'set_draws', numDraws: 3 });
    built = ticketReducer(built, { type: 'set_first_draw', drawNo: 1502 });
    built = ticketReducer(built, { type: 'set_cause', causeKey: 'cause-a' });
    const back = restore(fresh(), keptTicketOf(built));
    expect(toTicketInput(back)).toEqual(toTicketInput(built));
    expect(back.games).toEqual(built.games);
  });

  it('is left out when it is of another offer, game type or a game offer that no longer fits, or not JSON', () => {
    const built = pick(fresh(), 0, 'numbers', [3, 9, 14, 22, 31, 38, 44]);
    const kept = JSON.parse(keptTicketOf(built)) as Record<string, unknown>;
    const start = fresh();
    for (const other of [
      { ...kept, productOfferKey: 'powerball' },
      { ...kept, gameType: 'reduced_system' },
      { ...kept, gameOffer: 'gone' },
      { ...kept, gameOffer: 'system-8' },
      { ...kept, games: [] },
      { ...kept, games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 99] }, quickpick: false }] },
      { ...kept, numDraws: 0 },
    ])
      expect(restore(start, JSON.stringify(other)), JSON.stringify(other).slice(0, 80)).toBe(start);
    expect(restore(start, 'not json')).toBe(start);
    expect(restore(start, 'null')).toBe(start);
  });
});
