// Operator decisions on withdrawals (issue 5): approve pays out through the gateway; reject returns the funds to
// the customer's winnings. Both are one transaction with their ledger entry.
import { defineCommand, UsageError } from '../command.ts';

export const withdrawalsApproveCommand = defineCommand({
  name: 'withdrawals:approve',
  usage: '[--id wdr_…]',
  summary: 'Approve and pay one pending withdrawal, or every pending withdrawal when no --id is given.',
  define: (c) => c.option('--id <withdrawal>', 'the withdrawal (wdr_…); every pending one when left out'),
  async run({ options }: { options: { id?: string } }, ctx) {
    const { withdrawals } = (await ctx.services()).payments;
    const ids = options.id ? [options.id] : (await withdrawals.pendingWithdrawals()).map((w) => w.id);
    if (!ids.length) ctx.out('No pending withdrawals.');
    let failed = 0;
    for (const id of ids) {
      try {
        const w = await withdrawals.decideWithdrawal(id, 'approve');
        ctx.out(`${w.id}: ${w.status} (${w.amount.amount.toFixed(2)} ${w.amount.currency} by ${w.methodCode})`);
      } catch (err) {
        failed++;
        ctx.err(`${id}: ${(err as Error).message}`);
      }
    }
    return failed ? 1 : 0;
  },
});

export const withdrawalsRejectCommand = defineCommand({
  name: 'withdrawals:reject',
  usage: '--id wdr_… [--reason text]',
  summary: "Reject a pending withdrawal; the amount goes back to the customer's withdrawable winnings.",
  define: (c) =>
    c.option('--id <withdrawal>', 'the withdrawal (wdr_…)').option('--reason <text>', 'shown to the customer'),
  async run({ options }: { options: { id?: string; reason?: string } }, ctx) {
    if (!options.id) throw new UsageError('Name the withdrawal with --id.');
    const { withdrawals } = (await ctx.services()).payments;
    try {
      const w = await withdrawals.decideWithdrawal(options.id, 'reject', options.reason);
      ctx.out(`${w.id}: rejected, ${w.amount.amount.toFixed(2)} ${w.amount.currency} returned to winnings.`);
    } catch (err) {
      ctx.err(`${options.id}: ${(err as Error).message}`);
      return 1;
    }
  },
});

export const depositsReconcileCommand = defineCommand({
  name: 'deposits:reconcile',
  usage: '',
  summary: 'Credit deposits the payment gateway approved but the ledger never recorded (safe to repeat).',
  async run(_parsed, ctx) {
    const { reconciliation } = (await ctx.services()).payments;
    const { credited, refunds } = await reconciliation.reconcile();
    const finished = refunds.length ? `; finished ${refunds.length} refund(s)` : '';
    ctx.out(`Reconciled ${credited.length} deposit(s)${finished}.`);
  },
});
