// Content journey (issue 18 "Done when"): an operator (CLI) writes a blog post as a draft, it stays hidden, its
// preview link shows it, it is published for a moment a few seconds ahead and stays hidden until then, then appears on
// /blog, in the home page's widget and in sitemap.xml at its canonical URL; a managed page takes over /about/faq; a
// new theme colour, footer note and widget switch show on the next page load in two shop processes over one
// database; blocks added to /about/responsible-gaming show there as on the home page.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshotPath, useBrowser, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const work = mkdtempSync(path.join(os.tmpdir(), 'content-e2e-'));

function json(name: string, value: unknown): string {
  const file = path.join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const text = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
};

describe('a blog post from draft to published', () => {
  it('is hidden, previewable, scheduled, then on /blog, in the widget and in the sitemap', async () => {
    const baseUrl = inject('baseUrl');
    const slug = `journey-${Date.now().toString(36)}`;
    const title = `Journey post ${slug}`;
    ops(
      'content:create',
      'blog_posts',
      '--id',
      `post_${slug.replace(/-/g, '_')}`,
      '--file',
      json('post', {
        slug,
        title,
        excerpt: 'Written in the browser journey.',
        categories: ['news'],
        seo: { title, description: 'A post the journey publishes.' },
        sections: [{ kind: 'full_page_content', markdown: 'Hello from **the journey**.' }],
      }),
    );
    const id = `post_${slug.replace(/-/g, '_')}`;

    // A draft: nowhere for visitors.
    expect((await text(`${baseUrl}/blog`)).body).not.toContain(title);
    expect((await text(`${baseUrl}/blog/${slug}`)).status).toBe(404);

    // The preview link shows it, marked as a preview and never indexed.
    const link = ops('content:preview-token', 'blog_posts', id, '--minutes', '10');
    expect(link.startsWith(`${baseUrl}/preview?token=`)).toBe(true);
    // CSP bypassed only so that axe can be injected at the end.
    const { page, errors } = await browse(PHONE, { bypassCSP: true });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await expect(page.getByTestId('preview-banner').textContent()).resolves.toContain('not published');
    await expect(page.locator('meta[name="robots"]').first().getAttribute('content')).resolves.toContain('noindex');
    await page.screenshot({ path: screenshotPath('content-preview-375'), fullPage: true });
    // A tampered link is refused.
    const tampered = await page.goto(`${link.slice(0, -3)}abc`);
    expect(tampered?.status()).toBe(403);
    // The browser logs that refused document as an error; anything after it must be clean.
    errors.length = 0;

    // Published a few seconds ahead: still hidden until then.
    const at = new Date(Date.now() + 8_000);
    ops('content:publish', 'blog_posts', id, '--at', at.toISOString());
    expect((await text(`${baseUrl}/blog`)).body).not.toContain(title);
    expect((await text(`${baseUrl}/sitemap.xml`)).body).not.toContain(`/blog/${slug}`);

    // The date passes: on /blog (newest first), in the home page's latest-news widget and in the sitemap.
    await expect
      .poll(async () => (await text(`${baseUrl}/blog`)).body, { timeout: 30_000, interval: 500 })
      .toContain(title);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    await page.goto(`${baseUrl}/blog`);
    await waitForHydration(page);
    await expect(page.getByTestId('blog-card').first().textContent()).resolves.toContain(title);
    await page.goto(`${baseUrl}/`);
    await expect(page.getByTestId('blog-widget').textContent()).resolves.toContain(title);
    const sitemap = (await text(`${baseUrl}/sitemap.xml`)).body;
    expect(sitemap).toContain(`<loc>${baseUrl}/blog/${slug}</loc>`);
    await page.goto(`${baseUrl}/blog/${slug}`);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${baseUrl}/blog/${slug}`);
    await expect(page.getByTestId('blog-post').textContent()).resolves.toContain('Hello from the journey.');
    await page.screenshot({ path: screenshotPath('content-post-375'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('sitemap.xml', () => {
  it('lists only indexable posts, each at its canonical URL', async () => {
    const baseUrl = inject('baseUrl');
    const tag = Date.now().toString(36);
    const post = (slug: string, seo: Record<string, unknown>) => {
      const id = `post_${slug.replace(/-/g, '_')}`;
      ops(
        'content:create',
        'blog_posts',
        '--id',
        id,
        '--publish',
        '--json',
        JSON.stringify({ slug, title: slug, categories: ['news'], seo: { title: slug, ...seo }, sections: [] }),
      );
      return id;
    };
    const ids = [
      post(`listed-${tag}`, {}),
      post(`hidden-${tag}`, { noIndex: true }),
      post(`copy-${tag}`, { canonicalUrl: `/blog/listed-${tag}` }),
    ];
    await expect
      .poll(async () => (await text(`${baseUrl}/sitemap.xml`)).body, { timeout: 10_000, interval: 500 })
      .toContain(`<loc>${baseUrl}/blog/listed-${tag}</loc>`);
    const sitemap = (await text(`${baseUrl}/sitemap.xml`)).body;
    expect(sitemap).not.toContain(`/blog/hidden-${tag}`);
    expect(sitemap).not.toContain(`/blog/copy-${tag}`);
    for (const id of ids) ops('content:archive', 'blog_posts', id);
  });
});

describe('a managed page over a built-in route', () => {
  it('takes over /about/faq; a protected path is refused', async () => {
    const baseUrl = inject('baseUrl');
    const { page, errors } = await browse(DESKTOP);
    await page.goto(`${baseUrl}/about/faq`);
    await expect(page.getByTestId('faq').count()).resolves.toBe(1);

    ops(
      'content:create',
      'pages',
      '--id',
      'page_faq_override',
      '--publish',
      '--file',
      json('faq', {
        path: '/about/faq',
        name: 'Help and answers',
        seo: { title: 'Help and answers', description: 'Our new help page.' },
        sections: [
          { kind: 'page_header', title: 'Help and answers', subtitle: 'Everything about playing with us.' },
          { kind: 'html_content', html: '<p>Call us any time.<script>window.hacked = 1</script></p>' },
        ],
      }),
    );
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/about/faq`);
          return page.getByRole('heading', { level: 1 }).textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('Help and answers');
    await expect(page.getByTestId('faq').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).resolves.toBeUndefined();
    await expect(page.title()).resolves.toBe('Help and answers | Lucky Koala Lotteries');
    await page.screenshot({ path: screenshotPath('content-faq-override-1280'), fullPage: true });
    expect(errors).toEqual([]);

    expect(() =>
      ops(
        'content:create',
        'pages',
        '--json',
        JSON.stringify({ path: '/cart', name: 'x', seo: { title: 'x' }, sections: [] }),
      ),
    ).toThrow(/path: \/cart is a protected page/);
    // Archived, the built-in FAQ is back (and other journeys see the shop as seeded).
    ops('content:archive', 'pages', 'page_faq_override');
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/about/faq`);
          return page.getByTestId('faq').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the theme in every process', () => {
  let second: ChildProcess | null = null;
  afterAll(async () => {
    if (second && second.exitCode === null) {
      const exited = new Promise((r) => second!.once('exit', r));
      second.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    }
  });

  it(
    'a new primary colour, footer note and widget switch show on the next page load of two shop processes',
    { timeout: 180_000 },
    async () => {
      const first = inject('baseUrl');
      const port = await freePort();
      const other = `http://127.0.0.1:${port}`;
      second = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: inject('repoRoot'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: other,
          DATA_DIR: inject('dataDir'),
          // As the suite's own server (global-setup): production refuses the test gateway and default secrets (ADR 027).
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          JOBS_ENABLED: 'false',
          RATE_LIMIT_MAX: '100000',
        },
        stdio: 'ignore',
      });
      await expect
        .poll(
          () =>
            fetch(`${other}/api/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 120_000, interval: 500 },
        )
        .toBe(200);

      const primary = async (base: string) =>
        /--theme-brand-primary:([^;}]+)/.exec((await text(`${base}/about`)).body)?.[1];
      // Both processes have the theme cached (the web keeps it up to 10 minutes, the API until it changes).
      const before = await primary(first);
      expect(await primary(other)).toBe(before);
      expect(await primary(other)).toBe(before);

      const exported = path.join(work, 'all.json');
      ops('content:export', '--out', exported);
      const doc = JSON.parse(readFileSync(exported, 'utf8')) as {
        items: { collection: string; data: { colours: { brandPrimary: string } } }[];
        translations: { locale: string; category: string; id: string; item: { value: string } }[];
      };
      const theme = doc.items.find((i) => i.collection === 'theme')!.data;
      const colour = before === '#7a1f5c' ? '#1f5c7a' : '#7a1f5c';
      ops(
        'content:update',
        'theme',
        'theme',
        '--publish',
        '--file',
        json('theme', { ...theme, colours: { ...theme.colours, brandPrimary: colour } }),
      );

      // The next page load in each process: the write reaches both through the database's change feed.
      for (const base of [first, other])
        await expect.poll(() => primary(base), { timeout: 5_000, interval: 100 }).toBe(colour);
      const { page } = await browse(DESKTOP);
      await page.goto(`${other}/`);
      const css = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--theme-brand-primary'),
      );
      expect(css.trim()).toBe(colour);

      // Back to the seeded colour for the journeys after this one.
      ops('content:update', 'theme', 'theme', '--publish', '--file', json('theme-back', theme));
      await expect.poll(() => primary(first), { timeout: 5_000, interval: 100 }).toBe(before);

      // The footer note (a translation item, 60 s in the web's cache) set from the CLI: the next load of each.
      const note = async (base: string) =>
        /data-testid="footer-note"[^>]*>([\s\S]*?)<\/div>/.exec((await text(`${base}/about`)).body)?.[1]?.trim();
      const seededNote = await note(first);
      expect(seededNote).toContain('<strong>Gambling Help 1800 858 858</strong>');
      expect(await note(other)).toBe(seededNote);
      const noteFile = path.join(work, 'note.md');
      writeFileSync(noteFile, 'Set a budget before you play. **Gambling Help 1800 858 858**, any time.\n');
      ops('content:translation:set', 'en-AU', 'footer', 'note', '--type', 'markdown', '--file', noteFile);
      for (const base of [first, other])
        await expect
          .poll(() => note(base), { timeout: 5_000, interval: 100 })
          .toBe('<p>Set a budget before you play. <strong>Gambling Help 1800 858 858</strong>, any time.</p>');

      // The charity support widget (the raffle page's causes section, features §3 Site config) switched off: the
      // site configuration is kept 24 h, yet the next load of each process leaves the section out.
      const config = doc.items.find((i) => i.collection === 'site_config')!.data as unknown as {
        components: Record<string, string | null>;
      };
      const charity = async (base: string) =>
        (await text(`${base}/hospital-prize-home`)).body.includes('data-widget="charity-support"');
      expect(await charity(first)).toBe(true);
      expect(await charity(other)).toBe(true);
      const off = { components: { ...config.components, charitySupportWidget: null } };
      ops('content:update', 'site_config', 'site_config', '--publish', '--file', json('site-config-off', off));
      for (const base of [first, other])
        await expect.poll(() => charity(base), { timeout: 5_000, interval: 100 }).toBe(false);
      expect(() =>
        ops(
          'content:update',
          'site_config',
          'site_config',
          '--json',
          JSON.stringify({ components: { ...config.components, affiliateWidget: 'variant_b' } }),
        ),
      ).toThrow(/components\.affiliateWidget: Only variant_a is allowed for this widget/);

      // Back as seeded.
      ops('content:update', 'site_config', 'site_config', '--publish', '--file', json('site-config-back', config));
      writeFileSync(
        noteFile,
        doc.translations.find((t) => t.category === 'footer' && t.locale === 'en-AU')!.item.value,
      );
      ops('content:translation:set', 'en-AU', 'footer', 'note', '--type', 'markdown', '--file', noteFile);
      await expect.poll(() => charity(first), { timeout: 5_000, interval: 100 }).toBe(true);
      await expect.poll(() => note(first), { timeout: 5_000, interval: 100 }).toBe(seededNote);
    },
  );
});

describe('blocks on /about/responsible-gaming', () => {
  it('shows a blog widget and the featured tickets added to its page, as on the home page', async () => {
    const baseUrl = inject('baseUrl');
    const exported = path.join(work, 'rg.json');
    ops('content:export', '--out', exported);
    const doc = JSON.parse(readFileSync(exported, 'utf8')) as {
      items: { collection: string; id: string; data: { path: string; sections: unknown[] } }[];
    };
    const item = doc.items.find((i) => i.collection === 'pages' && i.data.path === '/about/responsible-gaming')!;
    const sections = [
      ...item.data.sections,
      { kind: 'blog_posts', heading: 'Guides to playing safely', category: null, limit: 2 },
      { kind: 'featured_tickets', heading: 'Draws this week', offerKeys: [] },
    ];
    ops('content:update', 'pages', item.id, '--publish', '--file', json('rg-blocks', { ...item.data, sections }));
    try {
      const { page, errors } = await browse(PHONE);
      await expect
        .poll(
          async () => {
            await page.goto(`${baseUrl}/about/responsible-gaming`);
            return page.getByTestId('blog-widget').count();
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      await expect(page.getByTestId('blog-widget').getByTestId('blog-card').count()).resolves.toBe(2);
      const featured = page.locator('section[aria-labelledby="featured-offers"]');
      await expect(featured.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Draws this week');
      await expect(featured.getByTestId('next-draw').count()).resolves.toBe(1);
      // The page's own help, tools and odds are still below its blocks.
      await expect(page.getByRole('heading', { name: 'The odds of each game' }).count()).resolves.toBe(1);
      await page.screenshot({ path: screenshotPath('content-responsible-gaming-blocks-375'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: screenshotPath('content-responsible-gaming-blocks-1280'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      ops('content:update', 'pages', item.id, '--publish', '--file', json('rg-back', item.data));
    }
  });
});
