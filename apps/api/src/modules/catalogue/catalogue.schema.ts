// Tables of the catalogue domain: product offers, price lists (one per pricing id), branding and tips.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const cataloguePricings = pgTable(
  'catalogue_pricings',
  {
    id: text('id').primaryKey(),
    description: text('description').notNull(),
    /**
     * A price list a visitor is put on by the `p` address code (core §1): open to everyone who follows the link.
     * Lists without it (`members`) are only for the customers entitled to them.
     */
    offeredByCode: boolean('offered_by_code').notNull().default(false),
  },
  (t) => [check('catalogue_pricings_id_check', sql`${t.id} ~ '^[A-Za-z0-9_-]+$'`)],
);

/** The offer as sold everywhere; draws come from the draws module and prices from catalogue_prices. */
export const catalogueOffers = pgTable(
  'catalogue_offers',
  {
    key: text('key').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The engine's game (draws are scheduled per game key); null for products that are not lottery games. */
    gameKey: text('game_key'),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    availability: text('availability').notNull().default('available'),
    displayCategory: text('display_category').notNull(),
    suspended: boolean('suspended').notNull().default(false),
    ranking: integer('ranking').notNull(),
    /** Game types sold, in display order: [{ key, name }]; their game offers are built from the game's rules. */
    gameTypes: jsonb('game_types').notNull(),
    urlAliases: jsonb('url_aliases').notNull().default([]),
    causes: jsonb('causes').notNull().default([]),
    recurringPurchase: jsonb('recurring_purchase').notNull(),
    recurringPurchaseInformation: text('recurring_purchase_information'),
    regionOverrides: jsonb('region_overrides').notNull().default([]),
    restrictions: jsonb('restrictions').notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('catalogue_offers_availability_check', sql`${t.availability} in ('available', 'unavailable')`),
    check('catalogue_offers_market_check', sql`${t.market} in ('AU', 'GB')`),
    check('catalogue_offers_currency_check', sql`${t.currency} in ('AUD', 'GBP')`),
  ],
);

/** Price of `blockGames` games of an offer under one pricing (Weekday Windfall is priced $2.70 per 4 games). */
export const cataloguePrices = pgTable(
  'catalogue_prices',
  {
    pricingId: text('pricing_id')
      .notNull()
      .references(() => cataloguePricings.id, { onDelete: 'cascade' }),
    offerKey: text('offer_key')
      .notNull()
      .references(() => catalogueOffers.key, { onDelete: 'cascade' }),
    blockGames: integer('block_games').notNull(),
    blockCents: integer('block_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pricingId, t.offerKey] }),
    check('catalogue_prices_block_check', sql`${t.blockGames} > 0 and ${t.blockCents} > 0`),
  ],
);

export const catalogueBrandings = pgTable('catalogue_brandings', {
  id: text('id').primaryKey(),
  aliases: jsonb('aliases').notNull().default([]),
  regionOverrides: jsonb('region_overrides').notNull().default([]),
  subvariant: text('subvariant'),
  url: text('url').notNull(),
});

export const catalogueTips = pgTable('catalogue_tips', {
  id: text('id').primaryKey(),
  offerKey: text('offer_key'),
  title: text('title').notNull(),
  text: text('text').notNull(),
  ranking: integer('ranking').notNull(),
});
