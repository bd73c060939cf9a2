// The sitewide banner's writes (the CLI's banner:set and banner:clear): a new banner published now under a new id, or
// the banner archived. Composed into createContentEditor, whose create and archive it uses.
import { SitewideBanner } from '@shop/contracts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { ContentRepository } from './content.repository.ts';
import type { Actor, VersionWriter } from './content.writes.ts';

export interface BannerEditorDeps {
  repo: ContentRepository;
  clock: Clock;
  newId: (prefix: string) => string;
  writes: VersionWriter;
  /** The editor's create and archive. */
  create: (collection: string, input: { status: 'published'; data: unknown }, actor: Actor) => Promise<unknown>;
  archive: (collection: string, id: string, actor: Actor) => Promise<unknown>;
}

export function createBannerEditor(deps: BannerEditorDeps) {
  const { repo, clock, newId, writes } = deps;
  return {
    /** Publish a new sitewide banner now. Each call gets a new id, so a visitor's earlier dismissal does not hide it. */
    async setSitewideBanner(input: { text: string; linkUrl?: string | null; linkText?: string | null }, actor: Actor) {
      const banner = SitewideBanner.parse({
        id: newId('bnr'),
        text: input.text.trim(),
        linkUrl: input.linkUrl ?? null,
        linkText: input.linkText ?? null,
      });
      if (!banner.text) throw unprocessable('The banner text is empty.', 'invalid_banner');
      if ((banner.linkUrl === null) !== (banner.linkText === null))
        throw unprocessable('A banner link needs both a URL and a link text.', 'invalid_banner');
      if (banner.linkUrl !== null && !/^(\/(?!\/)|https?:\/\/)/.test(banner.linkUrl))
        throw unprocessable('A banner link is a site path starting with "/" or an http(s) URL.', 'invalid_banner');
      const existing = await repo.find('sitewide_banner', 'sitewide_banner');
      if (!existing) await deps.create('sitewide_banner', { status: 'published', data: banner }, actor);
      else
        await writes.locked('sitewide_banner', 'sitewide_banner', (tx, row) =>
          writes.saveVersion(
            tx,
            row,
            { status: 'published', datePublished: clock.now(), data: banner },
            'publish',
            actor,
            true,
          ),
        );
      return banner;
    },

    /** Archive the banner; returns false when there was none. */
    async clearSitewideBanner(actor: Actor): Promise<boolean> {
      const current = await repo.find('sitewide_banner', 'sitewide_banner');
      if (!current || current.status === 'archived') return false;
      await deps.archive('sitewide_banner', 'sitewide_banner', actor);
      return true;
    },
  };
}
