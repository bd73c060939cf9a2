// Partners (issue 19): add a partner whose visitors buy at /purchase/{slug}, and list partners with their sales and
// the commission the shop owes each (the ledger's partner_commission account, ADR 076).
import { formatCurrency } from '@shop/contracts';
import { defineCommand, UsageError } from '../command.ts';

interface AddOptions {
  slug?: string;
  key?: string;
  name?: string;
  channel?: string[];
  offer?: string[];
  commission?: string;
  colour?: string;
  accent?: string;
  logo?: string;
  website?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

export const partnerAddCommand = defineCommand<AddOptions>({
  name: 'partner:add',
  usage: '--slug S --key K --name N --offer KEY [--channel K_web] --commission PCT --colour #hex --accent #hex',
  summary: 'Add a partner: its checkout is /purchase/{slug}, its commission a percentage of each sale.',
  define: (c) =>
    c
      .option('--slug <slug>', 'address of its checkout: /purchase/{slug}')
      .option('--key <key>', 'the partner key its purchases carry')
      .option('--name <name>', 'name shown on its checkout')
      .option('--offer <key>', 'a raffle offer it may sell (repeat for more)', collect)
      .option('--channel <key>', 'a channel key (repeat; one must end in _web; default {key}_web)', collect)
      .option('--commission <percent>', 'commission on each sale, in per cent (e.g. 10 or 7.5)')
      .option('--colour <hex>', 'main colour, e.g. #0b4f7c')
      .option('--accent <hex>', 'accent colour, e.g. #f2b705')
      .option('--logo <url>', 'logo image URL')
      .option('--website <url>', "the partner's own site"),
  async run({ options: o }, ctx) {
    for (const required of ['slug', 'key', 'name', 'commission', 'colour', 'accent'] as const)
      if (!o[required]) throw new UsageError(`--${required} is required.`);
    if (!o.offer?.length) throw new UsageError('--offer is required.');
    if (!PERCENT.test(o.commission!) || Number(o.commission) > 100)
      throw new UsageError('--commission takes a percentage from 0 to 100, at most 2 decimals.');
    const partner = await (
      await ctx.services()
    ).partners.add({
      slug: o.slug!,
      key: o.key!,
      name: o.name!,
      offers: o.offer,
      channels: o.channel?.length ? o.channel : [`${o.key}_web`],
      commissionBps: Math.round(Number(o.commission) * 100),
      primaryColour: o.colour!,
      accentColour: o.accent!,
      logoUrl: o.logo ?? null,
      websiteUrl: o.website ?? null,
    });
    ctx.out(`Added partner ${partner.name} (${partner.key}): /purchase/${partner.slug}`);
  },
});

export const partnerListCommand = defineCommand({
  name: 'partner:list',
  usage: '',
  summary: 'List partners with their sales, commission earned and commission owed (ledger).',
  async run(_parsed, ctx) {
    const services = await ctx.services();
    const [partners, owed] = await Promise.all([services.partners.list(), services.ledger.partnerCommissionBalances()]);
    if (!partners.length) ctx.out('No partners.');
    for (const p of partners) {
      const balances = owed.filter((b) => b.partnerKey === p.key);
      const owing = balances.length
        ? balances.map((b) => formatCurrency(b.balanceCents, b.currency)).join(', ')
        : formatCurrency(0, 'AUD');
      ctx.out(
        `${p.slug} (${p.key}) ${p.name}: ${p.commissionBps / 100}% on ${p.offers.join(', ')}; channels ${p.channels.join(', ')}; ` +
          `${p.sales} sales, ${formatCurrency(p.saleCents, 'AUD')} sold, ${formatCurrency(p.commissionCents, 'AUD')} commission; owed ${owing}`,
      );
    }
  },
});
