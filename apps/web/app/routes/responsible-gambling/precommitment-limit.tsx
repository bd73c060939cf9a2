// /my-account/precommitment-limit (protected, no capability gate: spec core §2): POST /precommitment (form: limit,
// period) and DELETE /precommitment.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { submitPrecommitmentForm } from '../../features/responsible-gambling/limit-actions.server.ts';
import { PrecommitmentView } from '../../features/responsible-gambling/precommitment-view.tsx';
import { isNoticeKey, NOTICES } from '../../features/responsible-gambling/rg-rules.ts';
import { precommitment } from '../../features/responsible-gambling/rg.server.ts';
import { limitFormAction, rgPageLoader } from '../../features/responsible-gambling/rg-route.server.ts';
import type { Route } from './+types/precommitment-limit';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Pre-commitment limit' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return rgPageLoader(request, context, async (auth) => {
    const notice = new URL(request.url).searchParams.get('notice');
    return { precommitment: await precommitment(auth.api), notice: isNoticeKey(notice) ? NOTICES[notice] : null };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return limitFormAction(request, context, submitPrecommitmentForm);
}

export default function PrecommitmentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Pre-commitment limit">
      <PrecommitmentView
        precommitment={loaderData.precommitment}
        site={loaderData.site}
        notice={actionData ? null : loaderData.notice}
        state={actionData?.state ?? null}
      />
    </AccountPage>
  );
}
