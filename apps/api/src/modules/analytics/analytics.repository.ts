// Queries of the analytics tables. Only the built-in sink and the funnel report call these.
import { gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { analyticsEvents } from './analytics.schema.ts';
import type { AnalyticsEvent } from './analytics.sink.ts';

export interface FunnelCounts {
  pageViews: { events: number; visitors: number };
  addToCart: { events: number; visitors: number };
  purchase: { events: number; visitors: number };
}

export const analyticsRepo = {
  async insert(ex: Executor, events: AnalyticsEvent[]): Promise<number> {
    if (!events.length) return 0;
    const rows = await ex
      .insert(analyticsEvents)
      .values(
        events.map((e) => ({
          type: e.type,
          anonymousId: e.anonymousId,
          customerId: e.customerId,
          path: e.path,
          transactionId: e.transactionId,
          properties: e.properties,
          createdAt: e.occurredAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: analyticsEvents.id });
    return rows.length;
  },

  /**
   * The funnel page views → add to cart → purchase: events of each step, and visitors (anonymous ids) who reached
   * the step having passed the ones before it.
   */
  async funnel(ex: Executor, since: Date | undefined): Promise<FunnelCounts> {
    const per = ex
      .select({
        anonymousId: analyticsEvents.anonymousId,
        views: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'page_view')`.as('views'),
        adds: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'add_to_cart')`.as('adds'),
        buys: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'purchase')`.as('buys'),
      })
      .from(analyticsEvents)
      .where(since ? gte(analyticsEvents.createdAt, since) : undefined)
      .groupBy(analyticsEvents.anonymousId)
      .as('per');
    const [r] = await ex
      .select({
        views: sql<number>`coalesce(sum(${per.views}), 0)::int`,
        adds: sql<number>`coalesce(sum(${per.adds}), 0)::int`,
        buys: sql<number>`coalesce(sum(${per.buys}), 0)::int`,
        viewers: sql<number>`count(*) filter (where ${per.views} > 0)::int`,
        adders: sql<number>`count(*) filter (where ${per.views} > 0 and ${per.adds} > 0)::int`,
        buyers: sql<number>`count(*) filter (where ${per.views} > 0 and ${per.adds} > 0 and ${per.buys} > 0)::int`,
      })
      .from(per);
    return {
      pageViews: { events: r?.views ?? 0, visitors: r?.viewers ?? 0 },
      addToCart: { events: r?.adds ?? 0, visitors: r?.adders ?? 0 },
      purchase: { events: r?.buys ?? 0, visitors: r?.buyers ?? 0 },
    };
  },
};
