// /cart/replay/:replayID (protected, spec core §2): the order's tickets go back in the cart as new items. Only a POST
// does it (issue 14: a cross-site link must not fill a customer's cart); a GET shows the "Buy again" button.
import { data, redirect } from 'react-router';
import { requireCustomer } from '../../lib/auth.server.ts';
import { replayOrder } from '../../features/cart/checkout.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { PostButton } from '../../ui/post-button.tsx';
import type { Route } from './+types/cart-replay';

const ORDER_ID = /^ord_[A-Za-z0-9]+$/;

export const meta: Route.MetaFunction = () => [{ title: 'Buy these tickets again' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!ORDER_ID.test(params.replayID)) notFound();
  const { auth } = await requireCustomer(request, context);
  return data({ orderId: params.replayID }, { headers: auth.headers() });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!ORDER_ID.test(params.replayID)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    await replayOrder(auth.api, params.replayID);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) notFound();
    throw toRouteError(error);
  }
  throw redirect('/cart', { status: 303, headers: auth.headers() });
}

export default function CartReplayRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Buy these tickets again</h1>
      <p>The tickets of this order go into your cart for the next draws. You can review them before you pay.</p>
      <div className="flex flex-wrap gap-0.5">
        <PostButton action={`/cart/replay/${loaderData.orderId}`} className="btn btn-primary" testId="replay-order">
          Add to cart
        </PostButton>
        <a href="/my-account/past-tickets" className="btn btn-secondary">
          Back to your tickets
        </a>
      </div>
    </div>
  );
}
