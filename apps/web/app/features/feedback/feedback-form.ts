// The feedback form as the action reads it (the widget's fields; features §3 feedback event). Server side only: the
// widget on every page must not bring zod into the first load.
import { EmailAddress, FEEDBACK_COMMENT_MAX } from '@shop/contracts';
import { z } from 'zod';

export const FeedbackForm = z.object({
  rating: z.coerce.number().int().min(-1).max(1),
  comment: z.string().max(FEEDBACK_COMMENT_MAX).optional(),
  email: z.union([z.literal(''), EmailAddress]).optional(),
  source: z.string().max(500).default('/'),
  variant: z.string().max(64).optional(),
  timezone: z.string().max(64).default('UTC'),
  locale: z.string().max(35).default('en-AU'),
});
export type FeedbackForm = z.infer<typeof FeedbackForm>;
