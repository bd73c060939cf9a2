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
import {
  GuardFailed,
  prefetch,
  readScope,
  writeGuarded,
  type BatchedRead,
  type BatchedWrite,
  type Db,
  type Executor,
  type WritePart,
} from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { crashPoint } from '../lib/crash-points.ts';
import { AppError, conflict, unprocessable } from '../lib/errors.ts';
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
export type CheckoutCart = Pick<CartService, 'loadForCheckout' | 'loadItemsForCheckout' | 'emptyCartWrites'> &
  Partial<Pick<CartService, 'checkoutRead' | 'purchasedWrite'>>;

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
  /** The wallet (balances, versions) as part of the checkout's one read, and the debit as part of its write. */
  walletRead(customerId: string): BatchedRead;
  debitPurchaseWrite(
    exec: Executor,
    m: { customerId: string; amountCents: number; currency: CurrencyCode; reference: string; description: string },
  ): Promise<{ entryId: string; part: WritePart }>;
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
  /**
   * Whether afterOrders has anything to write for a purchase; when it has not, the purchase is its one guarded write
   * without a transaction (ADR 109). Absent: afterOrders always runs, in a transaction.
   */
  afterOrdersApplies?: (bought: PurchasedOrders) => boolean;
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

/** Attempts of a purchase whose guarded write found the cart or the wallet changed since it read them (ADR 109). */
const MAX_ATTEMPTS = 4;

/** The orders a purchase records, from what each item's handler fulfilled (its lines' quickpick flags). */
function ordersOf(bought: PurchasedOrders['orders']): NewOrder[] {
  return bought.map(({ orderId, item, tickets }) => {
    const quickpicks = item.games.map((g) => g.quickpick);
    return {
      publicId: orderId,
      item: { ...item, input: item.input } as unknown as NewOrder['item'],
      tickets: tickets.map((t) => ({ ...t, quickpicks: t.lineIds.map((_, i) => quickpicks[i] ?? false) })),
    };
  });
}

type Outcome = { kind: 'done'; checkoutId: string; items: PricedItem[] } | { kind: 'removed'; messages: string[] };

/** One purchase as asked: whose, its key, the cart or given items, a deposit paying for it, a partner's attribution. */
interface Attempt {
  customerId: string;
  idempotencyKey: string;
  body: PurchaseBody['purchase'];
  deposit: { depositId: string; depositCents: number } | null;
  keyRecord?: Pick<PurchaseKey, 'recordOperation' | 'recordOperationWrite'>;
  items?: CartItemInput[];
  attribution?: PurchaseAttribution;
}

type Loaded = Awaited<ReturnType<CheckoutCart['loadForCheckout']>>;
type HandlerFor = (productType: string) => CartProductHandler;

/** Each item's handler: its part of the one write, or (raffles, shares) null, fulfilled in a transaction. */
async function planItems(
  loaded: Loaded,
  handlerFor: HandlerFor,
  ctx: { customerId: string; checkoutId: string; now: Date },
) {
  const paid = paidAmounts(
    loaded.items.map(({ item }) => ({ priceCents: item.priceCents, preOrder: item.purchaseStatus === 'pre_order' })),
    loaded.discountCents,
  );
  return Promise.all(
    loaded.items.map(async ({ item }, i) => {
      const handler = handlerFor(item.productType);
      const fulfil = { ...ctx, orderId: newPublicId('ord'), paidCents: paid[i]! };
      const written = handler.fulfilWrite ? await handler.fulfilWrite(item, { ...fulfil, name: `item${i}` }) : null;
      return { item, handler, ctx: fulfil, written };
    }),
  );
}
type Planned = Awaited<ReturnType<typeof planItems>>;

/** Whether the purchase needs a transaction around its write (ADR 109): a step that is not a part of that write. */
function needsTransaction(deps: PurchaseDeps, a: Attempt, loaded: Loaded, planned: Planned, bought: PurchasedOrders) {
  return (
    loaded.promotion !== null ||
    loaded.bonusCreditCents > 0 ||
    planned.some((p) => p.written === null) ||
    (a.keyRecord?.recordOperation !== undefined && a.keyRecord.recordOperationWrite === undefined) ||
    (deps.afterOrders !== undefined && (deps.afterOrdersApplies?.(bought) ?? true))
  );
}

/**
 * The purchase's write on `ex` (the pool, or its transaction): the promotion redeemed and the items no part writes
 * fulfilled first when there are any, then every part as ONE guarded statement (the debit, each item's lines under
 * its draws' check, the checkout, orders and tickets, the key's record, the emptied cart, the receipt), then the
 * afterOrders hook and a bonus credit. Throws GuardFailed when the cart or the wallet changed since `reads` read
 * them, and 422 draw_closed when an item's draw closed since.
 */
