// /cart/precart (resource route for the precart drawer, spec core §2 Navigation behaviour, features §3 Placements):
// the item just added and the pre_cart_item placements (GET /placement; 204 or a failure -> none). Its action adds
// a placement's ready-made quickpick item (POST …/build).
import { BuildCartItemBody } from '@shop/contracts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';
import { jsonField } from '../../lib/form-data.ts';
import { authApi } from '../../lib/auth.server.ts';
import { buildToCart, loadCart } from '../../features/cart/cart.server.ts';
import { lastAddedItem } from '../../features/cart/cart-rules.ts';
import { placements } from '../../features/placement/placement.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/precart';

const OFFER_GONE = 'This offer is no longer available.';

/** A placement's Add button: its ready-made item as JSON (checked against the contract next). */
const PrecartForm = z.object({ build: jsonField(OFFER_GONE) });

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const auth = authApi(request, context);
    const [loaded, found] = await Promise.all([
      loadCart(request, context, auth),
      placements(auth.api, ['pre_cart_item']),
    ]);
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    for (const c of loaded.setCookies) headers.append('Set-Cookie', c);
    return data(
      {
        item: loaded.cart ? lastAddedItem(loaded.cart) : null,
        itemCount: loaded.cart?.itemCount ?? 0,
        placements: found,
      },
      { headers },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: PrecartForm });
  const body = BuildCartItemBody.safeParse(submission.status === 'success' ? submission.value.build : null);
  if (!body.success) return data({ error: OFFER_GONE }, { status: 422 });
  const change = await buildToCart(request, context, body.data, authApi(request, context));
  if ('error' in change) return data({ error: change.error }, { status: 422 });
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  return data({ error: null, added: true }, { headers });
}
