// Subscription calls (features §7 Recurring and scheduled calls; §6: they need authentication). Every call is the
// signed-in customer's own: another customer's subscription answers 404, like a missing one. Cancelled ones are left
// out of the list.
import {
  Autoplay,
  AutoplayParams,
  RecurringStatusBody,
  SubscriptionPatchBody,
  SubscriptionsQuery,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { SubscriptionService } from './recurring.subscriptions.ts';

export const subscriptionRoutes: FastifyPluginAsync<{ subscriptions: SubscriptionService }> = async (
  app,
  { subscriptions },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recurring'];
  const auth = { preHandler: app.requireCustomer };
  const one = { 200: successEnvelope(Autoplay) };

  routes.get(
    '/subscriptions',
    {
      ...auth,
      schema: {
        tags,
        summary: "The customer's subscriptions (cancelled ones left out), newest first; lottery_keys filters by offer",
        querystring: SubscriptionsQuery,
        response: { 200: paginatedEnvelope(Autoplay) },
      },
    },
    async (request) => {
      const { items, total } = await subscriptions.list(request.auth!.customerId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );

  routes.get(
    '/subscriptions/:id',
    { ...auth, schema: { tags, summary: 'One subscription', params: AutoplayParams, response: one } },
    async (request) => ok(await subscriptions.get(request.auth!.customerId, request.params.id)),
  );

  routes.patch(
    '/subscriptions/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change what a subscription buys each period: gameOffer, causeKey, numGames',
        params: AutoplayParams,
        body: SubscriptionPatchBody,
        response: one,
      },
    },
    async (request) => ok(await subscriptions.patch(request.auth!.customerId, request.params.id, request.body)),
  );

  routes.patch(
    '/subscriptions/:id/status',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pause (until a date), unpause or cancel a subscription (a combined one changes together)',
        params: AutoplayParams,
        body: RecurringStatusBody,
        response: one,
      },
    },
    async (request) => ok(await subscriptions.setStatus(request.auth!.customerId, request.params.id, request.body)),
  );
};
