// Payment resolution calls (features §7 "GET /payment_resolutions"; docs/recurring.md "Paying unattended"): the
// signed-in customer's recurring purchases whose last attempt failed hard, grouped by the fund that failed; change
// their fund; retry them now. Another customer's autoplay id answers 404, like a missing one.
import {
  ChangeFundBody,
  PaymentResolution,
  PaymentResolutionRetry,
  RetryResolutionBody,
  successEnvelope,
} from '@shop/contracts';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { RecurringPaymentsService } from './recurring.payments.ts';

export const paymentResolutionRoutes: FastifyPluginAsync<{ payments: RecurringPaymentsService }> = async (
  app,
  { payments },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recurring'];
  const auth = { preHandler: app.requireCustomer };
  const list = { 200: successEnvelope(z.array(PaymentResolution)) };

  routes.get(
    '/payment_resolutions',
    { ...auth, schema: { tags, summary: 'Recurring purchases whose payment failed, by fund', response: list } },
    async (request) => ok(await payments.resolutions(request.auth!.customerId)),
  );

  routes.post(
    '/payment_resolutions/change-fund',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pay the failed recurring purchases (or the one named) from the wallet or a saved card',
        body: ChangeFundBody,
        response: list,
      },
    },
    async (request) => ok(await payments.changeFund(request.auth!.customerId, request.body)),
  );

  routes.post(
    '/payment_resolutions/retry',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Retry the failed recurring purchases (or the one named) now',
        body: RetryResolutionBody,
        response: { 200: successEnvelope(PaymentResolutionRetry) },
      },
    },
    async (request) => ok(await payments.retry(request.auth!.customerId, request.body ?? {})),
  );
};
