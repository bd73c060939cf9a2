// Tables of the experiments domain: which variant each visitor was shown (one exposure per visitor and experiment)
// and the purchases those visitors made afterwards (the conversions of `npm run ops -- experiment:report`).
import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const experimentsExposures = pgTable(
  'experiments_exposures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    experiment: text('experiment').notNull(),
    /** The visitor's experiment id (the experiment_id cookie), never a customer id. */
    visitorId: text('visitor_id').notNull(),
    variant: text('variant').notNull(),
    /** The variant came from ?variant= rather than the visitor's hash. */
    forced: boolean('forced').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('experiments_exposures_visitor').on(t.experiment, t.visitorId)],
);

export const experimentsConversions = pgTable(
  'experiments_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    experiment: text('experiment').notNull(),
    visitorId: text('visitor_id').notNull(),
    customerId: text('customer_id').notNull(),
    checkoutId: text('checkout_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('experiments_conversions_checkout').on(t.experiment, t.visitorId, t.checkoutId),
    index('experiments_conversions_visitor').on(t.experiment, t.visitorId),
  ],
);
