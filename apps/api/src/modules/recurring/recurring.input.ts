// Customer input of the recurring calls, checked before anything changes (features §4, §8): the date to pause until,
// a minimum jackpot, a status change; and the item an autoplay buys each draw.
import { RECURRING_STATUSES, type CartItemInput, type RecurringStatus, toCents } from '@shop/contracts';
import { unprocessable } from '../../lib/errors.ts';

/**
 * The item an autoplay buys each draw: the bought ticket for one draw, not pinned to a draw. The minimum jackpot chosen
 * in the cart moves to the autoplay itself (minimumJackpotOf), where the customer can change it.
 */
export function templateOf(input: CartItemInput): CartItemInput {
  if (input.productType !== 'lottery_ticket') return input;
  const {
    firstDrawNo: _first,
    drawOffset: _offset,
    favouriteTicket: _fav,
    minimumJackpotAmount: _minimum,
    ...rest
  } = input;
  return { ...rest, numDraws: 1 };
}

/** The minimum jackpot an item was added to the cart with (checked by the lottery handler then), in cents. */
export function minimumJackpotOf(input: CartItemInput): number | null {
  return input.productType === 'lottery_ticket' ? minimumJackpotCents(input.minimumJackpotAmount) : null;
}

export function parseFutureDate(value: string | null | undefined, now: Date): Date {
  const message = 'Choose a date in the future.';
  if (!value)
    throw unprocessable('Choose the date to pause until.', 'invalid_paused_until', { paused_until: [message] });
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
  const at = iso.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : new Date(NaN);
  if (Number.isNaN(at.getTime()))
    throw unprocessable('This is not a date.', 'invalid_paused_until', {
      paused_until: ['Enter a date (YYYY-MM-DD).'],
    });
  if (at.getTime() <= now.getTime())
    throw unprocessable('The date to pause until has passed.', 'invalid_paused_until', { paused_until: [message] });
  return at;
}

/** A minimum jackpot: an amount of money > 0 in cents, or null (none); anything else is 422 on the field. */
export function minimumJackpotCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  let cents: number;
  try {
    cents = toCents(value);
  } catch {
    cents = NaN;
  }
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw unprocessable('The minimum jackpot must be an amount above 0.', 'invalid_minimum_jackpot', {
      minimum_jackpot_amount: ['Enter an amount above 0, or leave it empty for no minimum.'],
    });
  return cents;
}

/** A status change asked for (features §4): one of the four; a pause with a date is a timed pause. */
export function statusChange(
  body: { status: string; pausedUntil?: string | null },
  now: Date,
): { to: RecurringStatus; until: Date | null } {
  const status = body.status as RecurringStatus;
  if (!RECURRING_STATUSES.includes(status))
    throw unprocessable(`${body.status} is not a status.`, 'invalid_status', {
      status: [`Choose one of ${RECURRING_STATUSES.join(', ')}.`],
    });
  const timed = status === 'timed_paused' || (status === 'paused' && !!body.pausedUntil);
  return { to: timed ? 'timed_paused' : status, until: timed ? parseFutureDate(body.pausedUntil, now) : null };
}

export const QUICKPICK_ON = new Set<unknown>([true, 'true', 'on', '1']);
