// Tables of the operators domain (the people who run the shop, never customers): operator accounts with their role
// and authenticator, their sessions (opaque tokens kept as hashes), and the append-only audit log of what they did
// (a trigger refuses any UPDATE, DELETE or TRUNCATE of it: migration 0016).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The authenticator secret, encrypted (AES-GCM under a key derived from the auth secret). */
    totpSecretEncrypted: text('totp_secret_encrypted').notNull(),
    /** The last accepted TOTP time step: a code is accepted once. */
    lastTimeStep: integer('last_time_step'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('operators_public_id').on(t.publicId),
    uniqueIndex('operators_email').on(sql`lower(${t.email})`),
    check('operators_role', sql`${t.role} in ('support', 'finance', 'draw_officer', 'content_editor', 'admin')`),
    check('operators_status', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_sessions_token').on(t.tokenHash), index('operator_sessions_operator').on(t.operatorId)],
);

export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The operator's public id, `cli:<user>` for the CLI, or null (a login with an unknown email). */
    actor: text('actor'),
    action: text('action').notNull(),
    /** What it was done to (an operator's id, `collection/id`...), when anything. */
    target: text('target'),
    outcome: text('outcome').notNull(),
    /** Before/after or the reason, never a password, code or token. */
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('operator_audit_at').on(t.at),
    check('operator_audit_outcome', sql`${t.outcome} in ('ok', 'denied', 'failed')`),
  ],
);
