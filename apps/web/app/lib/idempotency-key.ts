// The Idempotency-Key of a form that makes something once (a deposit, a purchase, a scheduled purchase): the loader
// gives the rendered form a fresh key, the page keeps it (use-page-key.ts), and the action sends the posted key with
// its one API call, so a double submit or a retry of that render is answered as the first one was.
import { formText } from './form-data.ts';

/** The one Idempotency-Key of a rendered money-moving form: a double submit of that render deposits once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The posted key, or a fresh one when the post carried none or junk (a hand-made request). */
export function idempotencyKeyOf(form: FormData): string {
  const key = formText(form, 'idempotencyKey');
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : newIdempotencyKey();
}
