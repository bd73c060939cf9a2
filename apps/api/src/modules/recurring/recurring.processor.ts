// The recurring processor (docs/recurring.md): for every autoplay that is due (active, or timed-paused with its date
// passed), buy the next draw on sale after the last one it bought or skipped, through the purchase workflow, with the
// deterministic idempotency key rcp:{autoplayId}:draw:{drawId}; for every subscription whose period is due, buy that
// period's item once with the key rcp:{id}:period:{n} (recurring.subscriptions.ts). The row stays locked from its
// check to the record of the outcome, so a pause or cancel waits for an attempt under way and a second processor
// passes it by (SKIP LOCKED); a crash after the purchase commits and before the outcome is recorded is healed by the
// rerun, whose purchase with the same key answers the checkout already made (nothing is bought twice).
import type { CartItemInput, ProcessReport } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { AppError } from '../../lib/errors.ts';
import { createRecurringRepository, type RecurringPatch, type RecurringRow } from './recurring.repository.ts';
import {
  HARD_FAILURES,
  MAX_HARD_FAILURES,
  type RecurringFund,
  type RecurringPurchaser,
} from './recurring.purchaser.ts';
import {
  planScheduled,
  processScheduled,
  type GaveUpNotifier,
  type PlannedScheduled,
} from './recurring.scheduled.processor.ts';
import type { ItemPricer } from './recurring.scheduled.ts';
import { subscriptionDue } from './recurring.subscriptions.ts';
import type { DrawCalendar, NextDraw } from './recurring.service.ts';

/** Told, in the transaction that paused it, that an autoplay paused after repeated hard failures (an email). */
export type PausedNotifier = (tx: Executor, row: RecurringRow, reason: string) => Promise<void>;

/**
 * Told, in the transaction that recorded it, that an attempt failed (soft: retried next run; hard: waits for the
 * customer) without pausing the autoplay (an email saying what to do; recurring.emails.ts).
 */
export type FailedNotifier = (
  tx: Executor,
  row: RecurringRow,
  failure: { kind: 'soft' | 'hard'; reason: string; occasion: string },
) => Promise<void>;

export interface ProcessorDeps {
  db: Db;
  clock: Clock;
  calendar: DrawCalendar;
  purchaser: RecurringPurchaser;
  onPaused?: PausedNotifier;
  onFailed?: FailedNotifier;
  /** Checks a pre-order's draw has opened before it is bought (the cart's prepareItem). */
  pricer?: ItemPricer;
  /** A scheduled purchase or pre-order given up (recurring.scheduled.processor.ts). */
  onScheduledGaveUp?: GaveUpNotifier;
  /** Hard failures in a row before an autoplay pauses. */
  maxHardFailures?: number;
  /**
   * Recurring purchases decided at once (default 1). Each holds its row lock in a transaction on `lockDb` while its
   * purchase runs through the purchase workflow's own connections and admission.
   */
  concurrency?: number;
  /**
   * Where the row-lock transactions run (default `db`). With concurrency above 1 give a pool of that size apart from
   * the purchases' (Database.side): a lock held on the purchases' pool while its purchase waits for a connection of
   * that same pool could starve it.
   */
  lockDb?: Db;
}

/** What a run would do now with a due autoplay or subscription (the CLI's dry run lists them). */
export type PlannedPurchase = {
  autoplayId: string;
  customerId: string;
  offerKey: string;
  /** What it buys: `draw:{drawId}` (autoplay) or `period:{k}` (subscription). */
  occasion: string;
  idempotencyKey: string;
} & (
  | { type: 'autoplay'; drawNo: number; period: null; action: 'buy' | 'skip_minimum_jackpot' | 'wait_hard_failure' }
  /** A subscription's period due (k of rcp:{id}:period:{k}); it has no minimum jackpot to skip for. */
  | { type: 'subscription'; drawNo: null; period: number; action: 'buy' | 'wait_hard_failure' }
);

/** One occasion to buy: `draw:{drawId}` or `period:{n}`, the item bought, and what a purchase moves on. */
interface DueOccasion {
  occasion: string;
  item: CartItemInput;
  done: Pick<RecurringPatch, 'lastDrawNo' | 'nextPeriod' | 'nextDueAt'>;
}

/** Refusals that say another attempt is under way: nothing is recorded, the next run looks again. */
const IN_FLIGHT = new Set(['idempotency_in_flight']);

/** The draw an autoplay is due to buy now: the one on sale now, unless it already bought or skipped it. */
async function dueDraw(calendar: DrawCalendar, row: RecurringRow): Promise<NextDraw | null> {
  const [current] = await calendar.drawsOnSale(row.offerKey);
  if (!current || (row.lastDrawNo !== null && current.drawNo <= row.lastDrawNo)) return null;
  return current;
}

const fundOf = (row: RecurringRow): RecurringFund => ({
  kind: row.fundKind === 'cc' ? 'cc' : 'wallet',
  id: row.fundId,
  priceCents: row.priceCents,
});

