// Payment-provider returns of deposit-and-purchase (spec core §2): /checkout/deposit/:depositId/success completes the
// purchase with the approved deposit (POST /cart/deposit_purchase/{id}/complete, once per deposit) and goes to the
// receipt. /cancel changes nothing on a GET (issue 14: a cross-site link must not cancel a payment): it shows a
// "Cancel deposit" button, whose POST voids the deposit (POST /deposits/{id}/cancel) and returns to the payment step
// with a notice.
import { data, redirect, type HeadersFunction } from 'react-router';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { completeDepositPurchase, DEPOSIT_PURCHASE_FAILURE } from '../../features/cart/checkout.server.ts';
import { cancelDeposit } from '../../features/wallet/wallet.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { PostButton } from '../../ui/post-button.tsx';
import type { Route } from './+types/checkout-deposit';

const DEPOSIT_ID = /^dep_[A-Za-z0-9]+$/;

export const handle = { footer: 'condensed' };
export const headers: HeadersFunction = (args) => mergeSetCookieHeaders(args);

const isCancel = (request: Request) => new URL(request.url).pathname.endsWith('/cancel');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!DEPOSIT_ID.test(params.depositId)) notFound();
  const { auth } = await requireCustomer(request, context);
  if (isCancel(request))
    return data({ cancel: true as const, depositId: params.depositId }, { headers: auth.headers() });
  try {
    const result = await completeDepositPurchase(auth.api, params.depositId);
    if (result.checkoutId) throw redirect(`/receipt/${result.checkoutId}`, { headers: auth.headers() });
    return data(
      { cancel: false as const, error: result.messages[0]?.text ?? DEPOSIT_PURCHASE_FAILURE },
      { headers: auth.headers() },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    if (error instanceof ApiError && error.status < 500 && !error.reason)
      return data(
        { cancel: false as const, error: error.message || DEPOSIT_PURCHASE_FAILURE },
        { headers: auth.headers() },
      );
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!DEPOSIT_ID.test(params.depositId) || !isCancel(request)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    await cancelDeposit(auth.api, params.depositId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    // Already approved at the provider: the money is in the wallet, so the purchase can still complete.
    if (!(error instanceof ApiError && error.status === 409)) throw toRouteError(error);
  }
  throw redirect('/cart/buy?notice=deposit-cancelled', { status: 303, headers: auth.headers() });
}

export default function CheckoutDepositRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.cancel)
    return (
      <div className="page-container flex flex-col gap-1 py-1.5">
        <h1 className="text-3xl font-extrabold text-brand">Cancel your payment?</h1>
        <p>You left the payment before it was finished. Cancel it, and no money will be taken.</p>
        <div className="flex flex-wrap gap-0.5">
          <PostButton
            action={`/checkout/deposit/${loaderData.depositId}/cancel`}
            className="btn btn-primary"
            testId="cancel-deposit"
          >
            Cancel deposit
          </PostButton>
          <a href="/cart/buy" className="btn btn-secondary">
            Back to payment
          </a>
        </div>
      </div>
    );
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">We couldn't complete your purchase</h1>
      <p role="alert" data-testid="checkout-error">
        {loaderData.error}
      </p>
      <a href="/cart/buy" className="btn btn-primary self-start">
        Back to payment
      </a>
    </div>
  );
}
