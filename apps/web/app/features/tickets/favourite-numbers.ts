// Favourite numbers per lottery (features §5 number sets; identity PUT /favourite-numbers): the form's text fields
// ("7, 12, 30") to the API's list and back, with the shared form messages.
import { FORM_MESSAGES, type FavouriteNumbers } from '@shop/contracts';
import { getGame, isGameKey } from '@shop/lottery';
import { z } from 'zod';

export interface FavouriteGame {
  lotteryKey: string;
  name: string;
  sets: { name: string; label: string; from: number; to: number; pick: number }[];
}

export const FAVOURITES_SAVED = 'Your favourite numbers have been saved.';

/** The lotteries a customer can keep favourites for: the offers on sale whose game the engine knows. */
export function favouriteGames(offerKeys: readonly string[]): FavouriteGame[] {
  return offerKeys.filter(isGameKey).map((key) => {
    const game = getGame(key);
    return {
      lotteryKey: key,
      name: game.name,
      sets: game.numberSets.map((s) => ({ name: s.name, label: s.label, from: s.from, to: s.to, pick: s.pick })),
    };
  });
}

export function fieldName(lotteryKey: string, set: string): string {
  return `fav.${lotteryKey}.${set}`;
}

export function numbersText(numbers: readonly number[] | undefined): string {
  return (numbers ?? []).join(', ');
}

/** The form as the API's list: empty fields are left out, a lottery with no numbers at all is dropped. */
export function parseFavouritesForm(
  form: { get(name: string): FormDataEntryValue | null },
  games: readonly FavouriteGame[],
): { favourites: FavouriteNumbers; fieldErrors: Record<string, string[]> } {
  const favourites: FavouriteNumbers = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const game of games) {
    const sets: Record<string, number[]> = {};
    for (const set of game.sets) {
      const name = fieldName(game.lotteryKey, set.name);
      const text = String(form.get(name) ?? '').trim();
      if (!text) continue;
      const tokens = text.split(/[\s,]+/).filter(Boolean);
      if (tokens.some((t) => !/^[0-9]{1,2}$/.test(t))) {
        fieldErrors[name] = [FORM_MESSAGES.numbersOnly];
        continue;
      }
      const numbers = tokens.map(Number);
      if (numbers.some((n) => n < set.from || n > set.to))
        fieldErrors[name] = [`${set.label} must be between ${set.from} and ${set.to}.`];
      else if (new Set(numbers).size !== numbers.length) fieldErrors[name] = [`${set.label} can't repeat a number.`];
      else if (numbers.length > set.pick) fieldErrors[name] = [`${set.label} takes at most ${set.pick} numbers.`];
      else sets[set.name] = numbers;
    }
    if (Object.keys(sets).length > 0) favourites.push({ lotteryKey: game.lotteryKey, sets });
  }
  return { favourites, fieldErrors };
}

/**
 * The favourite-numbers form as a zod schema for Conform: one text field per lottery and number set, checked by
 * parseFavouritesForm's rules, parsed into the FavouriteNumbers the API takes.
 */
export function favouritesFormSchema(games: readonly FavouriteGame[]) {
  const names = games.flatMap((g) => g.sets.map((s) => fieldName(g.lotteryKey, s.name)));
  const read = (v: Record<string, string | undefined>) => ({ get: (name: string) => v[name] ?? null });
  return z
    .object(Object.fromEntries(names.map((n) => [n, z.string().optional()])))
    .superRefine((v, ctx) => {
      for (const [name, messages] of Object.entries(parseFavouritesForm(read(v), games).fieldErrors))
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [name], message });
    })
    .transform((v) => parseFavouritesForm(read(v), games).favourites);
}

/** API field errors (favouriteNumbers.{i}.sets.{set}) back onto the form's fields. */
export function apiErrorsToFields(errors: Record<string, string[]>, sent: FavouriteNumbers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m =
      /^favouriteNumbers\.(\d+)\.sets\.([a-z_]+)$/.exec(key) ?? /^favourite_numbers\.(\d+)\.sets\.([a-z_]+)$/.exec(key);
    const entry = m ? sent[Number(m[1])] : undefined;
    if (m && entry) out[fieldName(entry.lotteryKey, m[2]!)] = messages;
  }
  return out;
}
