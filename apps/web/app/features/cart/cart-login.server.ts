// Login success (spec core §4): "the cart merges". A login or sign-up that ends signed in (a redirect carrying the
// new tokens) converts the visitor's anonymous cart into the customer's cart and drops the anonymous cart cookie.
import type { AppLoadContext } from 'react-router';
import { convertAnonymousCart } from './cart.server.ts';

function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400;
}

export async function withAnonymousCartConverted<T>(
  request: Request,
  context: AppLoadContext,
  auth: { session: { accessToken?: string | null } },
  outcome: T,
): Promise<T> {
  const accessToken = auth.session.accessToken;
  if (!isRedirect(outcome) || !accessToken) return outcome;
  const cookies = await convertAnonymousCart(request, context, accessToken);
  if (!cookies.length) return outcome;
  // A redirect's headers may be immutable for Set-Cookie: answer a copy with the cookie added.
  const headers = new Headers(outcome.headers);
  for (const c of cookies) headers.append('Set-Cookie', c);
  return new Response(null, { status: outcome.status, headers }) as T;
}