export const occasionOf = (draw: Pick<NextDraw, 'drawId'>) => `draw:${draw.drawId}`;
/** The purchase key of one occasion of a recurring purchase: what the processor buys with and the dry run names. */
export const recurringKeyOf = (publicId: string, occasion: string) => `rcp:${publicId}:${occasion}`;
export const idempotencyKeyOf = (autoplayId: string, draw: Pick<NextDraw, 'drawId'>) =>
  recurringKeyOf(autoplayId, occasionOf(draw));

/** The item bought for one draw: the template pinned to that draw, with fresh quickpicks when asked. */
function itemFor(row: RecurringRow, draw: NextDraw): CartItemInput {
  const template = row.template as CartItemInput;
  if (template.productType !== 'lottery_ticket') return template;
  const games = row.quickpickEachDraw
    ? template.games.map((g) => ({
        sets: Object.fromEntries(Object.entries(g.sets).map(([k, v]) => [k, v.map(() => null)])),
        quickpick: true,
      }))
    : template.games;
  return { ...template, games, numDraws: 1, firstDrawNo: draw.drawNo };
}

/** What an autoplay does with the draw due: buy it, skip it (below its minimum jackpot), or wait for the customer. */
function decide(row: RecurringRow, draw: NextDraw): 'buy' | 'skip_minimum_jackpot' | 'wait_hard_failure' {
  if (row.hardFailedOccasion === occasionOf(draw)) return 'wait_hard_failure';
  if (row.minimumJackpotCents !== null && (draw.jackpotCents ?? 0) < row.minimumJackpotCents)
    return 'skip_minimum_jackpot';
  return 'buy';
}

/**
 * The dry run's entry for one due recurring purchase, decided as processOne decides it, with the key its purchase
 * would use: an autoplay's draw due, or a subscription's period due (subscriptionDue); null when nothing is due.
 */
async function planOne(calendar: DrawCalendar, row: RecurringRow, now: Date): Promise<PlannedPurchase | null> {
  const of = { autoplayId: row.publicId, customerId: row.customerId, offerKey: row.offerKey };
  if (row.type === 'subscription') {
    const due = subscriptionDue(row, now);
    if (!due) return null;
    return {
      ...of,
      type: 'subscription',
      occasion: due.occasion,
      drawNo: null,
      period: due.period,
      idempotencyKey: recurringKeyOf(row.publicId, due.occasion),
      action: row.hardFailedOccasion === due.occasion ? 'wait_hard_failure' : 'buy',
    };
  }
  const draw = await dueDraw(calendar, row);
  if (!draw) return null;
  return {
    ...of,
    type: 'autoplay',
    occasion: occasionOf(draw),
    drawNo: draw.drawNo,
    period: null,
    idempotencyKey: idempotencyKeyOf(row.publicId, draw),
    action: decide(row, draw),
  };
}

function emptyReport(): ProcessReport {
  return { examined: 0, purchased: 0, skipped: 0, softFailures: 0, hardFailures: 0, paused: 0 };
}

