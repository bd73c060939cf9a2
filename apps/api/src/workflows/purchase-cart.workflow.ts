// Purchase of the customer's cart (interfaces "Purchase", core §5, DESIGN.md §4/§6). One transaction: lock the cart,
// re-check every item, redeem the promotion, lock the wallet, check responsible-gambling limits, debit the payable
// amount (cart total less pre-orders), write checkout, orders and tickets (each handler fulfils its items and checks
// the draw is still open under a share lock, so a purchase either commits before the draw's close or fails), queue
// the receipt email, empty the cart, pay a credit voucher into the bonus account. Nothing is written on failure.
import {
  DEPOSIT_MESSAGES,
  formatCurrency,
  type ApiMessage,
  type CartItemAnalytics,
  type CartItemInput,
  type CurrencyCode,
  type PurchaseBody,
  IN_FLIGHT_MESSAGE,
} from '@shop/contracts';
import type { BatchedWrite, Db, Executor } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { crashPoint } from '../lib/crash-points.ts';
import { AppError, conflict } from '../lib/errors.ts';
import type {
  CartProductHandler,
  CartService,
  FulfilledTicket,
  PricedItem,
  PurchaseGuard,
} from '../modules/cart/index.ts';
import {
  button,
  details,
  drawDateText,
  highlight,
  picksText,
  text,
  type EmailBlock,
  type EmailMessage,
} from '../modules/notifications/index.ts';
import { newPublicId, paidAmounts, type CheckoutService, type NewOrder } from '../modules/orders/index.ts';
import { promotionNotAdded, redeemPromotion, type RedeemInput } from '../modules/promotions/index.ts';
import { createAdmission } from './purchase-admission.ts';

/** What the purchase needs of the cart module. */
export type CheckoutCart = Pick<CartService, 'loadForCheckout' | 'loadItemsForCheckout' | 'emptyCartWrites'>;

/** Who a purchase is attributed to: a partner and its channel (the partner purchase, issue 19), with metadata. */
export interface PurchaseAttribution {
  partnerKey: string;
  channelKey: string;
  metadata: Record<string, string>;
}

/** What a purchase bought, item by item: the recurring module turns recurring items into recurring purchases. */
export interface PurchasedOrders {
  customerId: string;
  checkoutId: string;
  now: Date;
  orders: { orderId: string; item: PricedItem; tickets: FulfilledTicket[] }[];
  /** The partner the purchase is attributed to (its commission is posted in the same transaction). */
  attribution?: PurchaseAttribution;
}

export interface PurchaseLedger {
  lockWallet(tx: Executor, customerId: string, currency: CurrencyCode): Promise<void>;
  debitPurchase(
    tx: Executor,
    m: { customerId: string; amountCents: number; currency: CurrencyCode; reference: string; description: string },
  ): Promise<{ entryId: string }>;
  creditBonus(
    tx: Executor,
    m: { customerId: string; amountCents: number; currency: CurrencyCode; reference: string; description: string },
  ): Promise<{ entryId: string }>;
  fundsSummary(customerId: string): Promise<{ availableFundsCents: number }>;
}

/** A request's Idempotency-Key, and how to name the operation it started in the key's record (same transaction). */
export interface PurchaseKey {
  key: string;
  recordOperation?: (tx: Executor, operationId: string) => Promise<void>;
  /** recordOperation as a statement sent with the checkout's own write (one round trip); preferred when given. */
  recordOperationWrite?: (operationId: string) => BatchedWrite;
}

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  cart: CheckoutCart;
  handlers: CartProductHandler[];
  guard?: PurchaseGuard;
  ledger: PurchaseLedger;
  checkouts: CheckoutService;
  /** The promotions module's redeemPromotion (the default): re-checks limits under a row lock (422 promotion_not_added). */
  redeemPromotion?: (tx: Executor, p: RedeemInput) => Promise<unknown>;
  /** The receipt is stored with the checkout's own write (`emailWrite`, one round trip). */
  outbox?: { emailWrite(tx: Executor, m: EmailMessage): Promise<BatchedWrite | null> };
  /** The shop's address, for the receipt email's link (absent: the email has no link). */
  publicUrl?: string;
  /**
   * Identity: email and first name of the customer (receipt), read in the purchase's transaction (from the row its
   * checks have read), and favourite numbers (saved from the cart when none).
   */
  contactOf?: (customerId: string, tx: Executor) => Promise<{ email: string; firstname: string } | null>;
  favourites?: {
    get(customerId: string): Promise<{ lotteryKey: string; sets: Record<string, number[]> }[]>;
    set(customerId: string, favourites: { lotteryKey: string; sets: Record<string, number[]> }[]): Promise<unknown>;
  };
  /**
   * Loads what the items' re-check reads from memory (the catalogue's cached offers) before the transaction opens:
   * a transaction that waited for a second pool connection to rebuild a cache could starve the pool under load.
   */
  warmUp?: () => Promise<unknown>;
  /** Purchase transactions run at once in this process; keep it below the pool's size (see `admitted`). */
  maxConcurrent?: number;
  /** Inside the purchase transaction, after the orders are written (recurring items become recurring purchases). */
  afterOrders?: (tx: Executor, bought: PurchasedOrders) => Promise<void>;
}

