// The recurring processor's part for scheduled purchases and pre-orders (docs/recurring.md, ADR 064): each due one,
// under its row lock (SKIP LOCKED), is bought through the purchase workflow with the key sch:{id}, so it is bought at
// most once whatever happens (a crash after the purchase commits is healed by the rerun, whose purchase with the
// same key answers the checkout already made). A pre-order waits until its draw's sales have opened. A refusal is
// recorded (hard or soft) and retried an hour later; it gives up (finished, hard failure with its reason) when the
// draw it would play has closed or after MAX_SCHEDULED_ATTEMPTS refusals.
import { SCHEDULED_PURCHASE_RETRIES, type CartItemInput, type ProcessReport } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { AppError } from '../../lib/errors.ts';
import { HARD_FAILURES, type RecurringPurchaser } from './recurring.purchaser.ts';
import { createScheduledRepository, type ScheduledRow } from './recurring.scheduled.repository.ts';
import type { ItemPricer } from './recurring.scheduled.ts';

/** Refusals a scheduled purchase gets at most before it gives up (the storefront tells customers: contracts). */
export const MAX_SCHEDULED_ATTEMPTS = SCHEDULED_PURCHASE_RETRIES.maxAttempts;
/** A refused one is tried again this long after its last attempt (24 attempts: a day to top up the wallet). */
export const SCHEDULED_RETRY_MS = SCHEDULED_PURCHASE_RETRIES.retryAfterMs;
/** Refusals that say the draw it would play has closed: no later attempt can buy it. */
const DRAW_GONE = new Set(['draw_closed', 'not_enough_draws']);

export interface ScheduledProcessorDeps {
  db: Db;
  clock: Clock;
  purchaser: RecurringPurchaser;
  /** Checks a pre-order's draw has opened for sales before it is bought (the cart's prepareItem). */
  pricer?: ItemPricer;
  /** In the transaction that gives one up: tell the customer (services.ts: an email). */
  onGaveUp?: GaveUpNotifier;
}

/** A scheduled purchase or pre-order given up (finished unbought), with the reason recorded on it. */
export type GaveUpNotifier = (tx: Executor, row: ScheduledRow, reason: string) => Promise<void>;

export const scheduledKeyOf = (publicId: string) => `sch:${publicId}`;

/** What a run would do now with a due scheduled purchase or pre-order (the CLI's dry run). */
export interface PlannedScheduled {
  scheduledId: string;
  kind: string;
  customerId: string;
  offerKey: string;
  dueAt: Date;
  idempotencyKey: string;
  action: 'buy' | 'wait_sales_open';
}

type Readiness = { ready: true } | { ready: false } | { refused: AppError };

/** A pre-order is bought once its draw sells as standard; until then it waits (nothing is recorded). */
async function readiness(deps: ScheduledProcessorDeps, row: ScheduledRow): Promise<Readiness> {
  if (row.kind !== 'pre_order' || !deps.pricer) return { ready: true };
  try {
    const priced = await deps.pricer.prepareItem(row.customerId, row.item as CartItemInput);
    return priced.purchaseStatus === 'pre_order' ? { ready: false } : { ready: true };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return { refused: err };
    throw err;
  }
}

/** Due ones a page at a time (active, unfinished, due, and not refused within the last SCHEDULED_RETRY_MS). */
async function* dueRows(db: Db, clock: Clock, customerId?: string): AsyncGenerator<ScheduledRow> {
  const repo = createScheduledRepository();
  let afterId = 0;
  for (;;) {
    const now = clock.now();
    const page = await repo.dueScheduled(
      db,
      now,
      new Date(now.getTime() - SCHEDULED_RETRY_MS),
      afterId,
      200,
      customerId,
    );
    if (!page.length) return;
    afterId = page.at(-1)!.id;
    yield* page;
  }
}

export async function processScheduled(
  deps: ScheduledProcessorDeps,
  report: ProcessReport,
  customerId?: string,
): Promise<void> {
  const repo = createScheduledRepository();
  for await (const due of dueRows(deps.db, deps.clock, customerId)) {
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockScheduled(tx, due.id);
      if (!row || row.status !== 'active' || row.finishedAt !== null) return;
      const ready = await readiness(deps, row);
      if ('ready' in ready && !ready.ready) return;
      report.examined++;
      const now = deps.clock.now();
      try {
        if ('refused' in ready) throw ready.refused;
        const { checkoutId } = await deps.purchaser.purchaseItems(row.customerId, scheduledKeyOf(row.publicId), [
          row.item as CartItemInput,
        ]);
        crashPoint('scheduled:purchased');
        await repo.updateScheduled(tx, row.id, {
          lastAttemptStatus: 'purchased',
          lastAttemptAt: now,
          lastFailureReason: null,
          checkoutId,
          finishedAt: now,
          updatedAt: now,
        });
        report.purchased++;
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        if (err.code === 'idempotency_in_flight') return;
        const attempts = row.attempts + 1;
        const drawGone = DRAW_GONE.has(err.code ?? '');
        const giveUp = drawGone || attempts >= MAX_SCHEDULED_ATTEMPTS;
        const hard = giveUp || HARD_FAILURES.has(err.code ?? '');
        const reason = giveUp
          ? drawGone
            ? `Not bought: the draw closed. ${err.message}`
            : `Not bought after ${attempts} attempts. ${err.message}`
          : err.message;
        const updated = await repo.updateScheduled(tx, row.id, {
          attempts,
          lastAttemptStatus: hard ? 'hard_failure' : 'soft_failure',
          lastAttemptAt: now,
          lastFailureReason: reason,
          ...(giveUp ? { finishedAt: now } : {}),
          updatedAt: now,
        });
        if (giveUp) await deps.onGaveUp?.(tx, updated, reason);
        if (hard) report.hardFailures++;
        else report.softFailures++;
      }
    });
  }
}

/** The due scheduled purchases and pre-orders with their keys, buying nothing (recurring:due). */
export async function planScheduled(deps: ScheduledProcessorDeps, customerId?: string): Promise<PlannedScheduled[]> {
  const planned: PlannedScheduled[] = [];
  for await (const row of dueRows(deps.db, deps.clock, customerId)) {
    const ready = await readiness(deps, row);
    planned.push({
      scheduledId: row.publicId,
      kind: row.kind,
      customerId: row.customerId,
      offerKey: row.offerKey,
      dueAt: row.dueAt,
      idempotencyKey: scheduledKeyOf(row.publicId),
      action: 'ready' in ready && !ready.ready ? 'wait_sales_open' : 'buy',
    });
  }
  return planned;
}
