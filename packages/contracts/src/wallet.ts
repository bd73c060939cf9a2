// Wallet wire shapes (spec features §3 Customer funds-related, §7 withdrawable funds and transactions).
import { z } from 'zod';
import { Money, paginationQuery } from './common.ts';

export const WithdrawableFunds = z.object({
  withdrawableFunds: Money,
  availableFunds: Money,
  balance: Money,
  bonus: Money,
  pendingWithdrawals: Money,
});
export type WithdrawableFunds = z.infer<typeof WithdrawableFunds>;

export const TRANSACTION_KINDS = [
  'deposit',
  'purchase',
  'prize',
  'refund',
  'withdrawal',
  'withdrawal_paid',
  'withdrawal_returned',
  'reversal',
  'bonus',
  /** A partner's commission (ADR 076): a house-only entry, never in a customer's list. */
  'commission',
  'migration',
  /** A manual credit or debit by the back office, approved by a second finance operator (docs/operators.md). */
  'adjustment',
  /** A deposit given back to the card or wallet it came from (a finance operator's refund, docs/payments.md). */
  'deposit_refund',
] as const;
export const TransactionKind = z.enum(TRANSACTION_KINDS);

export const TransactionLine = z.object({ account: z.string(), amount: Money });

export const Transaction = z.object({
  id: z.string(),
  kind: TransactionKind,
  description: z.string(),
  reference: z.string(),
  /** Net change of the customer's spendable funds (deposit + winnings + bonus). */
  amount: Money,
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionDetail = Transaction.extend({
  lines: z.array(TransactionLine),
  reverses: z.string().nullable(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

export const TransactionsQuery = paginationQuery();
export const TransactionParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^txn_[A-Za-z0-9]+$/),
  })
  .strict();
