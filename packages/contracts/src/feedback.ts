// The feedback event (spec features §3 "Feedback event", §5 feedback rules, §7 POST /event) and what operators read.
import { z } from 'zod';
import { paginationQuery } from './common.ts';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_RATINGS, FEEDBACK_TEXTS } from './constants.ts';
import { EmailAddress } from './identity.ts';

// Plain constants live in constants.ts (the widget on every page imports them without zod); re-exported here.
export { FEEDBACK_COMMENT_MAX, FEEDBACK_RATINGS, FEEDBACK_TEXTS };

export const FeedbackRating = z
  .number({ error: 'Please choose a rating.' })
  .int()
  .min(-1, { error: 'A rating is -1, 0 or 1.' })
  .max(1, { error: 'A rating is -1, 0 or 1.' });
export type FeedbackRating = z.infer<typeof FeedbackRating>;

export const FeedbackClientInformation = z
  .object({
    build: z.enum(['release', 'internal']),
    name: z.string().max(40),
    version: z.string().max(64),
    clientEnvironment: z.object({ timezone: z.string().max(64), locale: z.string().max(35) }).strict(),
  })
  .strict();

/** POST /event: the feedback event of features §3. An email is taken from guests only (features §6). */
export const FeedbackEventBody = z
  .object({
    category: z.literal('user'),
    eventType: z.literal('feedback_event'),
    name: z.literal('feedback'),
    rating: FeedbackRating,
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).nullish(),
    email: z.union([z.literal(''), EmailAddress]).nullish(),
    source: z.string().max(500),
    variant: z.string().max(64).nullish(),
    clientInformation: FeedbackClientInformation,
  })
  .strict();
export type FeedbackEventBody = z.infer<typeof FeedbackEventBody>;

export const FeedbackEventCreated = z.object({ eventId: z.string() });
export type FeedbackEventCreated = z.infer<typeof FeedbackEventCreated>;

/** One stored feedback event as operators read it. */
export const FeedbackEntry = z.object({
  eventId: z.string(),
  createdAt: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  email: z.string().nullable(),
  customerId: z.string().nullable(),
  source: z.string(),
  variant: z.string().nullable(),
  clientInformation: FeedbackClientInformation,
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

/** GET /api/admin/feedback and `ops feedback:list`: newest first, optionally since a date and of one rating. */
export const FeedbackListQuery = paginationQuery()
  .extend({
    since: z.iso.date().or(z.iso.datetime()).optional(),
    rating: z.coerce.number().int().min(-1).max(1).optional(),
  })
  .strict();
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;
