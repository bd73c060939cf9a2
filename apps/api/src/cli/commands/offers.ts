// Operator switches for product offers: a suspended offer is off sale everywhere (pages, cart, purchase); with every
// offer suspended the storefront answers 418 with the no-products page (features §2 Error pages).
import { defineCommand, UsageError } from '../command.ts';

function offerStateCommand(name: 'offer:suspend' | 'offer:resume', suspended: boolean, summary: string) {
  return defineCommand({
    name,
    usage: '<offer-key...> | --all',
    summary,
    define: (c) => c.argument('[offer-keys...]', 'product offer keys').option('--all', 'every product offer'),
    async run({ args, options }: { args: string[]; options: { all?: boolean } }, ctx) {
      if (Boolean(options.all) === args.length > 0) throw new UsageError('Name offer keys, or say --all.');
      const { catalogue } = await ctx.services();
      const keys = options.all ? await catalogue.offerKeys() : args;
      for (const key of keys) await catalogue.setOfferState(key, { suspended });
      ctx.out(`${suspended ? 'Suspended' : 'Resumed'}: ${keys.join(', ')}.`);
    },
  });
}

export const offerSuspendCommand = offerStateCommand(
  'offer:suspend',
  true,
  'Take product offers off sale (with --all the shop shows the no-products page).',
);
export const offerResumeCommand = offerStateCommand(
  'offer:resume',
  false,
  'Put suspended product offers back on sale.',
);
