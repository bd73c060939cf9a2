// What the limit forms' posts do on the server: read and check the amount (the same messages the API gives), call
// the API, and say where the customer goes next (with the success notice) or what the form shows.
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-errors.ts';
import type { LimitFormState } from './limit-card.tsx';
import { afterSavePath, checkLimitAmount, isLimitPeriod, type NoticeKey } from './rg-rules.ts';
import * as rg from './rg.server.ts';
import { formText } from '../../lib/form-data.ts';
import type { RgSite } from './rg.server.ts';

export type LimitOutcome = { redirectTo: string } | { state: LimitFormState; status: number };

const PAGE = '/my-account/spend-limits';

function withNotice(path: string, notice: NoticeKey, hash = ''): string {
  return `${path}?notice=${notice}${hash}`;
}

function refused(formId: string, values: Record<string, string>, error: unknown): LimitOutcome {
  const { fieldErrors, generalErrors } = rg.feedbackOf(error);
  return { state: { form: formId, fieldErrors, generalErrors, values }, status: 422 };
}

/** The forms of /my-account/spend-limits, told apart by intent: spend (set/raise/lower), remove-spend, deposit. */
export async function submitLimitForm(
  api: ApiClient,
  site: RgSite,
  form: FormData,
  from: string | null,
): Promise<LimitOutcome> {
  const intent = formText(form, 'intent');
  const formId = formText(form, 'formId').slice(0, 40) || intent;
  const period = formText(form, 'period');
  const values = { limit: formText(form, 'limit') };

  if (intent === 'remove-spend' || intent === 'remove-deposit') {
    const id = formText(form, 'id');
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

  if ((intent !== 'spend' && intent !== 'deposit') || !isLimitPeriod(period)) {
    return {
      state: {
        form: formId,
        fieldErrors: {},
        generalErrors: ['Please choose a daily, weekly or monthly limit.'],
        values,
      },
      status: 422,
    };
  }
  const amount = checkLimitAmount(values.limit, site.currency, site.locale);
  if ('error' in amount)
    return { state: { form: formId, fieldErrors: { limit: [amount.error] }, generalErrors: [], values }, status: 422 };

  try {
    if (intent === 'deposit') {
      const change = await rg.saveDepositLimit(api, period, amount.cents);
      return {
        redirectTo: withNotice(
          PAGE,
          change.applied === 'after_cooling_off' ? 'spendLimitRaisePending' : 'depositLimitUpdated',
          '#deposit',
        ),
      };
    }
    const existing = await rg.spendLimits(api);
    const exists = existing.customerLimits.some((l) => l.period === period);
    const change = await rg.saveSpendLimit(api, period, amount.cents, exists);
    const cart = afterSavePath(from);
    if (cart) return { redirectTo: cart };
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
  const intent = formText(form, 'intent');
  const formId = 'precommitment';
  const values = { limit: formText(form, 'limit'), period: formText(form, 'period') };
  try {
    if (intent === 'remove') {
      const change = await rg.deletePrecommitment(api);
      return {
        redirectTo: withNotice(
          page,
          change.applied === 'removed' ? 'precommitmentRemoved' : 'spendLimitRemovalPending',
        ),
      };
    }
    const fieldErrors: Record<string, string[]> = {};
    const period = values.period || 'monthly';
    if (!isLimitPeriod(period)) fieldErrors.period = ['Please choose a daily, weekly or monthly limit.'];
    const amount = checkLimitAmount(values.limit, site.currency, site.locale);
    if ('error' in amount) fieldErrors.limit = [amount.error];
    if (Object.keys(fieldErrors).length || 'error' in amount || !isLimitPeriod(period))
      return { state: { form: formId, fieldErrors, generalErrors: [], values }, status: 422 };
    const change = await rg.savePrecommitment(api, period, amount.cents);
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
