// Autoplay calls (features §7 Recurring and scheduled calls; v3.3). Every call is the signed-in customer's own:
// another customer's autoplay answers 404, like a missing one. Cancelled autoplays are left out of the list.
import {
  Autoplay,
  AutoplayParams,
  AutoplayPatchBody,
  MinimumJackpotBody,
  PaginationQuery,
  PauseBody,
  ProcessReport,
  QuickpickBody,
  RecurringPurchaseGroup,
  RecurringStatusBody,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { RecurringProcessor } from './recurring.processor.ts';
import { paymentResolutionRoutes } from './recurring.payments.routes.ts';
import type { RecurringPaymentsService } from './recurring.payments.ts';
import { scheduledPurchaseRoutes } from './recurring.scheduled.routes.ts';
import type { ScheduledService } from './recurring.scheduled.ts';
import { subscriptionRoutes } from './recurring.subscriptions.routes.ts';
import type { SubscriptionService } from './recurring.subscriptions.ts';
import type { RecurringService } from './recurring.service.ts';

export interface RecurringRoutesOptions {
  recurring: RecurringService;
  processor: RecurringProcessor;
  scheduled: ScheduledService;
  subscriptions: SubscriptionService;
  /** Payment resolutions (left out where the shop is built without them). */
  payments?: RecurringPaymentsService;
}

export const recurringRoutes: FastifyPluginAsync<RecurringRoutesOptions> = async (
  app,
  { recurring, processor, scheduled, subscriptions, payments },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recurring'];
  const auth = { preHandler: app.requireCustomer };
  const one = { 200: successEnvelope(Autoplay) };

  routes.get(
    '/autoplay',
    {
      ...auth,
      schema: {
        tags,
        summary: "The customer's autoplays (cancelled ones left out), newest first",
        querystring: PaginationQuery,
        response: { 200: paginatedEnvelope(Autoplay) },
      },
    },
    async (request) => {
      const { items, total } = await recurring.list(request.auth!.customerId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );

  routes.get(
    '/recurring_purchases',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Combined recurring purchases keyed by autoplayId (cancelled ones left out)',
        querystring: PaginationQuery,
        response: { 200: paginatedEnvelope(RecurringPurchaseGroup) },
      },
    },
    async (request) => {
      const { items, total } = await recurring.groups(request.auth!.customerId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );

  routes.get(
    '/autoplay/:id',
    { ...auth, schema: { tags, summary: 'One autoplay with its next draw', params: AutoplayParams, response: one } },
    async (request) => ok(await recurring.get(request.auth!.customerId, request.params.id)),
  );

  routes.patch(
    '/autoplay/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change an autoplay: minimumJackpotAmount, quickpick, status (with pausedUntil)',
        params: AutoplayParams,
        body: AutoplayPatchBody,
        response: one,
      },
    },
    async (request) => ok(await recurring.patch(request.auth!.customerId, request.params.id, request.body)),
  );

  routes.post(
    '/autoplay/:id/set-minimum-jackpot',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Buy only draws whose jackpot is at least this amount (form); empty removes it',
        params: AutoplayParams,
        body: MinimumJackpotBody,
        response: one,
      },
    },
    async (request) =>
      ok(
        await recurring.setMinimumJackpot(
          request.auth!.customerId,
          request.params.id,
          request.body.minimumJackpotAmount,
        ),
      ),
  );

  routes.post(
    '/autoplay/:id/set-quickpick',
    {
      ...auth,
      schema: {
        tags,
        summary: "Re-pick every game's numbers each draw (form: quickpick true/false)",
        params: AutoplayParams,
        body: QuickpickBody,
        response: one,
      },
    },
    async (request) =>
      ok(await recurring.setQuickpick(request.auth!.customerId, request.params.id, request.body.quickpick)),
  );

  routes.patch(
    '/autoplay/:id/status',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pause (until a date), unpause or cancel an autoplay (a combined one changes together)',
        params: AutoplayParams,
        body: RecurringStatusBody,
        response: one,
      },
    },
    async (request) => ok(await recurring.setStatus(request.auth!.customerId, request.params.id, request.body)),
  );

  routes.post(
    '/autoplay/:id/pause',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pause an autoplay until unpaused, or until pausedUntil',
        params: AutoplayParams,
        body: PauseBody,
        response: one,
      },
    },
    async (request) =>
      ok(await recurring.pause(request.auth!.customerId, request.params.id, request.body?.pausedUntil)),
  );

  routes.post(
    '/autoplay/:id/unpause',
    { ...auth, schema: { tags, summary: 'Unpause an autoplay', params: AutoplayParams, response: one } },
    async (request) => ok(await recurring.unpause(request.auth!.customerId, request.params.id)),
  );

  await app.register(scheduledPurchaseRoutes, { scheduled });
  await app.register(subscriptionRoutes, { subscriptions });
  if (payments) await app.register(paymentResolutionRoutes, { payments });

  routes.post(
    '/process_recurring_purchases/sync',
    {
      ...auth,
      schema: {
        tags,
        summary: "Buy the customer's own due recurring purchases now",
        response: { 200: successEnvelope(ProcessReport) },
      },
    },
    async (request) => ok(await processor.run({ customerId: request.auth!.customerId })),
  );
};