export interface PurchaseResult {
  checkoutId: string;
  receiptPath: string;
}

export const DEPOSIT_PATH = '/cart/buy';
export const DEFAULT_FAILURE = DEPOSIT_MESSAGES.failure;
export const INVALID_DEPOSIT_RESPONSE = DEPOSIT_MESSAGES.invalidResponse;

export const resultOf = (checkoutId: string): PurchaseResult => ({ checkoutId, receiptPath: `/receipt/${checkoutId}` });
export const message = (code: string, text: string, level: ApiMessage['level'] = 'error'): ApiMessage => ({
  code,
  text,
  level,
});

function analyticsOf(item: PricedItem): CartItemAnalytics {
  const first = item.draws[0];
  return {
    description: item.description,
    quantity: 1,
    unitPrice: { amount: item.unitPriceCents / 100 },
    recurringPurchase: { enabled: item.recurringPurchase.enabled, type: item.recurringPurchase.type },
    drawDate: first?.drawDate ?? null,
    drawNo: first?.drawNo ?? null,
    favourite: item.input.productType === 'lottery_ticket' ? item.input.favouriteTicket === true : false,
    lotteryKey: item.productOfferKey,
    hasFavouriteNumbers: item.input.productType === 'lottery_ticket' ? item.input.hasFavouriteNumbers === true : false,
    productType: item.productType,
    analyticsProductType: item.productType,
    minimumJackpotAmount: null,
    gameType: item.gameType,
    gameOffer: item.gameOffer,
    numDraws: item.draws.length,
    numGames: item.productType === 'lottery_ticket' ? item.numGames : null,
    causeKey: item.causeKey,
    numRaffleTickets: item.numTickets,
  };
}

/** The purchase confirmation: each item with its price, draws (number and date) and ticket numbers. */
function receiptBody(
  checkoutId: string,
  bought: PurchasedOrders['orders'],
  totalCents: number,
  currency: CurrencyCode,
  publicUrl: string | undefined,
): EmailBlock[] {
  const items = bought.map(({ item, tickets }) => {
    const rows: [string, string][] = [['Price', formatCurrency(item.priceCents, currency)]];
    for (const t of tickets) {
      const when = `Draw ${t.drawNo}, ${drawDateText(t.drawDate)}`;
      rows.push([item.purchaseStatus === 'pre_order' ? 'Pre-ordered for' : 'Draw', when]);
    }
    const first = tickets[0];
    (first?.lines ?? []).forEach((sets, i) => rows.push([`Line ${i + 1}`, picksText(sets)]));
    if (first?.raffleTicketNumbers.length)
      rows.push(['Ticket numbers', tickets.flatMap((t) => t.raffleTicketNumbers).join(', ')]);
    return details(rows, item.description);
  });
  return [
    text(`Thank you for your purchase. Receipt ${checkoutId}`),
    ...items,
    highlight('Total', formatCurrency(totalCents, currency)),
    ...(publicUrl ? [button('See your receipt', `${publicUrl}/receipt/${checkoutId}`)] : []),
  ];
}

/** The receipt email, queued in the purchase's transaction with the checkout's write (dedupe by checkout). */
function receiptWrite(
  outbox: NonNullable<PurchaseDeps['outbox']>,
  tx: Executor,
  contact: { email: string; firstname: string },
  receipt: { checkoutId: string; bought: PurchasedOrders['orders']; totalCents: number; currency: CurrencyCode },
  publicUrl: string | undefined,
) {
  const { checkoutId, bought, totalCents, currency } = receipt;
  return outbox.emailWrite(tx, {
    to: contact.email,
    kind: 'receipt',
    subject: `Your tickets: receipt ${checkoutId}`,
    greeting: `Hi ${contact.firstname},`,
    body: receiptBody(checkoutId, bought, totalCents, currency, publicUrl),
    dedupeKey: `receipt:${checkoutId}`,
  });
}

