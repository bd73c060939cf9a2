// The cart's inner workings (core §3, §4, §5, §8), shared by cart.service.ts: its types and rules (payable amount,
// the item a request asks for), loading a cart by target (an anonymous one by reference, 404 once expired or
// converted), pricing through the product handlers (cart.pricing.ts) and the whole Cart view of a loaded cart.
import {
  isTicketItem,
  toMoney,
  type AddCartItemBody,
  type Cart,
  type CartItem,
  type CartItemInput,
  type CurrencyCode,
} from '@shop/contracts';
import { prefetch, readScope, type BatchedRead, type Db, type Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { randomHex } from '../../lib/random-bytes.ts';
import { type AppliedPromotion, type PromotionsService } from '../promotions/index.ts';
import {
  createCartRepository,
  MAX_AUTO_REMOVED,
  type AutoRemoved,
  type CartRepository,
  type CartItemRow,
  type CartRow,
} from './cart.repository.ts';
import type { CartProductHandler, ItemContext, PricedItem, PurchaseGuard } from './cart.types.ts';
import { cartPricing } from './cart.pricing.ts';
import { inapplicablePromotion, itemView } from './cart.view.ts';

/** Core §9: the anonymous cart token lives 14 days; the cart lives as long after its last change. */
export const ANONYMOUS_CART_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const DEFAULT_PRICING = 'default';
export const RAFFLES_NOT_ON_SALE = 'Raffle tickets are not on sale';

/**
 * Whose cart, and the state of the site it is seen on (the request's sub-variant, `regionOfSubVariant`): under a
 * state's sub-variant its items carry that state's offer names and an offer not sold there is taken out.
 */
export type CartTarget = ({ kind: 'anonymous'; reference: string } | { kind: 'customer'; customerId: string }) & {
  region?: string | null;
  /**
   * The request's pricing code (the `p` address code kept in the pricing cookie, core §1): when it names a price list
   * offered by code, the cart is put on that list (kept on the cart, so its purchase charges the same prices).
   */
  pricing?: string | null;
};

export interface CartDeps {
  db: Db;
  clock: Clock;
  /** The product handlers (lottery tickets from the draws module, raffle tickets from the raffles module). */
  handlers: CartProductHandler[];
  /** Promotion codes: checked on every read, applied and removed. */
  promotions: Pick<PromotionsService, 'check'>;
  /** Responsible gambling: blocked reasons on the cart view. */
  guard?: PurchaseGuard;
  /**
   * The wallet (ledger.fundsSummary) for the payable amount of a signed-in customer; `walletRead` is its part of the
   * cart's one read (ADR 109), which fundsSummary then answers from on that read scope.
   */
  funds?: {
    fundsSummary(customerId: string, exec?: Executor): Promise<{ availableFundsCents: number; currency: CurrencyCode }>;
    walletRead?(customerId: string): BatchedRead;
  };
  /**
   * The price list a cart is priced by: the list its pricing code names when that list is offered by code, else the
   * customer's own (default or members; an anonymous cart: default). The default price list when absent.
   */
  pricingFor?(customerId: string | null, pricingCode: string | null): Promise<string>;
  /** Whether a pricing code names a price list offered by code (the catalogue); no code is kept when absent. */
  offeredByCode?(code: string): Promise<boolean>;
}

export interface CheckoutItem {
  id: string;
  item: PricedItem;
}

export interface CheckoutCart {
  cartId: number;
  /** The cart's version as read (0 for a basket without a cart): the purchase's write stands only on this version. */
  cartVersion: number;
  cartReference: string;
  items: CheckoutItem[];
  /** Items removed by this load (closed draws ...): the purchase fails so the customer sees the change first. */
  removed: AutoRemoved[];
  /** The cart's promotion when it applies; null when there is none or it no longer applies (see promotionProblem). */
  promotion: AppliedPromotion | null;
  promotionCode: string | null;
  /** The affiliate code kept on the cart (null for a basket bought without a cart). */
  affiliateCode: string | null;
  promotionProblem: string | null;
  subtotalCents: number;
  discountCents: number;
  bonusCreditCents: number;
  totalCents: number;
  preOrderTotalCents: number;
  currency: CurrencyCode;
}

/** Given items bought without a cart (no cart row, no promotion): a prize's tickets, a recurring purchase's item. */
export function basketOf(items: CheckoutItem[], cartReference: string, removed: AutoRemoved[] = []): CheckoutCart {
  const totalCents = items.reduce((s, l) => s + l.item.priceCents, 0);
  return {
    cartId: 0,
    cartVersion: 0,
    cartReference,
    items,
    removed,
    promotion: null,
    promotionCode: null,
    affiliateCode: null,
    promotionProblem: null,
    subtotalCents: totalCents,
    discountCents: 0,
    bonusCreditCents: 0,
    totalCents,
    preOrderTotalCents: items.reduce((s, l) => s + (l.item.purchaseStatus === 'pre_order' ? l.item.priceCents : 0), 0),
    currency: items[0]?.item.currency ?? 'AUD',
  };
}

export const newId = (prefix: string) => `${prefix}_${randomHex(10)}`;
export const cartNotFound = (reference: string) => notFound(`There is no cart ${reference}.`, 'cart_not_found');
export const itemNotFound = (itemId: string) => notFound(`There is no item ${itemId} in your cart.`, 'item_not_found');

/** Payable amount of core §5: the wallet applies only when it is less than what is due and leaves a positive rest. */
export function payableCents(totalCents: number, preOrderTotalCents: number, walletCents: number): number {
  const due = Math.max(0, totalCents - preOrderTotalCents);
  if (walletCents < due && due - walletCents > 0) return due - walletCents;
  return due;
}

/** The product offer an item input names (a Lotto Party share names its session instead). */
export const offerKeyOf = (input: CartItemInput): string =>
  input.productType === 'social_syndicate_share' ? input.sessionId : input.productOfferKey;

/** The item a request asks for: body-level numDraws and recurringPurchase win over the item's (core §4 autoplay rule). */
export function itemInputOf(body: Pick<AddCartItemBody, 'item' | 'numDraws' | 'recurringPurchase'>): CartItemInput {
  const item = body.item;
  // Shares of a Lotto Party session are never recurring (the group's autosession is: docs/lotto-party.md).
  if (item.productType === 'social_syndicate_share') return item;
  const rp = body.recurringPurchase;
  // A subscription is the item bought once per period (docs/recurring.md, Subscriptions).
  if (rp?.type === 'subscription' && isTicketItem(item))
    return rp.enabled
      ? { ...item, subscriptionPeriod: rp.period ?? item.subscriptionPeriod ?? 'monthly' }
      : { ...item, subscriptionPeriod: undefined };
  if (item.productType !== 'lottery_ticket') return item;
  let numDraws = body.numDraws ?? item.numDraws;
  if (body.recurringPurchase?.enabled === true) numDraws = 'autoplay';
  else if (body.recurringPurchase?.enabled === false && numDraws === 'autoplay') numDraws = 1;
  return { ...item, numDraws };
}

/** The product handler of a product type; 422 when none sells it (raffles: "Raffle tickets are not on sale"). */
function handlerLookup(handlers: Map<string, CartProductHandler>): (productType: string) => CartProductHandler {
  return (productType) => {
    const handler = handlers.get(productType);
    if (handler) return handler;
    const message =
      productType === 'raffle_ticket'
        ? RAFFLES_NOT_ON_SALE
        : `${productType.replaceAll('_', ' ')} items are not on sale`;
    throw unprocessable(message, 'product_not_on_sale', { this: [message] });
  };
}

/** The context a cart's items are priced and named in: the customer, the state site, the price list and now. */
function contextOf(deps: Pick<CartDeps, 'pricingFor' | 'clock'>) {
  return async (
    customerId: string | null,
    region: string | null = null,
    pricingCode: string | null = null,
  ): Promise<ItemContext> => {
    const pricingId = deps.pricingFor ? await deps.pricingFor(customerId, pricingCode) : DEFAULT_PRICING;
    return { customerId, region, now: deps.clock.now(), pricingId };
  };
}

/**
 * What a request's view of the cart is kept on it for its purchase: a pricing code that names a list offered by code
 * (bad or unknown: ignored), and the state site it is seen on (a target without one, inside the shop, keeps it).
 */
function viewKeeper(deps: Pick<CartDeps, 'offeredByCode'>, repo: CartRepository) {
  return async (ex: Executor, target: CartTarget, cart: CartRow): Promise<void> => {
    if (target.region !== undefined && (target.region ?? null) !== cart.region) {
      await repo.setRegion(ex, cart.id, target.region ?? null);
      cart.region = target.region ?? null;
    }
    const code = target.pricing;
    if (!code || code === cart.pricingCode || !deps.offeredByCode || !(await deps.offeredByCode(code))) return;
    await repo.setPricingCode(ex, cart.id, code);
    cart.pricingCode = code;
  };
}

/**
 * A signed-in customer's cart and everything its view shows (the wallet, the blocked reasons) read in ONE statement
 * (ADR 109), kept on a read scope the cart's reads and the view then take from. Anonymous carts: the db.
 */
async function viewReads(
  deps: Pick<CartDeps, 'db' | 'funds' | 'guard'>,
  repo: CartRepository,
  target: CartTarget,
): Promise<Executor> {
  if (target.kind !== 'customer') return deps.db;
  const id = target.customerId;
  const scope = readScope(deps.db);
  await prefetch(scope, 'cart_view', [
    repo.customerCartRead(id),
    ...(deps.funds?.walletRead ? [deps.funds.walletRead(id)] : []),
    ...(deps.guard?.checksRead?.(id) ?? []),
  ]);
  return scope;
}

export function cartCore(deps: CartDeps) {
  const { db, clock, promotions } = deps;
  const repo = createCartRepository();
  const handlers = new Map(deps.handlers.map((h): [string, CartProductHandler] => [h.productType, h]));
  const handlerFor = handlerLookup(handlers);
  const contextFor = contextOf(deps);
  const keepView = viewKeeper(deps, repo);

  const expiry = () => new Date(clock.now().getTime() + ANONYMOUS_CART_TTL_MS);

  /** The cart a request names: an anonymous cart by its reference (404 when unknown, expired or converted). */
  async function load(
    ex: Executor,
    target: CartTarget,
    lock = false,
  ): Promise<{ cart: CartRow; items: CartItemRow[] }> {
    if (target.kind === 'anonymous') {
      const found = await repo.byReference(ex, target.reference, lock);
      if (
        !found ||
        !found.cart.anonymous ||
        (found.cart.expiresAt && found.cart.expiresAt.getTime() <= clock.now().getTime())
      )
        throw cartNotFound(target.reference);
      await keepView(ex, target, found.cart);
      return found;
    }
    let found = await repo.byCustomer(ex, target.customerId, lock);
    if (!found) {
      await repo.ensureCustomerCart(ex, target.customerId, newId('crt'), clock.now());
      found = (await repo.byCustomer(ex, target.customerId, lock))!;
    }
    await keepView(ex, target, found.cart);
    return found;
  }

  const customerOf = (target: CartTarget) => (target.kind === 'customer' ? target.customerId : null);

  const { refreshItems, totalsOf } = cartPricing({ db, repo, handlers, promotions });
  const readsFor = (target: CartTarget) => viewReads(deps, repo, target);

  /**
   * The whole Cart of core §3 for one loaded cart. A change passes the context it checked its items with, so the view
   * judges them at the same instant (an item added a moment before its draw's stop is not answered as removed).
   */
  async function view(
    loaded: { cart: CartRow; items: CartItemRow[] },
    customerId: string | null,
    checkedWith?: ItemContext,
    /** The read scope the cart was read on (its funds and reasons prefetched), else the db. */
    reads: Executor = db,
  ): Promise<Cart> {
    const ctx = checkedWith ?? (await contextFor(customerId, null, loaded.cart.pricingCode));
    const { live, removed } = await refreshItems(db, loaded.cart, loaded.items, ctx);
    const t = await totalsOf(db, loaded.cart, live, customerId);
    // What refreshItems appended to the stored list, without reading it back.
    const autoRemoved = [...(loaded.cart.autoRemoved as AutoRemoved[]), ...removed]
      .slice(-MAX_AUTO_REMOVED)
      .map((n) => ({ id: n.id, reason: n.reason, description: n.description, message: n.message }));
    const cartItems: Record<string, CartItem[]> = {};
    for (const { row, item } of live) (cartItems[item.productType] ??= []).push(itemView(row, item));
    const dueCents = Math.max(0, t.totalCents - t.preOrderTotalCents);
    let payableAmount = null;
    let walletBalance = null;
    let blockedReasons: Record<string, string> = {};
    if (customerId !== null) {
      const [funds, blocked] = await Promise.all([
        deps.funds
          ? deps.funds.fundsSummary(customerId, reads)
          : Promise.resolve({ availableFundsCents: 0, currency: t.currency }),
        deps.guard ? deps.guard.blockedReasons(customerId, dueCents, t.currency, reads) : Promise.resolve({}),
      ]);
      const wallet = funds.currency === t.currency ? funds.availableFundsCents : 0;
      payableAmount = toMoney(payableCents(t.totalCents, t.preOrderTotalCents, wallet), t.currency);
      walletBalance = toMoney(wallet, t.currency);
      blockedReasons = blocked;
    }
    const promotion =
      loaded.cart.promotionCode && t.check
        ? t.check.ok
          ? {
              code: t.check.promotion.code,
              type: t.check.promotion.type,
              description: t.check.promotion.description,
              discount: toMoney(t.discountCents, t.currency),
              bonusCredit: toMoney(t.bonusCreditCents, t.currency),
              expiresAt: t.check.promotion.expiresAt?.toISOString() ?? null,
              applicable: true,
              message: null,
            }
          : inapplicablePromotion(loaded.cart.promotionCode, t.currency, t.check.message)
        : null;
    return {
      cartReference: loaded.cart.publicId,
      cartItems,
      itemCount: live.length,
      autoRemovedItems: autoRemoved,
      cartTotal: toMoney(t.totalCents, t.currency),
      preOrderTotal: toMoney(t.preOrderTotalCents, t.currency),
      subtotal: toMoney(t.subtotalCents, t.currency),
      promotion,
      requiresUnattendedPaymentMethod: live.some(
        (l) => l.item.recurringPurchase.enabled || l.item.recurringPurchase.availability === 'always',
      ),
      blockedReasons,
      showRegulation: live.some(
        (l) => l.item.productType === 'lottery_ticket' || l.item.productType === 'raffle_ticket',
      ),
      payableAmount,
      walletBalance,
    };
  }

  async function viewOf(target: CartTarget): Promise<Cart> {
    const reads = await readsFor(target);
    const loaded = await load(reads, target);
    return view(
      loaded,
      customerOf(target),
      await contextFor(customerOf(target), target.region, loaded.cart.pricingCode),
      reads,
    );
  }

  async function touched(target: CartTarget, cart: CartRow): Promise<Cart> {
    await repo.touch(db, cart, clock.now(), expiry());
    return viewOf(target);
  }

  /** Prices a new item and checks it fits the cart (one currency per cart). */
  async function prepare(
    input: CartItemInput,
    ctx: ItemContext,
    items: CartItemRow[],
    except?: string,
  ): Promise<PricedItem> {
    const priced = await handlerFor(input.productType).prepare(input, ctx);
    const other = items.find((i) => i.publicId !== except && i.currency !== priced.currency);
    if (other) {
      const message = `Your cart holds ${other.currency} tickets; buy ${priced.currency} tickets in a separate order.`;
      throw unprocessable(message, 'currency_mismatch', { this: [message] });
    }
    return priced;
  }

  const rowOf = (cartId: number, priced: PricedItem) => ({
    publicId: newId('itm'),
    cartId,
    productType: priced.productType,
    productOfferKey: priced.productOfferKey,
    input: priced.input,
    description: priced.description,
    numDraws: Math.max(1, priced.draws.length),
    recurring: priced.recurringPurchase,
    currency: priced.currency,
    createdAt: clock.now(),
  });

  async function addInputs(target: CartTarget, inputs: CartItemInput[]): Promise<Cart> {
    const reads = await readsFor(target);
    const { cart, items } = await load(reads, target);
    const ctx = await contextFor(customerOf(target), target.region, cart.pricingCode);
    const priced: PricedItem[] = [];
    // Every item is checked before any is stored: a failed add adds nothing.
    for (const input of inputs) priced.push(await prepare(input, ctx, items));
    const mixed = priced.find((p) => p.currency !== priced[0]!.currency);
    if (mixed)
      throw unprocessable(
        'These tickets are in different currencies; buy them in separate orders.',
        'currency_mismatch',
        { this: ['These tickets are in different currencies; buy them in separate orders.'] },
      );
    // The items and the cart's touch (its expiry when anonymous) in one statement.
    const added = await repo.appendItems(
      db,
      cart.id,
      priced.map((p) => rowOf(cart.id, p)),
      { anonymous: cart.anonymous, now: clock.now(), expiresAt: expiry() },
    );
    // The cart and its items as loaded plus the rows just written: the view without reading them back.
    return view({ cart, items: [...items, ...added] }, customerOf(target), ctx, reads);
  }

  return {
    repo,
    handlerFor,
    contextFor,
    expiry,
    load,
    customerOf,
    refreshItems,
    totalsOf,
    view,
    viewOf,
    touched,
    prepare,
    rowOf,
    addInputs,
  };
}
