// Deposit-and-purchase (POST /cart/deposit_purchase, core §5, docs/checkout.md): the cart is validated first (a dead
// cart never charges), the deposit goes through the payments service outside any transaction, and an approved
// deposit buys the cart with a key derived from the deposit, so completing after 3-D Secure buys exactly once. The
// deposit carries the request's Idempotency-Key (`cart:K`), so a retry (or a retry after a crash) resumes that deposit
// and the purchase keyed by it, never a second charge (ADR 026).
import {
  formatCurrency,
  type CartItemInput,
  type CurrencyCode,
  type DepositBody,
  type DepositPurchaseBody,
  type DepositPurchaseResult,
  type PurchaseBody,
} from '@shop/contracts';
import type { Db } from '../db/index.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { CheckoutService } from '../modules/orders/index.ts';
import {
  DEFAULT_FAILURE,
  INVALID_DEPOSIT_RESPONSE,
  message,
  resultOf,
  type PurchaseAttribution,
  type PurchaseKey,
  type PurchaseResult,
  type PurchaseWorkflow,
} from './purchase-cart.workflow.ts';

type DepositAnswer = {
  id: string;
  status: string;
  amount: { amount: number; currency: CurrencyCode };
  challengeUrl: string | null;
};

/** What deposit-and-purchase needs of the payments module (its deposit function, the same as POST /funds/…/deposit). */
export interface PurchasePayments {
  /** Starts the deposit for a key, or resumes / reports the one that key already started (never a second). */
  deposit(
    customerId: string,
    id: string,
    body: Pick<DepositBody, 'amount' | 'csc' | 'strongCustomerAuthentication'>,
    options: { idempotency: PurchaseKey; audience: { testDeposits: boolean } },
  ): Promise<DepositAnswer>;
  depositForKey(customerId: string, key: string): Promise<DepositAnswer | null>;
  getDeposit(
    customerId: string,
    depositId: string,
  ): Promise<{ id: string; status: string; amount: { amount: number; currency: CurrencyCode } }>;
}

export interface DepositPurchaseDeps {
  db: Db;
  purchase: Pick<PurchaseWorkflow, 'purchaseWithDeposit' | 'validateCart'>;
  payments: PurchasePayments;
  checkouts: Pick<CheckoutService, 'savePendingPurchase' | 'lockPendingPurchase' | 'finishPendingPurchase'>;
}

/** Given items bought for a partner instead of the cart (POST /cart/partner/{slug}/purchase with a deposit). */
export interface AttributedOrder {
  items: CartItemInput[];
  attribution: PurchaseAttribution;
}

