// Seed: the data a fresh shop starts with. Idempotent: it inserts what is missing and never overwrites a row an
// operator may have changed since (maintenance mode, default segment, banner).
import type { Database } from '../db/index.ts';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { createContentService, type ContentSeedItem } from '../modules/content/index.ts';
import { createPlatformService } from '../modules/platform/index.ts';
import { seedCatalogue } from '../modules/catalogue/index.ts';
import { seedDraws } from '../modules/draws/index.ts';
import { seedRaffleOffers } from './raffles.ts';
import { seedPromotions } from '../modules/promotions/index.ts';
import { componentsSeed, navigationSeed } from './navigation.ts';
import { pagesSeed } from './pages.ts';
import { DEFAULT_SEGMENT, segmentsSeed } from './segments.ts';
import { themeSeed } from './theme.ts';
import { webConfigSeed } from './web-config.ts';

/** Publish date of seeded content: fixed, so every seeded database shows the same dates. */
export const SEED_PUBLISHED_AT = new Date('2024-01-01T00:00:00.000Z');
const SCHEDULED_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

export const SEED_BANNER = {
  id: 'bnr_welcome',
  text: 'Set for Life now draws every day: win $20,000 a month for 20 years.',
  linkUrl: '/set-for-life',
  linkText: 'Play Set for Life',
} as const;

export function contentSeed(now: Date): ContentSeedItem[] {
  const singleton = (collection: ContentSeedItem['collection'], data: unknown): ContentSeedItem => ({
    collection,
    itemKey: collection,
    status: 'published',
    datePublished: SEED_PUBLISHED_AT,
    data,
  });
  return [
    singleton('theme', themeSeed),
    singleton('navigation', navigationSeed),
    singleton('site_config', { components: componentsSeed }),
    singleton('sitewide_banner', SEED_BANNER),
    ...pagesSeed.map((p): ContentSeedItem => ({
      collection: 'pages',
      itemKey: p.itemKey,
      status: p.status,
      datePublished:
        p.schedule === 'published'
          ? SEED_PUBLISHED_AT
          : p.schedule === 'scheduled'
            ? new Date(now.getTime() + SCHEDULED_AFTER_MS)
            : null,
      data: p.page,
    })),
  ];
}

export interface SeedDeps {
  config: Pick<AppConfig, 'publicUrl' | 'defaultSegment' | 'siteTimeZone'>;
  clock: Clock;
}

export async function seedDatabase(database: Database, deps: SeedDeps): Promise<{ inserted: number }> {
  const platform = createPlatformService({ db: database.db, config: deps.config, clock: deps.clock });
  const content = createContentService({ db: database.db, clock: deps.clock });
  const a = await platform.ensureDefaults({
    webConfig: webConfigSeed(deps.config.siteTimeZone),
    segments: segmentsSeed,
    defaultSegment: DEFAULT_SEGMENT,
  });
  const b = await content.ensureItems(contentSeed(deps.clock.now()));
  const c = await seedCatalogue(database.db);
  const d = await seedDraws({ db: database.db, clock: deps.clock });
  const raffles = await seedRaffleOffers({ db: database.db, clock: deps.clock });
  const promotions = await seedPromotions(database.db);
  return { inserted: a.inserted + b.inserted + c + d.inserted + promotions + raffles };
}

/** True once the web configuration exists: the marker `npm start` uses to seed a fresh database only once. */
export async function isSeeded(database: Database, deps: SeedDeps): Promise<boolean> {
  return createPlatformService({ db: database.db, config: deps.config, clock: deps.clock }).isConfigured();
}

export async function seedIfEmpty(database: Database, deps: SeedDeps): Promise<boolean> {
  if (await isSeeded(database, deps)) return false;
  await seedDatabase(database, deps);
  return true;
}
