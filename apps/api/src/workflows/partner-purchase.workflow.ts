// The partner purchase (POST /cart/partner/{slug}/purchase, spec features §7): the partner's item bought through the
// shop's one purchase path, attributed to the partner and its channel. Paid from the wallet, it is the purchase
// workflow's purchaseAttributed; with a deposit, the deposit-and-purchase workflow takes the deposit first (3-D
// Secure included) and buys the item with the deposit's key. Either way the partner's sale and commission are written
// in the purchase's transaction (afterOrders, ADR 076), and the Idempotency-Key makes a retry answer, never re-charge.
import type { PartnerPurchaseBody, PartnerPurchaseResult } from '@shop/contracts';
import type { PartnersService } from '../modules/partners/index.ts';
import type { DepositPurchaseWorkflow } from './deposit-purchase.workflow.ts';
import type { PurchaseKey, PurchaseWorkflow } from './purchase-cart.workflow.ts';

export interface PartnerPurchaseDeps {
  partners: Pick<PartnersService, 'checkPurchase'>;
  purchase: Pick<PurchaseWorkflow, 'purchaseAttributed'>;
  depositPurchase: Pick<DepositPurchaseWorkflow, 'depositPurchase'>;
  /** Whether this customer's key already started a purchase or its deposit (a retry goes on from it, unpriced). */
  startedBefore: (customerId: string, key: string) => Promise<boolean>;
}

export function createPartnerPurchaseWorkflow(deps: PartnerPurchaseDeps) {
  return {
    async purchase(
      slug: string,
      customerId: string,
      body: PartnerPurchaseBody,
      request: { idempotency: PurchaseKey; audience: { testDeposits: boolean } },
    ): Promise<PartnerPurchaseResult> {
      const started = await deps.startedBefore(customerId, request.idempotency.key);
      const input = await deps.partners.checkPurchase(slug, customerId, body, started);
      const attribution = {
        partnerKey: body.purchase.partnerKey,
        channelKey: body.purchase.channelKey,
        metadata: body.purchase.metadata ?? {},
      };
      const receiptPath = (checkoutId: string | null) =>
        checkoutId ? `/purchase/${slug}/receipt/${checkoutId}` : null;
      if (!body.deposit) {
        const r = await deps.purchase.purchaseAttributed(customerId, request.idempotency, [input], attribution);
        return {
          status: 'approved',
          purchaseId: r.checkoutId,
          depositId: null,
          redirectUrl: null,
          receiptPath: receiptPath(r.checkoutId),
          messages: [],
        };
      }
      const { depositMethodId, amount, csc, strongCustomerAuthentication } = body.deposit;
      const r = await deps.depositPurchase.depositPurchase(
        customerId,
        {
          deposit: {
            amount,
            customerFundId: depositMethodId,
            ...(csc ? { csc } : {}),
            ...(strongCustomerAuthentication ? { strongCustomerAuthentication } : {}),
          },
          purchase: {},
        },
        request,
        { items: [input], attribution },
      );
      return {
        status: r.status,
        purchaseId: r.checkoutId,
        depositId: r.depositId,
        redirectUrl: r.redirectUrl,
        receiptPath: receiptPath(r.checkoutId),
        messages: r.messages,
      };
    },
  };
}

export type PartnerPurchaseWorkflow = ReturnType<typeof createPartnerPurchaseWorkflow>;
