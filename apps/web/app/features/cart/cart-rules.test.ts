import { describe, expect, it } from 'vitest';
import {
  blockedReasonAction,
  cartGroups,
  depositAmountCents,
  payableCents,
  subVariantCartToast,
  walletCovers,
} from './cart-rules.ts';

describe('payable amount (core §5)', () => {
  it('takes the wallet off when it does not cover what is due now', () => {
    expect(
      payableCents({ cartTotalCents: 5000, preOrderTotalCents: 1000, walletBalanceCents: 1500, walletPurchase: true }),
    ).toBe(2500);
  });
  it('is the whole due amount when the wallet covers it or wallet purchase is off', () => {
    expect(
      payableCents({ cartTotalCents: 5000, preOrderTotalCents: 1000, walletBalanceCents: 9000, walletPurchase: true }),
    ).toBe(4000);
    expect(
      payableCents({ cartTotalCents: 5000, preOrderTotalCents: 0, walletBalanceCents: 1000, walletPurchase: false }),
    ).toBe(5000);
  });
  it('knows when the wallet alone pays, and deposits at least the method minimum', () => {
    expect(walletCovers({ cartTotalCents: 3000, preOrderTotalCents: 0, walletBalanceCents: 3000 })).toBe(true);
    expect(walletCovers({ cartTotalCents: 3000, preOrderTotalCents: 0, walletBalanceCents: 2999 })).toBe(false);
    expect(walletCovers({ cartTotalCents: 3000, preOrderTotalCents: 0, walletBalanceCents: null })).toBe(false);
    expect(depositAmountCents(350, 1000)).toBe(1000);
    expect(depositAmountCents(2350, 1000)).toBe(2350);
  });
});

describe('blocked reasons (core §8)', () => {
  it('gives actions for the four actionable reasons and none for others', () => {
    expect(blockedReasonAction('spend_limit')?.href).toBe('/my-account/spend-limits');
    expect(blockedReasonAction('global_spend_limit')?.href).toBe('/my-account/spend-limits');
    expect(blockedReasonAction('deposit_limit')?.href).toBe('/my-account/spend-limits#deposit');
    expect(blockedReasonAction('verify_account_required')?.href).toBe('/my-account/verify-account');
    expect(blockedReasonAction('self_excluded')).toBeNull();
  });
});

describe('cart layout', () => {
  it('groups items by product type in a stable order, skipping empty groups', () => {
    const item = (id: string) => ({ id }) as never;
    const groups = cartGroups({
      cartItems: { raffle_ticket: [item('itm_b')], lottery_ticket: [item('itm_a')], membership: [] },
    });
    expect(groups.map((g) => g.productType)).toEqual(['lottery_ticket', 'raffle_ticket']);
    expect(groups[0]?.heading).toBe('Lotto tickets');
  });
});

describe('cart updated for a sub-variant change (features §8)', () => {
  it('is a success notification only when the sub-variant changed and the cart has items', () => {
    expect(subVariantCartToast(true, { itemCount: 2 })).toMatchObject({ title: 'Cart updated', level: 'success' });
    expect(subVariantCartToast(true, { itemCount: 0 })).toBeNull();
    expect(subVariantCartToast(true, null)).toBeNull();
    expect(subVariantCartToast(false, { itemCount: 2 })).toBeNull();
  });
});
