// Analytics domain: consented analytics events (page view, add to cart, purchase), the AnalyticsSink they go to (the
// built-in one stores them in the shop's database) and the funnel report. Other code imports only from here.
export {
  createAnalyticsService,
  CONSENT_REQUIRED,
  type AnalyticsDeps,
  type AnalyticsService,
} from './analytics.service.ts';
export { createDatabaseAnalyticsSink, type AnalyticsEvent, type AnalyticsSink } from './analytics.sink.ts';
export { analyticsRoutes, type AnalyticsRoutesOptions } from './analytics.routes.ts';
export type { FunnelCounts } from './analytics.repository.ts';
