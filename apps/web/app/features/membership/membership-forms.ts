// The Daily Winners posts (docs/storefront.md, Forms: Conform's parseWithZod with one schema): joining from any entry
// point, leaving, opening the member benefits, and unlocking an entry.
import { EntryPoint } from '@shop/contracts';
import { z } from 'zod';

const returnTo = z.string().max(500).optional();

/** Posts to /daily-winners. */
export const MembershipForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('join'),
    entryPoint: EntryPoint.optional(),
    tier: z.literal('premium').optional(),
    returnTo,
  }),
  z.object({ intent: z.literal('leave') }),
  z.object({ intent: z.literal('benefits') }),
]);

/** Posts to a giveaway's page: unlock the customer's entry in it. */
export const UnlockForm = z.object({
  intent: z.literal('unlock'),
  drawId: z
    .string()
    .max(64)
    .regex(/^gw[ye]_[A-Za-z0-9]+$/),
  returnTo,
});
