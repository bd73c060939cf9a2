import { createContentService } from '../../modules/content/index.ts';
import { defineCommand, parseArgs, UsageError } from '../command.ts';

export const bannerSetCommand = defineCommand({
  name: 'banner:set',
  usage: '"<text>" [--link <url> --link-text <text>]',
  summary: 'Publish a sitewide banner now (replaces the current one; visitors who dismissed the old one see it).',
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['link', 'link-text']);
    if (positional.length !== 1 || !positional[0]!.trim())
      throw new UsageError('Give the banner text as one quoted argument.');
    if ((options.link === undefined) !== (options['link-text'] === undefined))
      throw new UsageError('--link and --link-text go together.');
    const database = await ctx.database();
    const banner = await createContentService({ db: database.db, clock: ctx.clock }).setSitewideBanner({
      text: positional[0]!,
      linkUrl: options.link ?? null,
      linkText: options['link-text'] ?? null,
    });
    ctx.out(
      `Sitewide banner ${banner.id} is live: ${banner.text}${banner.linkUrl ? ` [${banner.linkText} -> ${banner.linkUrl}]` : ''}`,
    );
  },
});

export const bannerClearCommand = defineCommand({
  name: 'banner:clear',
  usage: '',
  summary: 'Take the sitewide banner down.',
  async run(args, ctx) {
    if (args.length) throw new UsageError('banner:clear takes no arguments.');
    const database = await ctx.database();
    const cleared = await createContentService({ db: database.db, clock: ctx.clock }).clearSitewideBanner();
    ctx.out(cleared ? 'The sitewide banner is down.' : 'There was no sitewide banner.');
  },
});
