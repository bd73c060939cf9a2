// Queries of the feedback tables. Only the feedback service calls these.
import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { feedbackEvents } from './feedback.schema.ts';

export type FeedbackRow = typeof feedbackEvents.$inferSelect;
export type NewFeedbackRow = typeof feedbackEvents.$inferInsert;

export interface FeedbackFilter {
  since?: Date;
  rating?: number;
  limit: number;
  offset: number;
}

const whereOf = (f: FeedbackFilter): SQL | undefined =>
  and(
    f.since ? gte(feedbackEvents.createdAt, f.since) : undefined,
    f.rating === undefined ? undefined : eq(feedbackEvents.rating, f.rating),
  );

export const feedbackRepo = {
  async insert(ex: Executor, row: NewFeedbackRow): Promise<FeedbackRow> {
    const [r] = await ex.insert(feedbackEvents).values(row).returning();
    return r!;
  },

  /** Newest first, with the number matching the filter. */
  async list(ex: Executor, f: FeedbackFilter): Promise<{ rows: FeedbackRow[]; total: number }> {
    const where = whereOf(f);
    const [rows, [n]] = await Promise.all([
      ex
        .select()
        .from(feedbackEvents)
        .where(where)
        .orderBy(desc(feedbackEvents.createdAt), desc(feedbackEvents.id))
        .limit(f.limit)
        .offset(f.offset),
      ex.select({ n: count() }).from(feedbackEvents).where(where),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  },
};
