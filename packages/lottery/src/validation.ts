// Ticket validation of spec features §5: what must hold before a ticket goes into the cart, reported as field errors
// whose paths name the game index and the number set (games.2.powerball), and number-set normalisation.
import { LotteryError } from './errors.ts';
import { assertGameTypeOffered, isGameType, mainSet } from './games.ts';
import { mainCountRange } from './systems.ts';
import type { Entry, GameDefinition, GameType, NumberSetRule } from './types.ts';

export const REQUIRED_MESSAGE = 'This field is required.';
export const NUMBERS_ONLY_MESSAGE = 'Please enter numbers only.';

export type FieldErrors = Record<string, string[]>;

export interface TicketGameInput {
  /** Number sets by name; null marks a blank pick. `favourites` (optional) must be non-empty when present. */
  sets: Record<string, ReadonlyArray<number | null>>;
}

export interface TicketInput {
  gameType: GameType | string;
  games: readonly TicketGameInput[];
  day?: string | null;
  causeKey?: string | null;
}

export interface TicketContext {
  /** Days the customer chooses between, when the offer has selectable days. */
  selectableDays?: readonly string[];
  /** Cause keys, when the offer has causes. */
  causes?: readonly string[];
  /** The game offer's limits when a price list overrides the game's own. */
  minGames?: number;
  maxGames?: number;
}

export interface TicketValidation {
  valid: boolean;
  fieldErrors: FieldErrors;
  /** Complete games, as engine entries (blank games dropped). */
  entries: Entry[];
}

function push(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function isBlank(values: ReadonlyArray<number | null> | undefined): boolean {
  return !values || values.every((v) => v === null);
}

function checkSetValues(
  rule: NumberSetRule,
  values: ReadonlyArray<number | null> | undefined,
  count: { min: number; max: number },
  field: string,
  errors: FieldErrors,
): boolean {
  const list = Array.isArray(values) ? values : [];
  if (list.some((v) => v !== null && (typeof v !== 'number' || !Number.isInteger(v)))) {
    push(errors, field, NUMBERS_ONLY_MESSAGE);
    return false;
  }
  const picked = list.filter((v): v is number => v !== null);
  if (picked.some((v) => v < rule.from || v > rule.to)) {
    push(errors, field, `${rule.label} must be between ${rule.from} and ${rule.to}`);
    return false;
  }
  if (new Set(picked).size !== picked.length) {
    push(errors, field, `${rule.label} must not repeat`);
    return false;
  }
  if (picked.length < count.min || picked.length > count.max) {
    const wanted = count.min === count.max ? `${count.min}` : `${count.min} to ${count.max}`;
    push(errors, field, `Choose ${wanted} ${rule.label} from ${rule.from} to ${rule.to}`);
    return false;
  }
  return true;
}

/**
 * A ticket may go into the cart when its complete games reach minGames, a day is chosen where days are selectable
 * and a cause where causes exist. A game is complete when every number set has its count with no blanks; a game
 * left entirely blank is ignored, a partly filled one is an error on its number set.
 */
export function validateTicket(
  game: GameDefinition,
  ticket: TicketInput,
  context: TicketContext = {},
): TicketValidation {
  const errors: FieldErrors = {};
  const entries: Entry[] = [];
  const gameType = ticket.gameType === 'random' ? (game.ordered ? 'strike_standard' : 'standard') : ticket.gameType;
  try {
    if (!isGameType(ticket.gameType))
      throw new LotteryError('game_type_not_offered', `${game.name} ${String(ticket.gameType)} games are not offered`);
    assertGameTypeOffered(game, ticket.gameType);
    assertGameTypeOffered(game, gameType);
  } catch (error) {
    if (!(error instanceof LotteryError)) throw error;
    push(errors, 'game_type', error.message);
    return { valid: false, fieldErrors: errors, entries };
  }
  const rules = game.numberSets.filter((rule) => gameType !== 'powerhit' || rule.name === mainSet(game).name);
  const games = Array.isArray(ticket.games) ? ticket.games : [];
  games.forEach((input, index) => {
    const sets: Record<string, ReadonlyArray<number | null>> = input?.sets ?? {};
    const ruleSets = rules.map((rule) => sets[rule.name]);
    if (ruleSets.every((values) => isBlank(values))) return;
    let complete = true;
    for (const rule of rules) {
      const count =
        rule.name === mainSet(game).name ? mainCountRange(game, gameType) : { min: rule.pick, max: rule.pick };
      if (!checkSetValues(rule, sets[rule.name], count, `games.${index}.${rule.name}`, errors)) complete = false;
    }
    if (sets.favourites !== undefined && sets.favourites.filter((v) => v !== null).length === 0) {
      push(errors, `games.${index}.favourites`, REQUIRED_MESSAGE);
      complete = false;
    }
    if (complete) {
      entries.push({
        gameType,
        sets: Object.fromEntries(
          rules.map((rule) => {
            const picked = sets[rule.name]!.filter((v): v is number => v !== null);
            return [rule.name, game.ordered ? picked : [...picked].sort((a, b) => a - b)];
          }),
        ),
      });
    }
  });
  const minGames = context.minGames ?? game.minGames;
  const maxGames = context.maxGames ?? game.maxGames;
  if (entries.length < minGames)
    push(errors, 'games', `Choose at least ${minGames} complete game${minGames === 1 ? '' : 's'}`);
  if (games.length > maxGames) push(errors, 'games', `Choose at most ${maxGames} games`);
  if (context.selectableDays && context.selectableDays.length > 0) {
    if (!ticket.day) push(errors, 'day', REQUIRED_MESSAGE);
    else if (!context.selectableDays.includes(ticket.day)) push(errors, 'day', 'Choose one of the draw days');
  }
  if (context.causes && context.causes.length > 0) {
    if (!ticket.causeKey) push(errors, 'cause_key', REQUIRED_MESSAGE);
    else if (!context.causes.includes(ticket.causeKey)) push(errors, 'cause_key', 'Choose one of the causes');
  }
  return { valid: Object.keys(errors).length === 0, fieldErrors: errors, entries };
}

/**
 * Adjusts a number set to `size` entries (features §5): blanks are trimmed first, then picks that are not
 * favourites from the end, favourites last; a short set is padded with null placeholders. Order is kept.
 */
export function normaliseNumberSet(
  values: ReadonlyArray<number | null>,
  size: number,
  favourites: readonly number[] = [],
): Array<number | null> {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`size must be a whole number, got ${size}`);
  const out = [...values];
  const dropLast = (predicate: (v: number | null) => boolean) => {
    for (let i = out.length - 1; i >= 0 && out.length > size; i--) if (predicate(out[i]!)) out.splice(i, 1);
  };
  dropLast((v) => v === null);
  dropLast((v) => v !== null && !favourites.includes(v));
  dropLast(() => true);
  while (out.length < size) out.push(null);
  return out;
}
