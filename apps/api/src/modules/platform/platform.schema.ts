// Tables of the platform domain: the web configuration and the segments that decide capabilities.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * The API's unexpected failures (5xx answers of the error handler), for the back office's dashboard: one row per
 * route, error and message within an hour, with a count and the latest request id. Route patterns only, never an
 * address with its query, a body or customer data (ADR 104).
 */
export const platformServerErrors = pgTable(
  'platform_server_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    errorKey: text('error_key').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    errorName: text('error_name').notNull(),
    message: text('message').notNull(),
    lastRequestId: text('last_request_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('platform_server_errors_error_key').on(t.errorKey),
    index('platform_server_errors_hour_idx').on(t.hour),
    index('platform_server_errors_last_seen_idx').on(t.lastSeenAt),
  ],
);
