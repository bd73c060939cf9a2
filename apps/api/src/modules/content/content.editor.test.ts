// Writing content: versions on every save, drafts pending on live items, publish at a date (clock controlled),
// restore, archive, the block-schema and path rules (422 naming the field), import/export, uploads, and the operator
// commands that call them. Reads go through the real app, so what a visitor sees is checked after each step.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  avifHeader,
  gifHeader,
  jpegHeader,
  pngHeader,
  webpExtendedHeader,
  webpHeader,
} from '../../../test/helpers/image-headers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import type { Database } from '../../db/index.ts';

let database: Database;
let t: TestApp;
const NOW = '2026-03-01T00:00:00.000Z';
beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database, now: NOW });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const get = (url: string) => t.injectSigned({ method: 'GET', url });
const editor = () => t.services.contentEditor;
const visibleSlugs = async () =>
  ((await get('/api/cms/items/blog_posts')).json().result as { slug: string }[]).map((p) => p.slug);
const ops = (...argv: string[]) => runOpsCaptured(argv, { config: testConfig(), clock: t.clock, database });

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt.',
  categories: ['news'],
  seo: { title: `Post ${slug}`, description: 'About it.' },
  sections: [{ kind: 'single_column', heading: null, paragraphs: ['Hello.'] }],
  ...extra,
});
const countRows = async (table: string) =>
  Number((await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

describe('a blog post from draft to scheduled to visible', () => {
  it('is hidden as a draft, previewable, hidden while scheduled, and visible once its date passes', async () => {
    const created = await editor().create('blog_posts', { id: 'post_lifecycle', data: post('lifecycle') }, 'ed:alice');
    expect(created).toMatchObject({ id: 'post_lifecycle', version: 1, status: 'draft' });
    expect(await visibleSlugs()).not.toContain('lifecycle');
    expect((await get('/api/cms/items/blog_posts/lifecycle')).statusCode).toBe(404);

    const token = t.services.content.mintPreview(
      { collection: 'blog_posts', id: 'post_lifecycle', version: null },
      600,
    );
    expect((await get(`/api/cms/preview?token=${token}`)).json().result.item.title).toBe('Post lifecycle');

    const at = new Date(Date.parse(NOW) + 60 * 60 * 1000);
    await editor().publish('blog_posts', 'post_lifecycle', { at }, 'ed:bob');
    expect(await visibleSlugs()).not.toContain('lifecycle');
    expect((await get('/api/cms/items/blog_posts/lifecycle')).statusCode).toBe(404);

    t.clock.set(at);
    try {
      expect((await visibleSlugs())[0]).toBe('lifecycle');
      expect((await get('/api/cms/items/blog_posts/lifecycle')).json().result.date_published).toBe(at.toISOString());
    } finally {
      t.clock.set(NOW);
    }
    const versions = await editor().versions('blog_posts', 'post_lifecycle');
    expect(versions.map((v) => [v.version, v.action, v.status, v.author])).toEqual([
      [2, 'publish', 'published', 'ed:bob'],
      [1, 'create', 'draft', 'ed:alice'],
    ]);
    expect(versions[0]!.dateCreated).toBe(NOW);
  });
});

describe('editing a live item', () => {
  it('keeps the live fields until the edit is published, and restores an older version', async () => {
    const title = async () => (await get('/api/cms/items/pages/page_about')).json().result.name;
    expect(await title()).toBe('About us');
    const current = (await database.pool.query('SELECT data FROM content_items WHERE item_key = $1', ['page_about']))
      .rows[0].data;
    const saved = await editor().update('pages', 'page_about', { ...current, name: 'About the shop' }, 'ed:alice');
    expect(saved.pending).toBe(true);
    expect(await title()).toBe('About us');
    const token = t.services.content.mintPreview({ collection: 'pages', id: 'page_about', version: null }, 600);
    expect((await get(`/api/cms/preview?token=${token}`)).json().result.item.name).toBe('About the shop');

    await editor().publish('pages', 'page_about', {}, 'ed:bob');
    expect(await title()).toBe('About the shop');
    // The page keeps its publish date: an edit is not a new publication.
    expect((await get('/api/cms/items/pages/page_about')).json().result.date_published).toBe(
      '2024-01-01T00:00:00.000Z',
    );

    await editor().restore('pages', 'page_about', 1, 'ed:carol');
    expect(await title()).toBe('About us');
    const versions = await editor().versions('pages', 'page_about');
    expect(versions[0]).toMatchObject({ action: 'restore', author: 'ed:carol' });
    expect(versions).toHaveLength(4);
  });

  it('archives an item: visitors lose it, and its path is free again', async () => {
    await editor().create(
      'pages',
      {
        id: 'page_gone',
        status: 'published',
        data: { path: '/about/gone', name: 'Gone', seo: { title: 'Gone' }, sections: [] },
      },
      'ed',
    );
    expect((await get('/api/cms/items/pages?path=/about/gone')).json().result).toHaveLength(1);
    await editor().archive('pages', 'page_gone', 'ed');
    expect((await get('/api/cms/items/pages?path=/about/gone')).json().result).toEqual([]);
    await editor().create(
      'pages',
      { id: 'page_gone_2', data: { path: '/about/gone', name: 'Back', seo: { title: 'Back' }, sections: [] } },
      'ed',
    );
  });
});

describe('bad input changes nothing', () => {
  const page = (extra: Record<string, unknown>) => ({
    path: '/about/new',
    name: 'New',
    seo: { title: 'New' },
    sections: [],
    ...extra,
  });

  it.each([
    ['a block missing its title', 'pages', page({ sections: [{ kind: 'page_header' }] }), 'sections.0.title'],
    ['an unknown block kind', 'pages', page({ sections: [{ kind: 'carousel' }] }), 'sections.0.kind'],
    ['an unknown field in a block', 'pages', page({ sections: [{ kind: 'divider', colour: 'red' }] }), 'sections.0'],
    [
      'a javascript: link',
      'pages',
      page({
        sections: [{ kind: 'call_to_action', heading: 'H', text: 'T', linkText: 'Go', linkUrl: 'javascript:alert(1)' }],
      }),
      'sections.0.linkUrl',
    ],
    ['a protected built-in path', 'pages', page({ path: '/cart' }), 'path'],
    ["another page's path", 'pages', page({ path: '/about/privacy' }), 'path'],
    ['a path with capitals', 'pages', page({ path: '/About' }), 'path'],
    [
      'a missing file',
      'pages',
      page({ sections: [{ kind: 'image_beside_text', image: 'file_nope', markdown: 'x' }] }),
      'sections.0.image',
    ],
    ['a taken slug', 'blog_posts', post('how-system-entries-work'), 'slug'],
    ['an unknown category', 'blog_posts', post('fresh', { categories: ['gossip'] }), 'categories'],
    ['a theme colour that could escape the style element', 'theme', null, 'colours.brandPrimary'],
  ])('%s → 422 naming %s', async (_what, collection, data, field) => {
    const before = await countRows('content_versions');
    let body: unknown = data;
    if (collection === 'theme') {
      const theme = camel((await get('/api/cms/items/theme')).json().result) as { colours: object };
      body = { ...theme, colours: { ...theme.colours, brandPrimary: 'red;}</style><script>x()</script>' } };
    }
    const write =
      collection === 'theme'
        ? editor().update('theme', 'theme', body, 'ed')
        : editor().create(collection, { data: body }, 'ed');
    const error = await write.then(
      () => null,
      (e: { statusCode: number; options: { fieldErrors: Record<string, string[]> }; message: string }) => e,
    );
    expect(error?.statusCode).toBe(422);
    expect(Object.keys(error!.options.fieldErrors)).toContain(field);
    expect(error!.message.startsWith(field)).toBe(true);
    expect(await countRows('content_versions')).toBe(before);
  });

  it('unknown collections are 404; files need their bytes; a singleton has one id', async () => {
    await expect(editor().create('recipes', { data: {} }, 'ed')).rejects.toMatchObject({ statusCode: 404 });
    await expect(editor().create('files', { data: {} }, 'ed')).rejects.toMatchObject({ statusCode: 422 });
    await expect(editor().create('theme', { id: 'theme2', data: {} }, 'ed')).rejects.toMatchObject({ statusCode: 422 });
    await expect(editor().update('pages', 'page_nope', {}, 'ed')).rejects.toMatchObject({ statusCode: 404 });
    await expect(editor().restore('pages', 'page_about', 999, 'ed')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('strips scripts, handlers and javascript: URLs from HTML blocks when saving', async () => {
    await editor().create(
      'pages',
      {
        id: 'page_html',
        status: 'published',
        data: page({
          path: '/about/html',
          sections: [
            {
              kind: 'html_content',
              html: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">there</a></p>',
            },
          ],
        }),
      },
      'ed',
    );
    const stored = (await database.pool.query("SELECT data FROM content_items WHERE item_key = 'page_html'")).rows[0]
      .data;
    expect(stored.sections[0].html).toBe('<p>Hi <a>there</a></p>');
    expect((await get('/api/cms/items/pages/page_html')).json().result.sections[0].html).toBe('<p>Hi <a>there</a></p>');
  });
});

describe('import, export and uploads', () => {
  it('exports everything and imports it back; a bad document changes nothing', async () => {
    const doc = await t.services.contentTransfer.exportDocument();
    expect(doc.items.length).toBeGreaterThan(20);
    expect(doc.files!.length).toBe(4);
    const before = await countRows('content_versions');
    const broken = {
      ...doc,
      items: [
        ...doc.items,
        { collection: 'pages', id: 'page_bad', status: 'draft', datePublished: null, data: { path: '/cart' } },
      ],
    };
    await expect(t.services.contentTransfer.importDocument(broken, 'ed')).rejects.toMatchObject({ statusCode: 422 });
    expect(await countRows('content_versions')).toBe(before);
    await expect(t.services.contentTransfer.importDocument({ format: 'other' }, 'ed')).rejects.toMatchObject({
      statusCode: 422,
    });
    const { written } = await t.services.contentTransfer.importDocument(doc, 'ed');
    expect(written).toBe(doc.items.length + doc.translations!.length);
    expect((await get('/api/cms/items/blog_posts')).json().page_info.total).toBeGreaterThan(0);
  });

  it('writes nothing, items included, when a translation of the document cannot be stored', async () => {
    const doc = await t.services.contentTransfer.exportDocument();
    const tables = ['content_items', 'content_versions', 'content_translations'];
    const before = await Promise.all(tables.map(countRows));
    const broken = {
      ...doc,
      items: [
        ...doc.items,
        {
          collection: 'blog_categories',
          id: 'cat_imported',
          status: 'published',
          datePublished: null,
          data: { slug: 'imported', name: 'Imported', description: '', seo: { title: 'Imported' } },
        },
      ],
      // Valid JSON and a valid plain value, but PostgreSQL's jsonb cannot hold a NUL character.
      translations: [
        ...doc.translations!,
        { locale: 'en-AU', category: 'footer', id: 'nul', item: { type: 'plain', value: 'a\u0000b' } },
      ],
    };
    await expect(t.services.contentTransfer.importDocument(broken, 'ed')).rejects.toThrow();
    expect(await Promise.all(tables.map(countRows))).toEqual(before);
    expect((await get('/api/cms/items/blog_categories/cat_imported')).statusCode).toBe(404);
  });

  it('uploads an image with its size read from the file, and refuses other types', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000080806000000', 'hex');
    const file = await t.services.contentTransfer.upload(
      {
        id: 'file_png',
        filename: 'x.png',
        type: 'image/png',
        bytes: Buffer.concat([png, Buffer.alloc(20)]),
        description: 'A dot',
      },
      'ed',
    );
    expect(file).toMatchObject({ width: 16, height: 8 });
    expect((await get('/api/cms/files/file_png')).json().result).toMatchObject({
      width: 16,
      height: 8,
      description: 'A dot',
    });
    await expect(
      t.services.contentTransfer.upload(
        { filename: 'x.html', type: 'text/html', bytes: Buffer.from('<script>') },
        'ed',
      ),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('reads the width and height of JPEG, WebP, GIF, AVIF and SVG files too (a turned JPEG as shown)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect/></svg>');
    const cases: [string, string, Buffer, number, number][] = [
      ['jpeg', 'image/jpeg', jpegHeader(640, 480), 640, 480],
      ['jpeg_turned', 'image/jpeg', jpegHeader(640, 480, 6), 480, 640],
      ['webp', 'image/webp', webpHeader(300, 200), 300, 200],
      ['webp_extended', 'image/webp', webpExtendedHeader(1200, 630), 1200, 630],
      ['gif', 'image/gif', gifHeader(10, 20), 10, 20],
      ['avif', 'image/avif', avifHeader(800, 600), 800, 600],
      ['svg', 'image/svg+xml', svg, 120, 40],
    ];
    for (const [name, type, bytes, width, height] of cases) {
      const file = await t.services.contentTransfer.upload(
        { id: `file_${name}`, filename: `${name}.img`, type, bytes },
        'ed',
      );
      expect(file, name).toMatchObject({ width, height });
      expect((await get(`/api/cms/files/file_${name}`)).json().result, name).toMatchObject({ width, height, type });
    }
    // Larger than a StoredFile's 10,000 pixels: kept without a size rather than refused.
    const huge = await t.services.contentTransfer.upload(
      { id: 'file_huge', filename: 'huge.gif', type: 'image/gif', bytes: gifHeader(12_000, 10) },
      'ed',
    );
    expect(huge).toMatchObject({ width: null, height: 10 });
    // An SVG that states no size has none.
    const plain = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    expect(
      await t.services.contentTransfer.upload({ filename: 'p.svg', type: 'image/svg+xml', bytes: plain }, 'ed'),
    ).toMatchObject({ width: null, height: null });
  });

  it('refuses a file whose bytes are not of its type (422 naming bytes); nothing is stored', async () => {
    const before = await Promise.all(['content_items', 'content_assets', 'content_versions'].map(countRows));
    const refusals: [string, Buffer, RegExp][] = [
      ['image/jpeg', pngHeader(16, 8), /not a JPEG image \(its bytes are png\)/],
      ['image/png', Buffer.from('not an image at all'), /not a PNG image\.$/],
      ['image/avif', webpHeader(3, 3), /not an AVIF image/],
      ['image/gif', Buffer.from('GIF'), /not a GIF image/],
    ];
    for (const [type, bytes, message] of refusals) {
      const refused = t.services.contentTransfer.upload({ filename: 'x', type, bytes }, 'ed');
      await expect(refused, type).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(message),
        options: { code: 'invalid_file', fieldErrors: { bytes: [expect.stringMatching(message)] } },
      });
    }
    expect(await Promise.all(['content_items', 'content_assets', 'content_versions'].map(countRows))).toEqual(before);
  });
});

describe('content commands', () => {
  it('create, publish, preview-token, versions, restore, export and import from the CLI', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-cli-'));
    const file = path.join(dir, 'post.json');
    writeFileSync(file, JSON.stringify(post('from-cli')));
    const created = await ops('content:create', 'blog_posts', '--file', file, '--id', 'post_cli');
    expect(created.out).toBe('Created blog_posts/post_cli (version 1, draft).');
    const link = await ops('content:preview-token', 'blog_posts', 'post_cli', '--minutes', '5');
    expect(link.out).toMatch(/^https:\/\/shop\.example\.test\/preview\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = link.out.split('token=')[1]!;
    expect((await get(`/api/cms/preview?token=${token}`)).json().result.item.slug).toBe('from-cli');
    expect((await ops('content:publish', 'blog_posts', 'post_cli', '--at', '2026-03-01T01:00:00Z')).out).toContain(
      'version 2',
    );
    expect((await ops('content:versions', 'blog_posts', 'post_cli')).out.split('\n')).toHaveLength(2);
    expect((await ops('content:restore', 'blog_posts', 'post_cli', '--version', '1')).code).toBe(0);

    const out = path.join(dir, 'all.json');
    expect((await ops('content:export', '--out', out)).out).toMatch(/^Wrote \d+ items, \d+ files and \d+ translations/);
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('lottery-shop-content');
    expect((await ops('content:import', out, '--missing-only')).out).toBe('Imported 0 items and translations.');
  });

  it('usage errors and refused items exit 1 with the reason', async () => {
    expect((await ops('content:create', 'blog_posts')).err).toContain('--file');
    expect((await ops('content:create', 'blog_posts', '--json', '{oops')).err).toContain('not valid JSON');
    const bad = await ops(
      'content:create',
      'pages',
      '--json',
      JSON.stringify({ path: '/login', name: 'x', seo: { title: 'x' }, sections: [] }),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('path: /login is a protected page');
    expect((await ops('content:preview-token', 'theme', 'theme')).code).toBe(1);
    expect((await ops('content:preview-token', 'pages', 'page_nope')).code).toBe(1);
    expect((await ops('content:publish', 'pages', 'page_about', '--at', 'tomorrow')).err).toContain('ISO');
  });

  it('refuses --at without --publish on update as on create, before saving anything', async () => {
    const versions = await countRows('content_versions');
    const json = JSON.stringify(post('summer-draws-preview'));
    for (const argv of [
      ['content:create', 'blog_posts', '--json', json, '--at', '2026-04-01T09:00:00Z'],
      ['content:update', 'blog_posts', 'post_summer_draft', '--json', json, '--at', '2026-04-01T09:00:00Z'],
    ]) {
      const res = await ops(...argv);
      expect(res.code, argv[0]).toBe(1);
      expect(res.err, argv[0]).toContain('--at goes with --publish');
    }
    expect(await countRows('content_versions')).toBe(versions);
  });
});

/** The wire's snake_case back to the stored camelCase, all the way down. */
function camel(o: unknown): unknown {
  if (Array.isArray(o)) return o.map(camel);
  if (o === null || typeof o !== 'object') return o;
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(v)]),
  );
}
