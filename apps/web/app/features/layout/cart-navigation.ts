// Features §2 Main navigation bar: "The lotto item links straight to the lotto page when the cart holds a lottery
// ticket." A product-group item opens a drawer only while it has children, so the lotto item loses its children
// (and becomes a plain link to its own url) while the cart holds a lottery ticket.
import type { NavigationItem } from '@shop/contracts';

export function withCartNavigationRules(
  items: NavigationItem[],
  state: { cartHasLotteryTicket?: boolean | undefined },
): NavigationItem[] {
  if (!state.cartHasLotteryTicket) return items;
  return items.map((item) =>
    item.productGroup === 'lotto' && item.url && item.routeType !== 'none' ? { ...item, children: [] } : item,
  );
}
