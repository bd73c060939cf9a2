// /notifications/cards (resource route): the notification feed drawer and the header's live count read and write the
// signed-in customer's cards through here (issue 20). GET ?summary: count and cards to toast; GET ?offset=&limit=: a
// page of the feed; POST intent=viewed|toasted with ids. Plain JSON answers: the browser calls them with fetch, so a
// failed poll is the caller's to retry (features §9) and never the page's error boundary.
import { PAGE_SIZES } from '@shop/contracts';
import { ApiError } from '../../lib/api-errors.ts';
import { authApi, type AuthApi } from '../../lib/auth.server.ts';
import {
  loadCardsPage,
  loadSummary,
  markToasted,
  markViewed,
} from '../../features/notifications/notifications.server.ts';
import type { Route } from './+types/cards';

const MAX_IDS = 20;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

async function answer<T>(auth: AuthApi, work: () => Promise<T>) {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  try {
    const body = await work();
    for (const c of auth.setCookies) headers.append('Set-Cookie', c);
    return Response.json({ ok: true as const, ...body }, { headers });
  } catch (error) {
    for (const c of auth.setCookies) headers.append('Set-Cookie', c);
    const status = error instanceof ApiError && error.status < 500 ? error.status : 502;
    return Response.json({ ok: false as const }, { status, headers });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const auth = authApi(request, context);
  if (url.searchParams.has('summary')) return answer(auth, async () => ({ summary: await loadSummary(auth.api) }));
  const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit')) || PAGE_SIZES.default));
  const offset = Math.max(0, Math.floor(Number(url.searchParams.get('offset')) || 0));
  return answer(auth, async () => ({ page: await loadCardsPage(auth.api, { limit, offset }) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const ids = form
    .getAll('id')
    .map(String)
    .filter((id) => ID.test(id))
    .slice(0, MAX_IDS);
  if ((intent !== 'viewed' && intent !== 'toasted') || ids.length === 0)
    return Response.json({ ok: false as const }, { status: 422 });
  const auth = authApi(request, context);
  return answer(auth, async () => {
    if (intent === 'viewed') await markViewed(auth.api, ids);
    else await markToasted(auth.api, ids);
    return {};
  });
}
