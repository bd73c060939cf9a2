// Scheduled purchase calls (features §7 Recurring and scheduled calls): one future purchase of the signed-in
// customer's; another customer's answers 404, like a missing one. Cancelled ones are left out of the list. Scheduling
// honours the Idempotency-Key (plugins/idempotency.ts): a retried or doubled POST answers the one scheduled first.
import {
  CreateScheduledBody,
  PaginationQuery,
  ScheduledParams,
  ScheduledPurchase,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { ScheduledService } from './recurring.scheduled.ts';

export const scheduledPurchaseRoutes: FastifyPluginAsync<{ scheduled: ScheduledService }> = async (
  app,
  { scheduled },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recurring'];
  const auth = { preHandler: app.requireCustomer };
  const oneScheduled = { 200: successEnvelope(ScheduledPurchase) };
  routes.post(
    '/scheduled-purchases',
    {
      ...auth,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Buy an item at a time in the future (it plays the draw on sale then)',
        body: CreateScheduledBody,
        response: oneScheduled,
      },
    },
    async (request) => ok(await scheduled.create(request.auth!.customerId, request.body, request.idempotency)),
  );

  routes.get(
    '/scheduled-purchases',
    {
      ...auth,
      schema: {
        tags,
        summary: "The customer's scheduled purchases and pre-orders (cancelled ones left out), soonest first",
        querystring: PaginationQuery,
        response: { 200: paginatedEnvelope(ScheduledPurchase) },
      },
    },
    async (request) => {
      const { items, total } = await scheduled.list(request.auth!.customerId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );

  routes.get(
    '/scheduled-purchases/:id',
    { ...auth, schema: { tags, summary: 'One scheduled purchase', params: ScheduledParams, response: oneScheduled } },
    async (request) => ok(await scheduled.get(request.auth!.customerId, request.params.id)),
  );

  routes.patch(
    '/scheduled-purchases/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Cancel a scheduled purchase not bought yet',
        params: ScheduledParams,
        response: oneScheduled,
      },
    },
    async (request) => ok(await scheduled.cancel(request.auth!.customerId, request.params.id)),
  );
};
