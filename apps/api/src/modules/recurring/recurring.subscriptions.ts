// Subscriptions (docs/recurring.md, Subscriptions): a recurring purchase of type subscription buys its item once per
// period (weekly, monthly, quarterly, biannually, annually; features §4) — the offer's draw on sale when that period's
// purchase is made. Period 1 is the purchase that created it (the afterOrders hook); period n is due from
// periodStart(createdAt, period, n) and bought by the processor with the key rcp:{id}:period:{n}, at most once, never
// while paused or cancelled, and never for a period that passed while it was paused. The customer lists, reads,
// changes (gameOffer, causeKey, numGames: the new item is priced in full before anything changes) and pauses or
// cancels their own (the autoplay rules and texts); another customer's id answers 404, like a missing one.
import type { Autoplay, CartItemInput, RecurringItemInput, RecurringPeriod } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { statusChange } from './recurring.input.ts';
import { createRecurringRepository, type NewRecurringRow, type RecurringRow } from './recurring.repository.ts';
import type { PricedItem } from '../cart/index.ts';
import type { ItemPricer } from './recurring.scheduled.ts';
import type { BoughtOrder, DrawCalendar } from './recurring.service.ts';
import { newRecurringId } from './recurring.ids.ts';
import { cancelledError, createStatusChanger } from './recurring.status.ts';
import { autoplayView } from './recurring.view.ts';

const DAY_MS = 86_400_000;
const MONTHS: Record<Exclude<RecurringPeriod, 'weekly'>, number> = {
  monthly: 1,
  quarterly: 3,
  biannually: 6,
  annually: 12,
};

/** When period k (1 = the first, bought with the first order) of a subscription anchored at `anchor` starts (UTC). */
export function periodStart(anchor: Date, period: RecurringPeriod, k: number): Date {
  if (period === 'weekly') return new Date(anchor.getTime() + (k - 1) * 7 * DAY_MS);
  const months = anchor.getUTCMonth() + MONTHS[period] * (k - 1);
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  // The 31st of a month without one is its last day (31 January, then 28/29 February, then 31 March).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const start = new Date(anchor);
  start.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return start;
}

/** The period `now` falls in (≥ 1). */
export function periodAt(anchor: Date, period: RecurringPeriod, now: Date): number {
  const longest = period === 'weekly' ? 7 * DAY_MS : 31 * DAY_MS * MONTHS[period];
  let k = Math.max(1, Math.floor((now.getTime() - anchor.getTime()) / longest));
  while (periodStart(anchor, period, k + 1).getTime() <= now.getTime()) k++;
  return k;
}

/** The item bought each period: the bought item, not pinned to a draw, without the subscription flag. */
export function subscriptionTemplateOf(input: CartItemInput): CartItemInput {
  if (input.productType === 'raffle_ticket') {
    const { drawNo: _drawNo, subscriptionPeriod: _period, ...rest } = input;
    return rest;
  }
  if (input.productType === 'social_syndicate_share') return input;
  const {
    firstDrawNo: _first,
    drawOffset: _offset,
    favouriteTicket: _fav,
    subscriptionPeriod: _period,
    ...rest
  } = input;
  return { ...rest, numDraws: 1 };
}

/** What a subscription buys each period, without the first purchase's draw: "Offer, 3 tickets" or "Offer Game, 2 games". */
export function subscriptionDescription(item: PricedItem): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return item.productType === 'raffle_ticket'
    ? `${item.offerName}, ${plural(item.numTickets ?? item.numGames, 'ticket')}`
    : `${item.offerName} ${item.gameOfferName ?? ''}, ${plural(item.numGames, 'game')}`.replace(' ,', ',');
}

/** The afterOrders hook's subscriptions: one per order of an item bought with a subscription on. */
export function subscriptionRowsOf(bought: {
  customerId: string;
  checkoutId: string;
  now: Date;
  orders: BoughtOrder[];
}): NewRecurringRow[] {
  const subscribed = bought.orders.filter(
    (o) => o.item.recurringPurchase.enabled && o.item.recurringPurchase.type === 'subscription',
  );
  const ids = subscribed.map(() => newRecurringId());
  const combinedId = subscribed.length > 1 ? ids[0]! : null;
  return subscribed.map((o, i) => {
    const input = o.item.input as RecurringItemInput;
    const period: RecurringPeriod = input.subscriptionPeriod ?? 'monthly';
    return {
      publicId: ids[i]!,
      combinedId,
      customerId: bought.customerId,
      type: 'subscription',
      productType: o.item.productType,
      offerKey: o.item.productOfferKey,
      gameKey: null,
      template: subscriptionTemplateOf(o.item.input),
      description: subscriptionDescription(o.item),
      priceCents: o.item.unitPriceCents,
      currency: o.item.currency,
      period,
      nextPeriod: 2,
      nextDueAt: periodStart(bought.now, period, 2),
      status: 'active',
      lastAttemptStatus: 'purchased',
      lastAttemptAt: bought.now,
      lastCheckoutId: bought.checkoutId,
      createdAt: bought.now,
      updatedAt: bought.now,
    };
  });
}

