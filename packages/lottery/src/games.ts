// Game definitions from shared/domain/games.md, versioned by the draw number they take effect from. Figures marked [?]
// in games.md (or absent there) are recorded in docs/lottery-engine.md with the assumption made.
import { GameTypeNotOfferedError, UnknownGameError } from './errors.ts';
import type { DivisionRule, GameDefinition, GameKey, GameType, NumberSetRule, OfferedGameType } from './types.ts';

export const GAME_KEYS: readonly GameKey[] = [
  'oz-lotto',
  'powerball',
  'saturday-lotto',
  'weekday-windfall',
  'set-for-life',
  'lotto-strike',
  'uk-lotto',
  'euromillions',
];

export const OFFERED_GAME_TYPES: readonly OfferedGameType[] = [
  'standard',
  'random',
  'reduced_system',
  'system',
  'powerhit',
  'strike_standard',
  'strike_boxed',
];

export const NOT_OFFERED_GAME_TYPES: readonly GameType[] = [
  'powerpik',
  'powerpik_system',
  'mega_combo',
  'sequential',
  'deferred',
  'lotto_party',
  'syndicate',
];

export const GAME_TYPES: readonly GameType[] = [...OFFERED_GAME_TYPES, ...NOT_OFFERED_GAME_TYPES];

export function isGameKey(value: unknown): value is GameKey {
  return typeof value === 'string' && (GAME_KEYS as readonly string[]).includes(value);
}

export function isGameType(value: unknown): value is GameType {
  return typeof value === 'string' && (GAME_TYPES as readonly string[]).includes(value);
}

const numbers = (from: number, to: number, pick: number): NumberSetRule => ({
  name: 'numbers',
  label: 'Numbers',
  from,
  to,
  pick,
});
const pool = (percent: number) => ({ kind: 'pool', percent }) as const;
const jackpot = (percent?: number) =>
  percent === undefined ? ({ kind: 'jackpot' } as const) : ({ kind: 'jackpot', percent } as const);
const fixed = (cents: number, capWinners?: number) =>
  capWinners === undefined ? ({ kind: 'fixed', cents } as const) : ({ kind: 'fixed', cents, capWinners } as const);

const AU_SCHEDULE = { timeZone: 'Australia/Sydney', drawTime: '20:30', salesCloseMinutesBefore: 60 } as const;
const LOTTO_TYPES: OfferedGameType[] = ['standard', 'random', 'system', 'reduced_system'];

type Base = Omit<GameDefinition, 'effectiveFromDrawNo' | 'divisions' | 'numberSets' | 'supplementaries'>;

// Oz Lotto: the divisions kept their shape across the 2022 change; only the barrel and the supplementaries did.
const ozLottoBase: Base = {
  key: 'oz-lotto',
  name: 'Oz Lotto',
  region: 'AU',
  currency: 'AUD',
  ordered: false,
  priceCents: 155,
  price: { games: 1, cents: 155 },
  minGames: 1,
  maxGames: 50,
  gameTypes: LOTTO_TYPES,
  systems: { min: 8, max: 20 },
  powerHit: null,
  drawDays: [2],
  ...AU_SCHEDULE,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1474, date: '2022-05-17' },
  addOnTo: null,
};
const ozLottoDivisions = (withOdds: boolean): DivisionRule[] => {
  const odds = (n: number) => (withOdds ? { odds: n } : {});
  return [
    { division: 1, label: '7', main: [7], ...odds(62_891_499), prize: jackpot(40) },
    { division: 2, label: '6 + supp', main: [6], minSupps: 1, ...odds(2_994_833), prize: pool(1.7) },
    { division: 3, label: '6', main: [6], ...odds(242_824), prize: pool(3.5) },
    { division: 4, label: '5 + supp', main: [5], minSupps: 1, ...odds(26_270), prize: pool(1.8) },
    { division: 5, label: '5', main: [5], ...odds(4_497), prize: pool(2.1) },
    { division: 6, label: '4', main: [4], ...odds(182), prize: pool(24) },
    { division: 7, label: '3 + supp', main: [3], minSupps: 1, ...odds(71), prize: pool(26.9) },
  ];
};

