// The shell's singletons (theme, navigation, site configuration, banner, blog, contact page), read on every page:
// kept parsed in memory until content_items changes, checked against the clock on each read. Composed into
// createContentService.
import { Blog, SiteConfig, type ContactPage, type Navigation, type SitewideBanner, type Theme } from '@shop/contracts';
import { cachedUntilChanged, type CachedValue, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { CONTENT_TABLE, isVisibleAt, type ContentRepository } from './content.repository.ts';
import { itemMeta, parseStored, type ContentStore, type Parsed, type SingletonCollection } from './content.store.ts';

export interface SingletonReadsDeps {
  repo: ContentRepository;
  store: ContentStore;
  clock: Clock;
  changes?: ChangeSource;
}

export function createSingletonReads(deps: SingletonReadsDeps) {
  const { repo, store, clock } = deps;

  const singletonCache = new Map<SingletonCollection, CachedValue<Parsed<SingletonCollection> | undefined>>();
  function storedSingleton<C extends SingletonCollection>(collection: C): Promise<Parsed<C> | undefined> {
    let cached = singletonCache.get(collection);
    if (!cached) {
      cached = cachedUntilChanged(deps.changes, [CONTENT_TABLE], async () => {
        const row = await repo.find(collection, collection);
        return row ? ({ row, data: parseStored(collection, row) } as Parsed<SingletonCollection>) : undefined;
      });
      singletonCache.set(collection, cached);
    }
    return cached.get() as Promise<Parsed<C> | undefined>;
  }
  async function singleton<C extends SingletonCollection>(collection: C): Promise<Parsed<C> | undefined> {
    const stored = await storedSingleton(collection);
    return stored && isVisibleAt(stored.row, clock.now()) ? stored : undefined;
  }
  async function required<C extends SingletonCollection>(collection: C, what: string): Promise<Parsed<C>> {
    const item = await singleton(collection);
    if (!item) throw notFound(`No ${what} is published.`, 'not_found');
    return item;
  }

  const reads = {
    getTheme: async (): Promise<Theme> => (await required('theme', 'theme')).data,
    getNavigation: async (): Promise<Navigation> => (await required('navigation', 'navigation')).data,

    async getSiteConfig(): Promise<SiteConfig> {
      const [stored, navigation] = await Promise.all([
        required('site_config', 'site configuration'),
        required('navigation', 'navigation'),
      ]);
      return SiteConfig.parse({ navigation: navigation.data, components: stored.data.components });
    },

    async getSitewideBanner(): Promise<SitewideBanner | null> {
      return (await singleton('sitewide_banner'))?.data ?? null;
    },

    async getBlog(): Promise<Blog> {
      const { row, data } = await required('blog', 'blog');
      return { ...itemMeta(row), ...data, seo: await store.seo(data.seo) };
    },

    async getContactPage(): Promise<ContactPage> {
      const { row, data } = await required('contact_page', 'contact page');
      return {
        ...itemMeta(row),
        ...data,
        seo: await store.seo(data.seo),
        sections: await store.sections(data.sections),
      };
    },
  };

  return {
    reads,

    /** A singleton's read model (GET /items/{singleton}). */
    async item(collection: SingletonCollection): Promise<unknown> {
      switch (collection) {
        case 'theme':
          return (await required('theme', 'theme')).data;
        case 'navigation':
          return (await required('navigation', 'navigation')).data;
        case 'site_config':
          return reads.getSiteConfig();
        case 'sitewide_banner':
          return reads.getSitewideBanner();
        case 'blog':
          return reads.getBlog();
        case 'contact_page':
          return reads.getContactPage();
      }
    },

    /** Drop the parsed singletons. */
    forget() {
      for (const c of singletonCache.values()) c.invalidate();
    },
  };
}
