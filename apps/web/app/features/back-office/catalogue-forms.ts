// The catalogue's back-office forms as the operator types them (dollars and cents, empty for "no limit"), checked by
// Conform in the browser and again by the action, then sent as the API's bodies (integer cents; null for no limit).
import type { AdminPriceBody, AdminPromotion, AdminPromotionPatch } from '@shop/contracts';
import { z } from 'zod';
import { amountCents } from './adjustment-form.ts';

const dollars = (what: string, max: number, maxText: string) =>
  z
    .string({ error: `Write the ${what} in dollars and cents, e.g. 2.70.` })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: `Write the ${what} in dollars and cents, e.g. 2.70.` })
    .refine((v) => amountCents(v) <= max, { error: maxText });

/** A new block price: `blockGames` games for `blockPrice` dollars. */
export const PriceForm = z.object({
  blockPrice: dollars('block price', 10_000_000, 'The block price is at most $100,000.00.').refine(
    (v) => amountCents(v) > 0,
    { error: 'The block price must be more than zero.' },
  ),
  blockGames: z
    .string({ error: 'Write how many games the block price buys.' })
    .trim()
    .regex(/^\d{1,3}$/, { error: 'The block size is a whole number of games.' })
    .refine((v) => Number(v) >= 1 && Number(v) <= 100, { error: 'A block is 1 to 100 games.' }),
});
export type PriceForm = z.infer<typeof PriceForm>;

export const priceBody = (f: PriceForm): AdminPriceBody => ({
  blockCents: amountCents(f.blockPrice),
  blockGames: Number(f.blockGames),
});

const count = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, { error: 'A whole number, or empty for no limit.' })
    .refine((v) => Number(v) >= 1 && Number(v) <= max, { error: `From 1 to ${max}, or empty for no limit.` })
    .optional();

/** A code's limits: each empty field means no limit (no minimum spend, no expiry). */
export const PromotionLimitsForm = z.object({
  maxRedemptions: count(10_000_000),
  maxPerCustomer: count(1000),
  minSpend: dollars('minimum spend', 100_000_000, 'The minimum spend is at most $1,000,000.00.').optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'An instant with its offset, e.g. 2026-12-31T23:59:00+11:00.' })
    .optional(),
});
export type PromotionLimitsForm = z.infer<typeof PromotionLimitsForm>;

/** Every limit, as the form replaces them all (an empty field clears its limit). */
export const promotionPatch = (f: PromotionLimitsForm): AdminPromotionPatch => ({
  maxRedemptions: f.maxRedemptions ? Number(f.maxRedemptions) : null,
  maxPerCustomer: f.maxPerCustomer ? Number(f.maxPerCustomer) : null,
  minSpendCents: f.minSpend ? amountCents(f.minSpend) : 0,
  expiresAt: f.expiresAt ?? null,
});

/** The form's fields filled with a code's current limits. */
export const promotionLimitsValue = (p: AdminPromotion): Record<string, string | undefined> => ({
  maxRedemptions: p.maxRedemptions?.toString(),
  maxPerCustomer: p.maxPerCustomer?.toString(),
  minSpend: p.minSpendCents ? (p.minSpendCents / 100).toFixed(2) : undefined,
  expiresAt: p.expiresAt ?? undefined,
});
