// The manual adjustment request as the operator types it (an amount in dollars and cents), checked by Conform in the
// browser and again by the action, then sent as the API's AdminAdjustmentBody (integer cents) with the form's one-time
// key, so a double submit asks once.
import { RequestKey, type AdminAdjustmentBody } from '@shop/contracts';
import { z } from 'zod';

export const AdjustmentForm = z.object({
  customerId: z
    .string({ error: 'Enter the customer id.' })
    .trim()
    .regex(/^cus_[A-Za-z0-9_-]{1,60}$/, { error: 'A customer id looks like cus_… (see the customer’s screen).' }),
  amount: z
    .string({ error: 'Enter the amount.' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Write the amount in dollars and cents, e.g. 25.00.' })
    .refine((v) => Number(v) > 0, { error: 'The amount must be more than zero.' })
    // The API's limit for one adjustment (AdminAdjustmentBody: 100,000,000 cents).
    .refine((v) => amountCents(v) <= 100_000_000, { error: 'One adjustment is at most $1,000,000.00.' }),
  direction: z.enum(['credit', 'debit'], { error: 'Choose credit or debit.' }),
  reason: z
    .string({ error: 'Write the reason: the approving operator and the audit log keep it.' })
    .trim()
    .min(1, { error: 'Write the reason: the approving operator and the audit log keep it.' })
    .max(500, { error: 'At most 500 characters.' }),
  /** The form's one-time key (a hidden field drawn when the form is shown): a second submit makes no second request. */
  key: RequestKey,
});
export type AdjustmentForm = z.infer<typeof AdjustmentForm>;

/** "25.5" dollars as 2550 cents, without floating-point rounding. */
export function amountCents(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const adjustmentBody = (f: AdjustmentForm): AdminAdjustmentBody => ({
  customerId: f.customerId,
  amountCents: amountCents(f.amount),
  direction: f.direction,
  reason: f.reason,
  key: f.key,
});
