// /my-account/current-giveaways[/:page] and /my-account/closed-giveaways[/:page] (spec core §2, protected; gated by
// giveaway entries): the customer's entries in open giveaways (unlock the locked ones here) and in closed ones, with
// what they won. A non-member is offered to join (the my_giveaways_page entry point). 9 a page (features §9).
import { data, Link, useLocation, useRouteLoaderData } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { unlockAction } from '../../features/membership/membership-actions.server.ts';
import { pageNumber } from '../../features/membership/membership-rules.ts';
import { CustomerGiveawayList, JoinForm, Pager } from '../../features/membership/membership-views.tsx';
import { loadCustomerGiveaways, loadCustomerMembership } from '../../features/membership/membership.server.ts';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat, type ShellData } from '../../lib/shell.ts';
import type { Route } from './+types/my-giveaways';

export const headers = mergeSetCookieHeaders;

type Kind = 'current' | 'closed';
const kindOf = (pathname: string): Kind => (pathname.startsWith('/my-account/closed-giveaways') ? 'closed' : 'current');
const TITLE: Record<Kind, string> = { current: 'Current giveaways', closed: 'Closed giveaways' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageNumber(params.page);
  if (page === null) notFound();
  const kind = kindOf(new URL(request.url).pathname);
  try {
    const { auth } = await requireCustomer(request, context);
    // The membership first: it brings the customer's entries up to date.
    const membership = await loadCustomerMembership(auth);
    const list = await loadCustomerGiveaways(auth, kind, page);
    return data({ membership, ...list }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return unlockAction(request, context);
}

export const meta: Route.MetaFunction = ({ location }) => [{ title: TITLE[kindOf(location.pathname)] }];

export default function MyGiveaways({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const kind = kindOf(pathname);
  const site = useSiteFormat();
  const { membership: m, items, page, hasNext } = loaderData;
  const marketing = useRouteLoaderData<{ shell: ShellData }>('root')?.shell.membership?.marketing ?? false;
  const member = m !== null && m.membershipStatus !== 'non-member';
  const base = kind === 'closed' ? '/my-account/closed-giveaways' : '/my-account/current-giveaways';
  return (
    <AccountPage title={TITLE[kind]}>
      <nav aria-label="Giveaways" className="mb-1 flex flex-wrap gap-1 text-sm">
        {(['current', 'closed'] as const).map((k) => (
          <Link
            key={k}
            to={k === 'closed' ? '/my-account/closed-giveaways' : '/my-account/current-giveaways'}
            aria-current={kind === k ? 'page' : undefined}
            className="inline-flex min-h-[44px] items-center underline aria-[current=page]:font-bold aria-[current=page]:no-underline"
          >
            {TITLE[k]}
          </Link>
        ))}
        <Link to="/daily-winners" className="inline-flex min-h-[44px] items-center underline">
          Daily Winners
        </Link>
      </nav>
      {actionData?.error ? (
        <p role="alert" className="mb-1 font-semibold text-[#b00020]" data-testid="membership-error">
          {actionData.error}
        </p>
      ) : null}
      {m?.eligibility === 'ineligible' ? <p className="mb-1">{m.ineligibleReason}</p> : null}
      {!member && marketing && m?.eligibility !== 'ineligible' ? (
        <div className="mb-1 flex flex-col items-start gap-0.5 rounded-theme border-2 border-brand p-1">
          <p className="font-semibold">Join Daily Winners for free and you are in today’s daily giveaway.</p>
          <JoinForm entryPoint="my_giveaways_page" returnTo={base} />
        </div>
      ) : null}
      {items.length ? (
        <CustomerGiveawayList items={items} site={site} returnTo={page > 1 ? `${base}/${page}` : base} />
      ) : (
        <p data-testid="no-giveaways">
          {kind === 'current' ? 'You have no entries in open giveaways.' : 'You have no closed giveaways yet.'}
        </p>
      )}
      <Pager
        page={page}
        hasNext={hasNext}
        label={`${TITLE[kind]} pages`}
        pathOf={(p) => (p === 1 ? base : `${base}/${p}`)}
      />
    </AccountPage>
  );
}
