// The cart page's posts (spec core §7 Cart calls), told apart by intent, as one zod schema: the action parses them
// with Conform (docs/storefront.md, Forms) and shows the first message.
import { z } from 'zod';

const ITEM_ID = /^itm_[A-Za-z0-9]+$/;
const ITEM_GONE = 'That item is no longer in your cart.';
const ENTER_CODE = 'Please enter a promotion code.';

export const CartForms = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), itemId: z.string({ error: ITEM_GONE }).regex(ITEM_ID, ITEM_GONE) }),
  z.object({
    intent: z.literal('promotion'),
    promotionCode: z.string({ error: ENTER_CODE }).trim().min(1, ENTER_CODE).max(40, ENTER_CODE),
  }),
  z.object({ intent: z.literal('remove-promotion') }),
  z.object({ intent: z.literal('dismiss') }),
]);
export type CartForm = z.infer<typeof CartForms>;

export const CART_INTENTS: readonly string[] = ['remove', 'promotion', 'remove-promotion', 'dismiss'];

/** A card the checkout can charge for the shortfall: a saved fund, and whether its gateway asks for the code. */
export interface CheckoutSource {
  id: string;
  cscRequired: boolean;
}

const CHOOSE_CARD = 'Choose a card to pay with.';
const ENTER_CSC = 'Please enter the card security code.';

/** The payment step's posts (core §7 POST /cart/purchase, features §7 deposit-and-purchase). */
export function checkoutFormSchema<S extends CheckoutSource>(sources: readonly S[]) {
  const expectedTotal = z.number().finite().optional();
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('pay'), expectedTotal }),
    z
      .object({
        intent: z.literal('deposit-purchase'),
        expectedTotal,
        source: z.string({ error: CHOOSE_CARD }),
        csc: z.string().trim().default(''),
      })
      .transform((v, ctx) => {
        const source = sources.find((s) => s.id === v.source);
        if (!source) ctx.addIssue({ code: 'custom', path: ['source'], message: CHOOSE_CARD });
        else if (source.cscRequired && !/^\d{3,4}$/.test(v.csc))
          ctx.addIssue({ code: 'custom', path: ['csc'], message: ENTER_CSC });
        if (!source) return z.NEVER;
        return { ...v, source, csc: source.cscRequired ? v.csc : undefined };
      }),
  ]);
}
