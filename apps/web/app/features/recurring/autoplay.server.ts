// Server side of the autoplay screens (features §7 Recurring and scheduled calls, v3.3): the customer's autoplays and
// combined recurring purchases, paged; one autoplay; and the changes its page posts (pause, unpause, cancel, minimum
// jackpot, quickpick each draw). Another customer's autoplay is a 404 from the API, shown as the 404 page.
import { parseWithZod } from '@conform-to/zod/v4';
import { AUTOPLAY_MESSAGES, Autoplay, RecurringPurchaseGroup } from '@shop/contracts';
import { addLocalDays, localDateOf, localDayStartIso } from '@shop/protocol';
import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiError, parseApiResult } from '../../lib/api-errors.ts';
import { requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { submittedText } from '../../lib/form-data.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import {
  AUTOPLAY_NOTICES,
  AutoplayForm,
  changeErrorTitle,
  noticeFor,
  type AutoplayChangeRefused,
} from './autoplay-forms.ts';
import { withSuccessToast } from '../../lib/toast.server.ts';
import { loadWebConfig } from '../../lib/web-config.server.ts';

export const AUTOPLAY_PAGE_SIZE = 10;
const V = { version: '3.3' as const };
const AUTOPLAY_ID = /^rcp_[A-Za-z0-9]+$/;

function pageOf(param: string | undefined): number {
  if (param === undefined) return 1;
  if (!/^[0-9]{1,6}$/.test(param) || Number(param) < 1) notFound();
  return Number(param);
}

function loadError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return data({}, { status: 404 });
  return toRouteError(error);
}

async function listPage<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
  schema: import('zod').ZodType<T>,
  pageParam: string | undefined,
) {
  const page = pageOf(pageParam);
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', path, {
      ...V,
      query: { limit: AUTOPLAY_PAGE_SIZE, offset: (page - 1) * AUTOPLAY_PAGE_SIZE },
      cache: false,
    });
    const items = parseApiResult(schema.array(), res.result ?? [], `GET ${path}`);
    if (page > 1 && items.length === 0) notFound();
    const total = res.pageInfo?.total ?? null;
    const hasNext =
      total !== null ? (page - 1) * AUTOPLAY_PAGE_SIZE + items.length < total : items.length === AUTOPLAY_PAGE_SIZE;
    return data({ items, page, hasNext }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw loadError(error);
  }
}

/** /my-account/autoplay[/:page]: the customer's autoplays, cancelled ones left out (the API leaves them out). */
export const loadAutoplays = (request: Request, context: AppLoadContext, page: string | undefined) =>
  listPage(request, context, '/autoplay', Autoplay, page);

/** /my-account/recurring-purchases[/:page]: combined recurring purchases keyed by autoplayId. */
export const loadRecurringPurchases = (request: Request, context: AppLoadContext, page: string | undefined) =>
  listPage(request, context, '/recurring_purchases', RecurringPurchaseGroup, page);

async function fetchAutoplay(auth: AuthApi, id: string): Promise<Autoplay> {
  const res = await auth.api.get<unknown>('main', `/autoplay/${id}`, { ...V, cache: false });
  return parseApiResult(Autoplay, res.result, 'GET /autoplay/{id}');
}

/** /my-account/autoplay/ticket/:id: one autoplay (404 when it is not the customer's or was never there). */
export async function loadAutoplay(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !AUTOPLAY_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const [autoplay, config] = await Promise.all([fetchAutoplay(auth, id), loadWebConfig(context, request)]);
    const url = new URL(request.url);
    return data(
      {
        autoplay,
        confirmCancel: url.searchParams.get('confirm') === 'cancel' && autoplay.status !== 'cancelled',
        // The first day a pause can run until: tomorrow in the site's zone (a pause until today has ended).
        today: addLocalDays(localDateOf(new Date(), config.siteTimeZone), 1),
      },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw loadError(error);
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

async function apply(auth: AuthApi, id: string, form: AutoplayForm, timeZone: string): Promise<void> {
  const path = `/autoplay/${id}`;
  switch (form.intent) {
    case 'pause': {
      // The date picker's day means that day's start where the shop is, not midnight UTC.
      const until =
        form.pausedUntil && DATE_ONLY.test(form.pausedUntil)
          ? localDayStartIso(form.pausedUntil, timeZone)
          : form.pausedUntil;
      await auth.api.post('main', `${path}/pause`, until ? { pausedUntil: until } : {}, V);
      return;
    }
    case 'unpause':
      await auth.api.post('main', `${path}/unpause`, undefined, V);
      return;
    case 'cancel':
      await auth.api.patch('main', `${path}/status`, { status: 'cancelled' }, V);
      return;
    case 'minimum-jackpot':
    case 'remove-minimum-jackpot': {
      const amount = form.intent === 'minimum-jackpot' ? (form.minimumJackpotAmount ?? '') : '';
      await auth.api.post(
        'main',
        `${path}/set-minimum-jackpot`,
        { minimumJackpotAmount: amount },
        { ...V, form: true },
      );
      return;
    }
    case 'quickpick':
      await auth.api.post(
        'main',
        `${path}/set-quickpick`,
        { quickpick: form.quickpick === 'on' ? 'true' : 'false' },
        { ...V, form: true },
      );
      return;
  }
}

/** The autoplay page's posts: the change, then back to the page (or the list after a cancel) with a notice. */
export async function autoplayAction(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !AUTOPLAY_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AutoplayForm });
  const values = submittedText(submission, ['pausedUntil', 'minimumJackpotAmount']);
  const intent = String((submission.payload as Record<string, unknown>).intent ?? '');
  if (submission.status !== 'success')
    return data<AutoplayChangeRefused>(
      { intent, title: 'Please check the form', messages: [AUTOPLAY_MESSAGES.cannotUpdate], fieldErrors: {}, values },
      { status: 422, headers: auth.headers() },
    );
  try {
    await apply(auth, id, submission.value, (await loadWebConfig(context, request)).siteTimeZone);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) notFound();
    const { this: general = [], ...fieldErrors } = error.fieldErrors;
    const expected = error.status === 409 || error.status === 422;
    const title = changeErrorTitle(error.status, error.code);
    const said = expected ? [...general, ...error.generalErrors] : [];
    const messages = said.filter((m, i) => m && m !== title && said.indexOf(m) === i);
    return data<AutoplayChangeRefused>(
      {
        intent,
        title,
        // Features §8: an unexpected failure says "Cannot update AutoPlay status" with its apology.
        messages: expected ? messages : [AUTOPLAY_MESSAGES.cannotUpdate],
        fieldErrors,
        values,
      },
      { status: expected ? error.status : 500, headers: auth.headers() },
    );
  }
  const notice = noticeFor(submission.value);
  const to = submission.value.intent === 'cancel' ? '/my-account/autoplay' : `/my-account/autoplay/ticket/${id}`;
  // Features §8 "autoplay value changed": a success notification (the toast, the one message).
  throw redirect(to, { headers: withSuccessToast(auth.headers(), AUTOPLAY_NOTICES[notice]) });
}
