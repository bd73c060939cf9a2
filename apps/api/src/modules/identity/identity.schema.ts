// Tables of the identity domain (issue 4, DESIGN.md §5, ADR 004). Secrets are stored only as hashes (refresh tokens,
// one-time tokens, email codes, remembered devices) or encrypted (TOTP secrets).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const identityCustomers = pgTable(
  'identity_customers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerToken: text('customer_token').notNull(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    addressLine2: text('address_line_2').notNull().default(''),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('AU'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    attribution: jsonb('attribution').notNull().default({}),
    metadata: jsonb('metadata').notNull().default({}),
    favouriteNumbers: jsonb('favourite_numbers').notNull().default([]),
    segmentName: text('segment_name').notNull().default('default'),
    pricingId: text('pricing_id').notNull().default('standard'),
    isNew: boolean('is_new').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    forcePasswordChange: boolean('force_password_change').notNull().default(false),
    accountUpgrade: boolean('account_upgrade').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    addressConfirmationRequired: boolean('address_confirmation_required').notNull().default(false),
    /** When the customer last entered or confirmed their address; null means at sign-up (createdAt). */
    addressConfirmedAt: timestamp('address_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    countryBanned: boolean('country_banned').notNull().default(false),
    countryBannedConfirmationRequired: boolean('country_banned_confirmation_required').notNull().default(false),
    locationTermsAcceptedAt: timestamp('location_terms_accepted_at', { withTimezone: true }),
    lastCountry: text('last_country'),
    recurringPurchaseMethod: text('recurring_purchase_method'),
    communicationPreferences: jsonb('communication_preferences').notNull().default({}),
    unsubscribeReasons: jsonb('unsubscribe_reasons').notNull().default([]),
    status: text('status').notNull().default('active'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closureReason: text('closure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('identity_customers_public_id_key').on(t.publicId),
    // One open account per email; a closed account keeps its row (records retention) without blocking a new sign-up.
    uniqueIndex('identity_customers_email_key')
      .on(t.email)
      .where(sql`${t.status} = 'active'`),
    check('identity_customers_status_check', sql`${t.status} in ('active', 'closed')`),
  ],
);

export const identityCredentials = pgTable('identity_credentials', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => identityCustomers.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A session is one refresh-token family: one per login; access tokens carry its public id. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('identity_sessions_public_id_key').on(t.publicId),
    index('identity_sessions_customer_idx').on(t.customerId),
  ],
);

export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => identitySessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_refresh_tokens_hash_key').on(t.tokenHash),
    index('identity_refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** One-time tokens sent by email or handed over: autologin, login challenge (2FA), password reset, confirmations. */
export const identityOneTimeTokens = pgTable(
  'identity_one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_one_time_tokens_hash_key').on(t.tokenHash),
    index('identity_one_time_tokens_customer_idx').on(t.customerId, t.kind),
    check(
      'identity_one_time_tokens_kind_check',
      sql`${t.kind} in ('autologin', 'login_challenge', 'password_reset', 'confirm_email', 'confirm_address')`,
    ),
  ],
);

export const identityTwoFactor = pgTable(
  'identity_two_factor',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .primaryKey()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    method: text('method'),
    /** AES-256-GCM, key derived from the auth secret; never returned after enrolment. */
    secretEncrypted: text('secret_encrypted'),
    pendingMethod: text('pending_method'),
    pendingSecretEncrypted: text('pending_secret_encrypted'),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Last accepted TOTP time step: a code is accepted once. */
    lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  },
  (t) => [
    check('identity_two_factor_method_check', sql`${t.method} is null or ${t.method} in ('authenticator', 'email')`),
    check(
      'identity_two_factor_pending_check',
      sql`${t.pendingMethod} is null or ${t.pendingMethod} in ('authenticator', 'email')`,
    ),
  ],
);

export const identityEmailCodes = pgTable(
  'identity_email_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('identity_email_codes_customer_idx').on(t.customerId, t.createdAt)],
);

export const identityRememberedDevices = pgTable(
  'identity_remembered_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('identity_remembered_devices_hash_key').on(t.tokenHash)],
);

/**
 * Devices a customer has signed in from (issue 20: the new-device sign-in email). A device is the storefront's
 * long-lived random device id (stored hashed) together with the browser and OS family of its user agent.
 */
export const identitySignInDevices = pgTable(
  'identity_sign_in_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => identityCustomers.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** "Chrome on Windows": the user agent's browser and OS names, without versions. */
    agentFamily: text('agent_family').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('identity_sign_in_devices_key').on(t.customerId, t.deviceHash, t.agentFamily)],
);

/** Failed (and successful) attempts for throttling per account and per IP. */
export const identityLoginAttempts = pgTable(
  'identity_login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    account: text('account'),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('identity_login_attempts_account_idx').on(t.kind, t.account, t.createdAt),
    index('identity_login_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);
