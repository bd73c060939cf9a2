// Tables of the analytics domain: the events of the built-in analytics sink (DESIGN.md §9 "analytics (events stored
// locally)"). Only events sent after "Accept all" reach it (ADR 073).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The analytics anonymous id (a non-essential cookie), never a customer id. */
    anonymousId: text('anonymous_id').notNull(),
    customerId: text('customer_id'),
    path: text('path').notNull(),
    /** A purchase's checkout id: one purchase event per purchase. */
    transactionId: text('transaction_id'),
    /** The event's own data: the cart item analytics views (core §3), a purchase's revenue and currency. */
    properties: jsonb('properties').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('analytics_events_created_at').on(t.createdAt),
    uniqueIndex('analytics_events_purchase')
      .on(t.transactionId)
      .where(sql`${t.type} = 'purchase'`),
    check('analytics_events_type', sql`${t.type} in ('page_view', 'add_to_cart', 'purchase')`),
  ],
);
