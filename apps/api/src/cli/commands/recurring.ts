// Operator commands of the recurring processor (issue 15): list what is due — autoplays, subscriptions, scheduled
// purchases and pre-orders, each with the key its purchase would use (a dry run: what a run would buy now, buying
// nothing) — and run the processor now (what the scheduled job does).
import { fixedClock } from '../../lib/clock.ts';
import { createServices } from '../../services.ts';
import { defineCommand, UsageError } from '../command.ts';

export const recurringDueCommand = defineCommand({
  name: 'recurring:due',
  usage: '[--customer cus_…]',
  summary:
    'Dry run: the autoplays, subscriptions, scheduled purchases and pre-orders due now, with their keys (buys nothing).',
  define: (c) => c.option('--customer <id>', "one customer's only"),
  async run({ options }: { options: { customer?: string } }, ctx) {
    const processor = (await ctx.services()).recurringProcessor;
    const planned = await processor.plan({ customerId: options.customer });
    const scheduled = await processor.planScheduled({ customerId: options.customer });
    if (!planned.length && !scheduled.length) ctx.out('Nothing is due.');
    for (const p of planned) {
      const what = p.type === 'subscription' ? `subscription period ${p.period}` : `draw ${p.drawNo}`;
      ctx.out(`${p.autoplayId} ${p.customerId} ${p.offerKey} ${what}: ${p.action} (key ${p.idempotencyKey})`);
    }
    for (const s of scheduled)
      ctx.out(
        `${s.scheduledId} ${s.customerId} ${s.offerKey} ${s.kind} due ${s.dueAt.toISOString()}: ${s.action} ` +
          `(key ${s.idempotencyKey})`,
      );
  },
});

export const recurringRunCommand = defineCommand({
  name: 'recurring:run',
  usage: '[--customer cus_…] [--at <ISO time>]',
  summary: 'Run the recurring processor now (safe to repeat); --at: as of that time, not in production.',
  define: (c) =>
    c
      .option('--customer <id>', "one customer's recurring purchases only")
      .option('--at <time>', 'run as of this ISO time with its offset (not in production)'),
  async run({ options }: { options: { customer?: string; at?: string } }, ctx) {
    let services = await ctx.services();
    if (options.at !== undefined) {
      if (ctx.config.nodeEnv === 'production') throw new UsageError('--at is refused in production.');
      const at = new Date(options.at);
      if (!/[zZ]|[+-]\d{2}:\d{2}$/.test(options.at) || Number.isNaN(at.getTime()))
        throw new UsageError('--at needs an ISO time with its offset, e.g. 2026-12-01T09:00:00Z.');
      services = createServices({ database: services.database, clock: fixedClock(at), config: ctx.config });
    }
    const r = await services.recurringProcessor.run({ customerId: options.customer });
    ctx.out(
      `Examined ${r.examined}: purchased ${r.purchased}, skipped ${r.skipped}, soft failures ${r.softFailures}, ` +
        `hard failures ${r.hardFailures}, paused ${r.paused}.`,
    );
  },
});
