// What the limit forms' posts do on the server: read and check the amount (the same messages the API gives), call
// the API, and say where the customer goes next (with the success notice) or what the form shows.
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { submissionErrors, submittedText } from '../../lib/form-data.ts';
import type { LimitFormState } from './limit-card.tsx';
import { afterSavePath, checkLimitAmount, isLimitPeriod, NOTICES, type NoticeKey } from './rg-rules.ts';
import * as rg from './rg.server.ts';
import type { RgSite } from './rg.server.ts';

/** `toast`: the success notification of features §8 the next page shows (deposit limit, spend limit from the cart). */
export type LimitOutcome = { redirectTo: string; toast?: string } | { state: LimitFormState; status: number };

const PAGE = '/my-account/spend-limits';

function withNotice(path: string, notice: NoticeKey, hash = ''): string {
  return `${path}?notice=${notice}${hash}`;
}

function refused(formId: string, values: Record<string, string>, error: unknown): LimitOutcome {
  const { fieldErrors, generalErrors } = rg.feedbackOf(error);
  return { state: { form: formId, fieldErrors, generalErrors, values }, status: 422 };
}

const CHOOSE_PERIOD = 'Please choose a daily, weekly or monthly limit.';

/** An amount field of a limit form in cents, checked with the messages of features §5 (the API's own). */
function limitCents(raw: string, site: RgSite, ctx: z.RefinementCtx): number {
  const amount = checkLimitAmount(raw, site.currency, site.locale);
  if ('error' in amount) ctx.addIssue({ code: 'custom', path: ['limit'], message: amount.error });
  return 'error' in amount ? 0 : amount.cents;
}

/** The forms of /my-account/spend-limits: intent spend or deposit (period + limit), remove-spend or remove-deposit (id). */
export function limitFormSchema(site: RgSite) {
  return z
    .object({
      intent: z.string().default(''),
      formId: z.string().default(''),
      period: z.string().default(''),
      id: z.string().default(''),
      limit: z.string().default(''),
    })
    .transform((v, ctx) => {
      const { period } = v;
      if (v.intent === 'remove-spend' || v.intent === 'remove-deposit')
        return { ...v, intent: v.intent as 'remove-spend' | 'remove-deposit' };
      if ((v.intent !== 'spend' && v.intent !== 'deposit') || !isLimitPeriod(period)) {
        ctx.addIssue({ code: 'custom', path: [], message: CHOOSE_PERIOD });
        return z.NEVER;
      }
      return { ...v, intent: v.intent as 'spend' | 'deposit', period, cents: limitCents(v.limit, site, ctx) };
    });
}

/** The forms of /my-account/precommitment-limit: save (limit + period, monthly unless chosen) and remove. */
export function precommitmentFormSchema(site: RgSite) {
  return z
    .object({ intent: z.string().default(''), period: z.string().default('monthly'), limit: z.string().default('') })
    .transform((v, ctx) => {
      if (v.intent === 'remove') return { intent: 'remove' as const };
      const cents = limitCents(v.limit, site, ctx);
      const period = v.period;
      if (!isLimitPeriod(period)) {
        ctx.addIssue({ code: 'custom', path: ['period'], message: CHOOSE_PERIOD });
        return z.NEVER;
      }
      return { intent: 'save' as const, period, cents };
    });
}

/** A limit's Remove button (spend or deposit limit): now, or after the cooling-off period. */
async function removeLimit(
  api: ApiClient,
  intent: 'remove-spend' | 'remove-deposit',
  id: string,
  formId: string,
): Promise<LimitOutcome> {
  const hash = intent === 'remove-deposit' ? '#deposit' : '';
  if (!/^[A-Za-z0-9_]{1,64}$/.test(id)) return { redirectTo: `${PAGE}${hash}` };
  try {
    const change =
      intent === 'remove-deposit' ? await rg.deleteDepositLimit(api, id) : await rg.deleteSpendLimit(api, id);
    return {
      redirectTo: withNotice(
        PAGE,
        change.applied === 'removed' ? 'spendLimitRemoved' : 'spendLimitRemovalPending',
        hash,
      ),
    };
  } catch (error) {
    // Spec features §8: a 422 shows the first server message; any other failure just shows the limits again.
    if (error instanceof ApiError && error.status === 422 && !error.reason) return refused(formId, {}, error);
    if (error instanceof ApiError && error.status < 500 && !error.reason) return { redirectTo: `${PAGE}${hash}` };
    throw error;
  }
}

/** The forms of /my-account/spend-limits, told apart by intent: spend (set/raise/lower), remove-spend, deposit. */
export async function submitLimitForm(
  api: ApiClient,
  site: RgSite,
  form: FormData,
  from: string | null,
): Promise<LimitOutcome> {
  const submission = parseWithZod(form, { schema: limitFormSchema(site) });
  const values = submittedText(submission, ['limit']);
  if (submission.status !== 'success') {
    const posted = submittedText(submission, ['formId', 'intent']);
    const formId = posted.formId!.slice(0, 40) || posted.intent!;
    return { state: { form: formId, ...submissionErrors(submission), values }, status: 422 };
  }
  const posted = submission.value;
  const { intent, id } = posted;
  const formId = posted.formId.slice(0, 40) || intent;

  if (!('cents' in posted)) return removeLimit(api, posted.intent, id, formId);

  const { period, cents } = posted;

  try {
    if (intent === 'deposit') {
      const change = await rg.saveDepositLimit(api, period, cents);
      // "Deposit limit updated" is a notification (features §8): the toast alone; a pending raise is the page's notice.
      return change.applied === 'after_cooling_off'
        ? { redirectTo: withNotice(PAGE, 'spendLimitRaisePending', '#deposit') }
        : { redirectTo: `${PAGE}#deposit`, toast: NOTICES.depositLimitUpdated };
    }
    const existing = await rg.spendLimits(api);
    const exists = existing.customerLimits.some((l) => l.period === period);
    const change = await rg.saveSpendLimit(api, period, cents, exists);
    const cart = afterSavePath(from);
    if (cart) return { redirectTo: cart, toast: NOTICES.spendLimitUpdatedFromCart };
    return {
      redirectTo: withNotice(
        PAGE,
        change.applied === 'after_cooling_off' ? 'spendLimitRaisePending' : 'spendLimitUpdated',
      ),
    };
  } catch (error) {
    return refused(formId, values, error);
  }
}

/** The forms of /my-account/precommitment-limit: save (limit + period) and remove. */
export async function submitPrecommitmentForm(api: ApiClient, site: RgSite, form: FormData): Promise<LimitOutcome> {
  const page = '/my-account/precommitment-limit';
  const formId = 'precommitment';
  const submission = parseWithZod(form, { schema: precommitmentFormSchema(site) });
  const values = submittedText(submission, ['limit', 'period']);
  if (submission.status !== 'success')
    return { state: { form: formId, ...submissionErrors(submission), values }, status: 422 };
  const posted = submission.value;
  try {
    if (posted.intent === 'remove') {
      const change = await rg.deletePrecommitment(api);
      return {
        redirectTo: withNotice(
          page,
          change.applied === 'removed' ? 'precommitmentRemoved' : 'spendLimitRemovalPending',
        ),
      };
    }
    const change = await rg.savePrecommitment(api, posted.period, posted.cents);
    return {
      redirectTo: withNotice(
        page,
        change.applied === 'after_cooling_off' ? 'spendLimitRaisePending' : 'precommitmentUpdated',
      ),
    };
  } catch (error) {
    return refused(formId, values, error);
  }
}
