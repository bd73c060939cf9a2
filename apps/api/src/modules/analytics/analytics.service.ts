// Consented analytics (spec core §9 cookie categories; issue 20): page views, adds to cart and purchases with the
// cart item analytics views of core §3. The server checks consent itself, whatever the browser does: where the site
// asks for cookie consent (the segment's cookie_consent capability) an event is accepted only from a visitor whose
// cookie_consent cookie says "all" (Accept all); "essential" or no choice is refused and nothing is stored.
import type { AnalyticsEventsBody } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/errors.ts';
import { analyticsRepo, type FunnelCounts } from './analytics.repository.ts';
import type { AnalyticsEvent, AnalyticsSink } from './analytics.sink.ts';

export interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  sink: AnalyticsSink;
  /** Whether the site asks this segment's visitors for cookie consent (platform's cookie_consent capability). */
  consentAsked(segmentName: string | undefined): Promise<boolean>;
}

export const CONSENT_REQUIRED =
  'Analytics events are accepted only after "Accept all" in the cookie banner; nothing was stored.';

export interface AnalyticsVisitor {
  /** The cookie_consent cookie as the request carried it. */
  consent: string | undefined;
  segmentName: string | undefined;
  customerId: string | null;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  return {
    async ingest(body: AnalyticsEventsBody, visitor: AnalyticsVisitor): Promise<{ stored: number }> {
      if (visitor.consent !== 'all' && (await deps.consentAsked(visitor.segmentName))) {
        throw forbidden(CONSENT_REQUIRED, 'consent_required');
      }
      const occurredAt = deps.clock.now();
      const events = body.events.map((e): AnalyticsEvent => {
        const { type, anonymousId, path, ...properties } = e;
        return {
          type,
          anonymousId,
          path,
          customerId: visitor.customerId,
          transactionId: e.type === 'purchase' ? e.transactionId : null,
          properties,
          occurredAt,
        };
      });
      return { stored: await deps.sink.record(events) };
    },

    /** The funnel of the built-in sink's events (a plugged-in service reports in its own tools). */
    funnel(since?: Date): Promise<FunnelCounts> {
      return analyticsRepo.funnel(deps.db, since);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
