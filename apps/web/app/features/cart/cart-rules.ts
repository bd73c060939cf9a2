// Pure rules of the cart screens (spec core §3 Cart, §5 payable amount, §8 blocked reasons; features §2 footer),
// shared by the server and the browser and unit-tested.
import { ACTIONABLE_BLOCKED_REASONS, type Cart, type CartItem } from '@shop/contracts';
import type { ToastInput } from '../../lib/toasts.ts';

export const REGULATION_TEXT = 'You must be 18 or over to play. Gamble responsibly. Gambling Help 1800 858 858.';
/** Core §8: add-to-cart failure without a message under `this`. */
export const ADD_TO_CART_FAILURE = 'Sorry, there was an unexpected error while updating your cart. Please try again.';

/** Group headings of the cart, per product type (core §3 product types). */
export const PRODUCT_TYPE_HEADINGS: Record<string, string> = {
  lottery_ticket: 'Lotto tickets',
  multi_draw_ticket: 'Multi-draw tickets',
  raffle_ticket: 'Raffle tickets',
  syndicate_share: 'Syndicate shares',
  social_syndicate_share: 'Lotto Party shares',
  membership: 'Memberships',
};

const TYPE_ORDER = Object.keys(PRODUCT_TYPE_HEADINGS);

/** The cart's non-empty groups in a stable order (known types first). */
export function cartGroups(
  cart: Pick<Cart, 'cartItems'>,
): { productType: string; heading: string; items: CartItem[] }[] {
  return Object.entries(cart.cartItems)
    .filter(([, items]) => items.length > 0)
    .sort(([a], [b]) => (TYPE_ORDER.indexOf(a) + 1 || 99) - (TYPE_ORDER.indexOf(b) + 1 || 99))
    .map(([productType, items]) => ({
      productType,
      heading: PRODUCT_TYPE_HEADINGS[productType] ?? 'Other items',
      items,
    }));
}

export type BlockedAction = { label: string; href: string } | null;

/** Core §8: spend_limit, global_spend_limit, deposit_limit and verify_account_required give actions; others are text. */
export function blockedReasonAction(reason: string): BlockedAction {
  switch (reason) {
    case 'spend_limit':
    case 'global_spend_limit':
      return { label: 'Review your spend limits', href: '/my-account/spend-limits' };
    case 'deposit_limit':
      return { label: 'Review your deposit limits', href: '/my-account/spend-limits#deposit' };
    case 'verify_account_required':
      return { label: 'Verify your account', href: '/my-account/verify-account' };
    case 'licensing':
      return { label: 'Read and accept the location terms', href: '/location-terms' };
    default:
      return null;
  }
}

export function isActionableReason(reason: string): boolean {
  return (ACTIONABLE_BLOCKED_REASONS as readonly string[]).includes(reason);
}

/**
 * Core §5: payable = cart total - pre-order total, minus the wallet balance when wallet purchase is on and the balance
 * is less than that; the wallet applies only if the remainder stays positive, otherwise the whole amount is payable
 * (in which case the wallet covers it and nothing needs depositing).
 */
export function payableCents(p: {
  cartTotalCents: number;
  preOrderTotalCents: number;
  walletBalanceCents: number | null;
  walletPurchase: boolean;
}): number {
  const due = Math.max(0, p.cartTotalCents - p.preOrderTotalCents);
  if (!p.walletPurchase || p.walletBalanceCents === null) return due;
  const remainder = due - p.walletBalanceCents;
  return remainder > 0 ? remainder : due;
}

/** The wallet alone pays for what is due now. */
export function walletCovers(p: {
  cartTotalCents: number;
  preOrderTotalCents: number;
  walletBalanceCents: number | null;
}): boolean {
  if (p.walletBalanceCents === null) return false;
  return p.walletBalanceCents >= Math.max(0, p.cartTotalCents - p.preOrderTotalCents);
}

/** How much to deposit for a purchase: the shortfall, but at least the method's minimum. */
export function depositAmountCents(shortfallCents: number, minCents: number | null): number {
  return Math.max(shortfallCents, minCents ?? 0, 1);
}

/** Features §2 Footer: the condensed footer shows at checkout steps with items in the cart. */
export function condensedCheckoutFooter(itemCount: number): boolean {
  return itemCount > 0;
}

/** The item the precart drawer shows: the newest in the cart (the API keeps each group in the order added). */
export function lastAddedItem(cart: Pick<Cart, 'cartItems'>): CartItem | null {
  const all = Object.values(cart.cartItems).flat();
  return all[all.length - 1] ?? null;
}

/** Core §2: after adding to the cart the visitor goes to /cart keeping the utm values. */
export function cartPathKeepingUtm(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['utm_campaign', 'utm_medium', 'utm_source', 'utm_term', 'utm_content']) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `/cart?${query}` : '/cart';
}

/** Features §8 "cart updated for a sub-variant change" (the wording is ours: the spec shows none). */
export const SUB_VARIANT_CART_UPDATED = 'Cart updated';
export const SUB_VARIANT_CART_UPDATED_MESSAGE = 'Your cart now shows the games as this site sells them.';

/**
 * The success notification when the address's `sv` moved the visitor to another sub-variant and their cart has
 * items (the cart was loaded again under the new one); null otherwise. A fixed id: a reload shows it once.
 */
export function subVariantCartToast(
  subVariantChanged: boolean,
  cart: Pick<Cart, 'itemCount'> | null,
): ToastInput | null {
  if (!subVariantChanged || !cart || cart.itemCount === 0) return null;
  return {
    id: 'sub-variant-cart-updated',
    title: SUB_VARIANT_CART_UPDATED,
    message: SUB_VARIANT_CART_UPDATED_MESSAGE,
    level: 'success',
  };
}