export function createRecurringProcessor(deps: ProcessorDeps) {
  const { db, clock, calendar, purchaser } = deps;
  const repo = createRecurringRepository();
  const maxHard = deps.maxHardFailures ?? MAX_HARD_FAILURES;
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  const lockDb = deps.lockDb ?? db;

  /** One autoplay under its row lock: skip, buy and record, or record the failure. */
  async function processOne(id: number, report: ProcessReport): Promise<void> {
    await lockDb.transaction(async (tx) => {
      // Locked by another processor (or a customer's change): it is being decided now; pass it by.
      const locked = await repo.lockById(tx, id, { skipLocked: true });
      if (!locked) return;
      const now = clock.now();
      const resumes = locked.status === 'timed_paused' && locked.pausedUntil && locked.pausedUntil <= now;
      if (locked.status !== 'active' && !resumes) return;
      if (resumes) await repo.update(tx, [id], { status: 'active', pausedUntil: null, updatedAt: now });
      report.examined++;
      if (locked.type === 'subscription') {
        // Once per period (recurring.subscriptions.ts); a period that failed hard waits for the customer's unpause.
        const due = subscriptionDue(locked, now);
        if (due && locked.hardFailedOccasion !== due.occasion) await attempt(tx, locked, due, report);
        return;
      }
      const draw = await dueDraw(calendar, locked);
      if (!draw) return;
      const action = decide(locked, draw);
      if (action === 'wait_hard_failure') return;
      if (action === 'skip_minimum_jackpot') {
        await repo.insertOccasion(tx, {
          recurringId: id,
          occasion: occasionOf(draw),
          outcome: 'skipped',
          reason: 'minimum_jackpot',
          createdAt: now,
        });
        await repo.update(tx, [id], { lastDrawNo: draw.drawNo, updatedAt: now });
        report.skipped++;
        return;
      }
      const due = { occasion: occasionOf(draw), item: itemFor(locked, draw), done: { lastDrawNo: draw.drawNo } };
      await attempt(tx, locked, due, report);
    });
  }

  /** Buy one occasion (a draw, a period) with the key rcp:{id}:{occasion} and record the outcome under the row lock. */
  async function attempt(tx: Executor, row: RecurringRow, due: DueOccasion, report: ProcessReport): Promise<void> {
    // One purchase of a customer's at a time (several workers, several processes): see lockCustomer.
    await repo.lockCustomer(tx, row.customerId);
    const key = recurringKeyOf(row.publicId, due.occasion);
    let checkoutId: string;
    try {
      ({ checkoutId } = await purchaser.purchaseItems(row.customerId, key, [due.item], fundOf(row)));
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      const code = err.code ?? 'unprocessable';
      if (IN_FLIGHT.has(code)) return;
      const now = clock.now();
      if (!HARD_FAILURES.has(code)) {
        await repo.update(tx, [row.id], {
          lastAttemptStatus: 'soft_failure',
          lastAttemptAt: now,
          lastFailureReason: err.message,
          updatedAt: now,
        });
        report.softFailures++;
        await deps.onFailed?.(tx, row, { kind: 'soft', reason: err.message, occasion: due.occasion });
        return;
      }
      const failures = row.consecutiveHardFailures + 1;
      const pause = failures >= maxHard;
      const [updated] = await repo.update(tx, [row.id], {
        lastAttemptStatus: 'hard_failure',
        lastAttemptAt: now,
        lastFailureReason: err.message,
        hardFailedOccasion: due.occasion,
        consecutiveHardFailures: failures,
        ...(pause ? { status: 'paused', pausedUntil: null } : {}),
        updatedAt: now,
      });
      report.hardFailures++;
      if (pause) {
        report.paused++;
        await deps.onPaused?.(tx, updated!, err.message);
      } else await deps.onFailed?.(tx, updated!, { kind: 'hard', reason: err.message, occasion: due.occasion });
      return;
    }
    crashPoint('recurring:purchased');
    const now = clock.now();
    await repo.insertOccasion(tx, {
      recurringId: row.id,
      occasion: due.occasion,
      outcome: 'purchased',
      checkoutId,
      createdAt: now,
    });
    await repo.update(tx, [row.id], {
      ...due.done,
      lastAttemptStatus: 'purchased',
      lastAttemptAt: now,
      lastFailureReason: null,
      lastCheckoutId: checkoutId,
      hardFailedOccasion: null,
      consecutiveHardFailures: 0,
      updatedAt: now,
    });
    report.purchased++;
  }

  /** Every due autoplay, a page at a time; `customerId` keeps one customer's (POST /process_recurring_purchases/sync). */
  async function* due(customerId?: string): AsyncGenerator<RecurringRow> {
    let afterId = 0;
    for (;;) {
      const page = await repo.dueAutoplays(db, clock.now(), afterId, 200, customerId);
      if (!page.length) return;
      for (const row of page) yield row;
      afterId = page.at(-1)!.id;
    }
  }

  return {
    /**
     * Buy what is due now; each autoplay is decided in its own transaction. An unexpected error (not a refusal of
     * the purchase) rolls back that autoplay's attempt and is rethrown, or handed to `onError` and the run goes on.
     */
    async run(
      options: { customerId?: string; onError?: (autoplayId: string, error: unknown) => void } = {},
    ): Promise<ProcessReport> {
      const report = emptyReport();
      // `concurrency` workers take the due rows from one page-at-a-time generator (its next() calls queue, so each
      // row goes to one worker). Each row is decided under its own lock, so the order among workers does not matter:
      // two rows of one customer meet at the customer's wallet lock in the purchase, one after the other.
      const rows = due(options.customerId);
      let failed: { error: unknown } | undefined;
      const worker = async () => {
        for (let next = await rows.next(); !next.done && !failed; next = await rows.next()) {
          try {
            await processOne(next.value.id, report);
          } catch (error) {
            if (!options.onError) failed ??= { error };
            else options.onError(next.value.publicId, error);
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      if (failed) throw failed.error;
      try {
        await processScheduled(
          { db, clock, purchaser, pricer: deps.pricer, onGaveUp: deps.onScheduledGaveUp },
          report,
          options.customerId,
        );
      } catch (error) {
        if (!options.onError) throw error;
        options.onError('scheduled purchases', error);
      }
      return report;
    },

    /** What a run would do now, buying nothing (the CLI's dry run): planOne for each due recurring purchase. */
    async plan(options: { customerId?: string } = {}): Promise<PlannedPurchase[]> {
      const planned: PlannedPurchase[] = [];
      const now = clock.now();
      for await (const row of due(options.customerId)) {
        const one = await planOne(calendar, row, now);
        if (one) planned.push(one);
      }
      return planned;
    },

    /** The due scheduled purchases and pre-orders, with their keys (the CLI's dry run), buying nothing. */
    planScheduled: (options: { customerId?: string } = {}): Promise<PlannedScheduled[]> =>
      planScheduled({ db, clock, purchaser, pricer: deps.pricer }, options.customerId),
  };
}

export type RecurringProcessor = ReturnType<typeof createRecurringProcessor>;
