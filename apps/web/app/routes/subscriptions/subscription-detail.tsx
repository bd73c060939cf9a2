// One subscription /my-account/subscriptions/ticket/:id (features §7 GET and PATCH /subscriptions/{id}, PATCH
// /subscriptions/{id}/status): what it buys and how often, the next purchase, the last attempt; pause, pause until a
// date, unpause, change tickets or cause, cancel after a confirmation. Another customer's or an unknown one is the 404
// page. Protected; gated by subscription manage and viewing orders.
import { data } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SubscriptionDetail } from '../../features/subscriptions/subscription-views.tsx';
import { loadSubscription, manageSubscription } from '../../features/subscriptions/subscriptions.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import { causesFor } from './subscriptions-routes.server.ts';
import type { Route } from './+types/subscription-detail';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { subscription, headers } = await loadSubscription(request, context, params.id);
  const causes = await causesFor(context, request, subscription.productType, subscription.productOfferKey);
  return data({ subscription, causes }, { headers });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return manageSubscription(request, context, params.id);
}

export const meta: Route.MetaFunction = () => [{ title: 'Subscription' }];

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Subscription">
      <SubscriptionDetail {...loaderData} outcome={actionData} site={useSiteFormat()} />
    </AccountPage>
  );
}
