// The one way a posted form is read on the server (docs/storefront.md, Forms): Conform's parseWithZod with a zod
// schema, the contracts' schema where the API has one, so the browser (useForm) and the action check the same rules
// with the same messages. These helpers turn a submission into what the feature views render.
import type { Submission } from '@conform-to/react';
import { z } from 'zod';

export interface FormErrors {
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
}

/** A submission's errors: Conform keeps form-level errors under '' and field errors under their names. */
export function submissionErrors(submission: Submission<unknown>): FormErrors {
  const fieldErrors: Record<string, string[]> = {};
  let generalErrors: string[] = [];
  const errors = submission.status === 'success' ? {} : (submission.error ?? {});
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    if (name === '') generalErrors = [...messages];
    else fieldErrors[name] = [...messages];
  }
  return { fieldErrors, generalErrors };
}

/** A posted text field, '' when it is missing or a file (for the few values read before a schema applies). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** The text values a submission carried, for showing the form again as it was sent. */
export function submittedText(submission: Submission<unknown>, names: readonly string[]): Record<string, string> {
  const payload = submission.payload as Record<string, unknown>;
  return Object.fromEntries(names.map((n) => [n, typeof payload[n] === 'string' ? (payload[n] as string) : '']));
}

/**
 * A form field that carries JSON (the play screen's ticket, a placement's ready-made item), for a schema: text that is
 * not JSON is an issue with `message`.
 */
export function jsonField(message: string) {
  return z.string({ error: message }).transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });
}
