// /my-account/verify-account (protected, gated by verify ID): the status of each verification method and the forms
// of the online check, the driver's licence check and ConnectID; documents go to /my-account/manual-verification.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { verificationState } from '../../features/responsible-gambling/rg.server.ts';
import { VerifyAccountView } from '../../features/responsible-gambling/verification-view.tsx';
import { rgPageLoader, verifyFormAction } from '../../features/responsible-gambling/rg-route.server.ts';
import type { Route } from './+types/verify-account';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Verify your account' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return rgPageLoader(request, context, async (auth) => ({ state: await verificationState(auth.api) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  return verifyFormAction(request, context);
}

export default function VerifyAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Verify your account">
      <VerifyAccountView
        state={loaderData.state}
        site={loaderData.site}
        form={actionData?.form ?? null}
        outcome={actionData?.outcome ?? null}
      />
    </AccountPage>
  );
}
