// Payment-provider returns (spec core §2): /checkout/deposit/:depositId/success and /cancel, and
// /my-account/deposit/:depositId/cancel. Cancel tells the API (POST /deposits/{id}/cancel), which voids the provider's
// order so no later answer can approve it; no money moves, and coming back twice is harmless. A deposit the provider
// had already approved cannot be cancelled (409): the customer sees its success page. Success shows the deposit's
// real state, whatever the provider's address claims.
import { data, redirect } from 'react-router';
import { ApiError } from '../../lib/api-errors.ts';
import { cancelDeposit, getDeposit } from '../../features/wallet/wallet.server.ts';
import { checkId, walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/deposit-return';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = checkId(params.depositId);
  const wallet = await walletContext(request, context);
  const cancelled = new URL(request.url).pathname.endsWith('/cancel');
  let deposit;
  try {
    deposit = cancelled ? await cancelOrCurrent(wallet.api, id) : await getDeposit(wallet.api, id);
  } catch (error) {
    throw walletRouteError(error);
  }
  if (cancelled && deposit.status === 'cancelled')
    return data(
      { depositId: deposit.id, checkout: new URL(request.url).pathname.startsWith('/checkout') },
      { headers: wallet.headers() },
    );
  const variant = deposit.status === 'approved' ? '/success' : deposit.status === 'failed' ? '/failure' : '';
  throw redirect(`/my-account/deposit/details/${deposit.id}${variant}`, { headers: wallet.headers() });
}

async function cancelOrCurrent(api: Parameters<typeof getDeposit>[0], id: string) {
  try {
    return await cancelDeposit(api, id);
  } catch (error) {
    // Approved before the customer came back: not cancellable, show what happened instead.
    if (error instanceof ApiError && error.status === 409) return getDeposit(api, id);
    throw error;
  }
}

export default function DepositReturnRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Deposit cancelled</h1>
      <p>You cancelled the payment. No money was taken.</p>
      <a href={loaderData.checkout ? '/cart' : '/my-account/deposit'} className="btn btn-primary self-start">
        {loaderData.checkout ? 'Back to your cart' : 'Make a deposit'}
      </a>
    </div>
  );
}
