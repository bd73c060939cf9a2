import { cliActor, defineCommand, UsageError } from '../command.ts';

export const bannerSetCommand = defineCommand({
  name: 'banner:set',
  usage: '"<text>" [--link <url> --link-text <text>]',
  summary: 'Publish a sitewide banner now (replaces the current one; visitors who dismissed the old one see it).',
  define: (c) =>
    c
      .argument('[text]', 'the banner text, quoted')
      .option('--link <url>', 'where the banner links to (with --link-text)')
      .option('--link-text <text>', 'the text of the link (with --link)'),
  async run({ args, options }: { args: string[]; options: { link?: string; linkText?: string } }, ctx) {
    if (args.length !== 1 || !args[0]!.trim()) throw new UsageError('Give the banner text as one quoted argument.');
    if ((options.link === undefined) !== (options.linkText === undefined))
      throw new UsageError('--link and --link-text go together.');
    const { contentEditor } = await ctx.services();
    const banner = await contentEditor.setSitewideBanner(
      { text: args[0]!, linkUrl: options.link ?? null, linkText: options.linkText ?? null },
      cliActor(),
    );
    ctx.out(
      `Sitewide banner ${banner.id} is live: ${banner.text}${banner.linkUrl ? ` [${banner.linkText} -> ${banner.linkUrl}]` : ''}`,
    );
  },
});

export const bannerClearCommand = defineCommand({
  name: 'banner:clear',
  usage: '',
  summary: 'Take the sitewide banner down.',
  async run(_parsed, ctx) {
    const cleared = await (await ctx.services()).contentEditor.clearSitewideBanner(cliActor());
    ctx.out(cleared ? 'The sitewide banner is down.' : 'There was no sitewide banner.');
  },
});