const powerballBase: Base = {
  key: 'powerball',
  name: 'Powerball',
  region: 'AU',
  currency: 'AUD',
  ordered: false,
  priceCents: 120,
  price: { games: 1, cents: 120 },
  minGames: 1,
  maxGames: 50,
  gameTypes: [...LOTTO_TYPES, 'powerhit'],
  systems: { min: 8, max: 20 },
  powerHit: { min: 7, max: 20 },
  drawDays: [4],
  ...AU_SCHEDULE,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1144, date: '2018-04-19' },
  addOnTo: null,
};
const powerballSets: NumberSetRule[] = [
  numbers(1, 35, 7),
  { name: 'powerball', label: 'Powerball', from: 1, to: 20, pick: 1 },
];
// The 2023 split (draw 1410); the split before it is not published in games.md, so earlier draws reuse it.
const powerballDivisions: DivisionRule[] = [
  { division: 1, label: '7 + Powerball', main: [7], bonus: { powerball: 1 }, odds: 134_490_400, prize: jackpot(33.5) },
  { division: 2, label: '7', main: [7], bonus: { powerball: 0 }, odds: 7_078_443, prize: pool(1.85) },
  { division: 3, label: '6 + Powerball', main: [6], bonus: { powerball: 1 }, odds: 686_176, prize: pool(2.3) },
  { division: 4, label: '6', main: [6], bonus: { powerball: 0 }, odds: 36_115, prize: pool(2.0) },
  { division: 5, label: '5 + Powerball', main: [5], bonus: { powerball: 1 }, odds: 16_943, prize: pool(1.5) },
  // Ranked above 5 without the Powerball (games.md: "D6 (4+PB) ranks above D7 (5)").
  { division: 6, label: '4 + Powerball', main: [4], bonus: { powerball: 1 }, odds: 1_173, prize: pool(9.4) },
  { division: 7, label: '5', main: [5], bonus: { powerball: 0 }, odds: 892, prize: pool(7.3) },
  { division: 8, label: '3 + Powerball', main: [3], bonus: { powerball: 1 }, odds: 188, prize: pool(15.5) },
  { division: 9, label: '2 + Powerball', main: [2], bonus: { powerball: 1 }, odds: 66, prize: pool(26.65) },
];

const saturdayLottoBase: Base = {
  key: 'saturday-lotto',
  name: 'Saturday Lotto',
  region: 'AU',
  currency: 'AUD',
  ordered: false,
  priceCents: 85,
  price: { games: 1, cents: 85 },
  minGames: 4,
  maxGames: 50,
  gameTypes: LOTTO_TYPES,
  systems: { min: 7, max: 20 },
  powerHit: null,
  drawDays: [6],
  ...AU_SCHEDULE,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 4093, date: '2020-10-10' },
  addOnTo: null,
};
// games.md gives D1 30% and D6 24.8%; D2-D5 share the remaining 45.2% in proportion to the typical dividends it quotes.
const saturdayLottoTop: DivisionRule[] = [
  { division: 1, label: '6', main: [6], odds: 8_145_060, prize: jackpot(30) },
  { division: 2, label: '5 + supp', main: [5], minSupps: 1, odds: 678_755, prize: pool(4.7) },
  { division: 3, label: '5', main: [5], odds: 36_690, prize: pool(8.2) },
  { division: 4, label: '4', main: [4], odds: 733, prize: pool(12.8) },
  { division: 5, label: '3 + supp', main: [3], minSupps: 1, odds: 298, prize: pool(19.5) },
];

const weekdayWindfallBase: Base = {
  key: 'weekday-windfall',
  name: 'Weekday Windfall',
  region: 'AU',
  currency: 'AUD',
  ordered: false,
  // $2.70 buys 4 games: the per-game figure is rounded up for display, entries are priced from `price`.
  priceCents: 68,
  price: { games: 4, cents: 270 },
  minGames: 4,
  maxGames: 50,
  gameTypes: LOTTO_TYPES,
  systems: { min: 7, max: 20 },
  powerHit: null,
  drawDays: [1, 3, 5],
  ...AU_SCHEDULE,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1, date: '2024-05-20' },
  addOnTo: null,
};

const setForLifeBase: Base = {
  key: 'set-for-life',
  name: 'Set for Life',
  region: 'AU',
  currency: 'AUD',
  ordered: false,
  priceCents: 150,
  price: { games: 1, cents: 150 },
  minGames: 1,
  maxGames: 50,
  gameTypes: ['standard', 'random'],
  systems: null,
  powerHit: null,
  drawDays: [0, 1, 2, 3, 4, 5, 6],
  timeZone: 'Australia/Sydney',
  // WA sales close 7:00pm AWST (21:00 in Sydney standard time); the draw follows.
  drawTime: '21:30',
  salesCloseMinutesBefore: 60,
  drawsPerEntry: 7,
  drawNoAnchor: { drawNo: 1691, date: '2020-03-23' },
  addOnTo: null,
};

