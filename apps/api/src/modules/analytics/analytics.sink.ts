// Where analytics events go (DESIGN.md §9: every outside service behind an interface with a built-in local
// implementation). The built-in sink stores them in the shop's database; a real analytics service is another
// AnalyticsSink handed to createServices as providers.analytics.
import type { AnalyticsEventType } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { analyticsRepo } from './analytics.repository.ts';

export interface AnalyticsEvent {
  type: AnalyticsEventType;
  anonymousId: string;
  customerId: string | null;
  path: string;
  /** A purchase's checkout id; null for other events. */
  transactionId: string | null;
  properties: Record<string, unknown>;
  occurredAt: Date;
}

export interface AnalyticsSink {
  /** Stores or forwards the events; resolves to how many were kept (a repeated purchase event is dropped). */
  record(events: AnalyticsEvent[]): Promise<number>;
}

export function createDatabaseAnalyticsSink(deps: { db: Db }): AnalyticsSink {
  return { record: (events) => analyticsRepo.insert(deps.db, events) };
}
