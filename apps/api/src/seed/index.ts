// Seed: the data a fresh shop starts with. Idempotent: it inserts what is missing and never overwrites a row an
// operator may have changed since (maintenance mode, default segment, banner).
import type { ContentSeedItem } from '../modules/content/index.ts';
import type { Services } from '../services.ts';
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

/** What the seed writes through: the services of the composition root (and the database for the catalogue rows). */
export type SeedServices = Pick<
  Services,
  'database' | 'clock' | 'config' | 'platform' | 'content' | 'draws' | 'raffleLifecycle' | 'raffleSupply' | 'membership'
>;

export async function seedDatabase(s: SeedServices): Promise<{ inserted: number }> {
  const db = s.database.db;
  const a = await s.platform.ensureDefaults({
    webConfig: webConfigSeed(s.config.siteTimeZone),
    segments: segmentsSeed,
    defaultSegment: DEFAULT_SEGMENT,
  });
  const b = await s.content.ensureItems(contentSeed(s.clock.now()));
  const c = await seedCatalogue(db);
  const d = await seedDraws({ draws: s.draws, clock: s.clock });
  const raffles = await seedRaffleOffers({ db, clock: s.clock, raffles: s.raffleLifecycle, supply: s.raffleSupply });
  const promotions = await seedPromotions(db);
  // Daily Winners: the programme's settings (its giveaways are made by the clock, as time passes).
  await s.membership.giveaways.program();
  return { inserted: a.inserted + b.inserted + c + d.inserted + promotions + raffles };
}

/** True once the web configuration exists: the marker `npm start` uses to seed a fresh database only once. */
export async function isSeeded(s: Pick<Services, 'platform'>): Promise<boolean> {
  return s.platform.isConfigured();
}

export async function seedIfEmpty(s: SeedServices): Promise<boolean> {
  if (await isSeeded(s)) return false;
  await seedDatabase(s);
  return true;
}
