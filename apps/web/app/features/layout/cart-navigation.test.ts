import { describe, expect, it } from 'vitest';
import { withCartNavigationRules } from './cart-navigation.ts';

describe('main navigation bar with a cart (features §2)', () => {
  it('makes the lotto item a direct link while the cart holds a lottery ticket (features §2)', () => {
    const lotto = {
      id: 'n1',
      label: 'Lotto',
      routeType: 'internal',
      url: '/lotto-tickets',
      productGroup: 'lotto',
      capabilities: [],
      children: [
        {
          id: 'c',
          label: 'Oz Lotto',
          routeType: 'internal',
          url: '/oz-lotto',
          productGroup: null,
          capabilities: [],
          children: [],
        },
      ],
    } as never;
    expect(withCartNavigationRules([lotto], { cartHasLotteryTicket: true })[0]?.children).toEqual([]);
    expect(withCartNavigationRules([lotto], { cartHasLotteryTicket: false })[0]?.children).toHaveLength(1);
  });
});
