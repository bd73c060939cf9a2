// The only code that queries notifications_cards.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { notificationsCards } from './notifications.feed.schema.ts';

export type CardRow = typeof notificationsCards.$inferSelect;
export type NewCardRow = typeof notificationsCards.$inferInsert;

const inFeed = (customerId: string) =>
  and(eq(notificationsCards.customerId, customerId), eq(notificationsCards.hideInFeed, false));

export const cardRows = {
  /** Inserts the cards whose (customer, dedupe key) is new; returns how many were new. */
  async insert(ex: Executor, rows: NewCardRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await ex
      .insert(notificationsCards)
      .values(rows)
      .onConflictDoNothing({ target: [notificationsCards.customerId, notificationsCards.dedupeKey] })
      .returning({ id: notificationsCards.id });
    return inserted.length;
  },

  /** Deletes the customer's card of one event; returns how many went (0 or 1). */
  async remove(ex: Executor, customerId: string, dedupeKey: string): Promise<number> {
    const removed = await ex
      .delete(notificationsCards)
      .where(and(eq(notificationsCards.customerId, customerId), eq(notificationsCards.dedupeKey, dedupeKey)))
      .returning({ id: notificationsCards.id });
    return removed.length;
  },

  /** One page of a customer's feed, newest first, with the feed's total. */
  async page(ex: Executor, customerId: string, page: { limit: number; offset: number }) {
    const [items, [total]] = await Promise.all([
      ex
        .select()
        .from(notificationsCards)
        .where(inFeed(customerId))
        .orderBy(desc(notificationsCards.id))
        .limit(page.limit)
        .offset(page.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationsCards)
        .where(inFeed(customerId)),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  async unviewedCount(ex: Executor, customerId: string): Promise<number> {
    const [r] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationsCards)
      .where(and(inFeed(customerId), isNull(notificationsCards.viewedAt)));
    return r?.n ?? 0;
  },

  /** Cards not yet shown as a toast, newest first. */
  untoasted: (ex: Executor, customerId: string, limit: number) =>
    ex
      .select()
      .from(notificationsCards)
      .where(and(eq(notificationsCards.customerId, customerId), isNull(notificationsCards.toastedAt)))
      .orderBy(desc(notificationsCards.id))
      .limit(limit),

  /** Marks one of the customer's cards viewed; false when the customer has no such card. */
  async markViewed(ex: Executor, customerId: string, publicId: string, at: Date): Promise<boolean> {
    const rows = await ex
      .update(notificationsCards)
      .set({ viewedAt: sql`coalesce(${notificationsCards.viewedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notificationsCards.customerId, customerId), eq(notificationsCards.publicId, publicId)))
      .returning({ id: notificationsCards.id });
    return rows.length > 0;
  },

  /** Marks the customer's cards among `publicIds` toasted (another customer's ids match nothing). */
  markToasted: (ex: Executor, customerId: string, publicIds: string[], at: Date) =>
    publicIds.length === 0
      ? Promise.resolve()
      : ex
          .update(notificationsCards)
          .set({ toastedAt: at })
          .where(
            and(
              eq(notificationsCards.customerId, customerId),
              inArray(notificationsCards.publicId, publicIds),
              isNull(notificationsCards.toastedAt),
            ),
          ),
};
