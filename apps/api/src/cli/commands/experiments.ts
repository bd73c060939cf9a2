// Conversion per variant of an experiment (issue 20): visitors exposed, visitors who then bought, and the rate.
import { EXPERIMENTS, ExperimentKey } from '@shop/contracts';
import { defineCommand, UsageError } from '../command.ts';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export const experimentReportCommand = defineCommand({
  name: 'experiment:report',
  usage: '[experiment]',
  summary: 'Conversion per variant: visitors exposed, visitors who purchased, rate (default boost-buy-tickets).',
  define: (c) => c.argument('[experiment]', `one of: ${Object.keys(EXPERIMENTS).join(', ')}`),
  async run({ args }: { args: string[] }, ctx) {
    const parsed = ExperimentKey.safeParse(args[0] ?? 'boost-buy-tickets');
    if (!parsed.success) throw new UsageError(`Unknown experiment. Known: ${Object.keys(EXPERIMENTS).join(', ')}.`);
    const rows = await (await ctx.services()).experiments.report(parsed.data);
    ctx.out(`Experiment ${parsed.data}`);
    ctx.out(`${'variant'.padEnd(12)} ${'exposed'.padStart(8)} ${'purchased'.padStart(9)} ${'rate'.padStart(7)}`);
    for (const r of rows) {
      ctx.out(
        `${r.variant.padEnd(12)} ${String(r.exposed).padStart(8)} ${String(r.converted).padStart(9)} ${percent(r.rate).padStart(7)}`,
      );
    }
  },
});
