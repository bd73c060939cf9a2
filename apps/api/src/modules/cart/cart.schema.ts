// Tables of the cart domain: one cart per customer (or an anonymous cart by reference) and its items.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const cartCarts = pgTable(
  'cart_carts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public reference crt_…: the anonymous cart token, and the cart reference of core §3. */
    publicId: text('public_id').notNull(),
    /** The owner (identity's cus_… id); null for an anonymous cart. */
    customerId: text('customer_id'),
    anonymous: boolean('anonymous').notNull(),
    promotionCode: text('promotion_code'),
    /** The affiliate code sent with the latest add (core §7 affiliateCode); the purchase records it for the report. */
    affiliateCode: text('affiliate_code'),
    /**
     * The price list the `p` address code put this cart on (a list offered by code, core §1): the cart, and its
     * purchase, are priced by it; null for the customer's own list. Cleared when the cart is bought.
     */
    pricingCode: text('pricing_code'),
    /**
     * The state whose site the cart was last seen on (the request's sub-variant, ADR 078; null: the national site):
     * its purchase names the games as that view did.
     */
    region: text('region'),
    /** Items that left the cart by themselves, shown until dismissed: [{ id, reason, description, message }]. */
    autoRemoved: jsonb('auto_removed')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Anonymous carts only: 14 days after the last change (the token cookie's lifetime). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Moves on every change of the cart or of its items (triggers of migration 0034): the purchase reads the cart
     * outside any transaction and its one write stands only if the version is still the one it read (ADR 109).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('cart_carts_public_id_key').on(t.publicId),
    // A customer has one cart.
    uniqueIndex('cart_carts_customer_id_key').on(t.customerId),
    index('cart_carts_expires_idx').on(t.expiresAt),
    check('cart_carts_owner_check', sql`${t.anonymous} = (${t.customerId} is null)`),
    check('cart_carts_expiry_check', sql`${t.anonymous} or ${t.expiresAt} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public id itm_…. */
    publicId: text('public_id').notNull(),
    cartId: bigint('cart_id', { mode: 'number' })
      .notNull()
      .references(() => cartCarts.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    /** The normalised CartItemInput the product handler made of the request (re-checked on every read). */
    input: jsonb('input').notNull(),
    /** What the item was when added, for the auto-removed notice once its offer no longer describes it. */
    description: text('description').notNull(),
    numDraws: integer('num_draws').notNull(),
    recurring: jsonb('recurring').notNull(),
    currency: text('currency').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_public_id_key').on(t.publicId),
    index('cart_items_cart_idx').on(t.cartId, t.position),
    check('cart_items_num_draws_check', sql`${t.numDraws} > 0`),
    check(
      'cart_items_product_type_check',
      sql`${t.productType} in ('lottery_ticket', 'multi_draw_ticket', 'raffle_ticket', 'syndicate_share', 'social_syndicate_share', 'membership')`,
    ),
  ],
);
