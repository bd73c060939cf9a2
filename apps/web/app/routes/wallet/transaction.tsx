// One ledger transaction: /my-account/deposit/summary/:transactionID, /my-account/withdraw/summary/:transactionID and
// /my-account/transactions/transaction/:transactionID (a row of the transactions list).
import { data } from 'react-router';
import { TransactionView } from '../../features/wallet/wallet-views.tsx';
import { transaction } from '../../features/wallet/wallet.server.ts';
import { checkId, walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/transaction';

function headingFor(pathname: string): string {
  if (pathname.startsWith('/my-account/deposit/summary')) return 'Deposit summary';
  if (pathname.startsWith('/my-account/withdraw/summary')) return 'Withdrawal summary';
  return 'Transaction details';
}

export const meta: Route.MetaFunction = ({ location }) => [{ title: headingFor(location.pathname) }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = checkId(params.transactionID);
  const wallet = await walletContext(request, context);
  try {
    const detail = await transaction(wallet.api, id);
    return data(
      { transaction: detail, site: wallet.site, heading: headingFor(new URL(request.url).pathname) },
      { headers: wallet.headers() },
    );
  } catch (error) {
    throw walletRouteError(error);
  }
}

export default function TransactionRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container py-1.5">
      <TransactionView transaction={loaderData.transaction} site={loaderData.site} heading={loaderData.heading} />
    </div>
  );
}
