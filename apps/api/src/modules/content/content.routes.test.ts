// The content API (/api/cms, /api/translation) through the real app against a seeded database, with an injected clock.
import { Navigation, SiteConfig, Theme } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_AUTH_SECRET, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { mintPreviewToken } from './index.ts';

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
const editor = () => t.services.contentEditor;
const ABOUT_PAGES = [
  '/about',
  '/about/responsible-gaming',
  '/about/privacy',
  '/about/cookie-policy',
  '/about/terms-and-conditions',
  '/about/terms-of-use',
];

describe('singleton items', () => {
  it('serves the theme with the 10-minute cache lifetime', async () => {
    const res = await get('/api/cms/items/theme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.json().result.colours.brand_primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(Theme.safeParse({}).success).toBe(false);
  });

  it('serves navigation and site config with the 24-hour lifetime', async () => {
    const nav = await get('/api/cms/items/navigation');
    expect(nav.headers['cache-control']).toBe('public, max-age=86400');
    const labels = (nav.json().result.primary as { label: string }[]).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['Daily Winners', 'Blog', 'Social play']));
    const footer = nav.json().result.footer as { url: string; requires_absent: string[] }[];
    expect(footer.find((f) => f.url === '/about/faq')!.requires_absent).toEqual(['support_faq']);
    const site = await get('/api/cms/items/site_config');
    expect(site.headers['cache-control']).toBe('public, max-age=86400');
    expect(site.json().result.components.customer_feedback_banner).toMatch(/^variant_[abc]$/);
    expect(site.json().result.navigation).toEqual(nav.json().result);
    expect(Navigation.safeParse({ primary: [] }).success).toBe(false);
    expect(SiteConfig.shape.components.shape.customerFeedbackBanner.safeParse('variant_c').success).toBe(true);
  });

  it('refuses a variant a widget does not allow, or an unknown widget, naming the field; null switches one off', async () => {
    const before = (await get('/api/cms/items/site_config')).json().result;
    const components = SiteConfig.shape.components.parse(toCamel(before.components));
    const versions = (await editor().versions('site_config', 'site_config')).length;
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ affiliateWidget: 'variant_b' }, 'components.affiliateWidget', /^Only variant_a is allowed for this widget/],
      [{ productSupportBanner: 'variant_c' }, 'components.productSupportBanner', /^Only variant_a is allowed/],
      [{ customerFeedbackBanner: 'variant_d' }, 'components.customerFeedbackBanner', /variant_a.*variant_b.*variant_c/],
      [{ charitySupportWidget: undefined }, 'components.charitySupportWidget', /./],
      [{ newsletterWidget: 'variant_a' }, 'components', /newsletterWidget/],
    ];
    for (const [change, field, message] of refusals) {
      await expect(
        editor().update('site_config', 'site_config', { components: { ...components, ...change } }, 'test'),
        field,
      ).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringContaining(`${field}: `),
        options: { fieldErrors: { [field]: [expect.stringMatching(message)] } },
      });
    }
    expect(await editor().versions('site_config', 'site_config')).toHaveLength(versions);

    const off = { ...components, charitySupportWidget: null, customerFeedbackBanner: 'variant_c' };
    await editor().update('site_config', 'site_config', { components: off }, 'test');
    await afterChangeOf(database, 'content_items', () => editor().publish('site_config', 'site_config', {}, 'test'));
    const served = (await get('/api/cms/items/site_config')).json().result.components;
    expect(served).toMatchObject({ charity_support_widget: null, customer_feedback_banner: 'variant_c' });
    await editor().update('site_config', 'site_config', { components }, 'test');
    await afterChangeOf(database, 'content_items', () => editor().publish('site_config', 'site_config', {}, 'test'));
    expect((await get('/api/cms/items/site_config')).json().result.components).toEqual(before.components);
  });

  it('serves the blog landing item and the contact page', async () => {
    const blog = (await get('/api/cms/items/blog')).json().result;
    expect(blog).toMatchObject({ id: 'blog', title: 'News and winners', status: 'published' });
    const contact = await get('/api/cms/items/contact_page');
    expect(contact.statusCode).toBe(200);
    expect(contact.json().result).toMatchObject({ heading: 'Contact us', phone: '13 56 28' });
    expect((await get('/api/cms/items/contact_page/contact_page')).json().result.heading).toBe('Contact us');
    expect((await get('/api/cms/items/theme/other')).statusCode).toBe(404);
  });

  it('a clear_cache query makes the answer uncacheable', async () => {
    const res = await get('/api/cms/items/theme?clear_cache=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('sitewide banner', () => {
  it('serves the seeded banner, a replacement with a new id, and null once cleared', async () => {
    expect((await get('/api/cms/items/sitewide_banner')).json().result).toMatchObject({ id: 'bnr_welcome' });
    const second = await afterChangeOf(database, 'content_items', () =>
      editor().setSitewideBanner({ text: '  Powerball jackpots to $100 million  ' }, 'test'),
    );
    expect((await get('/api/cms/items/sitewide_banner')).json().result).toEqual({
      id: second.id,
      text: 'Powerball jackpots to $100 million',
      link_url: null,
      link_text: null,
    });
    expect(second.id).not.toBe('bnr_welcome');
    await expect(
      editor().setSitewideBanner({ text: 'x', linkUrl: 'javascript:alert(1)', linkText: 'Go' }, 'test'),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await afterChangeOf(database, 'content_items', () => editor().clearSitewideBanner('test'))).toBe(true);
    expect(await editor().clearSitewideBanner('test')).toBe(false);
    expect((await get('/api/cms/items/sitewide_banner')).json().result).toBeNull();
  });
});

describe('pages', () => {
  it('finds home and the about pages by path, with their blocks rendered', async () => {
    for (const path of ['/', ...ABOUT_PAGES]) {
      const list = (await get(`/api/cms/items/pages?path=${encodeURIComponent(path)}`)).json().result;
      expect(list, path).toHaveLength(1);
      expect(list[0].path).toBe(path);
      expect(list[0].sections[0].kind).toBe('page_header');
    }
    const home = (await get('/api/cms/items/pages?path=/')).json().result[0];
    const kinds = home.sections.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(['featured_tickets', 'image_beside_text', 'blog_posts', 'logo_grid']));
    const picture = home.sections.find((s: { kind: string }) => s.kind === 'image_beside_text');
    expect(picture.image).toEqual({
      id: 'file_ticket_illustration',
      url: '/api/cms/assets/file_ticket_illustration',
      alt: 'A lottery ticket with six numbered balls',
      width: 480,
      height: 320,
    });
    expect(picture.html).toContain('<strong>never be lost</strong>');
  });

  it('pages the list with page_info and links', async () => {
    const body = (await get('/api/cms/items/pages?limit=4')).json();
    expect(body.result).toHaveLength(4);
    expect(body.page_info).toEqual({ limit: 4, offset: 0, total: 7 });
    expect(body.links.next).toContain('offset=4');
  });

  it('hides the draft page and the scheduled page until its publish date (features §4)', async () => {
    expect((await get('/api/cms/items/pages?path=/about/careers')).json().result).toEqual([]);
    expect((await get('/api/cms/items/pages/page_careers')).statusCode).toBe(404);
    const { rows } = await database.pool.query<{ date_published: Date }>(
      "SELECT date_published FROM content_items WHERE item_key = 'page_annual_report'",
    );
    const at = rows[0]!.date_published;
    const app = await buildTestApp({ database, now: new Date(at.getTime() - 1000).toISOString() });
    try {
      const before = await app.injectSigned({ method: 'GET', url: '/api/cms/items/pages/page_annual_report' });
      expect(before.statusCode).toBe(404);
      expect(before.json()).toMatchObject({ status: 404, result: null });
      app.clock.set(at);
      const onTheDay = await app.injectSigned({ method: 'GET', url: '/api/cms/items/pages/page_annual_report' });
      expect(onTheDay.statusCode).toBe(200);
      expect(onTheDay.json().result).toMatchObject({ id: 'page_annual_report', date_published: at.toISOString() });
    } finally {
      await app.close();
    }
  });

  it('answers 404 for an unknown page and 422 for a malformed path query', async () => {
    expect((await get('/api/cms/items/pages/page_privacy')).json().result.seo.title).toBe(
      'Privacy policy | Lucky Koala Lotteries',
    );
    expect((await get('/api/cms/items/pages/page_nope')).statusCode).toBe(404);
    const bad = await get('/api/cms/items/pages?path=about%3Cscript%3E');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().result).toBeNull();
  });
});

