// 3-D Secure hand-off (/my-account/deposit/authorisation/:depositID): the card issuer's challenge, then /3ds/notify.
import { data, redirect } from 'react-router';
import { DepositAuthorisation } from '../../features/wallet/wallet-views.tsx';
import { depositScreen } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/deposit-authorisation';

export const meta: Route.MetaFunction = () => [{ title: 'Authorise your deposit' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { wallet, deposit } = await depositScreen(request, context, params.depositID);
  const id = deposit.id;
  if (deposit.status === 'approved')
    throw redirect(`/my-account/deposit/details/${id}/success`, { headers: wallet.headers() });
  if (deposit.status === 'failed')
    throw redirect(`/my-account/deposit/details/${id}/failure`, { headers: wallet.headers() });
  return data({ deposit, site: wallet.site }, { headers: wallet.headers() });
}

export default function DepositAuthorisationRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container py-1.5">
      <DepositAuthorisation deposit={loaderData.deposit} site={loaderData.site} />
    </div>
  );
}
