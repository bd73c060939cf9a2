// /cart/replay/:replayID (protected, spec core §2): the order's tickets go back in the cart as new items.
import { redirect } from 'react-router';
import { requireCustomer } from '../../lib/auth.server.ts';
import { replayOrder } from '../../features/cart/checkout.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/cart-replay';

const ORDER_ID = /^ord_[A-Za-z0-9]+$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!ORDER_ID.test(params.replayID)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    await replayOrder(auth.api, params.replayID);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) notFound();
    throw toRouteError(error);
  }
  throw redirect('/cart', { headers: auth.headers() });
}

export default function CartReplayRoute() {
  return null;
}
