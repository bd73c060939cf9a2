// The cart (core §3 Cart, §4 anonymous cart lifecycle, §5 add-to-cart rules and payable amount, §8 auto-removed
// items and blocked reasons): one cart per customer or an anonymous cart by reference. Items are priced and checked
// by their product's handler on every read (cart.core.ts); items no longer sellable leave the cart with a notice that
// stays until dismissed. Purchase reads the cart through loadForCheckout on its one read (ADR 109).
import type { AddCartItemBody, BuildCartItemBody, Cart, CartItemInput, LotteryTicketInput } from '@shop/contracts';
import type { BatchedWrite, Executor, WritePart } from '../../db/index.ts';
import type { PricedItem } from './cart.types.ts';
import { unprocessable } from '../../lib/errors.ts';
import { promotionNotAdded } from '../promotions/index.ts';
import {
  basketOf,
  cartCore,
  itemInputOf,
  itemNotFound,
  newId,
  offerKeyOf,
  type CartDeps,
  type CartTarget,
  type CheckoutCart,
} from './cart.core.ts';
import type { AutoRemoved } from './cart.repository.ts';
import { chargedNowCents } from './cart.pricing.ts';

export {
  ANONYMOUS_CART_TTL_MS,
  DEFAULT_PRICING,
  RAFFLES_NOT_ON_SALE,
  basketOf,
  itemInputOf,
  payableCents,
  type CartDeps,
  type CartTarget,
  type CheckoutCart,
  type CheckoutItem,
} from './cart.core.ts';

/** POST /cart/build's ticket: `numGames` quickpick games of a game offer. */
function quickpickInput(body: BuildCartItemBody): LotteryTicketInput {
  return {
    productType: 'lottery_ticket',
    productOfferKey: body.productOfferKey,
    gameType: body.gameType,
    gameOffer: body.gameOffer,
    games: Array.from({ length: body.numGames }, () => ({ sets: {}, quickpick: true })),
    numDraws: body.numDraws,
    ...(body.firstDrawNo !== undefined ? { firstDrawNo: body.firstDrawNo } : {}),
  };
}

