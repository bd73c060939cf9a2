// The cart (core §3 Cart, §4 anonymous cart lifecycle, §5 add-to-cart rules and payable amount, §8 auto-removed
// items and blocked reasons): one cart per customer or an anonymous cart by reference. Items are priced and checked
// by their product's handler on every read; items no longer sellable leave the cart with a notice that stays until
// dismissed. Purchase (CHECKOUT-API) reads the cart through loadForCheckout inside its own transaction.
import { randomBytes } from 'node:crypto';
import {
  toMoney,
  type AddCartItemBody,
  type BuildCartItemBody,
  type Cart,
  type CartItem,
  type CartItemInput,
  type CurrencyCode,
  type LotteryTicketInput,
  type OfferGameType,
} from '@shop/contracts';
import type { RandomSource } from '@shop/lottery';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { createCatalogueService, type CatalogueService } from '../catalogue/index.ts';
import { createDrawsService } from '../draws/index.ts';
import { createOrdersService, type OrdersService } from '../orders/index.ts';
import {
  createPromotionsService,
  promotionNotAdded,
  type AppliedPromotion,
  type PromotionCheck,
} from '../promotions/index.ts';
import { createLotteryHandler } from './cart.lottery-handler.ts';
import {
  createCartRepository,
  MAX_AUTO_REMOVED,
  type AutoRemoved,
  type CartItemRow,
  type CartRow,
} from './cart.repository.ts';
import type { CartProductHandler, ItemContext, PricedItem, PurchaseGuard } from './cart.types.ts';

/** Core §9: the anonymous cart token lives 14 days; the cart lives as long after its last change. */
export const ANONYMOUS_CART_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const DEFAULT_PRICING = 'default';
export const RAFFLES_NOT_ON_SALE = 'Raffle tickets are not on sale';

export type CartTarget = { kind: 'anonymous'; reference: string } | { kind: 'customer'; customerId: string };

export interface CartDeps {
  db: Db;
  clock: Clock;
  /** Product handlers besides the built-in lottery one (raffles); a handler given for lottery_ticket replaces it. */
  handlers?: CartProductHandler[];
  /** Responsible gambling: blocked reasons on the cart view. */
  guard?: PurchaseGuard;
  /** The wallet (ledger.fundsSummary) for the payable amount of a signed-in customer. */
  funds?: { fundsSummary(customerId: string): Promise<{ availableFundsCents: number; currency: CurrencyCode }> };
  /** The customer's price list (default or members); the default price list when absent. */
  pricingFor?(customerId: string): Promise<string>;
  catalogue?: Pick<CatalogueService, 'productOffers'>;
  orders?: Pick<OrdersService, 'addTicketLines'>;
  /** Quickpick source of the lottery handler (tests inject a seeded one). */
  rng?: RandomSource;
}

export interface CheckoutItem {
  id: string;
  item: PricedItem;
}

