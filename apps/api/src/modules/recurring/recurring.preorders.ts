// Pre-orders (ADR 064): an item bought for a draw whose sales have not opened (a raffle draw taking pre-orders, a
// lottery draw further ahead than standard sales) is not charged at checkout (payable = cart total minus pre-order
// total) and gets no tickets; the purchase's afterOrders hook records it here, in the purchase transaction, as a
// scheduled purchase of kind pre_order, pinned to its draw and due when that draw's sales open. The recurring
// processor then buys it once with the key sch:{id}, like any scheduled purchase (recurring.scheduled.processor.ts).
import type { CartItemInput } from '@shop/contracts';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/index.ts';
import type { PricedItem } from '../cart/index.ts';
import type { BoughtOrder } from './recurring.service.ts';
import { createScheduledRepository } from './recurring.scheduled.repository.ts';

/** When a pre-ordered item's draw opens for sales (services.ts: the raffle draw's salesOpenAt, or the lottery draw's). */
export type SalesOpening = (tx: Executor, item: PricedItem) => Promise<Date>;

export const newScheduledId = () => `sch_${randomBytes(12).toString('hex')}`;

/** The draw a scheduled item is pinned to (a pre-order's), or null when it plays the draw on sale when due. */
export function pinnedDrawNo(item: CartItemInput): number | null {
  if (item.productType === 'raffle_ticket') return item.drawNo ?? null;
  if (item.productType === 'social_syndicate_share') return null;
  return item.firstDrawNo ?? null;
}

/** The afterOrders hook's part for pre-orders: one active pre_order row per pre-ordered order of the purchase. */
export async function recordPreOrders(
  tx: Executor,
  bought: { customerId: string; checkoutId: string; now: Date; orders: BoughtOrder[] },
  salesOpenAt: SalesOpening,
): Promise<number> {
  const repo = createScheduledRepository();
  let n = 0;
  for (const { item } of bought.orders) {
    if (item.purchaseStatus !== 'pre_order') continue;
    await repo.insertScheduled(tx, {
      publicId: newScheduledId(),
      customerId: bought.customerId,
      kind: 'pre_order',
      productType: item.productType,
      offerKey: item.productOfferKey,
      // Pinned to its draw (the handlers pin raffle drawNo and lottery firstDrawNo): it buys that draw or nothing.
      item: item.input,
      description: item.description,
      priceCents: item.priceCents,
      currency: item.currency,
      dueAt: await salesOpenAt(tx, item),
      status: 'active',
      sourceCheckoutId: bought.checkoutId,
      createdAt: bought.now,
      updatedAt: bought.now,
    });
    n++;
  }
  return n;
}
