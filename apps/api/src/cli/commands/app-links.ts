// The native-app store links (core §2 /app/android and /app/android/install, features §2 Footer app download).
import { defineCommand, UsageError } from '../command.ts';

type Store = 'android' | 'ios';

/** An https address, or "none" to take the link down. */
function storeLink(store: Store, value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${store} takes an https address or "none".`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--${store} takes an https address or "none".`);
  return url.href;
}

export const appLinksCommand = defineCommand({
  name: 'app:links',
  usage: '[--android <url|none>] [--ios <url|none>]',
  summary: 'Set the app-store links of the native app (the /app/android pages and the footer show them).',
  define: (c) =>
    c
      .option('--android <url>', 'the Google Play address, or "none"')
      .option('--ios <url>', 'the App Store address, or "none"'),
  async run({ options }: { args: string[]; options: { android?: string; ios?: string } }, ctx) {
    const android = storeLink('android', options.android);
    const ios = storeLink('ios', options.ios);
    const { platform } = await ctx.services();
    const links = await platform.setAppStoreLinks({
      ...(android !== undefined ? { android } : {}),
      ...(ios !== undefined ? { ios } : {}),
    });
    ctx.out(`Android: ${links.android ?? 'none'}`);
    ctx.out(`iOS: ${links.ios ?? 'none'}`);
  },
});
