// Tables of the content domain: CMS items of every collection (pages, theme, navigation, site config, banners...).
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const CONTENT_STATUSES = ['published', 'draft', 'archived'] as const;

export const contentItems = pgTable(
  'content_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collection: text('collection').notNull(),
    /** The item's public id inside its collection (identifier rule: letters, digits, '-', '_'). */
    itemKey: text('item_key').notNull(),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
    datePublished: timestamp('date_published', { withTimezone: true }),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_collection_item_key_key').on(t.collection, t.itemKey),
    index('content_items_collection_status_idx').on(t.collection, t.status, t.datePublished),
    // Pages are looked up by path (GET /items/pages?path=/about).
    index('content_items_page_path_idx')
      .on(sql`(${t.data}->>'path')`)
      .where(sql`${t.collection} = 'pages'`),
    check('content_items_status_check', sql`${t.status} in ('published', 'draft', 'archived')`),
    check('content_items_item_key_check', sql`${t.itemKey} ~ '^[A-Za-z0-9_-]+$'`),
  ],
);
