// The customer's subscriptions /my-account/subscriptions[/:page] (features §7 GET /subscriptions, page size 10;
// cancelled ones left out). Protected; gated by subscription manage and viewing orders.
import { useSearchParams } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SubscriptionsList } from '../../features/subscriptions/subscription-views.tsx';
import { loadSubscriptionsPage } from '../../features/subscriptions/subscriptions.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/subscriptions-list';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSubscriptionsPage(request, context, params.page);
}

export const meta: Route.MetaFunction = () => [{ title: 'Subscriptions' }];

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <AccountPage title="Subscriptions">
      <SubscriptionsList {...loaderData} cancelled={search.has('cancelled')} site={useSiteFormat()} />
    </AccountPage>
  );
}
