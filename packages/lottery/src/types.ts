// Shared vocabulary of the lottery engine. Everything here is plain data so the API, the settlement workflow and the
// storefront (through Vite) can share one definition of a game without pulling in any I/O.

export type GameKey =
  | 'oz-lotto'
  | 'powerball'
  | 'saturday-lotto'
  | 'weekday-windfall'
  | 'set-for-life'
  | 'lotto-strike'
  | 'uk-lotto'
  | 'euromillions';

/** Game types the engine can price, validate and score. */
export type OfferedGameType =
  'standard' | 'random' | 'reduced_system' | 'system' | 'powerhit' | 'strike_standard' | 'strike_boxed';

/** Game types named by the spec that no issue has built yet: recognised, answered with GameTypeNotOfferedError. */
export type RecognisedGameType =
  'powerpik' | 'powerpik_system' | 'mega_combo' | 'sequential' | 'deferred' | 'lotto_party' | 'syndicate';

export type GameType = OfferedGameType | RecognisedGameType;

/** Name of a number set: the main numbers, or a set drawn from its own barrel. */
export type NumberSetName = 'numbers' | 'powerball' | 'lucky_stars';

export interface NumberSetRule {
  name: NumberSetName;
  /** Display label of the set (spec features §3: number sets named Numbers, Powerball ...). */
  label: string;
  from: number;
  to: number;
  /** How many numbers one game picks from this set. */
  pick: number;
}

/** How a division's prize is set (games.md prize table). */
export type PrizeRule =
  /** Share of the prize pool (percent of the pool set aside for prizes). */
  | { kind: 'pool'; percent: number }
  /** The advertised jackpot (division 1 of jackpot games), optionally also a pool share for estimation. */
  | { kind: 'jackpot'; percent?: number }
  /** A fixed amount per winner, shared equally once more than `capWinners` win (Set for Life, Weekday Windfall D1). */
  | { kind: 'fixed'; cents: number; capWinners?: number }
  /** A free entry into the same game (Strike D4, UK Lotto match 2). */
  | { kind: 'free_entry' };

export interface DivisionRule {
  division: number;
  /** Human description, e.g. "5 + supp", "4 + Powerball", "3 in position". */
  label: string;
  /** Accepted counts of main numbers matched (for in-order games: numbers matched in position). */
  main: readonly number[];
  /** Least number of supplementaries matched; undefined when supplementaries are ignored. */
  minSupps?: number;
  /** Exact count of matches per bonus set (e.g. { powerball: 1 }); a set not named is ignored. */
  bonus?: Partial<Record<NumberSetName, number>>;
  /** Published odds as 1 in N for one game, where games.md gives them. */
  odds?: number;
  prize: PrizeRule;
}

export interface GameDefinition {
  key: GameKey;
  name: string;
  region: 'AU' | 'GB';
  currency: 'AUD' | 'GBP';
  /** Main numbers first (name 'numbers'), then any bonus sets drawn from their own barrel. */
  numberSets: NumberSetRule[];
  /** Supplementaries drawn from the main barrel after the winning numbers (UK Lotto: the Bonus Ball). */
  supplementaries: number;
  /** True when the winning numbers only count in the order drawn (Lotto Strike). */
  ordered: boolean;
  /** Divisions in rank order: a line wins the first one whose rule it meets, and only that one. */
  divisions: DivisionRule[];
  /** Base price per game in minor units; see `price` for games priced per block (Weekday Windfall: $2.70 per 4). */
  priceCents: number;
  /** Exact operator price for `games` games; entry prices round games x cents / games half up to whole cents. */
  price: { games: number; cents: number };
  minGames: number;
  maxGames: number;
  gameTypes: OfferedGameType[];
  /** System sizes offered (System N picks N main numbers), or null when the game has no systems. */
  systems: { min: number; max: number } | null;
  /** PowerHit sizes offered (all Powerballs covered), or null. */
  powerHit: { min: number; max: number } | null;
  /** Draw weekdays in `timeZone`, 0 = Sunday .. 6 = Saturday. */
  drawDays: number[];
  drawTime: string;
  salesCloseMinutesBefore: number;
  timeZone: string;
  /** Consecutive draws one entry covers (Set for Life: 7 daily draws). */
  drawsPerEntry: number;
  /** First draw number these rules apply to. */
  effectiveFromDrawNo: number;
  /** A known draw (number and local date) so a schedule can number future draws like the operator. */
  drawNoAnchor: { drawNo: number; date: string };
  /** Games another game is an add-on to (Strike is played on the Lotto draws), else null. */
  addOnTo: GameKey[] | null;
}

/** A drawn result. Strike: `numbers` in drawn ORDER. Bonus sets by name, e.g. { powerball: [7] }. */
export interface DrawResult {
  numbers: number[];
  supplementaries: number[];
  bonus?: Record<string, number[]>;
}

/** One game line: one set of picks per number set, exactly `pick` numbers each. */
export interface Line {
  sets: Record<string, number[]>;
}

/** What a customer buys: a game line, a system (more numbers than pick), a PowerHit (no powerball set), a Strike box. */
export interface Entry {
  gameType: GameType;
  sets: Record<string, number[]>;
}

export interface RandomSource {
  /** A uniformly distributed integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

export interface DividendRow {
  division: number;
  prizeCents: number;
}
