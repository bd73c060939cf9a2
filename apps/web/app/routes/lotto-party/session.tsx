// /my-account/lotto-party/session/:id (core §2; features §3, §4): shares sold and left, the price of a share, buying
// shares through the normal cart (a social_syndicate_share item, then /cart), the ticket once the session closed, the
// result and my prize part once settled; the organiser's autosession switch. Gated by social syndicates and viewing
// orders; a session the customer may not see is the 404 page.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Link, redirect } from 'react-router';
import { addToCart } from '../../features/cart/cart.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SessionForm, CHOOSE_SHARES } from '../../features/lotto-party/lotto-party-forms.ts';
import { EDIT_REFUSED } from '../../features/lotto-party/lotto-party-rules.ts';
import { MY_GROUPS_PATH, SessionView } from '../../features/lotto-party/lotto-party-views.tsx';
import { editAutosession, isSessionId, loadSession } from '../../features/lotto-party/lotto-party.server.ts';
import { NumberBalls } from '../../features/tickets/number-balls.tsx';
import { notFound } from '../../lib/route-errors.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/session';

const BUY_FALLBACK = 'Sorry, there was an unexpected error while updating your cart. Please try again.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session, headers } = await loadSession(request, context, params.id);
  return data({ session }, { headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = params.id;
  if (!isSessionId(id)) notFound();
  const submission = parseWithZod(await request.formData(), { schema: SessionForm });
  if (submission.status !== 'success') {
    if (submission.payload.intent === 'autosession') return data({ edit: EDIT_REFUSED, buy: null }, { status: 422 });
    return data({ buy: { error: CHOOSE_SHARES }, edit: null }, { status: 422 });
  }
  const form = submission.value;
  if (form.intent === 'autosession') {
    const { outcome, headers } = await editAutosession(request, context, form.sessionId, form.status);
    return data({ edit: outcome, buy: null }, { status: outcome.ok ? 200 : 422, headers });
  }
  let change;
  try {
    change = await addToCart(request, context, {
      item: { productType: 'social_syndicate_share', sessionId: id, numShares: form.numShares },
    });
  } catch (error) {
    console.error('[lotto-party] add to cart failed:', error instanceof Error ? error.message : error);
    return data({ buy: { error: BUY_FALLBACK }, edit: null }, { status: 500 });
  }
  if ('error' in change) return data({ buy: { error: change.error || BUY_FALLBACK }, edit: null }, { status: 422 });
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  throw redirect('/cart', { headers });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.session.groupName}: Lotto Party session` : 'Lotto Party session' },
];

export default function Session({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title={`${loaderData.session.groupName}: session`} back={false}>
      <p className="mb-0.5">
        <Link to={MY_GROUPS_PATH} className="underline">
          My Lotto Party groups
        </Link>
      </p>
      <SessionView
        session={loaderData.session}
        buy={actionData?.buy ?? null}
        edit={actionData?.edit ?? null}
        site={useSiteFormat()}
        Balls={NumberBalls}
      />
    </AccountPage>
  );
}
