// Tables of the content domain: CMS items of every collection (pages, blog, theme, navigation, site config, files...),
// every saved version of them, the bytes of uploaded files, and translation items.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const CONTENT_STATUSES = ['published', 'draft', 'archived'] as const;

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The live state of each item: what visitors see once it is published and its publish date has passed. Edits to a
 * live item wait as newer rows of content_versions until they are published (the Payload drafts model, ADR 035).
 */
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
    /** The content_versions row the live fields came from. */
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull().default('seed'),
    updatedBy: text('updated_by').notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_collection_item_key_key').on(t.collection, t.itemKey),
    index('content_items_collection_status_idx').on(t.collection, t.status, t.datePublished),
    // One live page per site path (GET /items/pages?path=/about); archived pages give their path up.
    uniqueIndex('content_items_page_path_key')
      .on(sql`(${t.data}->>'path')`)
      .where(sql`${t.collection} = 'pages' and ${t.status} <> 'archived'`),
    // One post or category per slug within its collection.
    uniqueIndex('content_items_slug_key')
      .on(t.collection, sql`(${t.data}->>'slug')`)
      .where(sql`${t.collection} in ('blog_posts', 'blog_categories') and ${t.status} <> 'archived'`),
    check('content_items_status_check', sql`${t.status} in ('published', 'draft', 'archived')`),
    check('content_items_item_key_check', sql`${t.itemKey} ~ '^[A-Za-z0-9_-]+$'`),
  ],
);

/** Every save of every item: who, when, what (features: "versions kept for every save"). Never updated. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collection: text('collection').notNull(),
    itemKey: text('item_key').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    status: text('status', { enum: CONTENT_STATUSES }).notNull(),
    datePublished: timestamp('date_published', { withTimezone: true }),
    data: jsonb('data').notNull(),
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('content_versions_item_version_key').on(t.collection, t.itemKey, t.version),
    check(
      'content_versions_action_check',
      sql`${t.action} in ('create', 'update', 'publish', 'archive', 'restore', 'import')`,
    ),
  ],
);

/** The bytes of the files collection's items (GET /api/cms/assets/{id}). */
export const contentAssets = pgTable('content_assets', {
  itemKey: text('item_key').primaryKey(),
  type: text('type').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Translation items (features §3: image, markdown, plain, seo, json) per locale, category and id. */
export const contentTranslations = pgTable(
  'content_translations',
  {
    locale: text('locale').notNull(),
    category: text('category').notNull(),
    itemKey: text('item_key').notNull(),
    type: text('type').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.category, t.itemKey] }),
    check('content_translations_type_check', sql`${t.type} in ('image', 'markdown', 'plain', 'seo', 'json')`),
  ],
);
