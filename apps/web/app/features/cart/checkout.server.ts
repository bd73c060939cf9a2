// Checkout calls (spec core §7 POST /cart/purchase; features §7 deposit-and-purchase v3.3, Orders API, Placement
// API; §4 Receipt): every answer is parsed with its contract, so a screen never renders a shape it does not know.
import {
  type Cart,
  DEPOSIT_MESSAGES,
  DepositPurchaseResult,
  Order,
  PurchaseResult,
  Receipt,
  type BrowserData,
  type Money,
} from '@shop/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { parseApiResult } from '../../lib/api-errors.ts';
import { CART_API_VERSION, parseCart } from './cart.server.ts';

/** Features §8 Deposit purchase (the texts live in @shop/contracts, shared with the API). */
export const INVALID_DEPOSIT_RESPONSE = DEPOSIT_MESSAGES.invalidResponse;
export const DEPOSIT_PURCHASE_FAILURE = DEPOSIT_MESSAGES.failure;

/** POST /cart/purchase with the attempt's one Idempotency-Key: a double click or a retry buys once. */
export async function purchaseCart(
  api: ApiClient,
  idempotencyKey: string,
  expectedTotal: Money | null,
): Promise<z.infer<typeof PurchaseResult>> {
  const body = { purchase: { channelKey: 'web', ...(expectedTotal ? { expectedTotal } : {}) } };
  const res = await api.post<unknown>('main', '/cart/purchase', body, { version: CART_API_VERSION, idempotencyKey });
  return parseApiResult(PurchaseResult, res.result, 'POST /cart/purchase');
}

export interface DepositPurchaseInput {
  amount: number;
  customerFundId?: string | undefined;
  depositMethodCode?: string | undefined;
  csc?: string | undefined;
  browserData: BrowserData;
  expectedTotal: Money | null;
}

/** POST /cart/deposit_purchase (v3.3): deposit the shortfall, then buy. */
export async function depositPurchase(
  api: ApiClient,
  input: DepositPurchaseInput,
  idempotencyKey: string,
): Promise<DepositPurchaseResult> {
  const body = {
    deposit: {
      amount: input.amount,
      ...(input.customerFundId ? { customerFundId: input.customerFundId } : {}),
      ...(input.depositMethodCode ? { depositMethodCode: input.depositMethodCode } : {}),
      ...(input.csc ? { csc: input.csc } : {}),
      strongCustomerAuthentication: input.browserData,
    },
    purchase: { channelKey: 'web', ...(input.expectedTotal ? { expectedTotal: input.expectedTotal } : {}) },
  };
  const res = await api.post<unknown>('main', '/cart/deposit_purchase', body, {
    version: CART_API_VERSION,
    idempotencyKey,
  });
  return parseApiResult(DepositPurchaseResult, res.result, 'POST /cart/deposit_purchase', INVALID_DEPOSIT_RESPONSE);
}

/** After 3-D Secure: POST /cart/deposit_purchase/{depositId}/complete buys the cart with the approved deposit. */
export async function completeDepositPurchase(
  api: ApiClient,
  depositId: string,
): Promise<{ checkoutId: string | null; status: string; messages: { text: string }[] }> {
  const res = await api.post<unknown>(
    'main',
    `/cart/deposit_purchase/${encodeURIComponent(depositId)}/complete`,
    {},
    { version: CART_API_VERSION, idempotencyKey: `complete-${depositId}` },
  );
  const asDeposit = DepositPurchaseResult.safeParse(res.result);
  if (asDeposit.success)
    return { checkoutId: asDeposit.data.checkoutId, status: asDeposit.data.status, messages: asDeposit.data.messages };
  const asPurchase = parseApiResult(
    PurchaseResult,
    res.result,
    'POST /cart/deposit_purchase/{id}/complete',
    INVALID_DEPOSIT_RESPONSE,
  );
  return { checkoutId: asPurchase.checkoutId, status: 'approved', messages: [] };
}

export async function getReceipt(api: ApiClient, checkoutId: string): Promise<Receipt> {
  const res = await api.get<unknown>('main', `/checkout/${encodeURIComponent(checkoutId)}`, {
    version: CART_API_VERSION,
    cache: false,
  });
  return parseApiResult(Receipt, res.result, 'GET /checkout/{id}');
}

/** The newest order's checkout (the /receipt page without an id). */
export async function latestCheckoutId(api: ApiClient): Promise<string | null> {
  for (const status of ['upcoming_products', 'past_products'] as const) {
    const res = await api.get<unknown>('main', '/orders', { query: { status, limit: 1, offset: 0 }, cache: false });
    const orders = parseApiResult(Order.array(), res.result, 'GET /orders');
    if (orders[0]) return orders[0].checkoutId;
  }
  return null;
}

/** POST /cart/replay/{orderId}: the order's tickets go back in the cart as new items. */
export async function replayOrder(api: ApiClient, orderId: string): Promise<Cart> {
  const res = await api.post<unknown>(
    'main',
    `/cart/replay/${encodeURIComponent(orderId)}`,
    {},
    { version: CART_API_VERSION },
  );
  return parseCart(res.result, 'POST /cart/replay/{orderId}');
}

/** Features §8 Receipt: messages grouped by target (default general). */
export function messagesByTarget(
  messages: readonly { text: string; target?: string | null | undefined }[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of messages) {
    const target = m.target || 'general';
    (out[target] ??= []).push(m.text);
  }
  return out;
}
