// The affiliate report (issue 19): sign-ups, first deposits and sales per affiliate code.
import { centsToDecimalString, type CurrencyCode } from '@shop/contracts';
import { defineCommand } from '../command.ts';

const amounts = (byCurrency: Partial<Record<CurrencyCode, number>>) =>
  Object.entries(byCurrency)
    .map(([currency, cents]) => `${currency} ${centsToDecimalString(cents)}`)
    .join(' + ') || '0.00';

export const affiliatesReportCommand = defineCommand({
  name: 'affiliates:report',
  usage: '',
  summary: 'Sign-ups, first deposits and sales per affiliate code.',
  async run(_parsed, ctx) {
    const lines = await (await ctx.services()).affiliateReport();
    if (!lines.length) ctx.out('No affiliate sign-ups or sales yet.');
    for (const l of lines)
      ctx.out(
        `${l.code}: ${l.signups} sign-up(s), ${l.firstDeposits} first deposit(s) ${amounts(l.firstDepositCents)}, ` +
          `${l.checkouts} sale(s) ${amounts(l.salesCents)}`,
      );
  },
});
