// The operators' content calls beyond POST /items (features §7 operators only; docs/operators.md), through the real
// app on a seeded test database: an item's versions (GET …/versions), a restore (POST …/versions/{n}/restore), one
// translation item (PUT /api/translation/{locale}/items/{category}/{id}) and its command content:translation:set.
// Each is refused without a session (401) and to a role without the content permission (403, audited); bad input is
// the error envelope and changes nothing; every write is a version or an audit-log entry, and a translation write
// reaches another API process's cache through the change feed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { as, backOffice, type OperatorCall } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';

let database: Database;
let t: TestApp;
let editorId: string;
let ed: OperatorCall;
let sue: OperatorCall;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database, now: '2026-03-01T00:00:00.000Z' });
  const office = await backOffice(t, database, 'content-admin@shop.test');
  const editor = await office.operator('ed@shop.test', 'content_editor');
  editorId = editor.id;
  ed = editor.call;
  sue = (await office.operator('sue@shop.test', 'support')).call;
});
afterAll(async () => {
  await t.close();
  await database.close();
});

type Json = Record<string, any>;
const visitor = (url: string) => t.injectSigned({ method: 'GET', url });
const audit = async () => (await t.services.operators.auditLog({ limit: 200, offset: 0 })).items as Json[];
const errorOf = (res: { json(): unknown }) => {
  const body = res.json() as { status: number; result: unknown; messages: { code: string }[]; errors?: Json };
  expect(body.result).toBeNull();
  return { code: body.messages[0]!.code, fields: Object.keys(body.errors ?? {}) };
};

const post = (slug: string, extra: Json = {}) => ({
  slug,
  title: `Post ${slug}`,
  categories: ['news'],
  seo: { title: `Post ${slug}` },
  sections: [],
  ...extra,
});

describe('GET /api/cms/items/{collection}/{id}/versions', () => {
  it('lists versions newest first to a content editor; 401 without a session, 403 (audited) to support', async () => {
    const created = await ed('POST', '/api/cms/items/blog_posts', {
      id: 'post_versions',
      status: 'published',
      data: post('versions'),
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.services.contentEditor.update(
      'blog_posts',
      'post_versions',
      post('versions', { title: 'Edited' }),
      'cli:x',
    );

    const url = '/api/cms/items/blog_posts/post_versions/versions';
    expect((await as(t, null)('GET', url)).statusCode).toBe(401);
    expect((await as(t, t.tokenFor('cus_someone'))('GET', url)).statusCode).toBe(401);
    const refused = await sue('GET', url);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('operator_forbidden');
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'GET /api/cms/items/:collection/:id/versions',
        outcome: 'denied',
        detail: { permission: 'content.write', role: 'support' },
      }),
    );

    const res = await ed('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().result).toEqual([
      {
        version: 2,
        action: 'update',
        status: 'draft',
        date_published: null,
        author: 'cli:x',
        date_created: '2026-03-01T00:00:00.000Z',
      },
      {
        version: 1,
        action: 'create',
        status: 'published',
        date_published: '2026-03-01T00:00:00.000Z',
        author: `operator:${editorId}`,
        date_created: '2026-03-01T00:00:00.000Z',
      },
    ]);
    const unknownCollection = await ed('GET', '/api/cms/items/recipes/post_versions/versions');
    expect(unknownCollection.statusCode).toBe(404);
    expect(errorOf(unknownCollection).code).toBe('unknown_collection');
    const unknownItem = await ed('GET', '/api/cms/items/blog_posts/post_nobody/versions');
    expect(unknownItem.statusCode).toBe(404);
    expect(errorOf(unknownItem).code).toBe('not_found');
  });
});

