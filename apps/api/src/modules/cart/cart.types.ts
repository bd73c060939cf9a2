import type { CartItemInput, CartDraw, RecurringPurchase } from '@shop/contracts';
import type { BatchedRead, Executor, WritePart } from '../../db/index.ts';
import type { CurrencyCode } from '@shop/contracts';

export interface ItemContext {
  customerId: string | null;
  region: string | null;
  now: Date;
  pricingId: string;
}

/** What a handler makes of an item input: stored with the item and re-checked on every cart read and at purchase. */
export interface PricedItem {
  productType: CartItemInput['productType'];
  productOfferKey: string;
  offerName: string;
  description: string;
  gameType: string | null;
  gameOffer: string | null;
  gameOfferName: string | null;
  games: { sets: Record<string, (number | null)[]>; quickpick: boolean }[];
  numGames: number;
  numTickets: number | null;
  causeKey: string | null;
  draws: CartDraw[]; // the draws this item plays (one ticket per draw at purchase)
  unitPriceCents: number; // per draw
  priceCents: number; // whole item (unit x draws)
  currency: CurrencyCode;
  purchaseStatus: 'standard' | 'pre_order';
  recurringPurchase: RecurringPurchase;
  /** the normalised input to store (quickpick blanks stay null until purchase) */
  input: CartItemInput;
}
export type Refreshed =
  | { ok: true; item: PricedItem }
  | { ok: false; reason: 'draw_closed' | 'offer_suspended' | 'sold_out' | 'region_restricted'; message: string };

export interface FulfilContext {
  customerId: string;
  orderId: string;
  checkoutId: string;
  now: Date;
  /** What this item is paid: its price less its part of the cart's discount (orders.paid-amounts.ts), the order's total.
   *  A handler that records an amount it may refund later records this, never the price. Absent: the item's price. */
  paidCents?: number;
}
/** What fulfilment wrote, per draw, for the order's tickets. */
export interface FulfilledTicket {
  drawId: string;
  drawNo: number;
  drawDate: string;
  lineIds: string[];
  /** The picks of each line, in lineIds order, quickpicks filled (lottery; the receipt email lists them). */
  lines?: Record<string, number[]>[];
  raffleTicketNumbers: number[];
}

export interface CartProductHandler {
  productType: CartItemInput['productType'];
  /** Validate and price a new item: throws unprocessable(message, code, fieldErrors) (422) naming the game and set. */
  prepare(input: CartItemInput, ctx: ItemContext): Promise<PricedItem>;
  /** Re-check a stored item (cart read, purchase): still sellable? re-priced. */
  refresh(input: CartItemInput, ctx: ItemContext): Promise<Refreshed>;
  /** Inside the purchase transaction: write the tickets (lottery: ticket lines with quickpicks filled; raffle: allocate
   *  ticket numbers under the cap). Throw AppError 422 (e.g. code 'sold_out', 'draw_closed') to abort the whole purchase. */
  fulfil(tx: Executor, item: PricedItem, ctx: FulfilContext): Promise<FulfilledTicket[]>;
  /**
   * fulfil as a part of the purchase's one guarded write (ADR 109), decided without a statement: the tickets, and the
   * part that writes them with its checks (the draws still open, share-locked), null when there is nothing to write.
   * `name` prefixes the part's CTEs (unique in the statement). Answers null when the item must be fulfilled inside a
   * transaction after all (fulfil). Products without it are always fulfilled inside a transaction.
   */
  fulfilWrite?(
    item: PricedItem,
    ctx: FulfilContext & { name: string },
  ): Promise<{ tickets: FulfilledTicket[]; part: WritePart | null } | null>;
}

/** Responsible gambling (RG-API implements; a permissive default when not wired). */
export interface PurchaseGuard {
  /**
   * For the cart view: reason id -> message (spend_limit, global_spend_limit, deposit_limit, verify_account_required,
   * self_excluded). `exec`: a read scope that prefetched `checksRead` answers without statements of its own.
   */
  blockedReasons(
    customerId: string,
    amountCents: number,
    currency: CurrencyCode,
    exec?: Executor,
  ): Promise<Record<string, string>>;
  /**
   * Throws AppError 422 with the reason as code when this purchase would break a limit or the customer is excluded:
   * inside the purchase transaction AFTER ledger.lockWallet(tx, customerId, currency), or on the read scope of a
   * checkout whose guarded write checks the wallet did not move since (ADR 109).
   */
  assertPurchase(tx: Executor, p: { customerId: string; amountCents: number; currency: CurrencyCode }): Promise<void>;
  /** What both read, as parts of a checkout's one read (ADR 108, 109). */
  checksRead?(customerId: string): BatchedRead[];
}
