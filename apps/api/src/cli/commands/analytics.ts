// The analytics funnel (issue 20) from the built-in sink's events: page views → add to cart → purchase, as events
// and as visitors (anonymous ids) who reached each step having passed the ones before.
import { defineCommand, UsageError } from '../command.ts';

export const analyticsFunnelCommand = defineCommand({
  name: 'analytics:funnel',
  usage: '[--since YYYY-MM-DD]',
  summary: 'The funnel page views → add to cart → purchase from consented analytics events.',
  define: (c) => c.option('--since <date>', 'only events on or after this date (or ISO time)'),
  async run({ options }: { options: { since?: string } }, ctx) {
    const since = options.since ? new Date(options.since) : undefined;
    if (since && Number.isNaN(since.getTime())) throw new UsageError('--since takes a date such as 2026-11-01.');
    const f = await (await ctx.services()).analytics.funnel(since);
    const first = f.pageViews.visitors;
    const share = (n: number) => (first ? `${((n / first) * 100).toFixed(1)}%` : '-');
    ctx.out(`${'step'.padEnd(12)} ${'events'.padStart(7)} ${'visitors'.padStart(8)} ${'of viewers'.padStart(10)}`);
    for (const [name, step] of [
      ['page views', f.pageViews],
      ['add to cart', f.addToCart],
      ['purchase', f.purchase],
    ] as const) {
      ctx.out(
        `${name.padEnd(12)} ${String(step.events).padStart(7)} ${String(step.visitors).padStart(8)} ${share(step.visitors).padStart(10)}`,
      );
    }
  },
});