describe('POST /api/cms/items/{collection}/{id}/versions/{n}/restore', () => {
  it("brings an earlier version's fields back as a new version, live at once, audited", async () => {
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_restore', status: 'published', data: post('restore') });
    const edited = post('restore', { title: 'Second title' });
    await t.services.contentEditor.update('blog_posts', 'post_restore', edited, 'cli:x');
    await t.services.contentEditor.publish('blog_posts', 'post_restore', {}, 'cli:x');
    const title = async () => (await visitor('/api/cms/items/blog_posts/restore')).json().result.title;
    expect(await title()).toBe('Second title');

    const url = (n: number | string) => `/api/cms/items/blog_posts/post_restore/versions/${n}/restore`;
    expect((await as(t, null)('POST', url(1))).statusCode).toBe(401);
    expect((await sue('POST', url(1))).statusCode).toBe(403);
    const missing = await ed('POST', url(99));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('version_not_found');
    const malformed = await ed('POST', url('first'));
    expect(malformed.statusCode).toBe(422);
    expect(errorOf(malformed).fields).toContain('version');
    expect((await ed('POST', '/api/cms/items/recipes/post_restore/versions/1/restore')).statusCode).toBe(404);
    expect(await title()).toBe('Second title');

    const restored = await ed('POST', url(1));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().result).toEqual({
      collection: 'blog_posts',
      id: 'post_restore',
      version: 4,
      restored_from: 1,
    });
    expect(await title()).toBe('Post restore');
    const versions = (await ed('GET', '/api/cms/items/blog_posts/post_restore/versions')).json().result as Json[];
    expect(versions[0]).toMatchObject({ version: 4, action: 'restore', author: `operator:${editorId}` });
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'content.restore',
        actor: editorId,
        target: 'blog_posts/post_restore',
        outcome: 'ok',
        detail: { after: { version: 4, restoredFrom: 1 } },
      }),
    );
  });

  it('refuses a version that is no longer valid (its file archived since) with 422 naming the field; nothing changes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000080806000000', 'hex');
    await t.services.contentTransfer.upload(
      { id: 'file_gone', filename: 'gone.png', type: 'image/png', bytes: png },
      'x',
    );
    await ed('POST', '/api/cms/items/blog_posts', {
      id: 'post_with_hero',
      data: post('with-hero', { heroImage: 'file_gone' }),
    });
    await t.services.contentEditor.update('blog_posts', 'post_with_hero', post('with-hero'), 'cli:x');
    await t.services.contentEditor.archive('files', 'file_gone', 'cli:x');

    const before = await ed('GET', '/api/cms/items/blog_posts/post_with_hero/versions');
    const refused = await ed('POST', '/api/cms/items/blog_posts/post_with_hero/versions/1/restore');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({ code: 'unknown_file', fields: ['hero_image'] });
    expect((await ed('GET', '/api/cms/items/blog_posts/post_with_hero/versions')).json()).toEqual(before.json());
  });
});

