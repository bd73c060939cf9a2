// POST /event (features §7): the feedback widget's event, sent from the storefront's server with the visitor's
// session, so a signed-in customer's event is theirs (the API then keeps their account's email, features §6).
import { FeedbackEventBody } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-errors.ts';
import type { FeedbackForm } from './feedback-form.ts';
import { FEEDBACK_FAILED } from './feedback-rules.ts';

// C0 controls (line breaks, tabs, ...), DEL and the C1 controls, which the API refuses in any field.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

export type FeedbackOutcome = { ok: true } | { ok: false; fieldErrors: Record<string, string[]>; error: string };

/**
 * The event of features §3 from what the widget posted. Its `variant` is the sub-variant (features §3: "variant
 * (sub-variant)"): the visitor's own (the `sv` address code or cookie) when they have one.
 */
export function feedbackEventOf(
  form: FeedbackForm,
  production: boolean,
  release: string,
  subVariant: string | null = null,
): FeedbackEventBody {
  return {
    category: 'user',
    eventType: 'feedback_event',
    name: 'feedback',
    rating: form.rating,
    // The API takes no control characters (ADR 025): the comment's line breaks become spaces.
    comment: form.comment ? form.comment.replace(CONTROL_CHARACTERS, ' ').trim() || null : null,
    email: form.email || null,
    source: form.source,
    variant: subVariant || form.variant || null,
    clientInformation: {
      build: production ? 'release' : 'internal',
      name: 'Web',
      version: release,
      clientEnvironment: { timezone: form.timezone, locale: form.locale },
    },
  };
}

export async function sendFeedback(api: ApiClient, event: FeedbackEventBody): Promise<FeedbackOutcome> {
  try {
    await api.post<unknown>('main', '/event', event);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return { ok: false, fieldErrors: error.fieldErrors as Record<string, string[]>, error: FEEDBACK_FAILED };
    throw error;
  }
}
