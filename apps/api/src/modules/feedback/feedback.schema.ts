// Tables of the feedback domain: the feedback events visitors send from the widget (features §3 "Feedback event").
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const feedbackEvents = pgTable(
  'feedback_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    /** A guest's email as given; a signed-in customer's comes from their account. */
    email: text('email'),
    customerId: text('customer_id'),
    source: text('source').notNull(),
    variant: text('variant'),
    clientInformation: jsonb('client_information').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('feedback_events_public_id').on(t.publicId),
    index('feedback_events_created_at').on(t.createdAt),
    check('feedback_events_rating', sql`${t.rating} between -1 and 1`),
  ],
);
