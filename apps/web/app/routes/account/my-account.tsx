// /my-account (protected): the account home.
import { data, useRouteLoaderData } from 'react-router';
import { AccountHome } from '../../features/identity/account-home.tsx';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { ShellData } from '../../lib/shell.ts';
import type { Route } from './+types/my-account';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'My account' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth, customer } = await requireCustomer(request, context);
    return data(
      {
        firstname: customer.firstname,
        email: customer.email,
        availableFunds: customer.availableFunds,
        isVerified: customer.isVerified,
      },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  return (
    <AccountPage title="My account" back={false}>
      <AccountHome {...loaderData} capabilities={shell?.capabilities ?? []} locale={shell?.site.locale ?? 'en-AU'} />
    </AccountPage>
  );
}
