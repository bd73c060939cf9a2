// /cart (spec core §2): the visitor's cart, anonymous or signed in. Changes post here and answer the whole cart.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type HeadersFunction } from 'react-router';
import { CART_INTENTS, CartForms } from '../../features/cart/cart-forms.ts';
import { formText, submissionErrors } from '../../lib/form-data.ts';
import { cachedCart, invalidateCartCache, visitorKey } from '../../features/cart/cart-cache.ts';
import { CartView, type CartActionResult } from '../../features/cart/cart-view.tsx';
import {
  applyPromotion,
  dismissAutoRemoved,
  loadCart,
  removeCartItem,
  removePromotion,
  type CartChange,
} from '../../features/cart/cart.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: 'Your cart' }];
export const headers: HeadersFunction = (args) => mergeSetCookieHeaders(args);

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const loaded = await loadCart(request, context, authApi(request, context));
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    for (const c of loaded.setCookies) headers.append('Set-Cookie', c);
    return data({ cart: loaded.cart }, { headers });
  } catch (error) {
    throw toRouteError(error);
  }
}

/** Core §9: back on /cart within 20 s the browser reuses the cart it has (any change empties the cache). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return cachedCart(visitorKey(document.cookie), () => serverLoader());
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  invalidateCartCache();
  return serverAction();
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (!CART_INTENTS.includes(intent))
    return data<CartActionResult>({ intent, error: 'Choose what to do.' }, { status: 400 });
  const submission = parseWithZod(form, { schema: CartForms });
  if (submission.status !== 'success') {
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    const error = [...generalErrors, ...Object.values(fieldErrors).flat()][0];
    return data<CartActionResult>({ intent, error }, { status: 422 });
  }
  const posted = submission.value;
  let change: CartChange;
  const auth = authApi(request, context);
  try {
    switch (posted.intent) {
      case 'remove':
        change = await removeCartItem(request, context, posted.itemId, auth);
        break;
      case 'promotion':
        change = await applyPromotion(request, context, posted.promotionCode, auth);
        break;
      case 'remove-promotion':
        change = await removePromotion(request, context, auth);
        break;
      case 'dismiss':
        change = await dismissAutoRemoved(request, context, auth);
        break;
    }
  } catch (error) {
    throw toRouteError(error);
  }
  if ('error' in change)
    return data<CartActionResult>({ intent, error: change.error, code: change.code }, { status: 422 });
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  return data<CartActionResult>({ intent }, { headers });
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return <CartView cart={loaderData.cart} site={site} result={actionData} />;
}