/** Features §5: numbers bought as a favourite ticket become the favourites when the customer has none yet. */
async function saveFavourites(
  favourites: PurchaseDeps['favourites'],
  customerId: string,
  items: PricedItem[],
): Promise<void> {
  if (!favourites) return;
  const wanted = items.filter(
    (i) => i.input.productType === 'lottery_ticket' && i.input.favouriteTicket === true && i.games.length > 0,
  );
  if (!wanted.length) return;
  if ((await favourites.get(customerId)).length > 0) return;
  const entries = wanted.flatMap((i) =>
    i.games
      .filter((g) => !g.quickpick && Object.values(g.sets).every((s) => s.every((n) => n !== null)))
      .slice(0, 1)
      .map((g) => ({ lotteryKey: i.productOfferKey, sets: g.sets as Record<string, number[]> })),
  );
  if (entries.length) await favourites.set(customerId, entries.slice(0, 20));
}

/** 422 insufficient_funds: how much more the customer needs, and the deposit path to get it. */
async function insufficientFundsError(
  ledger: PurchaseLedger,
  customerId: string,
  s: { payableCents: number; currency: CurrencyCode },
): Promise<AppError> {
  const { availableFundsCents } = await ledger.fundsSummary(customerId);
  const shortCents = Math.max(1, s.payableCents - availableFundsCents);
  const text = `You need ${formatCurrency(shortCents, s.currency)} more to buy these tickets.`;
  return new AppError(422, text, {
    code: 'insufficient_funds',
    fieldErrors: { this: [text] },
    messages: [message('insufficient_funds', text), message('deposit_path', DEPOSIT_PATH, 'info')],
  });
}

/** Checks the cart can be bought before any money is taken (a dead cart never charges). */
async function validateCartOf(
  deps: Pick<PurchaseDeps, 'db' | 'cart' | 'warmUp'>,
  admitted: ReturnType<typeof createAdmission>,
  customerId: string,
): Promise<void> {
  await deps.warmUp?.();
  const problem = await admitted(() =>
    deps.db.transaction(async (tx) => {
      const loaded = await deps.cart.loadForCheckout(tx, customerId);
      if (loaded.removed.length) return 'removed' as const;
      return loaded.items.length ? null : ('empty' as const);
    }),
  );
  if (problem === 'empty')
    throw new AppError(422, 'Your cart is empty.', {
      code: 'cart_empty',
      fieldErrors: { this: ['Your cart is empty.'] },
    });
  if (problem === 'removed') {
    const text = 'Some items in your cart are no longer available';
    throw new AppError(422, text, { code: 'draw_closed', fieldErrors: { this: [text] } });
  }
}

/**
 * Each item's handler writes what it sells (tickets, shares) in the purchase transaction; answers the orders to record.
 * Each handler is told what its item is paid after the discount: the same split recordCheckout gives the orders.
 */
async function fulfilItems(
  tx: Executor,
  loaded: { items: { item: PricedItem }[]; discountCents: number },
  handlerFor: (productType: string) => CartProductHandler,
  ctx: { customerId: string; checkoutId: string; now: Date },
): Promise<{ orders: NewOrder[]; bought: PurchasedOrders['orders'] }> {
  const orders: NewOrder[] = [];
  const bought: PurchasedOrders['orders'] = [];
  const paid = paidAmounts(
    loaded.items.map(({ item }) => ({ priceCents: item.priceCents, preOrder: item.purchaseStatus === 'pre_order' })),
    loaded.discountCents,
  );
  for (const [i, { item }] of loaded.items.entries()) {
    const orderId = newPublicId('ord');
    const fulfilled = await handlerFor(item.productType).fulfil(tx, item, { ...ctx, orderId, paidCents: paid[i]! });
    bought.push({ orderId, item, tickets: fulfilled });
    const quickpicks = item.games.map((g) => g.quickpick);
    orders.push({
      publicId: orderId,
      item: { ...item, input: item.input } as unknown as NewOrder['item'],
      tickets: fulfilled.map((t) => ({ ...t, quickpicks: t.lineIds.map((_, i) => quickpicks[i] ?? false) })),
    });
  }
  return { orders, bought };
}

