// Status changes of a recurring purchase (autoplay or subscription; features §4): the whole combined group changes
// together under its row locks; a cancelled one cannot change (409), and unpausing needs the offer to still sell that
// kind of recurring purchase (422 "Cannot Unpause AutoPlay", features §8). Same rules and texts for both types.
import { AUTOPLAY_MESSAGES, type RecurringStatus } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { MAX_HARD_FAILURES } from './recurring.purchaser.ts';
import { createRecurringRepository, type RecurringPatch, type RecurringRow } from './recurring.repository.ts';
import type { DrawCalendar } from './recurring.service.ts';

export const cancelledError = (what: string) =>
  new AppError(409, AUTOPLAY_MESSAGES.cannotUpdateTitle, {
    code: 'autoplay_cancelled',
    fieldErrors: { this: [`This ${what} was cancelled.`] },
  });

/** Features §8: unpausing (or retrying) one whose offer no longer sells it. */
export const cannotUnpauseError = () =>
  unprocessable(AUTOPLAY_MESSAGES.cannotUnpause, 'cannot_unpause', { this: [AUTOPLAY_MESSAGES.cannotUnpause] });

/** Whether the offer still sells this kind of recurring purchase (autoplay, or subscription). */
export const recurringOnSale = (calendar: DrawCalendar, row: Pick<RecurringRow, 'type' | 'offerKey'>) =>
  row.type === 'subscription' ? calendar.subscriptionOnSale(row.offerKey) : calendar.autoplayOnSale(row.offerKey);

/**
 * Whether the processor paused it after `maxHard` hard failures in a row, rather than its customer. The count only
 * grows while it is active (the processor never attempts a paused one), pausing never changes it, and every unpause or
 * retry resets it to 0: a paused one with that many failures was paused by them, one with fewer by the customer.
 */
export const pausedByFailures = (
  row: Pick<RecurringRow, 'status' | 'consecutiveHardFailures'>,
  maxHard = MAX_HARD_FAILURES,
) => row.status === 'paused' && row.consecutiveHardFailures >= maxHard;

export function createStatusChanger(deps: {
  db: Db;
  clock: Clock;
  /** Whether the offer still sells this recurring purchase (unpausing needs it). */
  onSale(row: RecurringRow): Promise<boolean>;
  what: string;
}) {
  const { db, clock } = deps;
  const repo = createRecurringRepository();
  /**
   * `options`: changes to this one row (PATCH /autoplay/{id} sends them with the status), written in the same
   * transaction after every check passed, so a refused status change leaves them unwritten too.
   */
  return async function changeStatus(
    customerId: string,
    row: RecurringRow,
    to: RecurringStatus,
    pausedUntil: Date | null,
    options: Pick<RecurringPatch, 'minimumJackpotCents' | 'quickpickEachDraw'> = {},
  ): Promise<RecurringRow> {
    return db.transaction(async (tx) => {
      const group = await repo.lockGroup(tx, customerId, row);
      if (group.some((r) => r.status === 'cancelled')) throw cancelledError(deps.what);
      if (to === 'active') {
        for (const r of group) if (!(await deps.onSale(r))) throw cannotUnpauseError();
      }
      const rows = await repo.update(
        tx,
        group.map((r) => r.id),
        {
          status: to,
          pausedUntil: to === 'timed_paused' ? pausedUntil : null,
          // The customer's unpause is their retry: a hard-failed occasion is attempted again, failures count afresh.
          ...(to === 'active' ? { hardFailedOccasion: null, consecutiveHardFailures: 0 } : {}),
          updatedAt: clock.now(),
        },
      );
      const changed = rows.find((r) => r.publicId === row.publicId)!;
      if (!Object.keys(options).length) return changed;
      const [withOptions] = await repo.update(tx, [changed.id], { ...options, updatedAt: clock.now() });
      return withOptions!;
    });
  };
}