const lottoStrikeBase: Base = {
  key: 'lotto-strike',
  name: 'Lotto Strike',
  region: 'AU',
  currency: 'AUD',
  ordered: true,
  priceCents: 100,
  price: { games: 1, cents: 100 },
  minGames: 1,
  maxGames: 50,
  gameTypes: ['strike_standard', 'strike_boxed', 'random'],
  systems: null,
  powerHit: null,
  drawDays: [1, 3, 6],
  ...AU_SCHEDULE,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1, date: '2024-05-20' },
  addOnTo: ['weekday-windfall', 'saturday-lotto'],
};

const ukLottoBase: Base = {
  key: 'uk-lotto',
  name: 'Lotto',
  region: 'GB',
  currency: 'GBP',
  ordered: false,
  priceCents: 200,
  price: { games: 1, cents: 200 },
  minGames: 1,
  maxGames: 7,
  gameTypes: ['standard', 'random'],
  systems: null,
  powerHit: null,
  drawDays: [3, 6],
  timeZone: 'Europe/London',
  drawTime: '20:00',
  salesCloseMinutesBefore: 30,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1, date: '2024-01-03' },
  addOnTo: null,
};

const euroMillionsBase: Base = {
  key: 'euromillions',
  name: 'EuroMillions',
  region: 'GB',
  currency: 'GBP',
  ordered: false,
  priceCents: 250,
  price: { games: 1, cents: 250 },
  minGames: 1,
  maxGames: 7,
  gameTypes: ['standard', 'random'],
  systems: null,
  powerHit: null,
  drawDays: [2, 5],
  timeZone: 'Europe/London',
  drawTime: '20:45',
  salesCloseMinutesBefore: 75,
  drawsPerEntry: 1,
  drawNoAnchor: { drawNo: 1, date: '2024-01-02' },
  addOnTo: null,
};
const em = (division: number, main: number, stars: number, percent: number, odds?: number): DivisionRule => ({
  division,
  label: `${main} + ${stars} Lucky Star${stars === 1 ? '' : 's'}`,
  main: [main],
  bonus: { lucky_stars: stars },
  ...(odds === undefined ? {} : { odds }),
  prize: division === 1 ? jackpot(percent) : pool(percent),
});