export function createDepositPurchaseWorkflow(deps: DepositPurchaseDeps) {
  const depositKey = (depositId: string) => `deposit:${depositId}`;

  /** Runs the purchase after an approved deposit; a failure keeps the money in the wallet and says so. */
  async function purchaseAfterDeposit(
    customerId: string,
    depositId: string,
    amount: { amount: number; currency: CurrencyCode },
    body: PurchaseBody['purchase'],
    order?: AttributedOrder,
  ): Promise<PurchaseResult> {
    const depositCents = Math.round(amount.amount * 100);
    const deposit = { depositId, depositCents };
    try {
      return await deps.purchase.purchaseWithDeposit(
        customerId,
        depositKey(depositId),
        body,
        deposit,
        undefined,
        order?.items,
        order?.attribution,
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      const text = `Your deposit of ${formatCurrency(depositCents, amount.currency)} is in your wallet, but we could not buy the tickets: ${err.message}`;
      throw new AppError(err.statusCode, text, {
        code: err.code,
        fieldErrors: { this: [text] },
        messages: [message(err.code ?? 'purchase_failed', text), ...(err.options.messages ?? []).slice(1)],
      });
    }
  }

  return {
    /**
     * POST /cart/deposit_purchase: validate, deposit (outside any transaction), then buy with the deposit's key. The
     * deposit carries the request's key (`cart:K`), so a retry resumes that deposit and the purchase keyed by it.
     */
    async depositPurchase(
      customerId: string,
      body: DepositPurchaseBody,
      request: { idempotency: PurchaseKey; audience: { testDeposits: boolean } },
      /** Items to buy instead of the cart, already validated by the caller (the partner purchase). */
      order?: AttributedOrder,
    ): Promise<DepositPurchaseResult> {
      const idempotency = { ...request.idempotency, key: `cart:${request.idempotency.key}` };
      // A retry of a request that already took the deposit goes on from it (the cart may be bought already).
      if (!order && !(await deps.payments.depositForKey(customerId, idempotency.key)))
        await deps.purchase.validateCart(customerId);
      const { customerFundId, depositMethodCode, amount, csc, strongCustomerAuthentication } = body.deposit;
      const via = customerFundId ?? depositMethodCode ?? 'td';
      const dep = await deps.payments.deposit(
        customerId,
        via,
        { amount, ...(csc ? { csc } : {}), ...(strongCustomerAuthentication ? { strongCustomerAuthentication } : {}) },
        { idempotency, audience: request.audience },
      );
      if (!dep || typeof dep.id !== 'string' || typeof dep.status !== 'string')
        throw new AppError(502, INVALID_DEPOSIT_RESPONSE, { code: 'invalid_deposit_response' });
      if (dep.status === 'approved') {
        const r = await purchaseAfterDeposit(customerId, dep.id, dep.amount, body.purchase, order);
        return { status: 'approved', depositId: dep.id, checkoutId: r.checkoutId, redirectUrl: null, messages: [] };
      }
      if (dep.status === 'challenge' || dep.status === 'pending') {
        // What to buy waits for the deposit, keyed by it: the 3-D Secure return (or approval) completes it once.
        await deps.checkouts.savePendingPurchase({
          depositId: dep.id,
          customerId,
          idempotencyKey: depositKey(dep.id),
          purchase: order ? { ...body.purchase, order } : body.purchase,
        });
        return dep.status === 'challenge'
          ? { status: 'challenge', depositId: dep.id, checkoutId: null, redirectUrl: dep.challengeUrl, messages: [] }
          : {
              status: 'pending',
              depositId: dep.id,
              checkoutId: null,
              redirectUrl: null,
              messages: [
                message(
                  'deposit_pending',
                  'Your deposit is being processed. Your tickets will be bought when it is approved.',
                  'info',
                ),
              ],
            };
      }
      return {
        status: 'failed',
        depositId: dep.id,
        checkoutId: null,
        redirectUrl: null,
        messages: [message('deposit_failed', DEFAULT_FAILURE)],
      };
    },

    /** POST /cart/deposit_purchase/{depositId}/complete: after 3-D Secure, buy exactly once (keyed by the deposit). */
    async completeDepositPurchase(customerId: string, depositId: string): Promise<PurchaseResult> {
      const pending = await deps.db.transaction((tx) => deps.checkouts.lockPendingPurchase(tx, depositId, customerId));
      if (!pending) throw notFound('There is no purchase waiting for this deposit.', 'pending_purchase_not_found');
      if (pending.status === 'done' && pending.checkoutId) return resultOf(pending.checkoutId);
      const dep = await deps.payments.getDeposit(customerId, depositId);
      if (dep.status === 'challenge' || dep.status === 'pending') {
        throw new AppError(409, 'Your deposit has not been approved yet. Please try again in a moment.', {
          code: 'deposit_pending',
          messages: [message('deposit_pending', 'Your deposit has not been approved yet.', 'info')],
        });
      }
      if (dep.status !== 'approved') {
        const text = 'Your deposit was not approved, so no tickets were bought. No money has been taken.';
        throw new AppError(422, text, {
          code: 'deposit_failed',
          fieldErrors: { this: [text] },
          messages: [message('deposit_failed', text)],
        });
      }
      const { order, ...purchase } = pending.purchase as PurchaseBody['purchase'] & { order?: AttributedOrder };
      const result = await purchaseAfterDeposit(customerId, depositId, dep.amount, purchase, order);
      await deps.db.transaction(async (tx) => {
        const row = await deps.checkouts.lockPendingPurchase(tx, depositId, customerId);
        if (row && row.status !== 'done')
          await deps.checkouts.finishPendingPurchase(tx, row.id, { status: 'done', checkoutId: result.checkoutId });
      });
      return result;
    },
  };
}

export type DepositPurchaseWorkflow = ReturnType<typeof createDepositPurchaseWorkflow>;
