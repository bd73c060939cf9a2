// The content API (/api/cms) through the real app against a seeded database, with an injected clock.
import { Navigation, SiteConfig, Theme } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createContentService } from './index.ts';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database, now: '2026-03-01T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const get = (url: string) => t.injectSigned({ method: 'GET', url });
const ABOUT_PATHS = [
  '/about',
  '/about/responsible-gaming',
  '/about/privacy',
  '/about/cookie-policy',
  '/about/faq',
  '/about/terms-and-conditions',
  '/about/terms-of-use',
  '/about/contact-us',
];

describe('singleton items', () => {
  it('serves the theme with the 10-minute cache lifetime', async () => {
    const res = await get('/api/cms/items/theme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.json().result.colours.brand_primary).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('serves navigation and site config with the 24-hour lifetime', async () => {
    const nav = await get('/api/cms/items/navigation');
    expect(nav.statusCode).toBe(200);
    expect(nav.headers['cache-control']).toBe('public, max-age=86400');
    const primary = nav.json().result.primary as {
      label: string;
      url: string;
      product_group: string | null;
      children: { url: string }[];
    }[];
    expect(primary.map((i) => i.label)).toEqual([
      'Lotteries',
      'Charity raffles',
      'Syndicates',
      'Results',
      'Causes',
      'Daily Winners',
      'Blog',
      'Help centre',
    ]);
    expect(primary[0]!.children.map((c) => c.url)).toEqual([
      '/oz-lotto',
      '/powerball',
      '/saturday-lotto',
      '/weekday-windfall',
      '/set-for-life',
    ]);
    const footer = nav.json().result.footer as { url: string; requires_absent: string[] }[];
    expect(footer.find((f) => f.url === '/about/faq')!.requires_absent).toEqual(['support_faq']);

    const site = await get('/api/cms/items/site_config');
    expect(site.statusCode).toBe(200);
    expect(site.headers['cache-control']).toBe('public, max-age=86400');
    expect(site.json().result.components.customer_feedback_banner).toMatch(/^variant_[abc]$/);
    expect(site.json().result.components.affiliate_widget).toBe('variant_a');
    expect(site.json().result.navigation).toEqual(nav.json().result);
  });

  it('stores only contract-valid items: a second widget variant is refused', async () => {
    const content = createContentService({ db: database.db, clock: t.clock });
    await expect(
      content.ensureItems([
        {
          collection: 'site_config',
          itemKey: 'site_config_b',
          status: 'published',
          datePublished: null,
          data: { components: { affiliateWidget: 'variant_b' } },
        },
      ]),
    ).rejects.toThrow();
    expect(SiteConfig.shape.components.shape.customerFeedbackBanner.safeParse('variant_c').success).toBe(true);
    expect(Theme.safeParse({}).success).toBe(false);
    expect(Navigation.safeParse({ primary: [] }).success).toBe(false);
  });

  it('a clear_cache query makes the answer uncacheable', async () => {
    const res = await get('/api/cms/items/theme?clear_cache=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('sitewide banner', () => {
  it('serves the seeded banner, a replacement with a new id, and null once cleared', async () => {
    const first = (await get('/api/cms/items/sitewide_banner')).json().result;
    expect(first).toMatchObject({ id: 'bnr_welcome', link_url: '/set-for-life' });

    const content = createContentService({ db: database.db, clock: t.clock, newId: () => 'bnr_test_2' });
    await afterChangeOf(database, 'content_items', () =>
      content.setSitewideBanner({ text: '  Powerball jackpots to $100 million  ' }),
    );
    const second = (await get('/api/cms/items/sitewide_banner')).json().result;
    expect(second).toEqual({
      id: 'bnr_test_2',
      text: 'Powerball jackpots to $100 million',
      link_url: null,
      link_text: null,
    });

    await expect(
      content.setSitewideBanner({ text: 'x', linkUrl: 'javascript:alert(1)', linkText: 'Go' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await afterChangeOf(database, 'content_items', () => content.clearSitewideBanner())).toBe(true);
    expect(await content.clearSitewideBanner()).toBe(false);
    const none = await get('/api/cms/items/sitewide_banner');
    expect(none.statusCode).toBe(200);
    expect(none.json().result).toBeNull();
  });
});

describe('pages', () => {
  it('finds home and every about page by path, one item each', async () => {
    for (const path of ['/', ...ABOUT_PATHS]) {
      const res = await get(`/api/cms/items/pages?path=${encodeURIComponent(path)}`);
      expect(res.statusCode, path).toBe(200);
      const list = res.json().result as { path: string; status: string; sections: { kind: string }[] }[];
      expect(list, path).toHaveLength(1);
      expect(list[0]!.path).toBe(path);
      expect(list[0]!.status).toBe('published');
      expect(list[0]!.sections[0]!.kind).toBe('page_header');
    }
    const rg = (await get('/api/cms/items/pages?path=/about/responsible-gaming')).json().result[0];
    expect(JSON.stringify(rg.sections)).toContain('1800 858 858');
  });

  it('pages the list with page_info and links', async () => {
    const res = await get('/api/cms/items/pages?limit=4');
    const body = res.json();
    expect(body.result).toHaveLength(4);
    expect(body.page_info).toEqual({ limit: 4, offset: 0, total: 9 });
    expect(body.links.next).toContain('offset=4');
    expect(body.links.prev).toBeNull();
  });

  it('hides the draft page and the scheduled page until its publish date (CMS visibility rule)', async () => {
    const draft = await get('/api/cms/items/pages?path=/about/careers');
    expect(draft.json().result).toEqual([]);
    expect((await get('/api/cms/items/pages/page_careers')).statusCode).toBe(404);

    const scheduled = await database.pool.query<{ date_published: Date }>(
      "SELECT date_published FROM content_items WHERE item_key = 'page_annual_report'",
    );
    const at = scheduled.rows[0]!.date_published;
    const clock = fixedClock(new Date(at.getTime() - 1000));
    const app = await buildTestApp({ database, now: clock.now().toISOString() });
    try {
      const before = await app.injectSigned({ method: 'GET', url: '/api/cms/items/pages/page_annual_report' });
      expect(before.statusCode).toBe(404);
      expect(before.json()).toMatchObject({ status: 404, result: null });
      app.clock.set(at);
      const onTheDay = await app.injectSigned({ method: 'GET', url: '/api/cms/items/pages/page_annual_report' });
      expect(onTheDay.statusCode).toBe(200);
      expect(onTheDay.json().result).toMatchObject({
        id: 'page_annual_report',
        path: '/about/annual-report',
        date_published: at.toISOString(),
      });
      expect(
        (await app.injectSigned({ method: 'GET', url: '/api/cms/items/pages?path=/about/annual-report' })).json()
          .result,
      ).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('shows a page by id and answers 404 for an unknown one', async () => {
    const ok = await get('/api/cms/items/pages/page_privacy');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.seo.title).toBe('Privacy policy | Lucky Koala Lotteries');
    expect((await get('/api/cms/items/pages/page_nope')).statusCode).toBe(404);
  });

  it('rejects a malformed path query with a 422 envelope', async () => {
    const res = await get('/api/cms/items/pages?path=about%3Cscript%3E');
    expect(res.statusCode).toBe(422);
    expect(res.json().result).toBeNull();
  });
});

describe('unknown collections', () => {
  it('answers 404 with the error envelope', async () => {
    for (const url of ['/api/cms/items/recipes', '/api/cms/items/recipes/1', '/api/cms/items/theme/other']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      const body = res.json();
      expect(body.status).toBe(404);
      expect(body.result).toBeNull();
      expect(body.messages[0].level).toBe('error');
    }
    expect((await get('/api/cms/items/recipes')).json().messages[0].code).toBe('unknown_collection');
  });
});