/** Every version of every game, oldest first per game. */
export const GAME_VERSIONS: Readonly<Record<GameKey, readonly GameDefinition[]>> = {
  'oz-lotto': [
    // Before draw 1474: 7 from 1-45 and 2 supplementaries; the published odds above are for the current barrel.
    {
      ...ozLottoBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 45, 7)],
      supplementaries: 2,
      divisions: ozLottoDivisions(false),
    },
    {
      ...ozLottoBase,
      effectiveFromDrawNo: 1474,
      numberSets: [numbers(1, 47, 7)],
      supplementaries: 3,
      divisions: ozLottoDivisions(true),
    },
  ],
  powerball: [
    {
      ...powerballBase,
      effectiveFromDrawNo: 1144,
      numberSets: powerballSets,
      supplementaries: 0,
      divisions: powerballDivisions,
    },
    {
      ...powerballBase,
      effectiveFromDrawNo: 1410,
      numberSets: powerballSets,
      supplementaries: 0,
      divisions: powerballDivisions,
    },
  ],
  'saturday-lotto': [
    {
      ...saturdayLottoBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 45, 6)],
      supplementaries: 2,
      divisions: [
        ...saturdayLottoTop,
        { division: 6, label: '1 or 2 + both supps', main: [1, 2], minSupps: 2, prize: pool(24.8) },
      ],
    },
    {
      ...saturdayLottoBase,
      effectiveFromDrawNo: 4093,
      numberSets: [numbers(1, 45, 6)],
      supplementaries: 2,
      divisions: [...saturdayLottoTop, { division: 6, label: '3', main: [3], odds: 52, prize: pool(24.8) }],
    },
  ],
  'weekday-windfall': [
    {
      ...weekdayWindfallBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 45, 6)],
      supplementaries: 2,
      divisions: [
        { division: 1, label: '6', main: [6], prize: fixed(100_000_000, 6) },
        { division: 2, label: '5 + supp', main: [5], minSupps: 1, prize: pool(4.2) },
        { division: 3, label: '5', main: [5], prize: pool(6.5) },
        { division: 4, label: '4', main: [4], prize: pool(18.5) },
        { division: 5, label: '3 + supp', main: [3], minSupps: 1, prize: pool(26.3) },
        { division: 6, label: '1 or 2 + both supps', main: [1, 2], minSupps: 2, odds: 144, prize: pool(44.5) },
      ],
    },
  ],
  'set-for-life': [
    {
      ...setForLifeBase,
      effectiveFromDrawNo: 1691,
      numberSets: [numbers(1, 44, 7)],
      supplementaries: 2,
      divisions: [
        // $20,000 a month for 20 years, for up to 4 winners; $5,000 a month for 12 months, up to 4.
        { division: 1, label: '7', main: [7], odds: 38_320_568, prize: fixed(20_000_00 * 12 * 20, 4) },
        { division: 2, label: '6 + supp', main: [6], minSupps: 1, odds: 2_737_184, prize: fixed(5_000_00 * 12, 4) },
        { division: 3, label: '6', main: [6], prize: pool(2.2) },
        { division: 4, label: '5 + supp', main: [5], minSupps: 1, prize: pool(2.0) },
        { division: 5, label: '5', main: [5], prize: pool(4.6) },
        { division: 6, label: '4 + supp', main: [4], minSupps: 1, prize: pool(10.6) },
        { division: 7, label: '4', main: [4], prize: pool(28.2) },
        { division: 8, label: '3 + supp', main: [3], minSupps: 1, odds: 80, prize: pool(52.4) },
      ],
    },
  ],
  'lotto-strike': [
    {
      ...lottoStrikeBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 45, 4)],
      supplementaries: 0,
      divisions: [
        { division: 1, label: '4 in position', main: [4], odds: 3_575_880, prize: jackpot(45) },
        { division: 2, label: '3 in position', main: [3], odds: 21_804, prize: pool(10) },
        { division: 3, label: '2 in position', main: [2], odds: 346, prize: pool(45) },
        { division: 4, label: '1 in position', main: [1], odds: 12, prize: { kind: 'free_entry' } },
      ],
    },
  ],
  'uk-lotto': [
    {
      ...ukLottoBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 59, 6)],
      // The Bonus Ball comes from the main barrel, so it is modelled as one supplementary.
      supplementaries: 1,
      divisions: [
        { division: 1, label: '6', main: [6], odds: 45_057_474, prize: jackpot() },
        { division: 2, label: '5 + Bonus Ball', main: [5], minSupps: 1, odds: 7_509_579, prize: fixed(1_000_000_00) },
        { division: 3, label: '5', main: [5], odds: 144_415, prize: fixed(1_750_00) },
        { division: 4, label: '4', main: [4], odds: 2_180, prize: fixed(140_00) },
        { division: 5, label: '3', main: [3], odds: 96.2, prize: fixed(30_00) },
        { division: 6, label: '2', main: [2], odds: 10.3, prize: { kind: 'free_entry' } },
      ],
    },
  ],
  euromillions: [
    {
      ...euroMillionsBase,
      effectiveFromDrawNo: 1,
      numberSets: [numbers(1, 50, 5), { name: 'lucky_stars', label: 'Lucky Stars', from: 1, to: 12, pick: 2 }],
      supplementaries: 0,
      // Tier order from games.md; the pool shares are the common EuroMillions allocation (not in games.md).
      divisions: [
        em(1, 5, 2, 50, 139_838_160),
        em(2, 5, 1, 2.61),
        em(3, 5, 0, 0.61),
        em(4, 4, 2, 0.19),
        em(5, 4, 1, 0.35),
        em(6, 3, 2, 0.37),
        em(7, 4, 0, 0.26),
        em(8, 2, 2, 1.3),
        em(9, 3, 1, 1.45),
        em(10, 3, 0, 2.7),
        em(11, 1, 2, 3.27),
        em(12, 2, 1, 10.3),
        em(13, 2, 0, 16.59),
      ],
    },
  ],
};

/**
 * The rules of a game in effect at a draw number (the newest when none is given). A draw number older than the
 * earliest recorded version gets that earliest version: games.md records no older formats.
 */
export function getGame(key: GameKey, drawNo?: number): GameDefinition {
  const versions = isGameKey(key) ? GAME_VERSIONS[key] : undefined;
  if (!versions) throw new UnknownGameError(String(key));
  if (drawNo === undefined) return versions[versions.length - 1]!;
  let chosen = versions[0]!;
  for (const version of versions) if (version.effectiveFromDrawNo <= drawNo) chosen = version;
  return chosen;
}

/** Every game's current rules, in GAME_KEYS order. */
export function listGames(region?: 'AU' | 'GB'): GameDefinition[] {
  return GAME_KEYS.map((key) => getGame(key)).filter((game) => region === undefined || game.region === region);
}

/** Throws GameTypeNotOfferedError unless the game sells this game type. */
export function assertGameTypeOffered(
  game: GameDefinition,
  gameType: GameType | string,
): asserts gameType is OfferedGameType {
  if (!(game.gameTypes as readonly string[]).includes(gameType)) {
    throw new GameTypeNotOfferedError(game.key, gameType, game.name);
  }
}

export function mainSet(game: GameDefinition): NumberSetRule {
  return game.numberSets[0]!;
}

export function bonusSets(game: GameDefinition): NumberSetRule[] {
  return game.numberSets.slice(1);
}
