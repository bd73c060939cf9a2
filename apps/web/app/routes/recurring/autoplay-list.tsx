// /my-account/autoplay[/:page] (core §2, features §7 GET /autoplay, page size 10): the customer's autoplays, cancelled
// ones left out, each with its status, next draw and last attempt. Protected; gated by autoplay manage.
import { Link } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { AutoplayList } from '../../features/recurring/autoplay-views.tsx';
import { loadAutoplays } from '../../features/recurring/autoplay.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/autoplay-list';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAutoplays(request, context, params.page);
}

export const meta: Route.MetaFunction = () => [{ title: 'Autoplay' }];

export default function AutoplayListRoute({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return (
    <AccountPage title="Autoplay">
      <p className="mb-1">
        Autoplay buys your ticket for every draw, paying from your wallet, until you pause or cancel it.{' '}
        <Link to="/my-account/recurring-purchases" className="inline-flex min-h-[44px] items-center underline">
          Recurring purchases
        </Link>
      </p>
      <AutoplayList
        items={loaderData.items}
        page={loaderData.page}
        hasNext={loaderData.hasNext}
        site={site}
        base="/my-account/autoplay"
      />
    </AccountPage>
  );
}
