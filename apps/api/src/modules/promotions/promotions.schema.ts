// Tables of the promotions domain: promotion codes (voucher types of core §3) and their redemptions at purchase.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const promotionsPromotions = pgTable(
  'promotions_promotions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** As the operator wrote it; looked up case-insensitively. */
    code: text('code').notNull(),
    type: text('type').notNull(),
    /** Cents for fixed discounts and bonus credit; basis points (1000 = 10%) for percent discounts. */
    value: bigint('value', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('AUD'),
    description: text('description').notNull(),
    minSpendCents: bigint('min_spend_cents', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Redemptions allowed in total / per customer; null = no limit. */
    maxRedemptions: integer('max_redemptions'),
    maxPerCustomer: integer('max_per_customer'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_promotions_code_key').on(sql`lower(${t.code})`),
    check(
      'promotions_promotions_type_check',
      sql`${t.type} in ('voucher_fixed_discount', 'voucher_percent_discount', 'voucher_fixed_discount_expire', 'voucher_credit_amount')`,
    ),
    check(
      'promotions_promotions_value_check',
      sql`${t.value} > 0 and (${t.type} <> 'voucher_percent_discount' or ${t.value} <= 10000)`,
    ),
    check(
      'promotions_promotions_expiry_check',
      sql`${t.type} <> 'voucher_fixed_discount_expire' or ${t.expiresAt} is not null`,
    ),
    check(
      'promotions_promotions_limits_check',
      sql`${t.minSpendCents} >= 0 and (${t.maxRedemptions} is null or ${t.maxRedemptions} > 0) and (${t.maxPerCustomer} is null or ${t.maxPerCustomer} > 0)`,
    ),
  ],
);

export const promotionsRedemptions = pgTable(
  'promotions_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotionsPromotions.id),
    customerId: text('customer_id').notNull(),
    /** The purchase (chk_…) that used the code: once per checkout, so a replayed purchase cannot count twice. */
    checkoutId: text('checkout_id').notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    bonusCreditCents: bigint('bonus_credit_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_redemptions_checkout_key').on(t.promotionId, t.checkoutId),
    index('promotions_redemptions_customer_idx').on(t.promotionId, t.customerId),
  ],
);
