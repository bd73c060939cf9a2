// /lotto-party/group?token=… (core §2): the group an invite link leads to, and Join. Signed out, the login page brings
// the visitor back with the token; a bad token is the 404 page. Gated by social syndicates.
import { redirect } from 'react-router';
import { groupPath, InviteView } from '../../features/lotto-party/lotto-party-views.tsx';
import { joinByInvite, loadInvite } from '../../features/lotto-party/lotto-party.server.ts';
import type { Route } from './+types/group-invite';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadInvite(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { groupId, headers } = await joinByInvite(request, context);
  throw redirect(groupPath(groupId), { headers });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Join ${data.group.groupName}` : 'Lotto Party' },
];

export default function GroupInvite({ loaderData }: Route.ComponentProps) {
  return <InviteView group={loaderData.group} />;
}
