import type { NavigationItem } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { withCartNavigationRules } from './cart-navigation.ts';

const child = (id: string, url: string): NavigationItem => ({
  id,
  label: id,
  routeType: 'internal',
  url,
  productGroup: null,
  capabilities: [],
  children: [],
});
const group = (id: string, url: string, productGroup: NavigationItem['productGroup']): NavigationItem => ({
  ...child(id, url),
  productGroup,
  children: [child(`${id}-a`, `${url}/a`), child(`${id}-b`, `${url}/b`)],
});
const lotto = group('lotteries', '/lotto-tickets', 'lotto');
const social = group('social-play', '/social-play', 'social_play');
const childrenOf = (items: NavigationItem[]) => items.map((i) => i.children.length);

describe('main navigation bar with a cart (features §2)', () => {
  it('makes the lotto item a direct link while the cart holds a lottery ticket (features §2)', () => {
    expect(childrenOf(withCartNavigationRules([lotto, social], { cartHasLotteryTicket: true }))).toEqual([0, 2]);
    expect(childrenOf(withCartNavigationRules([lotto, social], { cartHasLotteryTicket: false }))).toEqual([2, 2]);
  });

  it('makes the social-play item a direct link to its page while the cart holds a syndicate share', () => {
    const items = withCartNavigationRules([lotto, social], { cartHasSyndicateShare: true });
    expect(childrenOf(items)).toEqual([2, 0]);
    expect(items[1]).toMatchObject({ url: '/social-play', productGroup: 'social_play' });
    expect(childrenOf(withCartNavigationRules([lotto, social], { cartHasSyndicateShare: false }))).toEqual([2, 2]);
    // Both rules at once.
    expect(
      childrenOf(withCartNavigationRules([lotto, social], { cartHasLotteryTicket: true, cartHasSyndicateShare: true })),
    ).toEqual([0, 0]);
  });

  it('leaves an item without a url or with route type none as it is', () => {
    const none = { ...social, routeType: 'none' as const };
    expect(childrenOf(withCartNavigationRules([none], { cartHasSyndicateShare: true }))).toEqual([2]);
  });
});
