// The syndicate play screen's action (issue 16): adds the chosen shares to the cart through the cart feature and goes
// to /cart; a refusal (422 with the number of shares left) stays on the screen with the API's message.
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { addToCart } from '../../features/cart/cart.server.ts';

export const ADD_FALLBACK = 'Sorry, we could not add the shares to your cart. Please try again.';

const AddSharesForm = z.object({
  syndicate: z.string().regex(/^syn_[A-Za-z0-9_-]{1,60}$/),
  numShares: z.coerce.number().int().min(1).max(1000),
});

export type AddSharesResult = { error: string; fieldErrors?: Record<string, string[]> };

/** The play screen's action: adds the shares to the cart and goes to /cart; 422 (with the number left) stays here. */
export async function addSharesAction(request: Request, context: AppLoadContext, offerKey: string) {
  const form = await request.formData();
  const parsed = AddSharesForm.safeParse({ syndicate: form.get('syndicate'), numShares: form.get('numShares') });
  if (!parsed.success) return data<AddSharesResult>({ error: 'Choose how many shares you want.' }, { status: 422 });
  let change;
  try {
    change = await addToCart(request, context, {
      item: {
        productType: 'syndicate_share',
        productOfferKey: offerKey,
        syndicate: { syndicate: parsed.data.syndicate, numShares: parsed.data.numShares },
      },
    });
  } catch (error) {
    console.error('[syndicates] add to cart failed:', error instanceof Error ? error.message : error);
    return data<AddSharesResult>({ error: ADD_FALLBACK }, { status: 500 });
  }
  if ('error' in change) {
    const fieldErrors = change.fieldErrors && Object.keys(change.fieldErrors).length ? change.fieldErrors : undefined;
    const shown = fieldErrors?.numShares?.[0] ?? fieldErrors?.num_shares?.[0] ?? change.error ?? ADD_FALLBACK;
    return data<AddSharesResult>({ error: shown }, { status: 422 });
  }
  const headers = new Headers();
  for (const c of change.setCookies) headers.append('Set-Cookie', c);
  throw redirect('/cart', { headers });
}
