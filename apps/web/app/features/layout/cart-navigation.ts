// Features §2 Main navigation bar: "The lotto item links straight to the lotto page when the cart holds a lottery
// ticket. The social-play item links straight to the social page when the cart holds a syndicate share." A
// product-group item opens a drawer only while it has children, so the item loses its children (and becomes a plain
// link to its own url) while the cart holds such an item.
import type { NavigationItem } from '@shop/contracts';

export interface CartNavigationState {
  cartHasLotteryTicket?: boolean | undefined;
  /** A syndicate share or a Lotto Party share (syndicate_share, social_syndicate_share) is in the cart. */
  cartHasSyndicateShare?: boolean | undefined;
}

export function withCartNavigationRules(items: NavigationItem[], state: CartNavigationState): NavigationItem[] {
  const direct = (item: NavigationItem) =>
    !!item.url &&
    item.routeType !== 'none' &&
    ((item.productGroup === 'lotto' && !!state.cartHasLotteryTicket) ||
      (item.productGroup === 'social_play' && !!state.cartHasSyndicateShare));
  if (!state.cartHasLotteryTicket && !state.cartHasSyndicateShare) return items;
  return items.map((item) => (direct(item) ? { ...item, children: [] } : item));
}