describe('PUT /api/translation/{locale}/items/{category}/{id}', () => {
  const note = (locale = 'en-AU') =>
    visitor(`/api/translation/${locale}/items?c[]=footer&id[]=note`).then((r) => r.json().result[0] as Json);
  const writes = async () => (await audit()).filter((e) => e.action === 'translation.set').length;

  it('refuses bad input with the error envelope naming the field, and changes nothing', async () => {
    const before = await note();
    const written = await writes();
    const cases: [string, unknown, number, string, string[]][] = [
      ['/en-AU/items/footer/note', { type: 'markdown', value: 7 }, 422, 'validation_failed', ['value']],
      ['/en-AU/items/footer/note', { type: 'video', value: 'x' }, 422, 'validation_failed', ['type']],
      ['/en-AU/items/footer/note', { type: 'markdown' }, 422, 'validation_failed', ['value']],
      ['/en-AU/items/footer/note', { type: 'markdown', value: 'x', extra: 1 }, 422, 'validation_failed', ['extra']],
      ['/en-AU/items/footer/note', { type: 'plain', value: 'Plain now' }, 422, 'translation_type_mismatch', ['type']],
      ['/en-GB/items/footer/note', { type: 'json', value: {} }, 422, 'translation_type_mismatch', ['type']],
      ['/en-AU/items/footer/logo', { type: 'image', value: 'file_nope' }, 422, 'unknown_file', ['value']],
      ['/en-AU/items/seo/x', { type: 'seo', value: { title: '' } }, 422, 'validation_failed', ['value.title']],
      [
        '/en-AU/items/seo/x',
        { type: 'seo', value: { title: 'T', og_image: 'file_nope' } },
        422,
        'unknown_file',
        ['value.og_image'],
      ],
      ['/fr-FR/items/footer/note', { type: 'markdown', value: 'x' }, 422, 'validation_failed', ['locale']],
      ['/en-AU/items/foot%20er/note', { type: 'markdown', value: 'x' }, 422, 'validation_failed', ['category']],
    ];
    for (const [path, body, status, code, fields] of cases) {
      const res = await ed('PUT', `/api/translation${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      const error = errorOf(res);
      expect(error.code, path).toBe(code);
      for (const field of fields) expect(error.fields.join(' '), path).toContain(field);
    }
    expect(
      (await as(t, null)('PUT', '/api/translation/en-AU/items/footer/note', { type: 'markdown', value: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await sue('PUT', '/api/translation/en-AU/items/footer/note', { type: 'markdown', value: 'x' })).statusCode,
    ).toBe(403);
    expect(await note()).toEqual(before);
    expect((await visitor('/api/translation/en-AU/items?c[]=seo&id[]=x')).json().result).toEqual([]);
    expect(await writes()).toBe(written);
  });

  it('saves one item, audited with before and after, and every API process reads the new value', async () => {
    // A second API process over the same database, its translation cache filled before the write.
    const other = await buildTestApp({ database, now: '2026-03-01T00:00:00.000Z' });
    try {
      const otherNote = async () =>
        (await other.injectSigned({ method: 'GET', url: '/api/translation/en-AU/items?c[]=footer&id[]=note' })).json()
          .result[0] as Json;
      const before = await otherNote();
      expect(before.value).toContain('Gambling Help');

      const value = 'Play for fun. Help: **call 1800 858 858** <script>alert(1)</script>';
      const res = await afterChangeOf(database, 'content_translations', () =>
        ed('PUT', '/api/translation/en-AU/items/footer/note', { type: 'markdown', value }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json().result).toMatchObject({
        category: 'footer',
        id: 'note',
        type: 'markdown',
        locale: 'en-AU',
        value,
      });
      expect(res.json().result.html).toContain('<strong>call 1800 858 858</strong>');
      expect(res.json().result.html).not.toContain('<script');
      expect((await note()).value).toBe(value);
      await vi.waitFor(async () => expect((await otherNote()).value).toBe(value), { timeout: 10_000 });

      expect(await audit()).toContainEqual(
        expect.objectContaining({
          action: 'translation.set',
          actor: editorId,
          target: 'en-AU/footer/note',
          outcome: 'ok',
          detail: { before: { type: 'markdown', value: before.value }, after: { type: 'markdown', value } },
        }),
      );
    } finally {
      await other.close();
    }
  });

  it('adds an item to one locale only; en-GB keeps falling back to en-AU for the rest', async () => {
    const res = await ed('PUT', '/api/translation/en-GB/items/promo/headline', { type: 'plain', value: 'Hello, UK' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ locale: 'en-GB', value: 'Hello, UK', html: null });
    expect((await visitor('/api/translation/en-AU/items?c[]=promo')).json().result).toEqual([]);
    expect((await visitor('/api/translation/en-GB/items?c[]=promo')).json().result).toHaveLength(1);
    const seo = await ed('PUT', '/api/translation/en-AU/items/seo/about-new', {
      type: 'seo',
      value: { title: 'New', canonical_url: '/about/new' },
    });
    expect(seo.statusCode, seo.body).toBe(200);
    expect(seo.json().result.value).toEqual({
      title: 'New',
      description: '',
      canonical_url: '/about/new',
      og_image: null,
      no_index: false,
    });
  });
});

describe('content:translation:set', () => {
  const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database });

  it('saves one item like the API (checked, audited as cli:<user>); bad arguments change nothing', async () => {
    const done = await ops(
      'content:translation:set',
      'en-GB',
      'footer',
      'note',
      '--type',
      'markdown',
      '--value',
      'From **the CLI**.',
    );
    expect(done.code, done.err).toBe(0);
    expect(done.out).toBe('Saved en-GB footer/note (markdown).');
    const gb = (await visitor('/api/translation/en-GB/items?c[]=footer')).json().result[0] as Json;
    expect(gb).toMatchObject({ locale: 'en-GB', value: 'From **the CLI**.' });
    expect((await audit()).find((e) => e.target === 'en-GB/footer/note')).toMatchObject({
      action: 'translation.set',
      actor: expect.stringMatching(/^cli:/),
      detail: { after: { type: 'markdown', value: 'From **the CLI**.' } },
    });

    const json = await ops(
      'content:translation:set',
      'en-AU',
      'faq',
      'questions',
      '--type',
      'json',
      '--json',
      '[{"question":"Q?","answer":"A."}]',
    );
    expect(json.code, json.err).toBe(0);

    const refusals: [string[], RegExp][] = [
      [['en-GB', 'footer', 'note', '--value', 'x'], /--type is one of/],
      [['en-GB', 'footer', 'note', '--type', 'seo', '--value', 'x'], /seo value is JSON/],
      [['en-GB', 'footer', 'note', '--type', 'markdown'], /one of --value/],
      [['en-GB', 'footer', 'note', '--type', 'json', '--json', '{'], /not valid JSON/],
      [['xx-XX', 'footer', 'note', '--type', 'plain', '--value', 'x'], /locale is one of/],
      [['en-GB', 'footer', 'note', '--type', 'plain', '--value', 'x'], /is a markdown item/],
      [['en-GB', 'foot er', 'note', '--type', 'plain', '--value', 'x'], /^category:/],
    ];
    for (const [argv, message] of refusals) {
      const run = await ops('content:translation:set', ...argv);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err, argv.join(' ')).toMatch(message);
    }
    expect((await visitor('/api/translation/en-GB/items?c[]=footer')).json().result[0]).toEqual(gb);
  });
});
