// /my-account/recurring-purchases[/:page] (core §2, features §7 GET /recurring_purchases): combined recurring purchases
// keyed by autoplayId; autoplays bought together are shown (and cancelled) together. Protected; gated by autoplay
// manage, as the autoplays it lists.
import { Link } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { RecurringPurchasesList } from '../../features/recurring/autoplay-views.tsx';
import { loadRecurringPurchases } from '../../features/recurring/autoplay.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/recurring-purchases';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRecurringPurchases(request, context, params.page);
}

export const meta: Route.MetaFunction = () => [{ title: 'Recurring purchases' }];

export default function RecurringPurchasesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage title="Recurring purchases">
      <p className="mb-1">
        Everything bought for you draw after draw or period after period.{' '}
        <Link to="/my-account/autoplay" className="inline-flex min-h-[44px] items-center underline">
          Autoplay
        </Link>
        {' · '}
        <Link to="/my-account/subscriptions" className="inline-flex min-h-[44px] items-center underline">
          Subscriptions
        </Link>
      </p>
      <RecurringPurchasesList
        items={loaderData.items}
        page={loaderData.page}
        hasNext={loaderData.hasNext}
        site={useSiteFormat()}
      />
    </AccountPage>
  );
}
