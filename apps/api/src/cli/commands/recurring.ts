// Operator commands of the recurring processor (issue 15): list what is due (a dry run: what a run would buy now,
// buying nothing) and run the processor now (what the scheduled job does).
import { defineCommand } from '../command.ts';

export const recurringDueCommand = defineCommand({
  name: 'recurring:due',
  usage: '[--customer cus_…]',
  summary: 'Dry run: the autoplays, scheduled purchases and pre-orders due now, with their keys (buys nothing).',
  define: (c) => c.option('--customer <id>', "one customer's only"),
  async run({ options }: { options: { customer?: string } }, ctx) {
    const processor = (await ctx.services()).recurringProcessor;
    const planned = await processor.plan({ customerId: options.customer });
    const scheduled = await processor.planScheduled({ customerId: options.customer });
    if (!planned.length && !scheduled.length) ctx.out('Nothing is due.');
    for (const p of planned)
      ctx.out(`${p.autoplayId} ${p.customerId} ${p.offerKey} draw ${p.drawNo}: ${p.action} (key ${p.idempotencyKey})`);
    for (const s of scheduled)
      ctx.out(
        `${s.scheduledId} ${s.customerId} ${s.offerKey} ${s.kind} due ${s.dueAt.toISOString()}: ${s.action} ` +
          `(key ${s.idempotencyKey})`,
      );
  },
});

export const recurringRunCommand = defineCommand({
  name: 'recurring:run',
  usage: '[--customer cus_…]',
  summary: 'Run the recurring processor now: buy what is due (safe to repeat: each is bought once).',
  define: (c) => c.option('--customer <id>', "one customer's only"),
  async run({ options }: { options: { customer?: string } }, ctx) {
    const r = await (await ctx.services()).recurringProcessor.run({ customerId: options.customer });
    ctx.out(
      `Examined ${r.examined}: purchased ${r.purchased}, skipped ${r.skipped}, soft failures ${r.softFailures}, ` +
        `hard failures ${r.hardFailures}, paused ${r.paused}.`,
    );
  },
});
