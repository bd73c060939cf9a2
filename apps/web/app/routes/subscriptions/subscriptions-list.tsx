// The customer's subscriptions /my-account/subscriptions[/:page] (features §7 GET /subscriptions, page size 10;
// cancelled ones left out). Protected; gated by subscription manage and viewing orders.
import { data, useSearchParams } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SubscriptionsList } from '../../features/subscriptions/subscription-views.tsx';
import { loadSubscriptionsPage } from '../../features/subscriptions/subscriptions.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import { subscriptionOffers } from './subscriptions-routes.server.ts';
import type { Route } from './+types/subscriptions-list';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadSubscriptionsPage(request, context, params.page);
  return data({ ...page.data, offers: await subscriptionOffers(context, request) }, { headers: page.init?.headers });
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
