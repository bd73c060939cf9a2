// The notification feed's table (features §3 Notification, issue 20): one content card per customer and event, written
// in the transaction of the event that caused it. A card is "viewed" once the customer saw it in the feed and
// "toasted" once the storefront showed it as a toast; hide_in_feed cards are toasts only.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface CardAction {
  id: string;
  text: string;
  link: string | null;
  deepLink: string | null;
}

export const notificationsCards = pgTable(
  'notifications_cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** The event behind the card: ticket_won, draw_results, deposit_pending, withdrawal_paid, ... or campaign. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    icon: text('icon').notNull(),
    message: text('message').notNull(),
    isAutoDismissed: boolean('is_auto_dismissed').notNull().default(true),
    actions: jsonb('actions').$type<CardAction[]>().notNull().default([]),
    hideInFeed: boolean('hide_in_feed').notNull().default(false),
    desktopImage: text('desktop_image'),
    mobileImage: text('mobile_image'),
    productLogoImage: text('product_logo_image'),
    /** One card per event and customer: posting the same event again (a job run twice) is a no-op. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    toastedAt: timestamp('toasted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_cards_public_id_key').on(t.publicId),
    uniqueIndex('notifications_cards_dedupe_key').on(t.customerId, t.dedupeKey),
    index('notifications_cards_customer_idx').on(t.customerId, t.id),
    index('notifications_cards_unviewed_idx')
      .on(t.customerId)
      .where(sql`${t.viewedAt} is null and not ${t.hideInFeed}`),
  ],
);
