// A deposit's refund as the finance operator types it (an amount in dollars and cents and a reason), checked by
// Conform in the browser and again by the action, then sent as the API's AdminDepositRefundBody (integer cents) with
// the form's one-time key, so a double submit refunds once.
import { RequestKey, type AdminDepositRefundBody } from '@shop/contracts';
import { z } from 'zod';
import { amountCents } from './adjustment-form.ts';

export const RefundForm = z.object({
  amount: z
    .string({ error: 'Enter the amount to refund.' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Write the amount in dollars and cents, e.g. 20.00.' })
    .refine((v) => Number(v) > 0, { error: 'The amount must be more than zero.' }),
  reason: z
    .string({ error: 'Write the reason: the audit log keeps it.' })
    .trim()
    .min(1, { error: 'Write the reason: the audit log keeps it.' })
    .max(500, { error: 'At most 500 characters.' }),
  key: RequestKey,
});
export type RefundForm = z.infer<typeof RefundForm>;

export const refundBody = (f: RefundForm): AdminDepositRefundBody => ({
  amountCents: amountCents(f.amount),
  reason: f.reason,
  key: f.key,
});
