// An operator's notification campaign (issue 20): one feed card for every active customer of a segment. The key makes
// it once-only: running the same campaign again posts nothing new.
import { defineCommand, UsageError } from '../command.ts';

interface CampaignOptions {
  segment?: string;
  key?: string;
  title?: string;
  message?: string;
  linkText?: string;
  link?: string;
}

export const notificationsCampaignCommand = defineCommand({
  name: 'notifications:campaign',
  usage: '--segment <name> --key <key> --title <text> --message <text> [--link <path> --link-text <text>]',
  summary: 'Post a notification card to every active customer of a segment (once per key).',
  define: (c) =>
    c
      .option('--segment <name>', 'the segment whose customers get the card, e.g. default')
      .option('--key <key>', 'a name for this campaign; the same key never posts twice to a customer')
      .option('--title <text>', "the card's title")
      .option('--message <text>', "the card's message")
      .option('--link <path>', 'where the card links (a path of the shop or an https URL)')
      .option('--link-text <text>', "the link's text"),
  async run({ options }: { options: CampaignOptions }, ctx) {
    const { segment, key, title, message } = options;
    if (!segment || !key || !title || !message)
      throw new UsageError('--segment, --key, --title and --message are required.');
    if (title.length > 120 || message.length > 1000)
      throw new UsageError('The title takes at most 120 characters and the message 1000.');
    if (!!options.link !== !!options.linkText) throw new UsageError('--link and --link-text go together.');
    if (options.link && !/^(\/(?!\/)|https:\/\/)/.test(options.link))
      throw new UsageError('--link takes a path of the shop (/...) or an https URL.');
    const s = await ctx.services();
    // The back office's campaign screen goes through the very same service.
    const sent = await s.backoffice.campaigns.send({
      segment,
      key,
      title,
      message,
      ...(options.link ? { link: options.link, linkText: options.linkText! } : {}),
    });
    ctx.out(
      `Posted ${sent.posted} card${sent.posted === 1 ? '' : 's'} to segment ${segment} (${sent.audience} active customers).`,
    );
  },
});
