// Favourite numbers are picks a customer keeps per lottery (features §3 number sets): each set must be one of the
// game's sets, in its range, without repeats, and no longer than the game picks. The field errors name the entry,
// the game and the number set, as a ticket's do.
import { getGame, isGameKey } from '@shop/lottery';
import type { FavouriteNumbers } from '@shop/contracts';

export function favouriteNumbersErrors(favourites: FavouriteNumbers): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  favourites.forEach((entry, i) => {
    if (!isGameKey(entry.lotteryKey)) {
      add(`favouriteNumbers.${i}.lotteryKey`, `There is no lottery called ${entry.lotteryKey}.`);
      return;
    }
    const game = getGame(entry.lotteryKey);
    for (const [name, numbers] of Object.entries(entry.sets)) {
      const field = `favouriteNumbers.${i}.sets.${name}`;
      const rule = game.numberSets.find((r) => r.name === name);
      if (!rule) {
        add(field, `${game.name} has no ${name.replace(/_/g, ' ')} numbers.`);
        continue;
      }
      if (numbers.some((n) => n < rule.from || n > rule.to))
        add(field, `${game.name} ${rule.label} must be between ${rule.from} and ${rule.to}.`);
      if (new Set(numbers).size !== numbers.length) add(field, `${game.name} ${rule.label} can't repeat a number.`);
      if (numbers.length > rule.pick) add(field, `${game.name} ${rule.label} takes at most ${rule.pick} numbers.`);
    }
  });
  return errors;
}
