// Server side of the subscription screens (features §7 GET /subscriptions, GET /subscriptions/{id}, PATCH
// /subscriptions/{id} and /subscriptions/{id}/status): the customer's subscriptions a page at a time, one of them, and
// the manage form's changes. Every answer is parsed with its contract; another customer's or an unknown subscription
// is the 404 page.
import { parseWithZod } from '@conform-to/zod/v4';
import { Autoplay } from '@shop/contracts';
import { localDayStartIso } from '@shop/protocol';
import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiError, contractMismatch, formErrorsOf } from '../../lib/api-errors.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { submissionErrors } from '../../lib/form-data.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { loadWebConfig } from '../../lib/web-config.server.ts';
import { ManageSubscriptionForm } from './subscription-forms.ts';

export const SUBSCRIPTIONS_PAGE_SIZE = 10;
const RCP_ID = /^rcp_[A-Za-z0-9]{1,60}$/;

function pageOf(param: string | undefined): number | null {
  if (param === undefined) return 1;
  if (!/^[0-9]{1,6}$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 ? n : null;
}

function readError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return data({}, { status: 404 });
  return toRouteError(error);
}

/** /my-account/subscriptions[/:page]: the customer's subscriptions (cancelled ones left out), newest first. */
export async function loadSubscriptionsPage(request: Request, context: AppLoadContext, pageParam: string | undefined) {
  const page = pageOf(pageParam);
  if (page === null) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', '/subscriptions', {
      query: { limit: SUBSCRIPTIONS_PAGE_SIZE, offset: (page - 1) * SUBSCRIPTIONS_PAGE_SIZE },
      version: '3.3',
      cache: false,
    });
    const parsed = Autoplay.array().safeParse(res.result ?? []);
    if (!parsed.success) throw contractMismatch('GET /subscriptions');
    if (page > 1 && parsed.data.length === 0) notFound();
    const total = res.pageInfo?.total ?? parsed.data.length;
    return data(
      {
        subscriptions: parsed.data,
        page,
        hasNext: page * SUBSCRIPTIONS_PAGE_SIZE < total,
        now: new Date().toISOString(),
      },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw readError(error);
  }
}

/** One subscription of the customer's (GET /subscriptions/{id}); anything else is the 404 page. */
export async function loadSubscription(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !RCP_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', `/subscriptions/${id}`, { version: '3.3', cache: false });
    const parsed = Autoplay.safeParse(res.result);
    if (!parsed.success) throw contractMismatch('GET /subscriptions/{id}');
    if (parsed.data.status === 'cancelled') notFound();
    return { subscription: parsed.data, headers: auth.headers({ 'Cache-Control': 'private, no-store' }) };
  } catch (error) {
    throw readError(error);
  }
}

export type ManageResult =
  | { ok: true; message: string }
  | { ok: false; confirmCancel: true }
  | { ok: false; error: string; fieldErrors: Record<string, string[]> };

const DONE: Record<string, string> = {
  pause: 'Your subscription is paused.',
  timed_pause: 'Your subscription is paused until the date you chose.',
  unpause: 'Your subscription is active again.',
  change: 'Your subscription is changed: the next purchase buys the new entry.',
};

/**
 * The manage form's action: pause, pause until a date, unpause, change tickets or cause (PATCH, checked in full by the
 * API before anything changes), or cancel — which first asks to confirm, then goes back to the list.
 */
export async function manageSubscription(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !RCP_ID.test(id)) notFound();
  const submission = parseWithZod(await request.formData(), { schema: ManageSubscriptionForm });
  if (submission.status !== 'success') {
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    const error = generalErrors[0] ?? Object.values(fieldErrors).flat()[0] ?? 'Please check the form.';
    return data<ManageResult>({ ok: false, error, fieldErrors }, { status: 422 });
  }
  const form = submission.value;
  if (form.intent === 'cancel' && form.confirm !== 'yes') return data<ManageResult>({ ok: false, confirmCancel: true });
  const { auth } = await requireCustomer(request, context);
  const opts = { version: '3.3' as const };
  try {
    if (form.intent === 'change') {
      await auth.api.patch(
        'main',
        `/subscriptions/${id}`,
        {
          numGames: form.numTickets,
          ...(form.causeKey ? { causeKey: form.causeKey } : {}),
        },
        opts,
      );
    } else {
      const status =
        form.intent === 'pause'
          ? { status: 'paused' }
          : form.intent === 'timed_pause'
            ? {
                status: 'timed_paused',
                // The chosen day's start where the shop is, not midnight UTC.
                pausedUntil: /^\d{4}-\d{2}-\d{2}$/.test(form.pausedUntil)
                  ? localDayStartIso(form.pausedUntil, (await loadWebConfig(context, request)).siteTimeZone)
                  : form.pausedUntil,
              }
            : form.intent === 'unpause'
              ? { status: 'active' }
              : { status: 'cancelled' };
      await auth.api.patch('main', `/subscriptions/${id}/status`, status, opts);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    if (error instanceof ApiError && error.status < 500) {
      const { fieldErrors, generalErrors } = formErrorsOf(error);
      const first = Object.values(fieldErrors).flat()[0];
      return data<ManageResult>(
        { ok: false, error: generalErrors[0] ?? first ?? 'Please check the form.', fieldErrors },
        { status: error.status === 409 ? 409 : 422, headers: auth.headers() },
      );
    }
    throw toRouteError(error);
  }
  if (form.intent === 'cancel') throw redirect('/my-account/subscriptions?cancelled=1', { headers: auth.headers() });
  return data<ManageResult>({ ok: true, message: DONE[form.intent]! }, { headers: auth.headers() });
}
