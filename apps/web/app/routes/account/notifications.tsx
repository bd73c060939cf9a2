// /my-account/notifications/:page? (issue 20, features §3 Notification): the notification feed rendered on the
// server, 10 cards a page, newest first, for a visitor without JavaScript (the header's bell links here; with
// JavaScript it opens the drawer instead). Viewing is a form POST ("Mark as viewed"), never a side effect of the GET
// (ADR 023); the answer redirects back to the page, whose header count has dropped.
import { PAGE_SIZES } from '@shop/contracts';
import { data, Form, redirect } from 'react-router';
import { CardView } from '../../features/notifications/notification-feed.tsx';
import { loadCardsPage, markViewed } from '../../features/notifications/notifications.server.ts';
import { offsetOf, pageFromParam } from '../../features/wallet/wallet-rules.ts';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { Pager } from '../../ui/pager.tsx';
import type { Route } from './+types/notifications';

export const headers = mergeSetCookieHeaders;
export const meta: Route.MetaFunction = () => [{ title: 'Notifications' }];

const BASE = '/my-account/notifications';
const MAX_IDS = PAGE_SIZES.default;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageFromParam(params.page);
  if (page === null) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const limit = PAGE_SIZES.default;
    const { cards, pageInfo } = await loadCardsPage(auth.api, { limit, offset: offsetOf(page, limit) });
    if (page > 1 && cards.length === 0) notFound();
    return data(
      { cards, page, hasNext: pageInfo.offset + cards.length < pageInfo.total, total: pageInfo.total },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const ids = form
    .getAll('id')
    .map(String)
    .filter((id) => ID.test(id))
    .slice(0, MAX_IDS);
  const { auth } = await requireCustomer(request, context);
  try {
    if (ids.length) await markViewed(auth.api, ids);
  } catch (error) {
    throw toRouteError(error);
  }
  const page = pageFromParam(params.page) ?? 1;
  return redirect(page > 1 ? `${BASE}/${page}` : BASE, { status: 303, headers: auth.headers() });
}

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { cards, page, hasNext } = loaderData;
  const unviewed = cards.filter((c) => !c.viewed);
  return (
    <div className="page-container flex flex-col gap-1 py-1.5" data-testid="notifications-page">
      <h1 className="text-3xl font-extrabold text-brand">Notifications</h1>
      {cards.length === 0 ? <p>You have no notifications yet.</p> : null}
      {unviewed.length ? (
        <Form method="post" className="flex flex-wrap items-center gap-1">
          <p>{unviewed.length === 1 ? '1 new notification' : `${unviewed.length} new notifications`} on this page.</p>
          {unviewed.map((c) => (
            <input key={c.id} type="hidden" name="id" value={c.id} />
          ))}
          <button type="submit" className="btn btn-secondary">
            Mark as viewed
          </button>
        </Form>
      ) : null}
      {cards.length ? (
        <ul className="flex flex-col gap-0.5" aria-label="Your notifications">
          {cards.map((c) => (
            <CardView key={c.id} card={c} isNew={!c.viewed} />
          ))}
        </ul>
      ) : null}
      <Pager base={BASE} page={page} hasNext={hasNext} />
    </div>
  );
}
