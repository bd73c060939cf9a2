// /my-account/lotto-party/ticket/:id (core §2): my order in a Lotto Party session (the orders service's GET
// /social_syndicate_session/{id}?show_details=true); a failure shows features §8's order load text. Gated by social
// syndicates and viewing orders.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SessionOrderView } from '../../features/lotto-party/lotto-party-views.tsx';
import { loadSessionOrder } from '../../features/lotto-party/lotto-party.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/ticket';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSessionOrder(request, context, params.id);
}

export const meta: Route.MetaFunction = () => [{ title: 'Lotto Party ticket' }];

export default function Ticket({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage title="Lotto Party ticket">
      <SessionOrderView {...loaderData} site={useSiteFormat()} />
    </AccountPage>
  );
}
