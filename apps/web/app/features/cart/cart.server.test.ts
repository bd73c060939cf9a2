import { describe, expect, it } from 'vitest';
import { camelizeKeys as keysToCamel } from '@shop/protocol';
import { anonCartRef, cartHoldsLotteryTicket, cartHoldsSyndicateShare, parseCart } from './cart.server.ts';

const money = (amount: number) => ({ amount, currency: 'AUD' });
const item = {
  id: 'itm_1',
  product_type: 'lottery_ticket',
  lottery_key: 'oz-lotto',
  product_offer_key: 'oz-lotto',
  offer_name: 'Oz Lotto',
  description: 'Oz Lotto Standard, 1 game, 1 draw',
  game_type: 'standard',
  game_offer: 'standard',
  game_offer_name: 'Standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, null], lucky_stars: [] }, quickpick: true }],
  num_games: 1,
  num_draws: 1,
  draws: [],
  draw_encoded_ids: [],
  recurring_purchase: { type: 'none', availability: 'never', enabled: false },
  cause_key: null,
  num_tickets: null,
  unit_price: money(1.55),
  price: money(1.55),
  purchase_status: 'standard',
  analytics_product_type: 'lottery_ticket',
  analytics: {
    description: 'x',
    quantity: 1,
    unit_price: { amount: 1.55 },
    recurring_purchase: { enabled: false, type: 'none' },
    draw_date: null,
    draw_no: null,
    favourite: false,
    lottery_key: 'oz-lotto',
    has_favourite_numbers: false,
    product_type: 'lottery_ticket',
    analytics_product_type: 'lottery_ticket',
    minimum_jackpot_amount: null,
    game_type: null,
    game_offer: null,
    num_draws: 1,
    num_games: 1,
    cause_key: null,
    num_raffle_tickets: null,
  },
};
// What the api client hands over: the wire's snake_case turned into camelCase, map keys included.
const wire = keysToCamel({
  cart_reference: 'crt_abc',
  cart_items: { lottery_ticket: [item] },
  item_count: 1,
  auto_removed_items: [],
  cart_total: money(1.55),
  pre_order_total: money(0),
  subtotal: money(1.55),
  promotion: null,
  requires_unattended_payment_method: false,
  blocked_reasons: { spend_limit: 'You have reached your weekly spend limit.' },
  show_regulation: true,
  payable_amount: money(1.55),
  wallet_balance: money(0),
});

describe('cart answers', () => {
  it('keeps product types, blocked reasons and number-set names as the API names them', () => {
    const cart = parseCart(wire, 'GET /cart/items');
    expect(Object.keys(cart.cartItems)).toEqual(['lottery_ticket']);
    expect(Object.keys(cart.blockedReasons)).toEqual(['spend_limit']);
    expect(Object.keys(cart.cartItems.lottery_ticket![0]!.games[0]!.sets)).toEqual(['numbers', 'lucky_stars']);
    expect(cartHoldsLotteryTicket(cart)).toBe(true);
  });
  it('refuses an answer that is not a cart', () => {
    expect(() => parseCart({ cartReference: 'crt_x' }, 'GET /cart/items')).toThrow(/invalid-response/);
  });
});

describe('cookies', () => {
  const req = (path: string, cookie: string) => new Request(`http://shop.test${path}`, { headers: { cookie } });
  it('reads only a well-formed anonymous cart reference', () => {
    expect(anonCartRef(req('/', 'anonymous_cart_token=crt_Ab12'))).toBe('crt_Ab12');
    expect(anonCartRef(req('/', 'anonymous_cart_token=crt_..%2F'))).toBeNull();
    expect(anonCartRef(req('/', ''))).toBeNull();
  });
});

describe('main navigation rules (features §2)', () => {
  it('social play: counts an operator syndicate share and a Lotto Party share as a syndicate share', () => {
    const cart = (types: string[]) =>
      ({ cartItems: Object.fromEntries(types.map((t) => [t, [{ id: 'itm_1' }]])) }) as never;
    expect(cartHoldsSyndicateShare(cart(['syndicate_share']))).toBe(true);
    expect(cartHoldsSyndicateShare(cart(['social_syndicate_share']))).toBe(true);
    expect(cartHoldsSyndicateShare(cart(['lottery_ticket', 'raffle_ticket']))).toBe(false);
    expect(cartHoldsSyndicateShare(cart([]))).toBe(false);
    expect(cartHoldsSyndicateShare(null)).toBe(false);
  });
});
