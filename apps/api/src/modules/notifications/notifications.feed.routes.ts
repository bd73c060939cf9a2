// The notification feed of the signed-in customer (issue 20; features §3 Notification, §2 notifications icon):
//   GET  /notifications/cards               the feed, newest first, paged (limit/offset, default 10)
//   GET  /notifications/cards/summary       the header's unviewed count and the cards not yet shown as toasts
//   POST /notifications/cards/:id/viewed    mark one card viewed (another customer's card: 404)
//   POST /notifications/cards/toasted       the storefront showed these cards as toasts
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationCard,
  NotificationCardParams,
  NotificationCardsQuery,
  NotificationsSummary,
  NotificationsToastedBody,
  successEnvelope,
} from '@shop/contracts';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { Feed } from './notifications.feed.service.ts';

export interface FeedRoutesOptions {
  feed: Pick<Feed, 'page' | 'summary' | 'markViewed' | 'markToasted'>;
}

export const feedRoutes: FastifyPluginAsync<FeedRoutesOptions> = async (app, { feed }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  routes.get(
    '/notifications/cards',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'The notification feed: content cards, newest first (hide_in_feed cards are left out)',
        querystring: NotificationCardsQuery,
        response: { 200: paginatedEnvelope(NotificationCard) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { items, total } = await feed.page(request.auth!.customerId, request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );

  routes.get(
    '/notifications/cards/summary',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Unviewed cards (the header count) and the cards not yet shown as toasts',
        response: { 200: successEnvelope(NotificationsSummary) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await feed.summary(request.auth!.customerId));
    },
  );

  routes.post(
    '/notifications/cards/:id/viewed',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Mark one of your cards viewed',
        params: NotificationCardParams,
      },
    },
    async (request, reply) => {
      await feed.markViewed(request.auth!.customerId, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/notifications/cards/toasted',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'These cards were shown as toasts (ids that are not yours change nothing)',
        body: NotificationsToastedBody,
      },
    },
    async (request, reply) => {
      await feed.markToasted(request.auth!.customerId, request.body.ids);
      return reply.code(204).send();
    },
  );
};
