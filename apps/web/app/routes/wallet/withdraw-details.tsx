// Withdrawal details (/my-account/withdraw/details/:withdrawID): state pending, approved, paid or rejected.
import { data } from 'react-router';
import { WithdrawalDetails } from '../../features/wallet/wallet-views.tsx';
import { getWithdrawal } from '../../features/wallet/wallet.server.ts';
import { checkId, walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/withdraw-details';

export const meta: Route.MetaFunction = () => [{ title: 'Withdrawal details' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = checkId(params.withdrawID);
  const wallet = await walletContext(request, context);
  try {
    return data({ withdrawal: await getWithdrawal(wallet.api, id), site: wallet.site }, { headers: wallet.headers() });
  } catch (error) {
    throw walletRouteError(error);
  }
}

export default function WithdrawDetailsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container py-1.5">
      <WithdrawalDetails withdrawal={loaderData.withdrawal} site={loaderData.site} />
    </div>
  );
}