async function writePurchase(
  deps: PurchaseDeps,
  ex: Executor,
  w: {
    a: Attempt;
    reads: Executor;
    loaded: Loaded;
    planned: Planned;
    debit: { entryId: string; part: WritePart } | null;
    checkoutId: string;
    now: Date;
    payableCents: number;
  },
): Promise<void> {
  const { a, loaded, planned, debit, checkoutId, now } = w;
  const { customerId, idempotencyKey, deposit, keyRecord, items, attribution } = a;
  const { currency } = loaded;
  if (loaded.promotion) {
    await (deps.redeemPromotion ?? redeemPromotion)(ex, {
      code: loaded.promotion.code,
      customerId,
      checkoutId,
      now,
      discountCents: loaded.discountCents,
      bonusCreditCents: loaded.bonusCreditCents,
    });
  }
  const bought: PurchasedOrders['orders'] = [];
  for (const p of planned)
    bought.push({
      orderId: p.ctx.orderId,
      item: p.item,
      tickets: p.written ? p.written.tickets : await p.handler.fulfil(ex, p.item, p.ctx),
    });
  const receipt = { checkoutId, bought, totalCents: loaded.totalCents, currency };
  // The customer's row as the read saw it (identity keeps it for the read scope): no statement.
  const contact = deps.outbox && deps.contactOf ? await deps.contactOf(customerId, w.reads) : null;
  const email = deps.outbox && contact ? await receiptWrite(deps.outbox, ex, contact, receipt, deps.publicUrl) : null;
  const opWrite = keyRecord?.recordOperationWrite;
  const parts: (WritePart | BatchedWrite)[] = [
    ...(debit ? [debit.part] : []),
    ...planned.flatMap((p) => (p.written?.part ? [p.written.part] : [])),
    deps.checkouts.purchaseWrite({
      publicId: checkoutId,
      customerId,
      idempotencyKey,
      totalCents: loaded.totalCents,
      discountCents: loaded.discountCents,
      bonusCreditCents: loaded.bonusCreditCents,
      paidFromWalletCents: Math.max(0, w.payableCents),
      depositCents: deposit?.depositCents ?? null,
      depositId: deposit?.depositId ?? null,
      currency,
      promotionCode: loaded.promotion?.code ?? null,
      affiliateCode: loaded.affiliateCode,
      ledgerEntryId: debit?.entryId ?? null,
      tracking: loaded.items.map((i) => analyticsOf(i.item)),
      orders: ordersOf(bought),
    }),
    ...(opWrite ? [opWrite(checkoutId)] : []),
    ...(items || !deps.cart.purchasedWrite ? [] : [deps.cart.purchasedWrite(loaded.cartId, loaded.cartVersion)]),
    ...(email ? [email] : []),
  ];
  try {
    await writeGuarded(ex, 'purchase', parts);
  } catch (err) {
    // A draw closed since the read (the draw-close race): the purchase fails as it always has, writing nothing.
    const closed = err instanceof GuardFailed ? /^item(\d+)_open$/.exec(err.check) : null;
    if (closed) {
      const item = planned[Number(closed[1])]!.item;
      throw unprocessable(`The draw for ${item.offerName} closed before you bought it.`, 'draw_closed');
    }
    throw err;
  }
  if (!opWrite) await keyRecord?.recordOperation?.(ex, checkoutId);
  await deps.afterOrders?.(ex, { customerId, checkoutId, now, orders: bought, attribution });
  if (loaded.bonusCreditCents > 0) {
    await deps.ledger.creditBonus(ex, {
      customerId,
      amountCents: loaded.bonusCreditCents,
      currency,
      reference: `promo:${checkoutId}`,
      description: `Promotion ${loaded.promotion?.code ?? ''} bonus credit`.trim(),
    });
  }
}

/**
 * The purchase's ONE read (ADR 109) on a new read scope: the cart and its version (unless given items are bought),
 * a checkout for the key, the wallet and its versions, and what the guard's checks read; then the cart (or basket) to
 * buy, re-checked and priced from it.
 */
