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

/**
 * Whether the year-month-day a text starts with is a day of the calendar: Date rolls 2027-02-30 over to 2 March and
 * would buy, or pause until, a day the customer never named.
 */
export function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

export function parseFutureDate(value: string | null | undefined, now: Date): Date {
  const message = 'Choose a date in the future.';
  if (!value)
    throw unprocessable('Choose the date to pause until.', 'invalid_paused_until', { paused_until: [message] });
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
  const at =
    iso.test(value) && isCalendarDay(value)
      ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
      : new Date(NaN);
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
  // More cents than a number holds exactly ("99999999999999999999", 1e308): said as such, not as "not above 0".
  if (Number(value) * 100 > Number.MAX_SAFE_INTEGER)
    throw unprocessable('The minimum jackpot is too large.', 'invalid_minimum_jackpot', {
      minimum_jackpot_amount: ['Enter a smaller amount, or leave it empty for no minimum.'],
    });
  let cents: number;
  try {
    cents = toCents(value);
  } catch {
    cents = NaN;
  }
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw unprocessable('The minimum jackpot must be an amount above 0.', 'invalid_minimum_jackpot', {
      minimum_jackpot_amount: ['Enter an amount above 0 with at most 2 decimals, or leave it empty for no minimum.'],
    });
  return cents;
}

/** A date to pause until sent without a pause (no status, or active / cancelled): refused, not silently dropped. */
export function pausedUntilWithoutPause() {
  return unprocessable('A date to pause until goes with a pause.', 'invalid_paused_until', {
    paused_until: ['Leave the date empty, or choose the status paused or timed_paused.'],
  });
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
  if (body.pausedUntil && status !== 'paused' && status !== 'timed_paused') throw pausedUntilWithoutPause();
  const timed = status === 'timed_paused' || (status === 'paused' && !!body.pausedUntil);
  return { to: timed ? 'timed_paused' : status, until: timed ? parseFutureDate(body.pausedUntil, now) : null };
}

export const QUICKPICK_ON = new Set<unknown>([true, 'true', 'on', '1']);
