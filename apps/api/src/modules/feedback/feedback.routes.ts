// POST /event (features §7): the feedback widget's event, from guests and customers. GET /api/admin/feedback:
// operators with feedback.read (docs/operators.md).
import {
  FeedbackEntry,
  FeedbackEventBody,
  FeedbackEventCreated,
  FeedbackListQuery,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { FeedbackService } from './feedback.service.ts';

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
}

export const feedbackRoutes: FastifyPluginAsync<FeedbackRoutesOptions> = async (app, { feedback }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/event',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Create the feedback event of the feedback widget (a signed-in customer is known by their account)',
        body: FeedbackEventBody,
        response: { 200: successEnvelope(FeedbackEventCreated) },
      },
    },
    async (request) => ok(await feedback.record(request.body, { customerId: request.auth?.customerId ?? null })),
  );
};

export interface FeedbackAdminRoutesOptions {
  feedback: FeedbackService;
  /** The operators' gate for feedback.read. */
  gate: (request: FastifyRequest) => Promise<void>;
}

export const feedbackAdminRoutes: FastifyPluginAsync<FeedbackAdminRoutesOptions> = async (app, { feedback, gate }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/feedback',
    {
      preHandler: gate,
      schema: {
        tags: ['operators'],
        summary: 'Feedback events, newest first (support and admin)',
        querystring: FeedbackListQuery,
        response: { 200: paginatedEnvelope(FeedbackEntry) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await feedback.list({
        since: q.since ? new Date(q.since) : undefined,
        rating: q.rating,
        limit: q.limit,
        offset: q.offset,
      });
      return pageOf(items, total, q, request.url);
    },
  );
};
