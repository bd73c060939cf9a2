// Seed: the data a fresh shop starts with. Idempotent: it inserts what is missing and never overwrites a row an
// operator may have changed since (maintenance mode, default segment, banner).
import type { ContentDocument } from '../modules/content/index.ts';
import type { Services } from '../services.ts';
import { seedCatalogue } from '../modules/catalogue/index.ts';
import { seedDraws } from '../modules/draws/index.ts';
import { seedLottoParty } from '../modules/lotto-party/index.ts';
import { DEMO_PARTNER } from './partners.ts';
import { seedRaffleOffers } from './raffles.ts';
import { DEMO_SYNDICATES } from './syndicates.ts';
import { seedPromotions } from '../modules/promotions/index.ts';
import { blogCategoriesSeed, blogPostsSeed, blogSeed, contactPageSeed, seedFiles, translationsSeed } from './blog.ts';
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

type SeedItem = ContentDocument['items'][number];

/** The seeded content as one import document (the same format as `content:export`). */
export function contentSeed(now: Date): ContentDocument {
  const published = SEED_PUBLISHED_AT.toISOString();
  const singleton = (collection: SeedItem['collection'], data: unknown): SeedItem => ({
    collection,
    id: collection,
    status: 'published',
    datePublished: published,
    data,
  });
  const items: SeedItem[] = [
    ...seedFiles.map((f): SeedItem => ({
      collection: 'files',
      id: f.id,
      status: 'published',
      datePublished: published,
      data: {
        filename: f.filename,
        title: f.title,
        description: f.description,
        type: 'image/svg+xml',
        width: f.id === 'file_ticket_illustration' ? 480 : 240,
        height: f.id === 'file_ticket_illustration' ? 320 : 80,
        filesize: Buffer.from(f.base64, 'base64').length,
      },
    })),
    singleton('theme', themeSeed),
    singleton('navigation', navigationSeed),
    singleton('site_config', { components: componentsSeed }),
    singleton('sitewide_banner', SEED_BANNER),
    singleton('blog', blogSeed),
    singleton('contact_page', contactPageSeed),
    ...blogCategoriesSeed.map(({ id, ...data }): SeedItem => ({
      collection: 'blog_categories',
      id,
      status: 'published',
      datePublished: published,
      data,
    })),
    ...blogPostsSeed.map((p): SeedItem => ({
      collection: 'blog_posts',
      id: p.id,
      status: p.status,
      datePublished: p.publishedAt,
      data: p.post,
    })),
    ...pagesSeed.map((p): SeedItem => ({
      collection: 'pages',
      id: p.itemKey,
      status: p.status,
      datePublished:
        p.schedule === 'published'
          ? published
          : p.schedule === 'scheduled'
            ? new Date(now.getTime() + SCHEDULED_AFTER_MS).toISOString()
            : null,
      data: p.page,
    })),
  ];
  return {
    format: 'lottery-shop-content',
    version: 1,
    items,
    files: seedFiles.map((f) => ({ id: f.id, type: 'image/svg+xml', base64: f.base64 })),
    translations: translationsSeed,
  };
}

/** What the seed writes through: the services of the composition root (and the database for the catalogue rows). */
export type SeedServices = Pick<
  Services,
  | 'database'
  | 'clock'
  | 'config'
  | 'platform'
  | 'contentTransfer'
  | 'draws'
  | 'raffleLifecycle'
  | 'raffleSupply'
  | 'membership'
  | 'partners'
  | 'syndicates'
  | 'lottoParty'
>;

export async function seedDatabase(s: SeedServices): Promise<{ inserted: number }> {
  const db = s.database.db;
  const a = await s.platform.ensureDefaults({
    webConfig: webConfigSeed(s.config.siteTimeZone),
    segments: segmentsSeed,
    defaultSegment: DEFAULT_SEGMENT,
  });
  const b = {
    inserted: (await s.contentTransfer.importDocument(contentSeed(s.clock.now()), 'seed', { onlyMissing: true }))
      .written,
  };
  const c = await seedCatalogue(db);
  const d = await seedDraws({ draws: s.draws, clock: s.clock });
  const raffles = await seedRaffleOffers({ db, clock: s.clock, raffles: s.raffleLifecycle, supply: s.raffleSupply });
  const promotions = await seedPromotions(db);
  // Partner purchase (issue 19): a charity selling its prize home raffle through the partner layout.
  const partners = await s.partners.ensure(DEMO_PARTNER);
  // Daily Winners: the programme's settings (its giveaways are made by the clock, as time passes).
  await s.membership.giveaways.program();
  // Syndicates: the standing ones, and one on sale for each of their next draws (the schedule keeps it so).
  for (const t of DEMO_SYNDICATES) await s.syndicates.ensureTemplate(t);
  const syndicates = (await s.syndicates.fromTemplates()).created;
  // Lotto Party (issue 16): a promoted demo group with an open session for the next Oz Lotto draw.
  const party = await seedLottoParty(s.lottoParty);
  return {
    inserted: a.inserted + b.inserted + c + d.inserted + promotions + raffles + partners + syndicates + party,
  };
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
