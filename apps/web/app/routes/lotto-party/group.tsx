// /my-account/lotto-party/group/:id[/:page] (core §2; features §2): the group, its invite link (organiser), members
// and sessions 6 a page; the organiser starts a session (the creation modal, by route state) and switches the
// autosession of the newest session. A group the customer is not in is the 404 page. Gated by social syndicates.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { SessionForm } from '../../features/lotto-party/lotto-party-forms.ts';
import { GroupDetailView, MY_GROUPS_PATH } from '../../features/lotto-party/lotto-party-views.tsx';
import { editAutosession, loadGroup } from '../../features/lotto-party/lotto-party.server.ts';
import { EDIT_REFUSED } from '../../features/lotto-party/lotto-party-rules.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import { Link } from 'react-router';
import type { Route } from './+types/group';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadGroup(request, context, params.id, params.page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SessionForm });
  if (submission.status !== 'success' || submission.value.intent !== 'autosession')
    return data({ edit: EDIT_REFUSED }, { status: 422 });
  const { outcome, headers } = await editAutosession(
    request,
    context,
    submission.value.sessionId,
    submission.value.status,
  );
  return data({ edit: outcome }, { status: outcome.ok ? 200 : 422, headers });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? data.group.groupName : 'Lotto Party group' }];

export default function Group({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title={loaderData.group.groupName} back={false}>
      <p className="mb-0.5">
        <Link to={MY_GROUPS_PATH} className="underline">
          My Lotto Party groups
        </Link>
      </p>
      <GroupDetailView {...loaderData} edit={actionData?.edit ?? null} site={useSiteFormat()} />
    </AccountPage>
  );
}
