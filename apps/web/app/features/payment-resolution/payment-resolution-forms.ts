// The payment-resolution screen's posts (docs/storefront.md, Forms: Conform's parseWithZod with one schema): pay the
// failed recurring purchases from another fund, retry them, or add a card (whose fields the wallet's add-card schema
// checks).
import { z } from 'zod';

export const ResolutionForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('change-fund'),
    fundId: z.string({ error: 'Choose how to pay.' }).min(1, 'Choose how to pay.').max(64),
  }),
  z.object({ intent: z.literal('retry') }),
  z.looseObject({ intent: z.literal('add-card') }),
]);
