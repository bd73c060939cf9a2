// /my-account/upgrade-account (protected): where a customer with a pending account upgrade is sent (core §2, §6);
// completing and saving their details upgrades the account, then the account home opens.
import { AccountPage } from '../../features/identity/account-page.tsx';
import { DetailsForm } from '../../features/identity/details-form.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { loadDetailsScreen, saveDetailsScreen } from '../../features/identity/details-screen.server.ts';
import type { Route } from './+types/upgrade-account';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Upgrade your account' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDetailsScreen(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveDetailsScreen(request, context, { thenGoTo: '/my-account' });
}

export default function UpgradeAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Upgrade your account" back={false}>
      <p className="mb-1">Please check and complete your details to upgrade your account before you continue.</p>
      <DetailsForm {...loaderData} lastResult={actionData?.result} submitLabel="Upgrade my account" />
    </AccountPage>
  );
}