export function createPurchaseWorkflow(deps: PurchaseDeps) {
  const { db, clock, cart, ledger, checkouts } = deps;
  const handlerFor = (productType: string) => {
    const h = deps.handlers.find((x) => x.productType === productType);
    if (!h) throw new AppError(422, 'This product cannot be bought yet.', { code: 'product_unavailable' });
    return h;
  };

  type Outcome = { kind: 'done'; checkoutId: string; items: PricedItem[] } | { kind: 'removed'; messages: string[] };

  const admitted = createAdmission(deps.maxConcurrent ?? 6);

  /**
   * Buys the cart once per (customer, key): the checkout row carries the key (unique) and the request's key record
   * names the checkout, in the purchase's one transaction. A retry finds that checkout and answers with it.
   */
  async function purchase(
    customerId: string,
    idempotencyKey: string,
    body: PurchaseBody['purchase'],
    deposit: { depositId: string; depositCents: number } | null = null,
    /** How to name the checkout in the request's key record (the idempotency plugin's; absent: no record). */
    keyRecord?: Pick<PurchaseKey, 'recordOperation' | 'recordOperationWrite'>,
    /** Given items are bought instead of the customer's cart (no cart lock, no promotion; the cart is untouched). */
    items?: CartItemInput[],
    attribution?: PurchaseAttribution,
  ): Promise<PurchaseResult> {
    // Given items are re-checked before the key's lookup in the transaction (a draw closed since the first answer
    // would refuse a retry): look the key up first. A cart's purchase looks it up under the cart's lock, first thing.
    if (items) {
      const earlier = await checkouts.checkoutByKey(db, customerId, idempotencyKey);
      if (earlier) return resultOf(earlier.publicId);
    }
    // Before the transaction: a transaction never waits on a second pool connection (that can starve the pool).
    await deps.warmUp?.();
    let insufficient: { payableCents: number; currency: CurrencyCode } | null = null;
    let outcome: Outcome;
    try {
      outcome = await admitted(() =>
        db.transaction(async (tx): Promise<Outcome> => {
          const loaded = items
            ? await cart.loadItemsForCheckout(tx, customerId, items)
            : await cart.loadForCheckout(tx, customerId);
          // The cart row is locked: a concurrent request with the same key has committed (or not) by now.
          const again = await checkouts.checkoutByKey(tx, customerId, idempotencyKey);
          if (again) return { kind: 'done', checkoutId: again.publicId, items: [] };
          // Items that stopped being sellable were removed and recorded: commit that, buy nothing, tell the customer.
          if (loaded.removed.length) return { kind: 'removed', messages: loaded.removed.map((r) => r.message) };
          if (!loaded.items.length)
            throw new AppError(422, 'Your cart is empty.', {
              code: 'cart_empty',
              fieldErrors: { this: ['Your cart is empty.'] },
            });
          const { currency } = loaded;
          if (body.expectedTotal && Math.round(body.expectedTotal.amount * 100) !== loaded.totalCents) {
            throw conflict(
              `The cart total is now ${formatCurrency(loaded.totalCents, currency)}. Please check your cart and buy again.`,
              'price_changed',
            );
          }
          const checkoutId = newPublicId('chk');
          const now = clock.now();
          // A code that stopped applying since the customer saw the cart (limit reached, expired) fails the purchase.
          if (loaded.promotionCode && loaded.promotionProblem) throw promotionNotAdded(loaded.promotionProblem);
          if (loaded.promotion) {
            await (deps.redeemPromotion ?? redeemPromotion)(tx, {
              code: loaded.promotion.code,
              customerId,
              checkoutId,
              now,
              discountCents: loaded.discountCents,
              bonusCreditCents: loaded.bonusCreditCents,
            });
          }

          const payableCents = loaded.totalCents - loaded.preOrderTotalCents;
          await ledger.lockWallet(tx, customerId, currency);
          await deps.guard?.assertPurchase(tx, { customerId, amountCents: payableCents, currency });
          let ledgerEntryId: string | null = null;
          if (payableCents > 0) {
            try {
              ({ entryId: ledgerEntryId } = await ledger.debitPurchase(tx, {
                customerId,
                amountCents: payableCents,
                currency,
                reference: checkoutId,
                description: `Purchase ${checkoutId}`,
              }));
            } catch (err) {
              if (err instanceof AppError && err.code === 'insufficient_funds')
                insufficient = { payableCents, currency };
              throw err;
            }
          }

          const { orders, bought } = await fulfilItems(tx, loaded, handlerFor, {
            customerId,
            checkoutId,
            now,
          });
          // Sent in the checkout's one statement (none reads another's rows): the key's record naming the checkout,
          // the emptied cart and the receipt. They are rolled back with the rest when the checkout is not written.
          const opWrite = keyRecord?.recordOperationWrite;
          const receipt = { checkoutId, bought, totalCents: loaded.totalCents, currency };
          const contact = deps.outbox && deps.contactOf ? await deps.contactOf(customerId, tx) : null;
          const email =
            deps.outbox && contact ? await receiptWrite(deps.outbox, tx, contact, receipt, deps.publicUrl) : null;
          const also = [
            ...(opWrite ? [opWrite(checkoutId)] : []),
            ...(items ? [] : cart.emptyCartWrites(loaded.cartId)),
            ...(email ? [email] : []),
          ];
          const recorded = await checkouts.recordCheckout(
            tx,
            {
              publicId: checkoutId,
              customerId,
              idempotencyKey,
              totalCents: loaded.totalCents,
              discountCents: loaded.discountCents,
              bonusCreditCents: loaded.bonusCreditCents,
              paidFromWalletCents: Math.max(0, payableCents),
              depositCents: deposit?.depositCents ?? null,
              depositId: deposit?.depositId ?? null,
              currency,
              promotionCode: loaded.promotion?.code ?? null,
              affiliateCode: loaded.affiliateCode,
              ledgerEntryId,
              tracking: loaded.items.map((i) => analyticsOf(i.item)),
              orders,
            },
            also,
          );
          if (!recorded) throw conflict(IN_FLIGHT_MESSAGE, 'idempotency_in_flight');
          if (!opWrite) await keyRecord?.recordOperation?.(tx, checkoutId);
          await deps.afterOrders?.(tx, { customerId, checkoutId, now, orders: bought, attribution });
          if (loaded.bonusCreditCents > 0) {
            await ledger.creditBonus(tx, {
              customerId,
              amountCents: loaded.bonusCreditCents,
              currency,
              reference: `promo:${checkoutId}`,
              description: `Promotion ${loaded.promotion?.code ?? ''} bonus credit`.trim(),
            });
          }
          return { kind: 'done', checkoutId, items: loaded.items.map((i) => i.item) };
        }),
      );
    } catch (err) {
      if (insufficient) throw await insufficientFundsError(ledger, customerId, insufficient);
      throw err;
    }
    crashPoint('purchase:committed');
    if (outcome.kind === 'removed') {
      const text = 'Some items in your cart are no longer available';
      throw new AppError(422, text, {
        code: 'draw_closed',
        fieldErrors: { this: [text] },
        messages: [message('draw_closed', text), ...outcome.messages.map((m) => message('auto_removed', m, 'warning'))],
      });
    }
    await saveFavourites(deps.favourites, customerId, outcome.items);
    return resultOf(outcome.checkoutId);
  }

  const validateCart = (customerId: string) => validateCartOf(deps, admitted, customerId);

  return {
    /** POST /cart/purchase: buy the customer's cart with the wallet, once per Idempotency-Key. */
    purchase: (customerId: string, key: PurchaseKey | string, body: PurchaseBody) =>
      typeof key === 'string'
        ? purchase(customerId, key, body.purchase)
        : purchase(customerId, key.key, body.purchase, null, key),
    /** The purchase paid by a deposit taken first (deposit-and-purchase): keyed by the deposit, counts it as paid in. */
    purchaseWithDeposit: purchase,
    /**
     * Buys the given items for a customer without their cart (recurring and scheduled purchases), through the same
     * transaction: handlers, responsible-gambling guard, ledger, orders, tickets, receipt; once per (customer, key).
     */
    purchaseItems: (
      customerId: string,
      key: string,
      items: CartItemInput[],
      deposit: { depositId: string; depositCents: number } | null = null,
    ) => purchase(customerId, key, {}, deposit, undefined, items),
    /**
     * Buys given items attributed to a partner (POST /cart/partner/{slug}/purchase): the same transaction, the
     * request's key record naming the checkout, the attribution handed to `afterOrders` (the partner's commission).
     */
    purchaseAttributed: (
      customerId: string,
      key: PurchaseKey,
      items: CartItemInput[],
      attribution: PurchaseAttribution,
      deposit: { depositId: string; depositCents: number } | null = null,
    ) => purchase(customerId, key.key, {}, deposit, key, items, attribution),
    validateCart,
  };
}

export type PurchaseWorkflow = ReturnType<typeof createPurchaseWorkflow>;
