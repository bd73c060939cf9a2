// The payment provider's cancel return (spec core §2): /my-account/deposit/:depositId/cancel. A GET changes nothing
// (issue 14: a cross-site link must not cancel a customer's payment): it shows the deposit and a "Cancel deposit"
// button. The POST tells the API (POST /deposits/{id}/cancel), which voids the provider's order so no later answer can
// approve it; no money moves, and cancelling twice is harmless. A deposit the provider had already approved cannot
// be cancelled (409): the customer sees its success page.
import { data, redirect } from 'react-router';
import { ApiError } from '../../lib/api-errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { PostButton } from '../../ui/post-button.tsx';
import { cancelDeposit, getDeposit } from '../../features/wallet/wallet.server.ts';
import { checkId, depositScreen, walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/deposit-return';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d && 'deposit' in d && d.deposit.status === 'cancelled' ? 'Deposit cancelled' : 'Cancel deposit' },
];

/** Where a deposit that can no longer be cancelled is shown. */
function detailsPath(deposit: { id: string; status: string }): string {
  const variant = deposit.status === 'approved' ? '/success' : deposit.status === 'failed' ? '/failure' : '';
  return `/my-account/deposit/details/${deposit.id}${variant}`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { wallet, deposit } = await depositScreen(request, context, params.depositId);
  if (deposit.status === 'approved' || deposit.status === 'failed')
    throw redirect(detailsPath(deposit), { headers: wallet.headers() });
  return data({ deposit, site: wallet.site }, { headers: wallet.headers() });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = checkId(params.depositId);
  const wallet = await walletContext(request, context);
  let deposit;
  try {
    deposit = await cancelDeposit(wallet.api, id);
  } catch (error) {
    // Approved before the customer came back: not cancellable, show what happened instead.
    if (!(error instanceof ApiError && error.status === 409)) throw walletRouteError(error);
    deposit = await getDeposit(wallet.api, id).catch((e: unknown) => {
      throw walletRouteError(e);
    });
  }
  if (deposit.status === 'cancelled')
    throw redirect(`/my-account/deposit/${deposit.id}/cancel`, { status: 303, headers: wallet.headers() });
  throw redirect(detailsPath(deposit), { status: 303, headers: wallet.headers() });
}

export default function DepositReturnRoute({ loaderData }: Route.ComponentProps) {
  const { deposit, site } = loaderData;
  if (deposit.status === 'cancelled')
    return (
      <div className="page-container flex flex-col gap-1 py-1.5">
        <h1 className="text-3xl font-extrabold text-brand">Deposit cancelled</h1>
        <p>You cancelled the payment. No money was taken.</p>
        <a href="/my-account/deposit" className="btn btn-primary self-start">
          Make a deposit
        </a>
      </div>
    );
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Cancel deposit</h1>
      <p>
        You left the payment of {formatMoney(deposit.amount, site.locale)} before it was finished. Cancel it, and no
        money will be taken.
      </p>
      <div className="flex flex-wrap gap-0.5">
        <PostButton
          action={`/my-account/deposit/${deposit.id}/cancel`}
          className="btn btn-primary"
          testId="cancel-deposit"
        >
          Cancel deposit
        </PostButton>
        <a href={`/my-account/deposit/details/${deposit.id}`} className="btn btn-secondary">
          Back to the deposit
        </a>
      </div>
    </div>
  );
}
