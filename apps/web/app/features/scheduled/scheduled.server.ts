// Server side of the scheduled purchases and pre-orders screens (features §7 Recurring and scheduled calls: POST, GET
// /scheduled-purchases, GET /scheduled-purchases/{id}, PATCH /scheduled-purchases/{id}/cancel). Cancelled ones are
// left out of the list by the API; another customer's or an unknown id is the 404 page.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { CartItemInput, ScheduledPurchase } from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError, FALLBACK_MESSAGE, parseApiResult } from '../../lib/api-errors.ts';
import { requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { idempotencyKeyOf, newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { SCHEDULE_MESSAGES, scheduledAtOf, ScheduleTicketSchema } from './scheduled-schemas.ts';
import { SCHEDULED_NOTICE_PARAM, scheduledPath } from './scheduled-views.tsx';

/** How many the upcoming tickets screen lists (soonest due first). */
export const SCHEDULED_LIST_SIZE = 20;
const SCHEDULED_ID = /^sch_[A-Za-z0-9]+$/;

function invalid(url: string): ApiError {
  return new ApiError({ status: 422, url, message: `invalid-response: ${url}`, reason: 'invalid_response' });
}

function scheduledError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return data({}, { status: 404 });
  return toRouteError(error);
}

/** The customer's scheduled purchases and pre-orders not cancelled, soonest due first (and how many there are). */
export async function loadScheduledList(
  request: Request,
  context: AppLoadContext,
): Promise<{ items: ScheduledPurchase[]; total: number }> {
  const { auth } = await requireCustomer(request, context);
  try {
    return await fetchList(auth);
  } catch (error) {
    throw scheduledError(error);
  }
}

async function fetchList(auth: AuthApi): Promise<{ items: ScheduledPurchase[]; total: number }> {
  const res = await auth.api.get<unknown>('main', '/scheduled-purchases', {
    query: { limit: SCHEDULED_LIST_SIZE, offset: 0 },
    version: '3.3',
    cache: false,
  });
  const items = ScheduledPurchase.array().safeParse(res.result ?? []);
  if (!items.success) throw invalid('GET /scheduled-purchases');
  return { items: items.data, total: res.pageInfo?.total ?? items.data.length };
}

async function fetchOne(auth: AuthApi, id: string): Promise<ScheduledPurchase> {
  const res = await auth.api.get<unknown>('main', `/scheduled-purchases/${id}`, { version: '3.3', cache: false });
  const one = ScheduledPurchase.safeParse(res.result);
  if (!one.success) throw invalid('GET /scheduled-purchases/{id}');
  return one.data;
}

/** /my-account/scheduled-purchases/:id: one of the customer's (404 for a bad, unknown or another's id). */
export async function loadScheduled(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !SCHEDULED_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    return data(
      { scheduled: await fetchOne(auth, id), now: new Date().toISOString() },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw scheduledError(error);
  }
}

export type CancelOutcome = { ok: true; scheduled: ScheduledPurchase } | { ok: false; message: string };

/** PATCH /scheduled-purchases/{id}/cancel: a 409 (already bought) is a message on the screen, not an error page. */
export async function cancelScheduled(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !SCHEDULED_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.patch<unknown>('main', `/scheduled-purchases/${id}/cancel`, {}, { version: '3.3' });
    const one = ScheduledPurchase.safeParse(res.result);
    if (!one.success) throw invalid('PATCH /scheduled-purchases/{id}/cancel');
    return data<CancelOutcome>({ ok: true, scheduled: one.data }, { headers: auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409)
      return data<CancelOutcome>(
        { ok: false, message: error.messages[0]?.text ?? 'This scheduled purchase was already bought.' },
        { status: 409, headers: auth.headers() },
      );
    throw scheduledError(error);
  }
}

/** What the play screen's schedule form shows after a refused post, with the key its next post sends. */
export interface ScheduleFeedback {
  result: SubmissionResult<string[]>;
  idempotencyKey: string;
}

export type ScheduleOutcome = { redirectTo: string } | { feedback: ScheduleFeedback; status: number };

interface ScheduleSubmission {
  reply(opts: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * The API's refusal on the form: its `scheduledAt` messages under the date and time, everything else (the envelope's
 * message, the ticket's field errors, which the builder has no place for) above the button, each once.
 */
function refusalReply(submission: ScheduleSubmission, error: ApiError): SubmissionResult<string[]> {
  const { scheduledAt = [], ...ticket } = error.fieldErrors;
  const formErrors = [...new Set([...error.generalErrors, ...Object.values(ticket).flat()])].filter(
    (m) => !scheduledAt.includes(m),
  );
  if (!formErrors.length && !scheduledAt.length) formErrors.push(error.message || FALLBACK_MESSAGE);
  return submission.reply({ formErrors, fieldErrors: scheduledAt.length ? { scheduledAt } : {} });
}

/**
 * The play screen's "Schedule for later" post: the ticket and the date and time (wall-clock in `timeZone`) go to POST
 * /scheduled-purchases with the form's Idempotency-Key, so a double submit makes one. Made: its screen with a notice.
 * Refused: the form with the API's messages and a fresh key (nothing was made); still running (409
 * idempotency_in_flight): the same key, whose next post is answered with what the first one made.
 */
export async function scheduleTicket(api: ApiClient, form: FormData, timeZone: string): Promise<ScheduleOutcome> {
  const idempotencyKey = idempotencyKeyOf(form);
  const submission = parseWithZod(form, { schema: ScheduleTicketSchema });
  if (submission.status !== 'success') return { feedback: { result: submission.reply(), idempotencyKey }, status: 422 };
  const item = CartItemInput.safeParse(submission.value.ticket);
  if (!item.success)
    return {
      feedback: { result: submission.reply({ formErrors: [SCHEDULE_MESSAGES.ticket] }), idempotencyKey },
      status: 422,
    };
  const scheduledAt = scheduledAtOf(submission.value.date, submission.value.time, timeZone);
  try {
    const res = await api.post<unknown>(
      'main',
      '/scheduled-purchases',
      { item: item.data, scheduledAt },
      { version: '3.3', idempotencyKey },
    );
    const made = parseApiResult(ScheduledPurchase, res.result, 'POST /scheduled-purchases');
    return { redirectTo: `${scheduledPath(made.encodedId)}?${SCHEDULED_NOTICE_PARAM}=scheduled` };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.reason || error.status === 401) throw error;
    const inFlight = error.code === 'idempotency_in_flight';
    return {
      feedback: {
        result: refusalReply(submission, error),
        idempotencyKey: inFlight ? idempotencyKey : newIdempotencyKey(),
      },
      status: error.status,
    };
  }
}
