// The feedback widget's rules (features §4 feedback steps, §5 feedback rules), shared by the widget and the action
// that sends it. No zod here: the widget is on every page, and the form's schema (feedback-form.ts) stays with the
// action, out of the first load's JavaScript.

export type FeedbackStep = 'comment' | 'complete';
/** Event creation as features §4 names it: the step moves to complete when it goes from creating to success. */
export type FeedbackEventState = 'idle' | 'creating' | 'success' | 'error';

export const RATING_CHOICES = [
  { value: -1, label: 'Not satisfied', key: 'not_satisfied' },
  { value: 0, label: 'Neutral', key: 'neutral' },
  { value: 1, label: 'Satisfied', key: 'satisfied' },
] as const;

export const FEEDBACK_FAILED = 'Sorry, we could not send your feedback. Please try again.';

/** Features §5: submit is disabled while submitting or with no rating. */
export const canSubmit = (rating: number | null, state: FeedbackEventState) => rating !== null && state !== 'creating';

/** The step after an event-state change (features §4): complete only on creating → success. */
export function nextStep(step: FeedbackStep, from: FeedbackEventState, to: FeedbackEventState): FeedbackStep {
  return from === 'creating' && to === 'success' ? 'complete' : step;
}
