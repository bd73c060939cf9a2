// The analytics service's call (spec core §7 "analytics events to an analytics service"; payload ours, ADR 073):
// POST /api/analytics/events from the browser's analytics client, loaded only after "Accept all".
import { AnalyticsEventsAccepted, AnalyticsEventsBody, successEnvelope } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { AnalyticsService } from './analytics.service.ts';

export const CONSENT_COOKIE = 'cookie_consent';

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
}

export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, { analytics }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Page views, adds to cart and purchases; refused (403 consent_required) without "Accept all"',
        body: AnalyticsEventsBody,
        response: { 200: successEnvelope(AnalyticsEventsAccepted) },
      },
    },
    async (request) =>
      ok(
        await analytics.ingest(request.body, {
          consent: request.cookies[CONSENT_COOKIE],
          segmentName: request.ctx?.segmentName,
          customerId: request.auth?.customerId ?? null,
        }),
      ),
  );
};
