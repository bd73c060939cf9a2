// /location-terms (signed in): the banned-country terms screen (core §3 countryBannedConfirmationRequired, §7 POST
// /customer/terms-and-conditions/location). A customer seen in a country where the shop needs their confirmation
// cannot buy (the cart's reason licensing links here) until they accept; accepting returns them to the cart.
import { data, Form, redirect } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/location-terms';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Location terms' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth, customer } = await requireCustomer(request, context);
    return data(
      { required: customer.countryBannedConfirmationRequired },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    await auth.api.post('main', '/customer/terms-and-conditions/location', {});
    throw redirect('/cart', { headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function LocationTerms({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage title="Location terms" back={false}>
      {loaderData.required ? (
        <div className="flex flex-col gap-1" data-testid="location-terms">
          <p>
            You appear to be outside Australia, in a country where we sell tickets only to customers who confirm the
            following.
          </p>
          <ul className="list-disc pl-1.5">
            <li>You are an Australian resident and your account and tickets are held under Australian law.</li>
            <li>Buying lottery tickets is lawful where you are now, and you are responsible for checking that.</li>
            <li>Prizes are paid only into your account with us, in Australian dollars.</li>
          </ul>
          <Form method="post">
            <button type="submit" className="btn btn-primary">
              I accept the location terms
            </button>
          </Form>
        </div>
      ) : (
        <p data-testid="location-terms-accepted">
          Nothing to accept: you can buy tickets from where you are. <a href="/cart">Go to your cart</a>.
        </p>
      )}
    </AccountPage>
  );
}
