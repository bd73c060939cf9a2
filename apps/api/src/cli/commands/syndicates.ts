// Operator commands of syndicates (issue 16): create a syndicate for a draw (its tickets are bought at once as the
// syndicate's own lines), and list the latest syndicates with their shares sold.
import { formatCurrency, toCents } from '@shop/contracts';
import type { TicketSpec } from '../../modules/syndicates/index.ts';
import { cliActor, defineCommand, UsageError } from '../command.ts';

/** `system:10` or `standard:12` (--ticket, repeatable). */
export function parseTicketSpec(text: string): TicketSpec {
  const m = /^(system|standard):(\d{1,3})$/.exec(text.trim());
  if (!m) throw new UsageError(`--ticket must be system:<numbers> or standard:<games>, got "${text}".`);
  return { gameType: m[1] as TicketSpec['gameType'], size: Number(m[2]) };
}

type CreateOptions = { offer?: string; draw?: string; shares?: string; ticket?: string[]; fee?: string };

export const syndicateCreateCommand = defineCommand({
  name: 'syndicate:create',
  usage: '--offer <lottery> [--draw <no>] --shares <n> --ticket <system:N|standard:G>... [--fee <dollars>]',
  summary: 'Create a syndicate for a draw (the next open one by default); its price per share must divide to the cent.',
  define: (c) =>
    c
      .option('--offer <key>', 'the lottery, e.g. oz-lotto')
      .option('--draw <no>', 'the draw number (default: the next draw on sale)')
      .option('--shares <n>', 'the number of shares')
      .option(
        '--ticket <spec>',
        'a ticket: system:<numbers> or standard:<games> (repeat for more)',
        (v, prev: string[] = []) => [...prev, v],
      )
      .option('--fee <dollars>', 'the shop fee added to the tickets cost'),
  async run({ options }: { options: CreateOptions }, ctx) {
    if (!options.offer) throw new UsageError('Give --offer <lottery>.');
    if (!options.shares || !/^\d{1,4}$/.test(options.shares)) throw new UsageError('Give --shares <n>.');
    if (!options.ticket?.length) throw new UsageError('Give at least one --ticket system:<numbers>.');
    if (options.draw !== undefined && !/^\d{1,9}$/.test(options.draw))
      throw new UsageError(`--draw must be a draw number, got "${options.draw}".`);
    let feeCents = 0;
    if (options.fee !== undefined) {
      try {
        feeCents = toCents(options.fee);
      } catch {
        throw new UsageError(`--fee must be an amount in dollars, got "${options.fee}".`);
      }
    }
    const s = await ctx.services();
    const syn = await s.syndicates.create({
      offerKey: options.offer,
      drawNo: options.draw === undefined ? undefined : Number(options.draw),
      shares: Number(options.shares),
      tickets: options.ticket.map(parseTicketSpec),
      feeCents,
      createdBy: cliActor(),
    });
    const cur = syn.costPerShare.currency;
    ctx.out(
      `Created ${syn.id}: ${syn.name}, ${syn.lotteryName} draw ${syn.drawNo}, ${syn.size} shares at ${formatCurrency(toCents(syn.costPerShare.amount), cur)} (${syn.numStandardGames} games).`,
    );
    for (const t of syn.tickets)
      ctx.out(
        `  ${t.name}: ${t.lines
          .map((l) =>
            Object.values(l)
              .map((n) => n.join(' '))
              .join(' | '),
          )
          .join('; ')}`,
      );
  },
});

export const syndicateListCommand = defineCommand({
  name: 'syndicate:list',
  usage: '',
  summary: 'List the latest syndicates: draw, shares sold of size, cost per share and state.',
  async run(_parsed, ctx) {
    const s = await ctx.services();
    const list = await s.syndicates.latest();
    if (!list.length) ctx.out('No syndicates yet.');
    for (const syn of list)
      ctx.out(
        `${syn.id}  ${syn.lotteryName} draw ${syn.drawNo}  ${syn.sharesSold}/${syn.size} shares  ${formatCurrency(toCents(syn.costPerShare.amount), syn.costPerShare.currency)} each  ${syn.status}`,
      );
  },
});
