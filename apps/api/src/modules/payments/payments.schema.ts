// Tables of payments: saved funds (never a card number: the gateway's token, brand, last 4 digits and expiry),
// deposits, withdrawals, the built-in test gateway's own records, and stored Idempotency-Key responses.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const paymentsFunds = pgTable(
  'payments_funds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** Payment or withdrawal type code: cc card, pl PayPal, tt bank account. */
    code: text('code').notNull(),
    type: text('type').notNull(),
    gateway: text('gateway'),
    token: text('token'),
    brand: text('brand'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    holderName: text('holder_name'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    bankCode: text('bank_code'),
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    verification: text('verification').notNull().default('Unverified'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_funds_public_id_key').on(t.publicId),
    index('payments_funds_customer_idx').on(t.customerId),
    // One default fund per customer.
    uniqueIndex('payments_funds_default_key')
      .on(t.customerId)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
    check('payments_funds_type_check', sql`${t.type} in ('card', 'bank', 'paypal')`),
    check(
      'payments_funds_verification_check',
      sql`${t.verification} in ('Failed Verification', 'Pending Verification', 'Unverified', 'Verified')`,
    ),
  ],
);

export const paymentsDeposits = pgTable(
  'payments_deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    fundId: text('fund_id'),
    methodCode: text('method_code').notNull(),
    gateway: text('gateway').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    gatewayReference: text('gateway_reference'),
    failureReason: text('failure_reason'),
    ledgerEntryId: text('ledger_entry_id'),
    browserData: jsonb('browser_data'),
    /**
     * The Idempotency-Key of the request that started this deposit (namespaced by the route: `deposit:K`, `cart:K`),
     * written in the same transaction as the pending row, before the gateway is called: a retry finds this deposit
     * and resumes or reports it instead of starting a second one.
     */
    idempotencyKey: text('idempotency_key'),
    /**
     * What refunds (payments_refunds) have taken back to the card, counting those still with the gateway: raised with
     * the deposit row locked, so the check below keeps the refunds of a deposit within its amount.
     */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_deposits_public_id_key').on(t.publicId),
    uniqueIndex('payments_deposits_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('payments_deposits_customer_idx').on(t.customerId, t.createdAt),
    check(
      'payments_deposits_status_check',
      sql`${t.status} in ('pending', 'challenge', 'approved', 'failed', 'cancelled')`,
    ),
    check('payments_deposits_amount_check', sql`${t.amountCents} > 0`),
    check('payments_deposits_refunded_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * Refunds of approved deposits to the card or wallet they came from (an operator's, docs/payments.md "Refunds"). The
 * row and the ledger movement (customer -> gateway_clearing) are written first, in one transaction; then the gateway
 * is asked with the row's public id as its idempotency key; then the row becomes `refunded`, or `failed` with the
 * ledger movement reversed. A `pending` row left by a crash is finished by reconciliation.
 */
export const paymentsRefunds = pgTable(
  'payments_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    /** The deposit's public id (dep_…). */
    depositId: text('deposit_id').notNull(),
    customerId: text('customer_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    /** The one-time key of the form that asked for it: a second submit answers with this refund. */
    requestKey: text('request_key').notNull(),
    /** Who asked (an operator's public id). */
    requestedBy: text('requested_by').notNull(),
    ledgerEntryId: text('ledger_entry_id'),
    /** The reversal of the ledger movement when the gateway refused the refund. */
    reversalEntryId: text('reversal_entry_id'),
    gatewayReference: text('gateway_reference'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_refunds_public_id_key').on(t.publicId),
    uniqueIndex('payments_refunds_request_key').on(t.requestKey),
    index('payments_refunds_deposit_idx').on(t.depositId),
    index('payments_refunds_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('payments_refunds_status_check', sql`${t.status} in ('pending', 'refunded', 'failed')`),
    check('payments_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const paymentsWithdrawals = pgTable(
  'payments_withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    customerId: text('customer_id').notNull(),
    fundId: text('fund_id'),
    methodCode: text('method_code').notNull(),
    destination: text('destination'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    /** The Idempotency-Key of the request that asked for it, written with the row and its ledger hold. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_withdrawals_public_id_key').on(t.publicId),
    uniqueIndex('payments_withdrawals_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('payments_withdrawals_status_idx').on(t.status, t.createdAt),
    index('payments_withdrawals_customer_idx').on(t.customerId, t.createdAt),
    check('payments_withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'paid', 'rejected')`),
    check('payments_withdrawals_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** The test gateway's own book: what it approved is the truth reconciliation credits from. */
export const paymentsTestGatewayCharges = pgTable(
  'payments_test_gateway_charges',
  {
    reference: text('reference').primaryKey(),
    /** The merchant's order id (our deposit id): one charge per deposit. */
    orderId: text('order_id').notNull(),
    /** The merchant's idempotency key: the same key always answers with this charge, never a second one. */
    idempotencyKey: text('idempotency_key'),
    token: text('token'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_test_gateway_charges_order_key').on(t.orderId),
    uniqueIndex('payments_test_gateway_charges_idempotency_key').on(t.idempotencyKey),
    index('payments_test_gateway_charges_status_idx').on(t.status),
  ],
);

/** The test gateway's refunds: one per refund id (the merchant's idempotency key), within the charge's amount. */
export const paymentsTestGatewayRefunds = pgTable(
  'payments_test_gateway_refunds',
  {
    reference: text('reference').primaryKey(),
    /** The merchant's refund id: the same id always answers with this refund, never a second one. */
    refundId: text('refund_id').notNull(),
    orderId: text('order_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_test_gateway_refunds_refund_key').on(t.refundId),
    index('payments_test_gateway_refunds_order_idx').on(t.orderId),
  ],
);

/** The test gateway's vault: a token stands for a test card's behaviour; the card number itself is not kept. */
export const paymentsTestGatewayTokens = pgTable('payments_test_gateway_tokens', {
  token: text('token').primaryKey(),
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const paymentsIdempotencyKeys = pgTable(
  'payments_idempotency_keys',
  {
    /** Who sent the key (customer id, or app key for anonymous calls): keys are per caller. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers'),
    /**
     * The operation the request started (dep_…, wdr_…, chk_…), written in the same transaction as that operation's
     * first row: what a retry after a crash resumes or reports.
     */
    operation: text('operation'),
    /** When the running request last held the key: a claim older than STALE_CLAIM_MS is recovered, never re-run. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('payments_idempotency_keys_expires_idx').on(t.expiresAt),
    check('payments_idempotency_keys_status_check', sql`${t.status} in ('running', 'done')`),
  ],
);
