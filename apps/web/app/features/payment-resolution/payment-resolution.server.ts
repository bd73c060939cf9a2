// Payment resolution calls (spec features §7 "GET /payment_resolutions"; docs/recurring.md "Paying unattended"): the
// customer's recurring purchases whose payment failed, the funds they may pay from, change-fund and retry. Every answer
// is parsed with its contract.
import { PaymentResolution, PaymentResolutionRetry, RecurringPurchaseMethods } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { AuthApi } from '../../lib/auth.server.ts';
import { parseApiResult } from '../../lib/api-errors.ts';

export async function paymentResolutions(api: ApiClient): Promise<PaymentResolution[]> {
  const res = await api.get<unknown>('main', '/payment_resolutions', { cache: false });
  return parseApiResult(PaymentResolution.array(), res.result, 'GET /payment_resolutions');
}

/** The wallet and the saved cards, with labels (GET /customer/recurring-purchase-method). */
export async function recurringPurchaseMethods(api: ApiClient): Promise<RecurringPurchaseMethods> {
  const res = await api.get<unknown>('main', '/customer/recurring-purchase-method', { cache: false });
  return parseApiResult(RecurringPurchaseMethods, res.result, 'GET /customer/recurring-purchase-method');
}

export async function changeFund(api: ApiClient, fundId: string): Promise<void> {
  await api.post('main', '/payment_resolutions/change-fund', { fundId });
}

export async function retryResolutions(api: ApiClient): Promise<PaymentResolutionRetry> {
  const res = await api.post<unknown>('main', '/payment_resolutions/retry', {});
  return parseApiResult(PaymentResolutionRetry, res.result, 'POST /payment_resolutions/retry');
}

/**
 * For the site-wide banner: how many of the signed-in customer's recurring purchases wait for a payment fix. A failure
 * to read it hides the banner (0) rather than failing the page.
 */
export async function failedPaymentCount(auth: AuthApi): Promise<number> {
  if (!auth.hasTokens) return 0;
  try {
    const resolutions = await paymentResolutions(auth.api);
    return resolutions.reduce(
      (n, r) => n + r.recurringPurchases.autoplays.length + r.recurringPurchases.subscriptions.length,
      0,
    );
  } catch (error) {
    console.error(`[web] payment resolutions unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return 0;
  }
}
