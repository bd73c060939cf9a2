// /my-account/lotto-party[/:page] (core §2; features §2: 6 groups a page). Protected; gated by social syndicates.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { MyGroupsView } from '../../features/lotto-party/lotto-party-views.tsx';
import { loadMyGroups } from '../../features/lotto-party/lotto-party.server.ts';
import type { Route } from './+types/my-groups';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadMyGroups(request, context, params.page);
}

export const meta: Route.MetaFunction = () => [{ title: 'My Lotto Party groups' }];

export default function MyGroups({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage title="My Lotto Party groups">
      <MyGroupsView {...loaderData} />
    </AccountPage>
  );
}
