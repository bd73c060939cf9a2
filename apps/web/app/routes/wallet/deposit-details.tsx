// Deposit details with success and failure variants (/my-account/deposit/details/:depositID[/success|/failure]).
import { data, redirect } from 'react-router';
import { DepositDetails, depositVariant } from '../../features/wallet/wallet-views.tsx';
import { depositScreen } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/deposit-details';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d && 'deposit' in d && d.deposit.status === 'failed' ? 'Deposit failed' : 'Deposit details' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { wallet, deposit } = await depositScreen(request, context, params.depositID);
  const id = deposit.id;
  // The address names the variant; when it disagrees with the deposit's state the deposit wins.
  const variant = depositVariant(deposit);
  const asked = new URL(request.url).pathname.split('/').pop();
  if ((asked === 'success' || asked === 'failure') && asked !== variant) {
    throw redirect(
      `/my-account/deposit/details/${id}${variant === 'success' || variant === 'failure' ? `/${variant}` : ''}`,
      { headers: wallet.headers() },
    );
  }
  return data({ deposit, site: wallet.site }, { headers: wallet.headers() });
}

export default function DepositDetailsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container py-1.5">
      <DepositDetails deposit={loaderData.deposit} site={loaderData.site} />
    </div>
  );
}