describe('blog', () => {
  it('lists published posts newest first, 12 per page, with their categories', async () => {
    const body = (await get('/api/cms/items/blog_posts')).json();
    expect(body.page_info).toEqual({ limit: 12, offset: 0, total: 4 });
    expect(body.result.map((p: { slug: string }) => p.slug)).toEqual([
      'charity-raffles-explained',
      'powerball-jackpot-climbs',
      'a-win-for-the-whole-street',
      'how-system-entries-work',
    ]);
    expect(body.result[0].categories).toEqual([
      { slug: 'guides', name: 'Guides' },
      { slug: 'news', name: 'News' },
    ]);
    expect(body.result[0]).not.toHaveProperty('sections');
  });

  it('narrows to a category (the widget: 4 newest) and finds a post by slug; the draft stays hidden', async () => {
    const news = (await get('/api/cms/items/blog_posts?category=news&limit=4')).json().result;
    expect(news.map((p: { slug: string }) => p.slug)).toEqual([
      'charity-raffles-explained',
      'powerball-jackpot-climbs',
    ]);
    const one = (await get('/api/cms/items/blog_posts?slug=how-system-entries-work')).json().result;
    expect(one).toHaveLength(1);
    const post = (await get('/api/cms/items/blog_posts/how-system-entries-work')).json().result;
    expect(post.sections[0].html).toContain('<h2>What it costs</h2>');
    expect(post.sections[0].html).toContain('<a href="/oz-lotto/systems">');
    expect((await get('/api/cms/items/blog_posts/post_summer_draft')).statusCode).toBe(404);
    expect((await get('/api/cms/items/blog_posts?slug=summer-draws-preview')).json().result).toEqual([]);
  });

  it('lists categories by name', async () => {
    const cats = (await get('/api/cms/items/blog_categories')).json().result;
    expect(cats.map((c: { name: string }) => c.name)).toEqual(['Guides', 'News', 'Winners']);
    expect((await get('/api/cms/items/blog_categories/winners')).json().result.slug).toBe('winners');
  });

  it('refuses bad list queries with the 422 envelope', async () => {
    for (const url of [
      '/api/cms/items/blog_posts?limit=0',
      '/api/cms/items/blog_posts?category=%3Cb%3E',
      '/api/cms/items/blog_posts?sort=x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().result).toBeNull();
    }
  });
});

describe('files', () => {
  it('serves a file item and its bytes (SVG sandboxed, with an ETag)', async () => {
    const file = (await get('/api/cms/files/file_logo_licensed')).json().result;
    expect(file).toMatchObject({
      type: 'image/svg+xml',
      width: 240,
      height: 80,
      url: '/api/cms/assets/file_logo_licensed',
    });
    // An <img> cannot sign: the bytes are served without the app signature.
    const bytes = await t.app.inject({ method: 'GET', url: '/api/cms/assets/file_logo_licensed' });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/svg+xml');
    expect(bytes.headers['content-security-policy']).toContain('sandbox');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.body).toContain('<svg');
    const again = await t.injectSigned({
      method: 'GET',
      url: '/api/cms/assets/file_logo_licensed',
      headers: { 'if-none-match': String(bytes.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await get('/api/cms/assets/file_nope')).statusCode).toBe(404);
    expect((await get('/api/cms/items/files')).json().page_info.total).toBe(4);
  });
});

describe('preview', () => {
  const token = (claims: Parameters<typeof mintPreviewToken>[1], ttl = 3600, now = t.clock.now()) =>
    mintPreviewToken(TEST_AUTH_SECRET, claims, now, ttl);

  it('shows a draft post to the holder of a signed token, and nothing without one', async () => {
    const ok = await get(
      `/api/cms/preview?token=${token({ collection: 'blog_posts', id: 'post_summer_draft', version: null })}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.json().result).toMatchObject({
      collection: 'blog_posts',
      item: { slug: 'summer-draws-preview', status: 'draft' },
    });
    const page = await get(
      `/api/cms/preview?token=${token({ collection: 'pages', id: 'page_careers', version: null })}`,
    );
    expect(page.json().result.item.path).toBe('/about/careers');
  });

  it('answers 403 for an unsigned, tampered, expired or foreign-key token', async () => {
    const good = token({ collection: 'blog_posts', id: 'post_summer_draft', version: null });
    const [h, p] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ aud: 'preview', c: 'blog_posts', id: 'post_summer_draft', v: null, exp: 4e9 })).toString('base64url')}.${good.split('.')[2]}`;
    const expired = token(
      { collection: 'blog_posts', id: 'post_summer_draft', version: null },
      60,
      new Date(t.clock.now().getTime() - 61_000),
    );
    const otherKey = mintPreviewToken(
      'another-secret',
      { collection: 'blog_posts', id: 'post_summer_draft', version: null },
      t.clock.now(),
      3600,
    );
    for (const bad of ['abc', `${h}.${p}.`, forged, expired, otherKey]) {
      const res = await get(`/api/cms/preview?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, result: null });
    }
    expect((await get('/api/cms/preview')).statusCode).toBe(422);
  });

  it("shows a version of an item only with that item's token (GET /items/{c}/{id}?version=)", async () => {
    const pageToken = token({ collection: 'pages', id: 'page_about', version: null });
    expect((await get('/api/cms/items/pages/page_about?version=1')).statusCode).toBe(403);
    const v1 = await get(`/api/cms/items/pages/page_about?version=1&preview_token=${pageToken}`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().result.version).toBe(1);
    const wrong = token({ collection: 'pages', id: 'page_privacy', version: null });
    expect((await get(`/api/cms/items/pages/page_about?version=1&preview_token=${wrong}`)).statusCode).toBe(403);
    expect((await get(`/api/cms/items/pages/page_about?version=99&preview_token=${pageToken}`)).statusCode).toBe(404);
  });

  it('opens only the version a pinned token names: another ?version= is 403 like a bad token', async () => {
    const current = (await database.pool.query('SELECT data FROM content_items WHERE item_key = $1', ['page_about']))
      .rows[0].data;
    await editor().update('pages', 'page_about', { ...current, name: 'About us (pending edit)' }, 'test');
    const pinned = token({ collection: 'pages', id: 'page_about', version: 1 });
    const own = await get(`/api/cms/items/pages/page_about?preview_token=${pinned}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.version).toBe(1);
    const same = await get(`/api/cms/items/pages/page_about?version=1&preview_token=${pinned}`);
    expect(same.statusCode).toBe(200);
    expect(same.json().result.version).toBe(1);
    const other = await get(`/api/cms/items/pages/page_about?version=2&preview_token=${pinned}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ status: 403, result: null });
  });
});

describe('translations', () => {
  it('answers GET /{locale}/items with c, id and t lists, en-GB falling back to en-AU', async () => {
    const au = await get('/api/translation/en-AU/items?c[]=footer&c[]=faq&t[]=markdown&t[]=json');
    expect(au.statusCode).toBe(200);
    const items = au.json().result as {
      category: string;
      id: string;
      type: string;
      locale: string;
      html: string | null;
    }[];
    expect(items.map((i) => `${i.category}/${i.id}`)).toEqual(['faq/questions', 'footer/note']);
    expect(items[1]!.html).toContain('<strong>Gambling Help 1800 858 858</strong>');
    const gb = (await get('/api/translation/en-GB/items?c[]=footer&c[]=faq')).json().result as typeof items;
    expect(gb.find((i) => i.category === 'footer')!.locale).toBe('en-GB');
    expect(gb.find((i) => i.category === 'faq')!.locale).toBe('en-AU');
    const seo = await get('/api/translation/en-AU/items?t[]=seo&id[]=about-faq');
    expect(seo.headers['cache-control']).toBe('public, max-age=86400');
    expect(seo.json().result[0].value.title).toBe('Frequently asked questions | Lucky Koala Lotteries');
  });

  it('refuses an unknown locale or type, and saves only valid values', async () => {
    expect((await get('/api/translation/fr-FR/items')).statusCode).toBe(422);
    expect((await get('/api/translation/en-AU/items?t[]=video')).statusCode).toBe(422);
    const tr = t.services.translations;
    await expect(
      tr.put('en-AU', 'seo', 'x', { type: 'seo', value: { title: '' } } as never, 'test'),
    ).rejects.toMatchObject({ statusCode: 422 });
    await afterChangeOf(database, 'content_translations', () =>
      tr.put('en-GB', 'faq', 'questions', { type: 'json', value: [] }, 'test'),
    );
    expect((await get('/api/translation/en-GB/items?c[]=faq')).json().result[0]).toMatchObject({
      locale: 'en-GB',
      value: [],
    });
  });
});

describe('causes under the content service', () => {
  it('serves the directory and a cause like /api/v2 does', async () => {
    const list = (await get('/api/cms/causes?limit=1')).json();
    expect(list.result).toHaveLength(1);
    const slug = list.result[0].slug as string;
    expect((await get(`/api/cms/causes/${slug}`)).json().result.slug).toBe(slug);
    expect((await get('/api/cms/causes/no-such-cause')).statusCode).toBe(404);
  });
});

describe('unknown collections', () => {
  it('answers 404 with the error envelope', async () => {
    for (const url of ['/api/cms/items/recipes', '/api/cms/items/recipes/1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, result: null });
    }
    expect((await get('/api/cms/items/recipes')).json().messages[0].code).toBe('unknown_collection');
  });
});

function toCamel(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );
}

describe('sitemap entries', () => {
  const seo = (extra: Record<string, unknown> = {}) => ({ title: 'T', ...extra });
  const post = (slug: string, seoExtra: Record<string, unknown>) => ({
    slug,
    title: slug,
    categories: ['news'],
    seo: seo(seoExtra),
    sections: [],
  });

  it('lists visible items at their canonical URL and leaves out noIndex ones (GET /api/cms/sitemap)', async () => {
    const publish = (collection: string, id: string, data: object) =>
      editor().create(collection, { id, data, status: 'published' }, 'test');
    await publish('blog_posts', 'post_hidden', post('hidden-post', { noIndex: true }));
    await publish('blog_posts', 'post_moved', post('moved-post', { canonicalUrl: 'https://elsewhere.example/p' }));
    await publish('blog_categories', 'cat_hidden', { slug: 'hidden-cat', name: 'Hidden', seo: seo({ noIndex: true }) });
    await publish('pages', 'page_quiet', {
      path: '/about/quiet',
      name: 'Quiet',
      seo: seo({ noIndex: true }),
      sections: [],
    });
    const res = await get('/api/cms/sitemap');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json().result as {
      pages: { path: string }[];
      unlisted_page_paths: string[];
      blog_posts: { slug: string; canonical_url: string | null; date_updated: string }[];
      blog_categories: { slug: string }[];
    };
    expect(body.pages.map((p) => p.path)).toContain('/about');
    expect(body.pages.map((p) => p.path)).not.toContain('/about/quiet');
    expect(body.pages.map((p) => p.path)).not.toContain('/about/careers');
    expect(body.unlisted_page_paths).toEqual(['/about/quiet']);
    const slugs = body.blog_posts.map((p) => p.slug);
    expect(slugs).toContain('how-system-entries-work');
    expect(slugs).not.toContain('hidden-post');
    expect(slugs).not.toContain('summer-draws-preview');
    expect(body.blog_posts.find((p) => p.slug === 'moved-post')!.canonical_url).toBe('https://elsewhere.example/p');
    expect(body.blog_categories.map((c) => c.slug).sort()).toEqual(['guides', 'news', 'winners']);
  });
});
