// The take-a-break and self-exclusion posts: "review" checks the choice and answers with the confirmation step (until
// when, cannot be undone); "confirm" calls the API, which starts it at once.
import type { Exclusion } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
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

export async function submitExclusionForm(
  api: ApiClient,
  site: RgSite,
  form: FormData,
  now: Date,
): Promise<ExclusionOutcome> {
  const kindValue = form.get('kind');
  const kind: ExclusionKind = kindValue === 'self-exclusion' ? 'self-exclusion' : 'take-a-break';
  const period = String(form.get('period') ?? '');
  const valid = kind === 'take-a-break' ? isBreakPeriod(period) : isExclusionPeriod(period);
  if (!valid) return { state: { form: kind, fieldErrors: { period: [CHOOSE[kind]] }, generalErrors: [] }, status: 422 };
  if (form.get('intent') !== 'confirm') {
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
