// Autoplays (docs/recurring.md): created by the purchase that bought a ticket with numDraws "autoplay" (in the same
// transaction as its first order), listed, paused (until a date or until unpaused), unpaused and cancelled by their
// own customer. Another customer's id answers 404, like a missing one; a bad status or date answers 422 and changes
// nothing (features §4, §8).
import type { Autoplay, RecurringPurchaseGroup, RecurringStatus } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { PricedItem } from '../cart/index.ts';
import {
  minimumJackpotCents,
  minimumJackpotOf,
  parseFutureDate,
  pausedUntilWithoutPause,
  QUICKPICK_ON,
  statusChange,
  templateOf,
} from './recurring.input.ts';
import { createRecurringRepository, type NewRecurringRow, type RecurringRow } from './recurring.repository.ts';
import { newRecurringId } from './recurring.ids.ts';
import { cancelledError, createStatusChanger } from './recurring.status.ts';
import { subscriptionRowsOf } from './recurring.subscriptions.ts';
import { autoplayView } from './recurring.view.ts';

/** The next draw an autoplay would buy: the first draw on sale (not a pre-order) after a draw number. */
export interface NextDraw {
  drawId: string;
  drawNo: number;
  drawAt: Date;
  stopAt: Date;
  jackpotCents: number | null;
}

/** What the recurring module needs of the catalogue and the draws (services.ts fills it in). */
export interface DrawCalendar {
  /** The offer's draws on sale now (not pre-orders), soonest first; the first is the one an autoplay buys now. */
  drawsOnSale(offerKey: string): Promise<NextDraw[]>;
  /** Whether the offer still sells autoplay (an ended offer, or autoplay switched off, answers false). */
  autoplayOnSale(offerKey: string): Promise<boolean>;
  /** Whether the offer still sells subscriptions (an ended or suspended offer answers false). */
  subscriptionOnSale(offerKey: string): Promise<boolean>;
}

/** One order of a purchase, as the purchase workflow reports it to its afterOrders hook. */
export interface BoughtOrder {
  item: PricedItem;
  tickets: { drawNo: number }[];
}

export interface RecurringDeps {
  db: Db;
  clock: Clock;
  calendar: DrawCalendar;
  /** The customer's recurring purchase method, read in the purchase's transaction (recurring.payments.ts). */
  defaultFundOf?: (tx: Executor, customerId: string) => Promise<{ kind: 'wallet' | 'cc'; id: string | null }>;
}

export { newRecurringId };

/**
 * The purchase workflow's afterOrders hook's rows: every order of an item bought with autoplay on becomes an autoplay,
 * in the purchase's transaction (so an autoplay exists exactly when its first order does). Several in one purchase
 * form one combined recurring purchase (the first one's id).
 */
/**
 * Whether the purchase's afterOrders hook has something to record for these orders (an autoplay, a subscription, a
 * pre-order): then the purchase writes in a transaction, so the hook's rows commit with it (ADR 109).
 */
export function recordsAfterPurchase(
  orders: { item: Pick<BoughtOrder['item'], 'recurringPurchase' | 'purchaseStatus'> }[],
) {
  return orders.some((o) => o.item.recurringPurchase.enabled || o.item.purchaseStatus === 'pre_order');
}

function autoplayRowsOf(bought: {
  customerId: string;
  checkoutId: string;
  now: Date;
  orders: BoughtOrder[];
}): NewRecurringRow[] {
  const recurring = bought.orders.filter(
    (o) => o.item.recurringPurchase.enabled && o.item.recurringPurchase.type === 'autoplay',
  );
  const ids = recurring.map(() => newRecurringId());
  const combinedId = recurring.length > 1 ? ids[0]! : null;
  return recurring.map((o, i) => ({
    publicId: ids[i]!,
    combinedId,
    customerId: bought.customerId,
    type: 'autoplay',
    productType: o.item.productType,
    offerKey: o.item.productOfferKey,
    gameKey: null,
    template: templateOf(o.item.input),
    description: o.item.description,
    quickpickEachDraw: false,
    minimumJackpotCents: minimumJackpotOf(o.item.input),
    priceCents: o.item.unitPriceCents,
    currency: o.item.currency,
    status: 'active',
    lastDrawNo: Math.max(...o.tickets.map((t) => t.drawNo)),
    lastAttemptStatus: 'purchased',
    lastAttemptAt: bought.now,
    lastCheckoutId: bought.checkoutId,
    createdAt: bought.now,
    updatedAt: bought.now,
  }));
}

