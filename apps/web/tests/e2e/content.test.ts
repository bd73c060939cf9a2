// Content journey (issue 18 "Done when"): an operator (CLI) writes a blog post as a draft, it stays hidden, its
// preview link shows it, it is published for a moment a few seconds ahead and stays hidden until then, then appears on
// /blog, in the home page's widget and in sitemap.xml at its canonical URL; a managed page takes over /about/faq; a
// new theme colour shows on the next page load in two shop processes over one database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshotPath, useBrowser, waitForHydration } from './browser.ts';

const browse = useBrowser();
const work = mkdtempSync(path.join(os.tmpdir(), 'content-e2e-'));

function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

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
    'a new primary colour shows on the next page load of two shop processes over one database',
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
    },
  );
});
