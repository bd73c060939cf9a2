// Replay (POST /cart/replay/{orderId}, features §7 Orders API): an order's tickets back in the customer's cart as new
// items for the next open draws, its quickpick games re-picked.
import type { Cart, CartItemInput } from '@shop/contracts';
import { notFound } from '../lib/errors.ts';
import type { CartService, PricedItem } from '../modules/cart/index.ts';
import type { OrderHistoryService } from '../modules/orders/index.ts';

export interface ReplayDeps {
  orders: Pick<OrderHistoryService, 'orderItem'>;
  cart: Pick<CartService, 'addItems'>;
}

export function createReplayWorkflow(deps: ReplayDeps) {
  return {
    /** POST /cart/replay/{orderId}: the order's tickets back in the cart as new items for the next open draws. */
    async replay(customerId: string, orderId: string): Promise<Cart> {
      const item = await deps.orders.orderItem(customerId, orderId);
      const input = item.input as CartItemInput | undefined;
      if (!input) throw notFound('There is no such order.', 'order_not_found');
      let again: CartItemInput;
      if (input.productType === 'lottery_ticket') {
        const games =
          (item.games as PricedItem['games'] | undefined) ??
          input.games.map((g) => ({ sets: g.sets, quickpick: g.quickpick === true }));
        again = {
          ...input,
          games: games.map((g) =>
            g.quickpick
              ? {
                  sets: Object.fromEntries(Object.entries(g.sets).map(([k, v]) => [k, v.map(() => null)])),
                  quickpick: true,
                }
              : { sets: g.sets },
          ),
          numDraws: input.numDraws === 'autoplay' ? 'autoplay' : Math.max(1, item.draws.length),
        };
        delete (again as { firstDrawNo?: number }).firstDrawNo;
        delete (again as { drawOffset?: number }).drawOffset;
      } else {
        again = { ...input };
        delete (again as { drawNo?: number }).drawNo;
      }
      return deps.cart.addItems(customerId, [again]);
    },
  };
}

export type ReplayWorkflow = ReturnType<typeof createReplayWorkflow>;
