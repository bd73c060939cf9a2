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
