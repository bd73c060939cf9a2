// /my-account/my-details (protected): the customer's details; moving state may make the account unverified (the
// API's success message says so).
import { AccountPage } from '../../features/identity/account-page.tsx';
import { DetailsForm } from '../../features/identity/details-form.tsx';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { loadDetailsScreen, saveDetailsScreen } from '../../features/identity/details-screen.server.ts';
import type { Route } from './+types/my-details';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'My details' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDetailsScreen(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveDetailsScreen(request, context);
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="My details">
      <DetailsForm {...loaderData} lastResult={actionData?.result} />
    </AccountPage>
  );
}
