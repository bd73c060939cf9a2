// Tables of the partners domain (spec features §3 Partner): the partners whose visitors buy through the partner
// layout, and one sale row per partner purchase (the checkout it made, the channel, the commission posted).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const partners = pgTable(
  'partners_partners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Channel keys (features §3 channels.channelKey); the web channel ends in _web. */
    channels: text('channels').array().notNull(),
    /** Raffle offer keys the partner may sell. */
    offers: text('offers').array().notNull(),
    /** Commission in basis points of what the customer paid (ADR 076). */
    commissionBps: integer('commission_bps').notNull(),
    logoUrl: text('logo_url'),
    primaryColour: text('primary_colour').notNull(),
    accentColour: text('accent_colour').notNull(),
    websiteUrl: text('website_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partners_partners_slug_key').on(t.slug),
    uniqueIndex('partners_partners_key_key').on(t.key),
    check('partners_partners_commission_bps', sql`${t.commissionBps} between 0 and 10000`),
  ],
);

/** One row per partner purchase, written in the purchase's transaction with the commission's ledger entry. */
export const partnerSales = pgTable(
  'partners_sales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    checkoutId: text('checkout_id').notNull(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    channelKey: text('channel_key').notNull(),
    customerId: text('customer_id').notNull(),
    saleCents: bigint('sale_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The commission's ledger entry (null when the commission rounds to 0). */
    ledgerEntryId: text('ledger_entry_id'),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partners_sales_checkout_key').on(t.checkoutId),
    index('partners_sales_partner_idx').on(t.partnerId, t.createdAt),
    check('partners_sales_commission', sql`${t.commissionCents} >= 0 and ${t.commissionCents} <= ${t.saleCents}`),
  ],
);
