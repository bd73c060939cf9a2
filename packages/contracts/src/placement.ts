// Placements (features §3 Placements, §7 Placement API): offers shown around the cart. Wire keys are snake_case.
import { z } from 'zod';
import { Identifier, Money } from './common.ts';
import { ProductType } from './catalogue.ts';
import { BuildCartItemBody } from './cart.ts';

/** GET /placement (features §7 Placement API): keys is a comma list of placement keys. */
export const PLACEMENT_KEYS = [
  'cart_inline_item',
  'feature_placement',
  'pre_cart_item',
  'fast_play',
  'instant_play',
  'pre_cart_promoted',
  'pre_cart_standard',
] as const;
export const PlacementQuery = z
  .object({
    brandingKey: z.string().max(40).optional(),
    keys: z.string().min(1).max(300),
    pricingId: Identifier.optional(),
    customerKey: z.string().max(64).optional(),
    cartId: z.string().max(64).optional(),
    segmentId: z.string().max(64).optional(),
  })
  .strict();
/**
 * POST /placement/cart/prime (features §7 Placement API): the visitor's analytics identity (segment_user_id when
 * signed in, segment_device_id always) and, for an anonymous cart, its reference. Primes the cart's placements.
 */
export const PrimeCartPlacementsBody = z
  .object({
    segmentUserId: Identifier.optional(),
    segmentDeviceId: Identifier,
    cartId: Identifier.optional(),
  })
  .strict();
export type PrimeCartPlacementsBody = z.infer<typeof PrimeCartPlacementsBody>;

/** The placement keys shown around a cart (in it and in the pre-cart drawer), which priming computes. */
export const CART_PLACEMENT_KEYS: readonly (typeof PLACEMENT_KEYS)[number][] = [
  'cart_inline_item',
  'pre_cart_item',
  'pre_cart_promoted',
  'pre_cart_standard',
];

export const Placement = z.object({
  key: z.enum(PLACEMENT_KEYS),
  productType: ProductType,
  productOfferKey: z.string(),
  title: z.string(),
  description: z.string(),
  /** A ready-made item the drawer's "Add" button posts to /cart/build. */
  build: BuildCartItemBody.nullable(),
  price: Money.nullable(),
  config: z.object({ productType: ProductType }),
});
export type Placement = z.infer<typeof Placement>;