export interface CheckoutCart {
  cartId: number;
  cartReference: string;
  items: CheckoutItem[];
  /** Items removed by this load (closed draws ...): the purchase fails so the customer sees the change first. */
  removed: AutoRemoved[];
  /** The cart's promotion when it applies; null when there is none or it no longer applies (see promotionProblem). */
  promotion: AppliedPromotion | null;
  promotionCode: string | null;
  promotionProblem: string | null;
  subtotalCents: number;
  discountCents: number;
  bonusCreditCents: number;
  totalCents: number;
  preOrderTotalCents: number;
  currency: CurrencyCode;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const cartNotFound = (reference: string) => notFound(`There is no cart ${reference}.`, 'cart_not_found');
const itemNotFound = (itemId: string) => notFound(`There is no item ${itemId} in your cart.`, 'item_not_found');

/** Payable amount of core §5: the wallet applies only when it is less than what is due and leaves a positive rest. */
export function payableCents(totalCents: number, preOrderTotalCents: number, walletCents: number): number {
  const due = Math.max(0, totalCents - preOrderTotalCents);
  if (walletCents < due && due - walletCents > 0) return due - walletCents;
  return due;
}

/** The item a request asks for: body-level numDraws and recurringPurchase win over the item's (core §4 autoplay rule). */
export function itemInputOf(body: Pick<AddCartItemBody, 'item' | 'numDraws' | 'recurringPurchase'>): CartItemInput {
  const item = body.item;
  if (item.productType !== 'lottery_ticket') return item;
  let numDraws = body.numDraws ?? item.numDraws;
  if (body.recurringPurchase?.enabled === true) numDraws = 'autoplay';
  else if (body.recurringPurchase?.enabled === false && numDraws === 'autoplay') numDraws = 1;
  return { ...item, numDraws };
}

export function createCartService(deps: CartDeps) {
  const { db, clock } = deps;
  const repo = createCartRepository();
  const promotions = createPromotionsService({ db, clock });
  const draws = createDrawsService({ db, clock });
  const catalogue =
    deps.catalogue ??
    createCatalogueService({
      db,
      clock,
      upcomingDraws: (gameKey, limit) =>
        draws.upcomingDraws(gameKey as Parameters<typeof draws.upcomingDraws>[0], limit),
    });
  const orders = deps.orders ?? createOrdersService({ db, clock });
  const handlers = new Map<string, CartProductHandler>();
  handlers.set('lottery_ticket', createLotteryHandler({ db, catalogue, orders, rng: deps.rng }));
  for (const h of deps.handlers ?? []) handlers.set(h.productType, h);

  function handlerFor(productType: string): CartProductHandler {
    const handler = handlers.get(productType);
    if (handler) return handler;
    const message =
      productType === 'raffle_ticket'
        ? RAFFLES_NOT_ON_SALE
        : `${productType.replaceAll('_', ' ')} items are not on sale`;
    throw unprocessable(message, 'product_not_on_sale', { this: [message] });
  }

  async function contextFor(customerId: string | null): Promise<ItemContext> {
    const pricingId = customerId && deps.pricingFor ? await deps.pricingFor(customerId) : DEFAULT_PRICING;
    return { customerId, region: null, now: clock.now(), pricingId };
  }

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
      return found;
    }
    const found = await repo.byCustomer(ex, target.customerId, lock);
    if (found) return found;
    await repo.ensureCustomerCart(ex, target.customerId, newId('crt'), clock.now());
    return (await repo.byCustomer(ex, target.customerId, lock))!;
  }

  const customerOf = (target: CartTarget) => (target.kind === 'customer' ? target.customerId : null);

  /** Every item re-checked by its handler; unsellable ones are deleted and noticed (persisted) in `ex`. */
  async function refreshItems(
    ex: Executor,
    cart: CartRow,
    items: CartItemRow[],
    ctx: ItemContext,
  ): Promise<{ live: { row: CartItemRow; item: PricedItem }[]; removed: AutoRemoved[] }> {
    const results = await Promise.all(
      items.map(async (row) => {
        const handler = handlers.get(row.productType);
        if (!handler)
          return {
            row,
            verdict: {
              ok: false as const,
              reason: 'offer_suspended' as const,
              message: `${row.description} is not on sale right now, so we removed it from your cart.`,
            },
          };
        return { row, verdict: await handler.refresh(row.input as CartItemInput, ctx) };
      }),
    );
    const live: { row: CartItemRow; item: PricedItem }[] = [];
    const gone: { row: CartItemRow; notice: AutoRemoved }[] = [];
    for (const { row, verdict } of results) {
      if (verdict.ok) live.push({ row, item: verdict.item });
      else
        gone.push({
          row,
          notice: { id: row.publicId, reason: verdict.reason, description: row.description, message: verdict.message },
        });
    }
    let removed: AutoRemoved[] = [];
    if (gone.length > 0) {
      const persist = async (tx: Executor) => {
        const deleted = await repo.deleteItems(
          tx,
          cart.id,
          gone.map((g) => g.row.id),
        );
        removed = gone.filter((g) => deleted.has(g.row.publicId)).map((g) => g.notice);
        await repo.appendAutoRemoved(tx, cart.id, removed, ctx.now);
      };
      if (ex === db) await db.transaction(persist);
      else await persist(ex);
    }
    return { live, removed };
  }

  interface Totals {
    currency: CurrencyCode;
    subtotalCents: number;
    preOrderTotalCents: number;
    check: PromotionCheck | null;
    discountCents: number;
    bonusCreditCents: number;
    totalCents: number;
  }

  async function totalsOf(
    ex: Executor,
    cart: CartRow,
    live: { item: PricedItem }[],
    customerId: string | null,
  ): Promise<Totals> {
    const currency = live[0]?.item.currency ?? 'AUD';
    const subtotalCents = live.reduce((s, l) => s + l.item.priceCents, 0);
    const preOrderTotalCents = live.reduce(
      (s, l) => s + (l.item.purchaseStatus === 'pre_order' ? l.item.priceCents : 0),
      0,
    );
    const check = cart.promotionCode
      ? await promotions.check(cart.promotionCode, { customerId, subtotalCents, currency }, ex)
      : null;
    const discountCents = check?.ok ? check.promotion.discountCents : 0;
    const bonusCreditCents = check?.ok ? check.promotion.bonusCreditCents : 0;
    return {
      currency,
      subtotalCents,
      preOrderTotalCents,
      check,
      discountCents,
      bonusCreditCents,
      totalCents: subtotalCents - discountCents,
    };
  }

  function itemView(row: CartItemRow, p: PricedItem): CartItem {
    const money = (cents: number) => toMoney(cents, p.currency);
    const input = p.input;
    const lottery = input.productType === 'lottery_ticket' ? (input as LotteryTicketInput) : null;
    const first = p.draws[0] ?? null;
    const analyticsProductType = p.recurringPurchase.enabled
      ? `${p.productType}_${p.recurringPurchase.type}`
      : p.productType;
    return {
      id: row.publicId,
      productType: p.productType,
      lotteryKey: p.productOfferKey,
      productOfferKey: p.productOfferKey,
      offerName: p.offerName,
      description: p.description,
      gameType: p.gameType as OfferGameType | null,
      gameOffer: p.gameOffer,
      gameOfferName: p.gameOfferName,
      games: p.games,
      numGames: p.numGames,
      numDraws: p.draws.length,
      draws: p.draws,
      drawEncodedIds: p.draws.map((d) => d.drawId),
      recurringPurchase: p.recurringPurchase,
      causeKey: p.causeKey,
      numTickets: p.numTickets,
      unitPrice: money(p.unitPriceCents),
      price: money(p.priceCents),
      purchaseStatus: p.purchaseStatus,
      analyticsProductType,
      analytics: {
        description: p.description,
        quantity: p.numTickets ?? p.numGames,
        unitPrice: { amount: money(p.unitPriceCents).amount },
        recurringPurchase: { enabled: p.recurringPurchase.enabled, type: p.recurringPurchase.type },
        drawDate: first?.drawDate ?? null,
        drawNo: first?.drawNo ?? null,
        favourite: lottery?.favouriteTicket === true,
        lotteryKey: p.productOfferKey,
        hasFavouriteNumbers: lottery?.hasFavouriteNumbers === true,
        productType: p.productType,
        analyticsProductType,
        minimumJackpotAmount: null,
        gameType: p.gameType,
        gameOffer: p.gameOffer,
        numDraws: p.draws.length,
        numGames: p.productType === 'lottery_ticket' ? p.numGames : null,
        causeKey: p.causeKey,
        numRaffleTickets: p.numTickets,
      },
    };
  }

  /** The whole Cart of core §3 for one loaded cart. */
  async function view(loaded: { cart: CartRow; items: CartItemRow[] }, customerId: string | null): Promise<Cart> {
    const ctx = await contextFor(customerId);
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
          ? deps.funds.fundsSummary(customerId)
          : Promise.resolve({ availableFundsCents: 0, currency: t.currency }),
        deps.guard ? deps.guard.blockedReasons(customerId, dueCents, t.currency) : Promise.resolve({}),
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
          : await inapplicablePromotion(loaded.cart.promotionCode, t.currency, t.check.message)
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

  /** A code kept on the cart that does not apply right now (shown with its reason, no discount). */
  async function inapplicablePromotion(
    code: string,
    currency: CurrencyCode,
    message: string,
  ): Promise<NonNullable<Cart['promotion']>> {
    return {
      code,
      type: 'voucher_fixed_discount',
      description: message,
      discount: toMoney(0, currency),
      bonusCredit: toMoney(0, currency),
      expiresAt: null,
      applicable: false,
      message,
    };
  }

  async function viewOf(target: CartTarget): Promise<Cart> {
    return view(await load(db, target), customerOf(target));
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
    const { cart, items } = await load(db, target);
    const ctx = await contextFor(customerOf(target));
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
    const added = await repo.appendItems(
      db,
      cart.id,
      priced.map((p) => rowOf(cart.id, p)),
    );
    await repo.touch(db, cart, clock.now(), expiry());
    // The cart and its items as loaded plus the rows just written: the view without reading them back.
    return view({ cart, items: [...items, ...added] }, customerOf(target));
  }

  return {
    async createAnonymous(): Promise<{ cartReference: string; cart: Cart }> {
      const now = clock.now();
      const cart = await repo.insertAnonymous(db, { publicId: newId('crt'), now, expiresAt: expiry() });
      return { cartReference: cart.publicId, cart: await view({ cart, items: [] }, null) };
    },

    get: (target: CartTarget) => viewOf(target),

    /** The handler of a product type (the purchase workflow fulfils items through it); 422 when none sells it. */
    handlerFor,

    addItem: (target: CartTarget, body: AddCartItemBody) => addInputs(target, [itemInputOf(body)]),

    /** A quickpick ticket of `numGames` games of a game offer (the offer page's quick-buy buttons). */
    async build(target: CartTarget, body: BuildCartItemBody): Promise<Cart> {
      const input: LotteryTicketInput = {
        productType: 'lottery_ticket',
        productOfferKey: body.productOfferKey,
        gameType: body.gameType,
        gameOffer: body.gameOffer,
        games: Array.from({ length: body.numGames }, () => ({ sets: {}, quickpick: true })),
        numDraws: body.numDraws,
        ...(body.firstDrawNo !== undefined ? { firstDrawNo: body.firstDrawNo } : {}),
      };
      return addInputs(target, [input]);
    },

    /** PUT: the item's ticket replaced (same product offer), re-validated and re-priced. */
    async updateItem(target: CartTarget, itemId: string, body: AddCartItemBody): Promise<Cart> {
      const { cart, items } = await load(db, target);
      const row = items.find((i) => i.publicId === itemId);
      if (!row) throw itemNotFound(itemId);
      const input = itemInputOf(body);
      if (input.productType !== row.productType || input.productOfferKey !== row.productOfferKey) {
        const message = 'An item can only be changed into another ticket of the same lottery.';
        throw unprocessable(message, 'invalid_item', { this: [message] });
      }
      const priced = await prepare(input, await contextFor(customerOf(target)), items, itemId);
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
      const ctx = await contextFor(customerId);
      const { live } = await refreshItems(db, loaded.cart, loaded.items, ctx);
      const currency = live[0]?.item.currency ?? 'AUD';
      const subtotalCents = live.reduce((s, l) => s + l.item.priceCents, 0);
      const check = await promotions.check(code, { customerId, subtotalCents, currency });
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
        if ((anon.cart.autoRemoved as AutoRemoved[]).length > 0)
          await repo.appendAutoRemoved(tx, mine.cart.id, anon.cart.autoRemoved as AutoRemoved[], clock.now());
        await repo.deleteCart(tx, anon.cart.id);
      });
      return viewOf({ kind: 'customer', customerId });
    },

    /** Replay (CHECKOUT-API): puts tickets back in the customer's cart as new items. */
    addItems: (customerId: string, inputs: CartItemInput[]) => addInputs({ kind: 'customer', customerId }, inputs),

    /**
     * Inside the purchase transaction: locks the customer's cart row FOR UPDATE, re-checks every item (removals are
     * persisted in the same transaction) and prices the cart with its promotion.
     */
    async loadForCheckout(tx: Executor, customerId: string): Promise<CheckoutCart> {
      const loaded = await load(tx, { kind: 'customer', customerId }, true);
      const ctx = await contextFor(customerId);
      const { live, removed } = await refreshItems(tx, loaded.cart, loaded.items, ctx);
      const t = await totalsOf(tx, loaded.cart, live, customerId);
      return {
        cartId: loaded.cart.id,
        cartReference: loaded.cart.publicId,
        items: live.map((l) => ({ id: l.row.publicId, item: l.item })),
        removed,
        promotion: t.check?.ok ? t.check.promotion : null,
        promotionCode: loaded.cart.promotionCode,
        promotionProblem: t.check && !t.check.ok ? t.check.message : null,
        subtotalCents: t.subtotalCents,
        discountCents: t.discountCents,
        bonusCreditCents: t.bonusCreditCents,
        totalCents: t.totalCents,
        preOrderTotalCents: t.preOrderTotalCents,
        currency: t.currency,
      };
    },

    /** After a purchase: no items, no promotion (notices of removed items stay until dismissed). */
    async emptyCart(tx: Executor, cartId: number): Promise<void> {
      await repo.deleteAllItems(tx, cartId);
      await repo.setPromotion(tx, cartId, null, clock.now());
    },

    /** Housekeeping (hourly): anonymous carts 14 days past their last change. */
    purgeExpiredCarts: (now: Date = clock.now()) => repo.purgeExpired(db, now),
  };
}

export type CartService = ReturnType<typeof createCartService>;

/** Housekeeping entry point for the scheduler: deletes expired anonymous carts; answers how many. */
export function purgeExpiredCarts(db: Db, now: Date): Promise<number> {
  return createCartRepository().purgeExpired(db, now);
}