export function createCartService(deps: CartDeps) {
  const { db, clock, promotions } = deps;
  const core = cartCore(deps);
  const {
    repo,
    handlerFor,
    expiry,
    load,
    customerOf,
    refreshItems,
    contextFor,
    totalsOf,
    view,
    viewOf,
    touched,
    prepare,
    addInputs,
  } = core;
  return {
    async createAnonymous(): Promise<{ cartReference: string; cart: Cart }> {
      const now = clock.now();
      const cart = await repo.insertAnonymous(db, { publicId: newId('crt'), now, expiresAt: expiry() });
      return { cartReference: cart.publicId, cart: await view({ cart, items: [] }, null) };
    },

    get: (target: CartTarget) => viewOf(target),

    /** The handler of a product type (the purchase workflow fulfils items through it); 422 when none sells it. */
    handlerFor,

    /** Adds the item; an affiliateCode (core §7) is kept on the cart for the order (the affiliate report). */
    async addItem(target: CartTarget, body: AddCartItemBody): Promise<Cart> {
      const added = await addInputs(target, [itemInputOf(body)]);
      if (body.affiliateCode) await repo.setAffiliate(db, (await load(db, target)).cart.id, body.affiliateCode);
      return added;
    },

    /** A quickpick ticket of `numGames` games of a game offer (the offer page's quick-buy buttons). */
    build: (target: CartTarget, body: BuildCartItemBody): Promise<Cart> => addInputs(target, [quickpickInput(body)]),

    /** PUT: the item's ticket replaced (same product offer), re-validated and re-priced. */
    async updateItem(target: CartTarget, itemId: string, body: AddCartItemBody): Promise<Cart> {
      const { cart, items } = await load(db, target);
      const row = items.find((i) => i.publicId === itemId);
      if (!row) throw itemNotFound(itemId);
      const input = itemInputOf(body);
      if (input.productType !== row.productType || offerKeyOf(input) !== row.productOfferKey) {
        const message = 'An item can only be changed into another ticket of the same lottery.';
        throw unprocessable(message, 'invalid_item', { this: [message] });
      }
      const ctx = await contextFor(customerOf(target), target.region, cart.pricingCode);
      const priced = await prepare(input, ctx, items, itemId);
      const changed = await repo.replaceItem(db, cart.id, itemId, {
        input: priced.input,
        description: priced.description,
        numDraws: Math.max(1, priced.draws.length),
        recurring: priced.recurringPurchase,
        currency: priced.currency,
      });
      if (!changed) throw itemNotFound(itemId);
      return touched(target, cart);
    },

    async deleteItem(target: CartTarget, itemId: string): Promise<Cart> {
      const { cart } = await load(db, target);
      if (!(await repo.deleteItem(db, cart.id, itemId))) throw itemNotFound(itemId);
      return touched(target, cart);
    },

    async applyPromotion(target: CartTarget, code: string): Promise<Cart> {
      const loaded = await load(db, target);
      const customerId = customerOf(target);
      const ctx = await contextFor(customerId, target.region, loaded.cart.pricingCode);
      const { live } = await refreshItems(db, loaded.cart, loaded.items, ctx);
      const currency = live[0]?.item.currency ?? 'AUD';
      // As the totals: a promotion goes by what is charged now, never by pre-orders (cart.pricing.ts).
      const check = await promotions.check(code, { customerId, subtotalCents: chargedNowCents(live), currency });
      if (!check.ok) throw promotionNotAdded(check.message);
      await repo.setPromotion(db, loaded.cart.id, check.promotion.code, clock.now());
      return touched(target, loaded.cart);
    },

    async removePromotion(target: CartTarget): Promise<Cart> {
      const { cart } = await load(db, target);
      await repo.setPromotion(db, cart.id, null, clock.now());
      return touched(target, cart);
    },

    async dismissAutoRemoved(target: CartTarget): Promise<Cart> {
      const { cart } = await load(db, target);
      await repo.clearAutoRemoved(db, cart.id, clock.now());
      return viewOf(target);
    },

    /**
     * At login: the anonymous cart's items move to the end of the customer's cart, its promotion is kept when the
     * customer's cart has none, and the anonymous cart is deleted (its reference answers 404 from then on).
     */
    async convert(reference: string, customerId: string): Promise<Cart> {
      await db.transaction(async (tx) => {
        const anon = await load(tx, { kind: 'anonymous', reference }, true);
        const mine = await load(tx, { kind: 'customer', customerId }, true);
        const offset = await repo.nextPosition(tx, mine.cart.id);
        await repo.moveItems(tx, anon.cart.id, mine.cart.id, offset);
        if (!mine.cart.promotionCode && anon.cart.promotionCode)
          await repo.setPromotion(tx, mine.cart.id, anon.cart.promotionCode, clock.now());
        if (anon.cart.affiliateCode) await repo.setAffiliate(tx, mine.cart.id, anon.cart.affiliateCode);
        if (anon.cart.pricingCode) await repo.setPricingCode(tx, mine.cart.id, anon.cart.pricingCode);
        if ((anon.cart.autoRemoved as AutoRemoved[]).length > 0)
          await repo.appendAutoRemoved(tx, mine.cart.id, anon.cart.autoRemoved as AutoRemoved[], clock.now());
        await repo.deleteCart(tx, anon.cart.id);
      });
      return viewOf({ kind: 'customer', customerId });
    },

    /** Replay (CHECKOUT-API): puts tickets back in the customer's cart as new items. */
    addItems: (customerId: string, inputs: CartItemInput[]) => addInputs({ kind: 'customer', customerId }, inputs),

    /**
     * The cart to buy, every item re-checked (removals persisted at once) and priced with its promotion: on the
     * checkout's read scope as read, with its version; in a transaction without one, its row locked FOR UPDATE.
     */
    async loadForCheckout(tx: Executor, customerId: string): Promise<CheckoutCart> {
      const loaded = await load(tx, { kind: 'customer', customerId }, true);
      // Priced by the cart's own list (pricing code), named for the site it was last seen on: what that view showed.
      const ctx = await contextFor(customerId, loaded.cart.region, loaded.cart.pricingCode);
      const { live, removed } = await refreshItems(tx, loaded.cart, loaded.items, ctx);
      const t = await totalsOf(tx, loaded.cart, live, customerId);
      return {
        cartId: loaded.cart.id,
        cartVersion: loaded.cart.version,
        cartReference: loaded.cart.publicId,
        items: live.map((l) => ({ id: l.row.publicId, item: l.item })),
        removed,
        promotion: t.check?.ok ? t.check.promotion : null,
        promotionCode: loaded.cart.promotionCode,
        affiliateCode: loaded.cart.affiliateCode,
        promotionProblem: t.check && !t.check.ok ? t.check.message : null,
        subtotalCents: t.subtotalCents,
        discountCents: t.discountCents,
        bonusCreditCents: t.bonusCreditCents,
        totalCents: t.totalCents,
        preOrderTotalCents: t.preOrderTotalCents,
        currency: t.currency,
      };
    },

    /**
     * Inside a purchase transaction that buys given items instead of the cart (recurring and scheduled purchases):
     * each is re-checked and priced by its handler, as a cart item is; no cart row is locked, read or changed, and no
     * promotion applies. Items no longer sellable come back in `removed` (the purchase then buys nothing).
     */
    async loadItemsForCheckout(tx: Executor, customerId: string, inputs: CartItemInput[]): Promise<CheckoutCart> {
      const ctx = { ...(await contextFor(customerId)), executor: tx };
      const live: CheckoutCart['items'] = [];
      const removed: AutoRemoved[] = [];
      for (const [i, input] of inputs.entries()) {
        const verdict = await handlerFor(input.productType).refresh(input, ctx);
        const id = `item_${i + 1}`;
        if (verdict.ok) live.push({ id, item: verdict.item });
        else removed.push({ id, reason: verdict.reason, description: offerKeyOf(input), message: verdict.message });
      }
      return basketOf(live, '', removed);
    },

    /** Validate and price one item for a customer outside any cart (a scheduled purchase set up): 422 as when added. */
    async prepareItem(customerId: string | null, input: CartItemInput): Promise<PricedItem> {
      return handlerFor(input.productType).prepare(input, await contextFor(customerId));
    },

    /** After a purchase: no items, no promotion (notices of removed items stay until dismissed). */
    async emptyCart(tx: Executor, cartId: number): Promise<void> {
      await repo.empty(tx, cartId, clock.now());
    },

    /** emptyCart as statements the purchase runs with its own last write (one round trip). */
    emptyCartWrites: (cartId: number): BatchedWrite[] => repo.emptyWrites(cartId, clock.now()),
    /** The cart as part of the checkout's one read (ADR 109): loadForCheckout on that scope answers from it. */
    checkoutRead: (customerId: string) => repo.customerCartRead(customerId),
    /** emptyCart as a part of the purchase's guarded write: it stands only if the cart is still at `version`. */
    purchasedWrite: (cartId: number, version: number): WritePart => repo.purchasedWrite(cartId, version, clock.now()),

    /**
     * Offer keys in the visitor's cart (placements leave those out): the customer's cart when signed in, else the
     * anonymous cart by reference; an unknown or foreign cart reference counts as empty.
     */
    async offerKeysIn(q: { cartReference: string | null; customerId: string | null }): Promise<string[]> {
      const target: CartTarget | null = q.customerId
        ? { kind: 'customer', customerId: q.customerId }
        : q.cartReference
          ? { kind: 'anonymous', reference: q.cartReference }
          : null;
      const view = target ? await viewOf(target).catch(() => null) : null;
      return view ? Object.values(view.cartItems).flatMap((items) => items.map((i) => i.productOfferKey)) : [];
    },

    /** Housekeeping (hourly): anonymous carts 14 days past their last change. */
    purgeExpiredCarts: (now: Date = clock.now()) => repo.purgeExpired(db, now),
  };
}

export type CartService = ReturnType<typeof createCartService>;
