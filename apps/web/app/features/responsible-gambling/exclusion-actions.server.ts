// The take-a-break and self-exclusion posts: "review" checks the choice and answers with the confirmation step (until
// when, cannot be undone); "confirm" calls the API, which starts it at once.
import { parseWithZod } from '@conform-to/zod/v4';
import type { Exclusion } from '@shop/contracts';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { submissionErrors } from '../../lib/form-data.ts';
import type { ExclusionConfirm, ExclusionFormState } from './exclusion-view.tsx';
import { dateTimeLabel } from './limit-card.tsx';
import { exclusionEndsAt, isBreakPeriod, isExclusionPeriod, type ExclusionKind } from './rg-rules.ts';
import * as rg from './rg.server.ts';
import type { RgSite } from './rg.server.ts';

export type ExclusionOutcome =
  | { confirm: ExclusionConfirm; status: 200 }
  | { done: Exclusion; status: 200 }
  | { state: ExclusionFormState; status: 422 };

const CHOOSE: Record<ExclusionKind, string> = {
  'take-a-break': 'Please choose how long your break should last.',
  'self-exclusion': 'Please choose how long to exclude yourself for.',
};

/** The break or exclusion form: its kind, a period that kind offers, and whether this is the confirming post. */
export const ExclusionForm = z
  .object({
    kind: z.enum(['take-a-break', 'self-exclusion']).catch('take-a-break'),
    period: z.string().optional(),
    intent: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const period = v.period ?? '';
    if (!(v.kind === 'take-a-break' ? isBreakPeriod(period) : isExclusionPeriod(period)))
      ctx.addIssue({ code: 'custom', path: ['period'], message: CHOOSE[v.kind] });
  });

export async function submitExclusionForm(
  api: ApiClient,
  site: RgSite,
  form: FormData,
  now: Date,
): Promise<ExclusionOutcome> {
  const submission = parseWithZod(form, { schema: ExclusionForm });
  if (submission.status !== 'success') {
    const kind: ExclusionKind = form.get('kind') === 'self-exclusion' ? 'self-exclusion' : 'take-a-break';
    return { state: { form: kind, ...submissionErrors(submission) }, status: 422 };
  }
  const { kind, period = '' } = submission.value;
  if (submission.value.intent !== 'confirm') {
    const ends = exclusionEndsAt(kind, period, now);
    return { confirm: { kind, period, until: ends ? dateTimeLabel(ends.toISOString(), site) : '' }, status: 200 };
  }
  try {
    const done = kind === 'take-a-break' ? await rg.takeABreak(api, period) : await rg.selfExclude(api, period);
    return { done, status: 200 };
  } catch (error) {
    const { fieldErrors, generalErrors } = rg.feedbackOf(error);
    return { state: { form: kind, fieldErrors, generalErrors }, status: 422 };
  }
}
