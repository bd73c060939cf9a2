// Operator switches for product offers: a suspended offer is off sale everywhere (pages, cart, purchase); with every
// offer suspended the storefront answers 418 with the no-products page (features §2 Error pages). A preview link shows
// an offer's page before it is on sale (spec core §2 preview flag).
import { OFFER_PREVIEW_TTL_SECONDS } from '../../modules/catalogue/index.ts';
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

export const offerPreviewTokenCommand = defineCommand<{ minutes?: string }>({
  name: 'offer:preview-token',
  usage: '<offer-key> [--minutes <n>]',
  summary: 'Print a signed preview link to an offer page, shown even when not on sale and never buyable (1 hour).',
  define: (c) => c.argument('[offer-key]').option('--minutes <n>', 'how long the link works'),
  async run({ args, options }, ctx) {
    if (args.length !== 1) throw new UsageError('Name one product offer key.');
    const minutes = options.minutes === undefined ? OFFER_PREVIEW_TTL_SECONDS.default / 60 : Number(options.minutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes * 60 > OFFER_PREVIEW_TTL_SECONDS.max)
      throw new UsageError(`--minutes takes 1 to ${OFFER_PREVIEW_TTL_SECONDS.max / 60}.`);
    const services = await ctx.services();
    const token = await services.offerPreviews.mint(args[0]!, minutes * 60);
    if (!token) throw new UsageError(`There is no product offer "${args[0]}".`);
    ctx.out(`${services.config.publicUrl.replace(/\/+$/, '')}/${args[0]}?preview=${token}`);
  },
});
