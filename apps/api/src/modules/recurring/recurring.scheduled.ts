// Scheduled purchases (docs/recurring.md): one future purchase of an item at a time the customer chose (kind
// scheduled_purchase), or a pre-order (kind pre_order, recurring.preorders.ts), bought by the recurring processor
// once due (recurring.scheduled.processor.ts) with the key sch:{id}, so it is bought at most once. A scheduled
// purchase's item is checked and priced when scheduled, and again when bought; it plays the draw on sale at that time.
// Listed, read and cancelled (until bought) by its own customer (another's id is 404). Scheduling honours the
// Idempotency-Key (plugins/idempotency.ts): a retried POST answers the scheduled purchase the first one made.
import type { CartItemInput, CurrencyCode, ScheduledPurchase } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { PricedItem } from '../cart/index.ts';
import { createScheduledRepository, type ScheduledRow } from './recurring.scheduled.repository.ts';
import { isCalendarDay } from './recurring.input.ts';
import { newScheduledId, pinnedDrawNo } from './recurring.preorders.ts';

/** What scheduling needs of the cart: validate and price an item for the customer (422 as when added to a cart). */
export interface ItemPricer {
  prepareItem(customerId: string, input: CartItemInput): Promise<PricedItem>;
}

/**
 * The request's claimed Idempotency-Key as scheduling uses it: the new row is named in the key's record in the
 * transaction that writes it, so a retry that takes over a key left running by a crash answers that row.
 */
export interface ScheduledKey {
  recordOperation?: (tx: Executor, operationId: string) => Promise<void>;
  /** The operation a crashed request recorded with the key (its sch_… id), when this request recovers it. */
  recoveredOperation?: string | null;
}

export interface ScheduledDeps {
  db: Db;
  clock: Clock;
  pricer: ItemPricer;
}

/** The item bought when due: the draw on sale then, not the one on sale when it was scheduled. */
function unpinned(input: CartItemInput): CartItemInput {
  if (input.productType === 'raffle_ticket') {
    const { drawNo: _drawNo, ...rest } = input;
    return rest;
  }
  if (input.productType === 'social_syndicate_share') return input;
  const { firstDrawNo: _first, drawOffset: _offset, ...rest } = input;
  return rest;
}

function view(row: ScheduledRow): ScheduledPurchase {
  return {
    encodedId: row.publicId,
    kind: row.kind as ScheduledPurchase['kind'],
    status: row.status as ScheduledPurchase['status'],
    productType: row.productType,
    productOfferKey: row.offerKey,
    description: row.description,
    price: { amount: row.priceCents / 100, currency: row.currency as CurrencyCode },
    dueAt: row.dueAt.toISOString(),
    lastAttemptStatus: row.lastAttemptStatus as ScheduledPurchase['lastAttemptStatus'],
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastFailureReason: row.lastFailureReason,
    attempts: row.attempts,
    checkoutId: row.checkoutId,
    finished: row.finishedAt !== null,
    gaveUp: row.finishedAt !== null && row.checkoutId === null,
    drawNo: row.kind === 'pre_order' ? pinnedDrawNo(row.item as CartItemInput) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function parseScheduledAt(value: string, now: Date): Date {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  const at = iso.test(value) && isCalendarDay(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime()))
    throw unprocessable('This is not a time.', 'invalid_scheduled_at', {
      scheduled_at: ['Enter a date and time with its offset (2026-07-01T09:00:00+10:00).'],
    });
  if (at.getTime() <= now.getTime())
    throw unprocessable('The time to buy has passed.', 'invalid_scheduled_at', {
      scheduled_at: ['Choose a time in the future.'],
    });
  return at;
}

export function createScheduledService(deps: ScheduledDeps) {
  const { db, clock, pricer } = deps;
  const repo = createScheduledRepository();

  async function own(customerId: string, id: string): Promise<ScheduledRow> {
    const row = await repo.findOwnScheduled(db, customerId, id);
    if (!row) throw notFound('This scheduled purchase was not found.', 'scheduled_purchase_not_found');
    return row;
  }

  return {
    /** POST /scheduled-purchases: buy this item at `scheduledAt` (a time in the future). */
    async create(
      customerId: string,
      body: { item: CartItemInput; scheduledAt: string },
      idem: ScheduledKey | null = null,
    ): Promise<ScheduledPurchase> {
      if (idem?.recoveredOperation) {
        const made = await repo.findOwnScheduled(db, customerId, idem.recoveredOperation);
        if (made) return view(made);
      }
      const dueAt = parseScheduledAt(body.scheduledAt, clock.now());
      if (body.item.productType === 'lottery_ticket' && body.item.numDraws === 'autoplay')
        throw unprocessable('A scheduled purchase buys a number of draws, not autoplay.', 'invalid_ticket', {
          num_draws: ['Choose a number of draws.'],
        });
      const priced = await pricer.prepareItem(customerId, body.item);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertScheduled(tx, {
          publicId: newScheduledId(),
          customerId,
          kind: 'scheduled_purchase',
          productType: priced.productType,
          offerKey: priced.productOfferKey,
          item: unpinned(priced.input),
          description: priced.description,
          priceCents: priced.priceCents,
          currency: priced.currency,
          dueAt,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        });
        await idem?.recordOperation?.(tx, inserted.publicId);
        return inserted;
      });
      return view(row);
    },

    async list(customerId: string, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.listScheduled(db, customerId, page);
      return { items: rows.map(view), total };
    },

    get: async (customerId: string, id: string) => view(await own(customerId, id)),

    /** PATCH /scheduled-purchases/{id}/cancel: only before it was bought. */
    async cancel(customerId: string, id: string): Promise<ScheduledPurchase> {
      await own(customerId, id);
      return db.transaction(async (tx) => {
        const row = (await repo.findOwnScheduled(tx, customerId, id, true))!;
        if (row.finishedAt !== null)
          throw conflict('This scheduled purchase was already bought.', 'scheduled_purchase_finished');
        if (row.status === 'cancelled') return view(row);
        return view(await repo.updateScheduled(tx, row.id, { status: 'cancelled', updatedAt: clock.now() }));
      });
    },
  };
}

export type ScheduledService = ReturnType<typeof createScheduledService>;