async function readPurchase(deps: PurchaseDeps, a: Attempt): Promise<{ reads: Executor; loaded: Loaded }> {
  const { customerId, items } = a;
  const reads = readScope(deps.db);
  await prefetch(reads, 'purchase_read', [
    ...(items || !deps.cart.checkoutRead ? [] : [deps.cart.checkoutRead(customerId)]),
    deps.checkouts.checkoutByKeyRead(customerId, a.idempotencyKey),
    deps.ledger.walletRead(customerId),
    ...(deps.guard?.checksRead?.(customerId) ?? []),
  ]);
  const loaded = items
    ? await deps.cart.loadItemsForCheckout(reads, customerId, items)
    : await deps.cart.loadForCheckout(reads, customerId);
  return { reads, loaded };
}

export function createPurchaseWorkflow(deps: PurchaseDeps) {
  const { db, clock, ledger, checkouts } = deps;
  const handlerFor = (productType: string) => {
    const h = deps.handlers.find((x) => x.productType === productType);
    if (!h) throw new AppError(422, 'This product cannot be bought yet.', { code: 'product_unavailable' });
    return h;
  };

  const admitted = createAdmission(deps.maxConcurrent ?? 6);

  /**
   * One attempt (ADR 109): ONE read of everything the checks need (readPurchase), the checks and the purchase decided
   * from it, then ONE guarded write (writePurchase) that stands only if the cart and the wallet are still as read and
   * every draw is still open. Without a promotion, a bonus credit, items their handler fulfils in a transaction or an
   * afterOrders hook with something to write, that statement is the whole commit: no transaction is opened. Throws
   * GuardFailed when the write found the cart or the wallet changed: the caller reads again.
   */
  async function attempt(a: Attempt): Promise<Outcome> {
    const { customerId, idempotencyKey, body } = a;
    const { reads, loaded } = await readPurchase(deps, a);
    const again = await checkouts.checkoutByKey(reads, customerId, idempotencyKey);
    if (again) return { kind: 'done', checkoutId: again.publicId, items: [] };
    // Items that stopped being sellable were removed and recorded: that stays, nothing is bought, the customer is told.
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

    const payableCents = loaded.totalCents - loaded.preOrderTotalCents;
    // Decided on what the read saw; the write stands only if the wallet has not moved since (no purchase, deposit or
    // refund in between), so two purchases of one customer are still checked one after the other.
    await deps.guard?.assertPurchase(reads, { customerId, amountCents: payableCents, currency });
    let debit: { entryId: string; part: WritePart } | null = null;
    if (payableCents > 0) {
      try {
        debit = await ledger.debitPurchaseWrite(reads, {
          customerId,
          amountCents: payableCents,
          currency,
          reference: checkoutId,
          description: `Purchase ${checkoutId}`,
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient_funds')
          throw await insufficientFundsError(ledger, customerId, { payableCents, currency });
        throw err;
      }
    }
    const planned = await planItems(loaded, handlerFor, { customerId, checkoutId, now });
    const orders = planned.map((p) => ({ orderId: p.ctx.orderId, item: p.item, tickets: p.written?.tickets ?? [] }));
    const bought = { customerId, checkoutId, now, orders, attribution: a.attribution };
    const w = { a, reads, loaded, planned, debit, checkoutId, now, payableCents };
    if (needsTransaction(deps, a, loaded, planned, bought))
      await admitted(() => db.transaction((tx) => writePurchase(deps, tx, w)));
    else await writePurchase(deps, db, w);
    return { kind: 'done', checkoutId, items: loaded.items.map((i) => i.item) };
  }

  /**
   * Buys the cart once per (customer, key): the checkout row carries the key (unique) and the request's key record
   * names the checkout, in the purchase's one write. A retry finds that checkout and answers with it.
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
    // Given items are re-checked before the key's lookup (a draw closed since the first answer would refuse a
    // retry): look the key up first. A cart's purchase looks it up in its one read, first thing.
    if (items) {
      const earlier = await checkouts.checkoutByKey(db, customerId, idempotencyKey);
      if (earlier) return resultOf(earlier.publicId);
    }
    // Before the read: the items' re-check reads the catalogue's cached offers from memory.
    await deps.warmUp?.();
    let outcome: Outcome;
    for (let n = 1; ; n++) {
      try {
        outcome = await attempt({ customerId, idempotencyKey, body, deposit, keyRecord, items, attribution });
        break;
      } catch (err) {
        // The cart or the wallet changed between the read and the write (or a request with the key wrote first):
        // nothing was written; read again. A cart that keeps changing under the purchase is answered as in flight.
        if (!(err instanceof GuardFailed)) throw err;
        if (n >= MAX_ATTEMPTS) throw conflict(IN_FLIGHT_MESSAGE, 'idempotency_in_flight');
      }
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
