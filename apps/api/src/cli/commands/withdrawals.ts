// Operator decisions on withdrawals (issue 5): approve pays out through the gateway; reject returns the funds to
// the customer's winnings. Both are one transaction with their ledger entry.
import { buildPaymentsService } from '../../modules/payments/index.ts';
import { defineCommand, parseArgs, UsageError } from '../command.ts';

export const withdrawalsApproveCommand = defineCommand({
  name: 'withdrawals:approve',
  usage: '[--id wdr_…]',
  summary: 'Approve and pay one pending withdrawal, or every pending withdrawal when no --id is given.',
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['id']);
    if (positional.length) throw new UsageError('Unexpected arguments.');
    const database = await ctx.database();
    const payments = buildPaymentsService({ database, clock: ctx.clock });
    const ids = options.id ? [options.id] : (await payments.pendingWithdrawals()).map((w) => w.id);
    if (!ids.length) ctx.out('No pending withdrawals.');
    let failed = 0;
    for (const id of ids) {
      try {
        const w = await payments.decideWithdrawal(id, 'approve');
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
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['id', 'reason']);
    if (positional.length || !options.id) throw new UsageError('Name the withdrawal with --id.');
    const database = await ctx.database();
    const payments = buildPaymentsService({ database, clock: ctx.clock });
    try {
      const w = await payments.decideWithdrawal(options.id, 'reject', options.reason);
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
  async run(args, ctx) {
    if (args.length) throw new UsageError('No arguments.');
    const payments = buildPaymentsService({ database: await ctx.database(), clock: ctx.clock });
    ctx.out(`Reconciled ${await payments.reconcileDeposits()} deposit(s).`);
  },
});
