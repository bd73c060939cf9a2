// Tables of the platform domain: the web configuration and the segments that decide capabilities.
import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Keyed settings documents; the web configuration is the row with key 'web_config' (jsonb checked by WebConfig). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const platformSegments = pgTable(
  'platform_segments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    segmentName: text('segment_name').notNull(),
    capabilities: text('capabilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_segments_segment_name_key').on(t.segmentName),
    // At most one default segment: a partial unique index over the rows flagged default.
    uniqueIndex('platform_segments_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Content-Security-Policy violations, one row per message (directive, blocked address and source file): a page that
 * breaks the policy on every view adds to `count` instead of a row per view (core §8, once per message).
 */
export const platformCspReports = pgTable(
  'platform_csp_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageKey: text('message_key').notNull(),
    directive: text('directive').notNull(),
    blockedUri: text('blocked_uri').notNull(),
    sourceFile: text('source_file').notNull(),
    documentPath: text('document_path').notNull(),
    lineNumber: bigint('line_number', { mode: 'number' }),
    sample: text('sample').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('platform_csp_reports_message_key').on(t.messageKey)],
);