/** A subscription's due purchase now: the period `now` falls in, if its turn has come; null when nothing is due. */
export function subscriptionDue(
  row: RecurringRow,
  now: Date,
): {
  period: number;
  occasion: string;
  item: CartItemInput;
  done: Pick<RecurringRow, 'nextPeriod' | 'nextDueAt'>;
} | null {
  if (row.type !== 'subscription' || !row.period || !row.nextDueAt || row.nextDueAt.getTime() > now.getTime())
    return null;
  const period = row.period as RecurringPeriod;
  // Periods that passed while it was paused (or the processor was not running) are not bought: only the current one.
  const k = Math.max(row.nextPeriod, periodAt(row.createdAt, period, now));
  return {
    period: k,
    occasion: `period:${k}`,
    item: row.template as CartItemInput,
    done: { nextPeriod: k + 1, nextDueAt: periodStart(row.createdAt, period, k + 1) },
  };
}

/** The subscription's item with the customer's changes (not checked yet: the cart prices it). */
function changedItem(
  template: RecurringItemInput,
  body: { gameOffer?: string; causeKey?: string; numGames?: number },
): CartItemInput {
  const cause = body.causeKey !== undefined ? { causeKey: body.causeKey } : {};
  if (template.productType === 'raffle_ticket') {
    if (body.gameOffer !== undefined) {
      const m = 'A raffle subscription has no game offer to change.';
      throw unprocessable(m, 'invalid_ticket', { game_offer: [m] });
    }
    return { ...template, ...cause, ...(body.numGames !== undefined ? { numTickets: body.numGames } : {}) };
  }
  const n = body.numGames ?? template.games.length;
  const blank = (g: CartItemInput & { productType: 'lottery_ticket' }) =>
    Object.fromEntries(Object.entries(g.games[0]!.sets).map(([k, v]) => [k, v.map(() => null)]));
  // Added games are quickpicks; removed ones are the last.
  const games = Array.from({ length: n }, (_, i) => template.games[i] ?? { sets: blank(template), quickpick: true });
  return { ...template, ...cause, ...(body.gameOffer !== undefined ? { gameOffer: body.gameOffer } : {}), games };
}

export interface SubscriptionDeps {
  db: Db;
  clock: Clock;
  calendar: DrawCalendar;
  pricer: ItemPricer;
}

export function createSubscriptionService(deps: SubscriptionDeps) {
  const { db, clock, calendar, pricer } = deps;
  const repo = createRecurringRepository();
  const view = autoplayView(calendar);
  const changeStatus = createStatusChanger({
    db,
    clock,
    onSale: (r) => calendar.subscriptionOnSale(r.offerKey),
    what: 'subscription',
  });

  async function own(customerId: string, id: string): Promise<RecurringRow> {
    const row = await repo.findOwn(db, customerId, id);
    if (!row || row.type !== 'subscription')
      throw notFound('This subscription was not found.', 'subscription_not_found');
    return row;
  }

  return {
    /** GET /subscriptions: cancelled ones left out, newest first; `lotteryKeys` keeps those offers' only. */
    async list(customerId: string, query: { limit: number; offset: number; lotteryKeys?: string | undefined }) {
      const keys = query.lotteryKeys ? query.lotteryKeys.split(',') : undefined;
      const { rows, total } = await repo.listForCustomer(db, customerId, 'subscription', query, keys);
      return { items: await Promise.all(rows.map(view)), total };
    },

    get: async (customerId: string, id: string): Promise<Autoplay> => view(await own(customerId, id)),

    /** PATCH /subscriptions/{id}/status: the autoplay rules (features §4); a combined one changes together. */
    async setStatus(customerId: string, id: string, body: { status: string; pausedUntil?: string | null }) {
      const { to, until } = statusChange(body, clock.now());
      return view(await changeStatus(customerId, await own(customerId, id), to, until));
    },

    /**
     * PATCH /subscriptions/{id}: gameOffer, causeKey, numGames (games of a lottery ticket, tickets of a raffle entry).
     * The changed item is checked and priced as when added to a cart (422 on anything wrong) before anything changes;
     * the next period buys it at its new price.
     */
    async patch(
      customerId: string,
      id: string,
      body: { gameOffer?: string; causeKey?: string; numGames?: number },
    ): Promise<Autoplay> {
      const row = await own(customerId, id);
      if (row.status === 'cancelled') throw cancelledError('subscription');
      if (body.gameOffer === undefined && body.causeKey === undefined && body.numGames === undefined) return view(row);
      const priced = await pricer.prepareItem(customerId, changedItem(row.template as RecurringItemInput, body));
      const updated = await db.transaction(async (tx) => {
        const locked = (await repo.findOwn(tx, customerId, id, true))!;
        if (locked.status === 'cancelled') throw cancelledError('subscription');
        const [r] = await repo.update(tx, [locked.id], {
          template: subscriptionTemplateOf(priced.input),
          description: subscriptionDescription(priced),
          priceCents: priced.unitPriceCents,
          updatedAt: clock.now(),
        });
        return r!;
      });
      return view(updated);
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
