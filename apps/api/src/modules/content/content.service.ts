// Content rules: which CMS items are visible (features §4), and the shape each collection must have on read and write.
import { randomBytes } from 'node:crypto';
import { CmsPage, Navigation, SiteComponents, SiteConfig, SitewideBanner, Theme } from '@shop/contracts';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { cachedUntilChanged, type CachedValue, type ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import {
  CONTENT_TABLE,
  createContentRepository,
  isVisibleAt,
  type ContentRow,
  type ContentStatus,
} from './content.repository.ts';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  /** Id source for new banners; tests pass a deterministic one. */
  newId?: () => string;
  /**
   * Long-lived services (the API routes) pass the database's change feed: the singletons (theme, navigation, site
   * configuration, banner), read on every page, are kept in memory until content_items changes.
   */
  changes?: ChangeSource;
}

/** A page as stored: the contract minus what the row itself carries (id = item key, status, publish date). */
export const StoredPage = CmsPage.omit({ id: true, status: true, datePublished: true });
export type StoredPage = z.infer<typeof StoredPage>;
export const StoredSiteConfig = z.object({ components: SiteComponents });

/** Singleton collections hold one item whose key is the collection name. */
export const SINGLETONS = {
  theme: Theme,
  navigation: Navigation,
  site_config: StoredSiteConfig,
  sitewide_banner: SitewideBanner,
} as const;
export type SingletonCollection = keyof typeof SINGLETONS;

export const STORED_SHAPES = { ...SINGLETONS, pages: StoredPage } as const;
export type ContentCollection = keyof typeof STORED_SHAPES;

export interface ContentSeedItem {
  collection: ContentCollection;
  itemKey: string;
  status: ContentStatus;
  datePublished: Date | null;
  data: unknown;
}

function parseStored<T extends z.ZodType>(schema: T, row: ContentRow): z.infer<T> {
  const parsed = schema.safeParse(row.data);
  if (!parsed.success)
    throw new Error(`CMS item ${row.collection}/${row.itemKey} does not match its contract: ${parsed.error.message}`);
  return parsed.data;
}

function toPage(row: ContentRow): CmsPage {
  const page = parseStored(StoredPage, row);
  return {
    id: row.itemKey,
    ...page,
    status: row.status,
    datePublished: row.datePublished ? row.datePublished.toISOString() : null,
  };
}

const defaultNewId = () => `bnr_${randomBytes(9).toString('base64url')}`;

export function createContentService(deps: ContentDeps) {
  const repo = createContentRepository(deps.db);
  const newId = deps.newId ?? defaultNewId;

  // The stored row whatever its status (visibility depends on the clock, so it is checked on every read), parsed once.
  const singletons = new Map<SingletonCollection, CachedValue<{ row: ContentRow; item: unknown } | undefined>>();
  function storedSingleton(collection: SingletonCollection) {
    let cached = singletons.get(collection);
    if (!cached) {
      cached = cachedUntilChanged(deps.changes, [CONTENT_TABLE], async () => {
        const row = await repo.find(collection, collection);
        return row ? { row, item: parseStored(SINGLETONS[collection] as z.ZodType, row) } : undefined;
      });
      singletons.set(collection, cached);
    }
    return cached.get();
  }
  const forgetSingletons = () => {
    for (const cached of singletons.values()) cached.invalidate();
  };

  async function singleton<C extends SingletonCollection>(
    collection: C,
  ): Promise<z.infer<(typeof SINGLETONS)[C]> | undefined> {
    const stored = await storedSingleton(collection);
    if (!stored || !isVisibleAt(stored.row, deps.clock.now())) return undefined;
    return stored.item as z.infer<(typeof SINGLETONS)[C]>;
  }

  async function required<C extends SingletonCollection>(collection: C, what: string) {
    const item = await singleton(collection);
    if (!item) throw notFound(`No ${what} is published.`, 'not_found');
    return item;
  }

  return {
    getTheme: (): Promise<Theme> => required('theme', 'theme'),
    getNavigation: (): Promise<Navigation> => required('navigation', 'navigation'),

    async getSiteConfig(): Promise<SiteConfig> {
      const [stored, navigation] = await Promise.all([
        required('site_config', 'site configuration'),
        required('navigation', 'navigation'),
      ]);
      return SiteConfig.parse({ navigation, components: stored.components });
    },

    async getSitewideBanner(): Promise<SitewideBanner | null> {
      return (await singleton('sitewide_banner')) ?? null;
    },

    async listPages(query: {
      path?: string;
      limit: number;
      offset: number;
    }): Promise<{ items: CmsPage[]; total: number }> {
      const { rows, total } = await repo.listVisible('pages', deps.clock.now(), query);
      return { items: rows.map(toPage), total };
    },

    async getPage(id: string): Promise<CmsPage> {
      const row = await repo.findVisible('pages', id, deps.clock.now());
      if (!row) throw notFound('This page does not exist.', 'page_not_found');
      return toPage(row);
    },

    /** Publish a new sitewide banner now. Each call gets a new id, so a visitor's earlier dismissal does not hide it. */
    async setSitewideBanner(input: {
      text: string;
      linkUrl?: string | null;
      linkText?: string | null;
    }): Promise<SitewideBanner> {
      const banner = SitewideBanner.parse({
        id: newId(),
        text: input.text.trim(),
        linkUrl: input.linkUrl ?? null,
        linkText: input.linkText ?? null,
      });
      if (!banner.text) throw unprocessable('The banner text is empty.', 'invalid_banner');
      if ((banner.linkUrl === null) !== (banner.linkText === null))
        throw unprocessable('A banner link needs both a URL and a link text.', 'invalid_banner');
      if (banner.linkUrl !== null && !/^(\/(?!\/)|https?:\/\/)/.test(banner.linkUrl)) {
        throw unprocessable('A banner link is a site path starting with "/" or an http(s) URL.', 'invalid_banner');
      }
      const now = deps.clock.now();
      await repo.upsert(
        {
          collection: 'sitewide_banner',
          itemKey: 'sitewide_banner',
          status: 'published',
          datePublished: now,
          data: banner,
        },
        now,
      );
      forgetSingletons();
      return banner;
    },

    /** Archive the banner; returns false when there was none. */
    async clearSitewideBanner(): Promise<boolean> {
      const current = await repo.find('sitewide_banner', 'sitewide_banner');
      if (!current || current.status === 'archived') return false;
      const archived = await repo.setStatus('sitewide_banner', 'sitewide_banner', 'archived', deps.clock.now());
      forgetSingletons();
      return archived;
    },

    /** Seed support: validates every item against its collection's contract and inserts the missing ones. */
    async ensureItems(items: ContentSeedItem[]): Promise<{ inserted: number }> {
      let inserted = 0;
      for (const item of items) {
        const data = STORED_SHAPES[item.collection].parse(item.data);
        if (await repo.insertIfMissing({ ...item, data })) inserted++;
      }
      forgetSingletons();
      return { inserted };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
