// /my-account/manual-verification (protected, gated by verify ID): what a manual check needs, and the photo ID upload
// (multipart: images or PDF, checked by the API, which names a refused file).
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { verificationState } from '../../features/responsible-gambling/rg.server.ts';
import { ManualVerificationView } from '../../features/responsible-gambling/verification-view.tsx';
import { rgPageLoader, verifyFormAction } from '../../features/responsible-gambling/rg-route.server.ts';
import type { Route } from './+types/manual-verification';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Verify with documents' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return rgPageLoader(request, context, async (auth) => ({ state: await verificationState(auth.api) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  // Only the upload lives on this page: another intent posted here is someone else's form.
  return verifyFormAction(request, context, (form) =>
    form.get('intent') === 'upload' ? null : '/my-account/manual-verification',
  );
}

export default function ManualVerificationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Verify with documents">
      <ManualVerificationView
        state={loaderData.state}
        site={loaderData.site}
        form={actionData?.form ?? null}
        outcome={actionData?.outcome ?? null}
      />
    </AccountPage>
  );
}