export function createRecurringService(deps: RecurringDeps) {
  const { db, clock, calendar } = deps;
  const repo = createRecurringRepository();

  const view = autoplayView(calendar);

  async function own(customerId: string, autoplayId: string): Promise<RecurringRow> {
    const row = await repo.findOwn(db, customerId, autoplayId);
    if (!row || row.type !== 'autoplay') throw notFound('This autoplay was not found.', 'autoplay_not_found');
    return row;
  }

  const statusChanger = createStatusChanger({
    db,
    clock,
    onSale: (r) => calendar.autoplayOnSale(r.offerKey),
    what: 'autoplay',
  });

  type Options = { minimumJackpotCents?: number | null; quickpickEachDraw?: boolean };

  /**
   * Change the status of the whole group (a combined recurring purchase changes together) under its row locks, and
   * this autoplay's options with it, in one transaction once every check passed.
   */
  async function changeStatus(
    customerId: string,
    autoplayId: string,
    to: RecurringStatus,
    pausedUntil: Date | null,
    options: Options = {},
  ): Promise<Autoplay> {
    return view(await statusChanger(customerId, await own(customerId, autoplayId), to, pausedUntil, options));
  }

  /** Minimum jackpot and quickpick-each-draw of a live (not cancelled) autoplay of the customer's. */
  async function setOptions(customerId: string, autoplayId: string, patch: Options): Promise<Autoplay> {
    await own(customerId, autoplayId);
    const updated = await db.transaction(async (tx) => {
      const row = (await repo.findOwn(tx, customerId, autoplayId, true))!;
      if (row.status === 'cancelled') throw cancelledError('autoplay');
      const [r] = await repo.update(tx, [row.id], { ...patch, updatedAt: clock.now() });
      return r!;
    });
    return view(updated);
  }

  return {
    /** The purchase workflow's afterOrders hook (autoplayRowsOf, subscriptionRowsOf). */
    async createFromOrders(
      tx: Executor,
      bought: { customerId: string; checkoutId: string; now: Date; orders: BoughtOrder[] },
    ): Promise<void> {
      const rows = [...autoplayRowsOf(bought), ...subscriptionRowsOf(bought)];
      if (!rows.length) return;
      const fund = await deps.defaultFundOf?.(tx, bought.customerId);
      await repo.insert(tx, fund ? rows.map((r) => ({ ...r, fundKind: fund.kind, fundId: fund.id })) : rows);
    },

    /** GET /autoplay: the customer's autoplays, cancelled ones left out, newest first. */
    async list(customerId: string, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.listForCustomer(db, customerId, 'autoplay', page);
      return { items: await Promise.all(rows.map(view)), total };
    },

    /**
     * GET /recurring_purchases: combined recurring purchases keyed by autoplayId (the first member's id; a lone one is
     * its own group), cancelled ones left out, newest group first.
     */
    async groups(
      customerId: string,
      page: { limit: number; offset: number },
    ): Promise<{ items: RecurringPurchaseGroup[]; total: number }> {
      const byGroup = new Map<string, RecurringRow[]>();
      for (const row of await repo.liveForCustomer(db, customerId)) {
        const key = row.combinedId ?? row.publicId;
        byGroup.set(key, [...(byGroup.get(key) ?? []), row]);
      }
      const all = [...byGroup.entries()].reverse();
      const items = await Promise.all(
        all.slice(page.offset, page.offset + page.limit).map(async ([autoplayId, rows]) => ({
          autoplayId,
          type: rows[0]!.type as RecurringPurchaseGroup['type'],
          status: rows[0]!.status as RecurringStatus,
          items: await Promise.all(rows.map(view)),
        })),
      );
      return { items, total: all.length };
    },

    async get(customerId: string, autoplayId: string): Promise<Autoplay> {
      return view(await own(customerId, autoplayId));
    },

    /**
     * PATCH /autoplay/{id}/status (features §4): status one of the four, pausedUntil an ISO date in the future for a
     * timed pause (a pause with a date is a timed pause); "active" unpauses, "cancelled" cancels the whole group.
     */
    async setStatus(customerId: string, autoplayId: string, body: { status: string; pausedUntil?: string | null }) {
      const { to, until } = statusChange(body, clock.now());
      return changeStatus(customerId, autoplayId, to, until);
    },

    /** POST /autoplay/{id}/pause: paused until unpaused, or until `pausedUntil` (a timed pause). */
    pause: (customerId: string, autoplayId: string, pausedUntil?: string | null) =>
      pausedUntil
        ? changeStatus(customerId, autoplayId, 'timed_paused', parseFutureDate(pausedUntil, clock.now()))
        : changeStatus(customerId, autoplayId, 'paused', null),

    unpause: (customerId: string, autoplayId: string) => changeStatus(customerId, autoplayId, 'active', null),

    cancel: (customerId: string, autoplayId: string) => changeStatus(customerId, autoplayId, 'cancelled', null),

    /** POST /autoplay/{id}/set-minimum-jackpot: buy only draws whose jackpot is at least this; empty removes it. */
    setMinimumJackpot: (customerId: string, autoplayId: string, amount: number | string | null) =>
      setOptions(customerId, autoplayId, { minimumJackpotCents: minimumJackpotCents(amount) }),

    /** POST /autoplay/{id}/set-quickpick: re-pick every game's numbers each draw (or keep the customer's). */
    setQuickpick: (customerId: string, autoplayId: string, quickpick: unknown) =>
      setOptions(customerId, autoplayId, { quickpickEachDraw: QUICKPICK_ON.has(quickpick) }),

    /** PATCH /autoplay/{id}: any of minimumJackpotAmount, quickpick, status (+ pausedUntil), checked before any change. */
    async patch(
      customerId: string,
      autoplayId: string,
      body: {
        minimumJackpotAmount?: number | string | null;
        quickpick?: boolean;
        status?: string;
        pausedUntil?: string | null;
      },
    ): Promise<Autoplay> {
      const options = {
        ...(body.minimumJackpotAmount !== undefined
          ? { minimumJackpotCents: minimumJackpotCents(body.minimumJackpotAmount) }
          : {}),
        ...(body.quickpick !== undefined ? { quickpickEachDraw: body.quickpick } : {}),
      };
      // Everything is checked before anything changes: the input here, the offer (unpausing) and a cancelled one in
      // the one transaction that writes status and options together.
      if (body.status === undefined && body.pausedUntil) throw pausedUntilWithoutPause();
      const status =
        body.status === undefined
          ? null
          : statusChange({ status: body.status, pausedUntil: body.pausedUntil }, clock.now());
      if (status) return changeStatus(customerId, autoplayId, status.to, status.until, options);
      if (Object.keys(options).length) return setOptions(customerId, autoplayId, options);
      return view(await own(customerId, autoplayId));
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;
