// The operators' content calls beyond POST /items (features §7 operators only; docs/operators.md), through the real
// app on a seeded test database: an item's versions (GET …/versions), a restore (POST …/versions/{n}/restore), one
// translation item (PUT /api/translation/{locale}/items/{category}/{id}) and its command content:translation:set,
// an update (PATCH …/{id}), publish and archive (POST …/{id}/publish, …/archive) and an upload (POST /api/cms/files).
// Each is refused without a session (401) and to a role without the content permission (403, audited); bad input is
// the error envelope and changes nothing; every write is a version or an audit-log entry, and a translation write
// reaches another API process's cache through the change feed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import { jpegHeader, pngHeader } from '../../../test/helpers/image-headers.ts';
import { multipartBody, type FormPart } from '../../../test/helpers/multipart.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { as, backOffice, type OperatorCall } from '../../../test/helpers/operators.ts';
import { MAX_FILE_BYTES } from '@shop/contracts';
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

// ---------------------------------------------------------------- update, publish, archive, upload

const MINUTE = 60_000;
const later = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const versionsOf = async (collection: string, id: string) =>
  (await ed('GET', `/api/cms/items/${collection}/${id}/versions`)).json().result as Json[];
const auditCount = async () => (await audit()).filter((e) => e.outcome === 'ok').length;
const titleOf = async (slug: string) => {
  const res = await visitor(`/api/cms/items/blog_posts/${slug}`);
  return res.statusCode === 200 ? (res.json().result.title as string) : res.statusCode;
};

describe('PATCH /api/cms/items/{collection}/{id}', () => {
  it('saves a draft, then publishes it at a future date: hidden until the clock passes it; audited before/after', async () => {
    const created = await ed('POST', '/api/cms/items/blog_posts', { id: 'post_sched', data: post('sched') });
    expect(created.statusCode, created.body).toBe(200);
    expect(await titleOf('sched')).toBe(404);

    const saved = await ed('PATCH', '/api/cms/items/blog_posts/post_sched', {
      data: post('sched', { title: 'Scheduled title' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual({
      collection: 'blog_posts',
      id: 'post_sched',
      version: 2,
      status: 'draft',
      date_published: null,
      pending: false,
    });
    expect(await titleOf('sched')).toBe(404);

    const at = later(10);
    const published = await ed('POST', '/api/cms/items/blog_posts/post_sched/publish', { at });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().result).toEqual({
      collection: 'blog_posts',
      id: 'post_sched',
      version: 3,
      status: 'published',
      date_published: at,
      pending: false,
    });
    expect(await titleOf('sched')).toBe(404);
    t.clock.advance(9 * MINUTE);
    expect(await titleOf('sched')).toBe(404);
    t.clock.advance(2 * MINUTE);
    expect(await titleOf('sched')).toBe('Scheduled title');

    const versions = await versionsOf('blog_posts', 'post_sched');
    expect(versions.map((v) => [v.version, v.action, v.author])).toEqual([
      [3, 'publish', `operator:${editorId}`],
      [2, 'update', `operator:${editorId}`],
      [1, 'create', `operator:${editorId}`],
    ]);
    const entries = (await audit()).filter((e) => e.target === 'blog_posts/post_sched');
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'content.update',
        actor: editorId,
        outcome: 'ok',
        detail: {
          before: { status: 'draft', datePublished: null, version: 1 },
          after: { status: 'draft', datePublished: null, version: 2, pending: false },
        },
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'content.publish',
        detail: {
          before: { status: 'draft', datePublished: null, version: 2 },
          after: { status: 'published', datePublished: at, version: 3, pending: false },
        },
      }),
    );
  });

  it('keeps a live item as it is until published (status published in the same call), seen by every API process', async () => {
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_live', status: 'published', data: post('live') });
    const other = await buildTestApp({ database, now: t.clock.now().toISOString() });
    try {
      const otherTitle = async () =>
        (await other.injectSigned({ method: 'GET', url: '/api/cms/items/blog_posts/live' })).json().result.title;
      // Both processes' caches hold the live post before the writes.
      expect(await titleOf('live')).toBe('Post live');
      expect(await otherTitle()).toBe('Post live');

      const pending = await ed('PATCH', '/api/cms/items/blog_posts/post_live', {
        data: post('live', { title: 'Pending title' }),
      });
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json().result).toMatchObject({ version: 2, status: 'published', pending: true });
      expect(await titleOf('live')).toBe('Post live');

      const both = await afterChangeOf(database, 'content_items', () =>
        ed('PATCH', '/api/cms/items/blog_posts/post_live', {
          data: post('live', { title: 'Published title' }),
          status: 'published',
        }),
      );
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json().result).toMatchObject({ version: 4, status: 'published', pending: false });
      expect(await titleOf('live')).toBe('Published title');
      await vi.waitFor(async () => expect(await otherTitle()).toBe('Published title'), { timeout: 10_000 });
      expect((await versionsOf('blog_posts', 'post_live')).map((v) => v.action)).toEqual([
        'publish',
        'update',
        'update',
        'create',
      ]);
    } finally {
      await other.close();
    }
  });

  it('refuses bad input with the error envelope naming the field, and writes nothing', async () => {
    const page = (path: string) => ({ path, name: 'P', seo: { title: 'P' }, sections: [] });
    expect((await ed('POST', '/api/cms/items/pages', { id: 'page_one', data: page('/about/one') })).statusCode).toBe(
      200,
    );
    expect((await ed('POST', '/api/cms/items/pages', { id: 'page_two', data: page('/about/two') })).statusCode).toBe(
      200,
    );
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_bad', status: 'published', data: post('bad') });
    const before = {
      post: await versionsOf('blog_posts', 'post_bad'),
      page: await versionsOf('pages', 'page_one'),
      writes: await auditCount(),
    };
    const url = '/api/cms/items/blog_posts/post_bad';
    const cases: [string, unknown, number, string, string][] = [
      [url, { data: post('bad'), date_published: later(60) }, 422, 'invalid_date', 'date_published'],
      [url, { data: post('bad'), status: 'draft', date_published: later(60) }, 422, 'invalid_date', 'date_published'],
      [
        url,
        { data: post('bad'), status: 'published', date_published: 'tomorrow' },
        422,
        'validation_failed',
        'date_published',
      ],
      [url, { data: post('bad'), status: 'archived' }, 422, 'validation_failed', 'status'],
      [url, { data: post('bad'), extra: 1 }, 422, 'validation_failed', 'extra'],
      [url, {}, 422, 'validation_failed', 'data'],
      [url, { data: post('bad', { sections: [{ kind: 'page_header' }] }) }, 422, 'invalid_item', 'sections.0.title'],
      [url, { data: post('bad', { categories: ['gossip'] }) }, 422, 'unknown_category', 'categories'],
      ['/api/cms/items/pages/page_one', { data: page('/login') }, 422, 'path_protected', 'path'],
      ['/api/cms/items/pages/page_one', { data: page('/about/two') }, 422, 'path_taken', 'path'],
      ['/api/cms/items/recipes/post_bad', { data: post('bad') }, 404, 'unknown_collection', ''],
      ['/api/cms/items/blog_posts/post_nobody', { data: post('bad') }, 404, 'not_found', ''],
    ];
    for (const [path, body, status, code, field] of cases) {
      const res = await ed('PATCH', path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      const error = errorOf(res);
      expect(error.code, JSON.stringify(body)).toBe(code);
      if (field) expect(error.fields, JSON.stringify(body)).toContain(field);
    }
    expect((await as(t, null)('PATCH', url, { data: post('bad', { title: 'x' }) })).statusCode).toBe(401);
    const refused = await sue('PATCH', url, { data: post('bad', { title: 'x' }) });
    expect(refused.statusCode).toBe(403);
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'PATCH /api/cms/items/:collection/:id',
        outcome: 'denied',
        detail: { permission: 'content.write', role: 'support' },
      }),
    );
    expect(await versionsOf('blog_posts', 'post_bad')).toEqual(before.post);
    expect(await versionsOf('pages', 'page_one')).toEqual(before.page);
    expect(await titleOf('bad')).toBe('Post bad');
    expect(await auditCount()).toBe(before.writes);
  });
});

describe('POST /api/cms/items/{collection}/{id}/publish and …/archive', () => {
  it('publishes an earlier version now; refuses bad input (nothing written); archive hides the item, audited', async () => {
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_pub', data: post('pub') });
    await ed('PATCH', '/api/cms/items/blog_posts/post_pub', { data: post('pub', { title: 'Second' }) });
    const before = { versions: await versionsOf('blog_posts', 'post_pub'), writes: await auditCount() };
    const publish = (body?: unknown, path = '/api/cms/items/blog_posts/post_pub/publish') => ed('POST', path, body);
    const cases: [Promise<{ statusCode: number; json(): unknown }>, number, string, string][] = [
      [publish({ version: 9 }), 404, 'version_not_found', ''],
      [publish({ version: 0 }), 422, 'validation_failed', 'version'],
      [publish({ version: '1' }), 422, 'validation_failed', 'version'],
      [publish({ at: 'next week' }), 422, 'validation_failed', 'at'],
      [publish({ when: 'now' }), 422, 'validation_failed', 'when'],
      [publish({}, '/api/cms/items/blog_posts/post_nobody/publish'), 404, 'not_found', ''],
      [publish({}, '/api/cms/items/recipes/post_pub/publish'), 404, 'unknown_collection', ''],
    ];
    for (const [call, status, code, field] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).code).toBe(code);
      if (field) expect(errorOf(res).fields).toContain(field);
    }
    expect((await as(t, null)('POST', '/api/cms/items/blog_posts/post_pub/publish', {})).statusCode).toBe(401);
    expect((await sue('POST', '/api/cms/items/blog_posts/post_pub/publish', {})).statusCode).toBe(403);
    expect((await sue('POST', '/api/cms/items/blog_posts/post_pub/archive')).statusCode).toBe(403);
    expect((await as(t, null)('POST', '/api/cms/items/blog_posts/post_pub/archive')).statusCode).toBe(401);
    expect(await versionsOf('blog_posts', 'post_pub')).toEqual(before.versions);
    expect(await auditCount()).toBe(before.writes);
    expect(await titleOf('pub')).toBe(404);

    const now = t.clock.now().toISOString();
    // No body at all is "the newest version, now" (the answer is about the item, not the body).
    expect(errorOf(await ed('POST', '/api/cms/items/blog_posts/post_nobody/publish')).code).toBe('not_found');
    const res = await publish({ version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ version: 3, status: 'published', date_published: now });
    expect(await titleOf('pub')).toBe('Post pub');

    const archived = await ed('POST', '/api/cms/items/blog_posts/post_pub/archive');
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().result).toEqual({
      collection: 'blog_posts',
      id: 'post_pub',
      version: 4,
      status: 'archived',
      date_published: now,
      pending: false,
    });
    expect(await titleOf('pub')).toBe(404);
    expect((await ed('POST', '/api/cms/items/blog_posts/post_nobody/archive')).statusCode).toBe(404);
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'content.archive',
        actor: editorId,
        target: 'blog_posts/post_pub',
        detail: {
          before: { status: 'published', datePublished: now, version: 3 },
          after: { status: 'archived', datePublished: now, version: 4, pending: false },
        },
      }),
    );
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'POST /api/cms/items/:collection/:id/archive',
        outcome: 'denied',
      }),
    );
  });
});

describe('POST /api/cms/files', () => {
  const upload = (parts: FormPart[], call: OperatorCall = ed) => {
    const body = multipartBody(parts);
    return call('POST', '/api/cms/files', body.payload, { 'content-type': body.contentType });
  };
  const image = (data: Buffer, filename = 'banner.png', type = 'image/png'): FormPart => ({
    field: 'file',
    filename,
    data,
    type,
  });
  const fileCount = async () => (await visitor('/api/cms/items/files?limit=100')).json().page_info.total as number;

  it('adds an image with its width and height, published at once and served; audited', async () => {
    const png = pngHeader(320, 200);
    const res = await upload([
      image(png),
      { field: 'id', value: 'file_api_banner' },
      { field: 'title', value: 'Summer banner' },
      { field: 'alt', value: 'A beach at sunset' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      id: 'file_api_banner',
      filename: 'banner.png',
      title: 'Summer banner',
      description: 'A beach at sunset',
      type: 'image/png',
      width: 320,
      height: 200,
      filesize: png.length,
      url: '/api/cms/assets/file_api_banner',
    });
    const served = await visitor('/api/cms/files/file_api_banner');
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json().result).toMatchObject({ status: 'published', width: 320, height: 200, version: 1 });
    const bytes = await t.app.inject({ method: 'GET', url: '/api/cms/assets/file_api_banner' });
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(png)).toBe(true);
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'content.upload',
        actor: editorId,
        target: 'files/file_api_banner',
        detail: { before: null, after: { status: 'published', version: 1, type: 'image/png', filesize: png.length } },
      }),
    );

    // Without an id one is made; the type comes from the name when the sender declares none it accepts.
    const jpeg = await upload([image(jpegHeader(64, 48), 'photo.JPG', 'application/octet-stream')]);
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().result).toMatchObject({ id: expect.stringMatching(/^file_/), type: 'image/jpeg', width: 64 });
  });

  it('refuses bad uploads naming the field, 401 without a session and 403 (audited) to support; nothing is written', async () => {
    const files = await fileCount();
    const writes = await auditCount();
    const png = pngHeader(10, 10);
    const cases: [string, () => ReturnType<OperatorCall>, string, string][] = [
      ['JSON, not multipart', () => ed('POST', '/api/cms/files', { file: 'x' }), 'multipart_required', 'file'],
      ['no file part', () => upload([{ field: 'title', value: 'T' }]), 'invalid_upload', 'file'],
      ['a text file', () => upload([image(Buffer.from('hello'), 'notes.txt', 'text/plain')]), 'invalid_file', 'type'],
      ['PNG bytes sent as a JPEG', () => upload([image(png, 'x.jpg', 'image/jpeg')]), 'invalid_file', 'bytes'],
      ['PNG bytes sent as an SVG', () => upload([image(png, 'x.svg', 'image/svg+xml')]), 'invalid_file', 'bytes'],
      ['an empty file', () => upload([image(Buffer.alloc(0))]), 'invalid_file', 'bytes'],
      [
        'a file over 512 KiB',
        () => upload([image(Buffer.concat([png, Buffer.alloc(MAX_FILE_BYTES)]))]),
        'invalid_upload',
        'file',
      ],
      ['two files', () => upload([image(png), image(png, 'b.png')]), 'invalid_upload', 'file'],
      [
        'unreadable multipart',
        () =>
          ed(
            'POST',
            '/api/cms/files',
            Buffer.from('--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n1\r\n--zz'),
            {
              'content-type': 'multipart/form-data; boundary=zzz',
            },
          ),
        'invalid_upload',
        'file',
      ],
      ['the image in another part', () => upload([{ ...image(png), field: 'photo' }]), 'invalid_upload', 'photo'],
      [
        'an unknown field',
        () => upload([image(png), { field: 'colour', value: 'red' }]),
        'validation_failed',
        'colour',
      ],
      ['a bad id', () => upload([image(png), { field: 'id', value: '../etc' }]), 'validation_failed', 'id'],
      [
        'a long title',
        () => upload([image(png), { field: 'title', value: 'x'.repeat(201) }]),
        'validation_failed',
        'title',
      ],
      ['a long file name', () => upload([image(png, `${'n'.repeat(250)}.png`)]), 'invalid_item', 'filename'],
    ];
    for (const [what, call, code, field] of cases) {
      const res = await call();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(errorOf(res), what).toEqual({ code, fields: [field] });
    }
    const nul = await upload([image(png), { field: 'title', value: 'a\u0000b' }]);
    expect(nul.statusCode, nul.body).toBe(400);
    expect(errorOf(nul)).toEqual({ code: 'invalid_characters', fields: ['title'] });

    expect((await upload([image(png)], as(t, null))).statusCode).toBe(401);
    expect((await upload([image(png)], sue)).statusCode).toBe(403);
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'POST /api/cms/files',
        outcome: 'denied',
        detail: { permission: 'content.write', role: 'support' },
      }),
    );
    expect(await fileCount()).toBe(files);
    expect(await auditCount()).toBe(writes);
  });
});

describe('the editors’ reads: GET /api/cms/editor/items/{collection}[/{id}], POST …/{id}/preview', () => {
  it('lists every item whatever its state, searched and paged, with pending edits; 401/403 (audited) otherwise', async () => {
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_list_draft', data: post('list-draft') });
    await ed('POST', '/api/cms/items/blog_posts', {
      id: 'post_list_live',
      status: 'published',
      data: post('list-live', { title: 'Listed live post' }),
    });
    await ed('PATCH', '/api/cms/items/blog_posts/post_list_live', {
      data: post('list-live', { title: 'Listed live post, edited' }),
    });
    await ed('POST', '/api/cms/items/blog_posts', {
      id: 'post_list_later',
      status: 'published',
      date_published: '2026-09-01T00:00:00.000Z',
      data: post('list-later'),
    });
    await ed('POST', '/api/cms/items/blog_posts', { id: 'post_list_gone', data: post('list-gone') });
    await ed('POST', '/api/cms/items/blog_posts/post_list_gone/archive');

    const url = '/api/cms/editor/items/blog_posts';
    expect((await as(t, null)('GET', url)).statusCode).toBe(401);
    expect((await sue('GET', url)).statusCode).toBe(403);
    expect(await audit()).toContainEqual(
      expect.objectContaining({ action: 'GET /api/cms/editor/items/:collection', outcome: 'denied' }),
    );

    const all = await ed('GET', `${url}?q=list-&limit=50`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const rows = all.json().result as Json[];
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(Object.keys(byId).sort()).toEqual([
      'post_list_draft',
      'post_list_gone',
      'post_list_later',
      'post_list_live',
    ]);
    expect(byId.post_list_draft).toMatchObject({ state: 'draft', label: 'Post list-draft', path: 'list-draft' });
    expect(byId.post_list_later).toMatchObject({ state: 'scheduled', date_published: '2026-09-01T00:00:00.000Z' });
    expect(byId.post_list_gone).toMatchObject({ state: 'archived', pending: false });
    // The live post shows what visitors see, and that an edit waits.
    expect(byId.post_list_live).toMatchObject({
      state: 'published',
      label: 'Listed live post',
      version: 1,
      latest_version: 2,
      pending: true,
    });

    const scheduled = (await ed('GET', `${url}?q=list-&state=scheduled`)).json();
    expect(scheduled.result.map((r: Json) => r.id)).toEqual(['post_list_later']);
    const searched = (await ed('GET', `${url}?q=Listed%20live`)).json();
    expect(searched.result.map((r: Json) => r.id)).toEqual(['post_list_live']);
    // A wildcard typed in the search is a character, not a pattern.
    expect((await ed('GET', `${url}?q=list%25draft`)).json().result).toEqual([]);
    const paged = (await ed('GET', `${url}?q=list-&limit=2&offset=2`)).json();
    expect(paged.result).toHaveLength(2);
    expect(paged.page_info.total).toBe(4);

    const bad = await ed('GET', `${url}?state=hidden`);
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).fields).toContain('state');
    const unknown = await ed('GET', '/api/cms/editor/items/recipes');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('unknown_collection');
  });

  it("answers one item's newest fields as stored (files by id) with its live state", async () => {
    const one = await ed('GET', '/api/cms/editor/items/blog_posts/post_list_live');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().result).toMatchObject({
      id: 'post_list_live',
      state: 'published',
      version: 1,
      latest_version: 2,
      pending: true,
      data: { title: 'Listed live post, edited', slug: 'list-live', hero_image: null, categories: ['news'] },
    });
    const theme = await ed('GET', '/api/cms/editor/items/theme/theme');
    expect(theme.statusCode, theme.body).toBe(200);
    expect(theme.json().result.data).toHaveProperty('logos');
    expect((await ed('GET', '/api/cms/editor/items/blog_posts/post_nobody')).statusCode).toBe(404);
    expect((await sue('GET', '/api/cms/editor/items/blog_posts/post_list_live')).statusCode).toBe(403);
  });

  it('mints a preview link that shows the unpublished edit to whoever opens it; refuses what has no preview', async () => {
    const res = await ed('POST', '/api/cms/items/blog_posts/post_list_live/preview');
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().result as Json;
    expect(link.path).toBe(`/preview?token=${encodeURIComponent(link.token)}`);
    expect(link.expires_at).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());
    const seen = await visitor(`/api/cms/preview?token=${encodeURIComponent(link.token)}`);
    expect(seen.json().result.item.title).toBe('Listed live post, edited');
    // Visitors still read the published fields.
    expect((await visitor('/api/cms/items/blog_posts/list-live')).json().result.title).toBe('Listed live post');

    const pinned = (await ed('POST', '/api/cms/items/blog_posts/post_list_live/preview', { version: 1 })).json();
    const first = await visitor(`/api/cms/preview?token=${encodeURIComponent(pinned.result.token)}`);
    expect(first.json().result.item.title).toBe('Listed live post');

    const theme = await ed('POST', '/api/cms/items/theme/theme/preview');
    expect(theme.statusCode).toBe(422);
    expect(errorOf(theme)).toEqual({ code: 'not_previewable', fields: ['collection'] });
    const missing = await ed('POST', '/api/cms/items/blog_posts/post_list_live/preview', { version: 9 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('version_not_found');
    expect((await ed('POST', '/api/cms/items/blog_posts/post_nobody/preview')).statusCode).toBe(404);
    expect((await as(t, null)('POST', '/api/cms/items/blog_posts/post_list_live/preview')).statusCode).toBe(401);
    expect((await sue('POST', '/api/cms/items/blog_posts/post_list_live/preview')).statusCode).toBe(403);
  });
});

describe('text of many lines in the editors’ writes (ADR 093)', () => {
  it('takes line breaks and tabs in Markdown, HTML and translation values; other control characters stay refused', async () => {
    const markdown = 'First line\n\n## A heading\n\n- one\n- two\r\n\tindented';
    const withText = (md: string) => post('many-lines', { sections: [{ kind: 'full_page_content', markdown: md }] });
    const created = await ed('POST', '/api/cms/items/blog_posts', {
      id: 'post_many_lines',
      status: 'published',
      data: withText(markdown),
    });
    expect(created.statusCode, created.body).toBe(200);
    const saved = await ed('PATCH', '/api/cms/items/blog_posts/post_many_lines', {
      data: withText(`${markdown}\n\nMore.`),
      status: 'published',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await visitor('/api/cms/items/blog_posts/many-lines')).json().result;
    expect(read.sections[0].markdown).toBe(`${markdown}\n\nMore.`);
    expect(read.sections[0].html).toContain('<h2>A heading</h2>');

    const before = (await ed('GET', '/api/cms/items/blog_posts/post_many_lines/versions')).json();
    const nul = await ed('PATCH', '/api/cms/items/blog_posts/post_many_lines', { data: withText('a\u0000b') });
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul)).toEqual({ code: 'invalid_characters', fields: ['data.sections.0.markdown'] });
    const escape = await ed('PATCH', '/api/cms/items/blog_posts/post_many_lines', { data: withText('a\u001bb') });
    expect(escape.statusCode).toBe(400);
    expect((await ed('GET', '/api/cms/items/blog_posts/post_many_lines/versions')).json()).toEqual(before);

    const note = await ed('PUT', '/api/translation/en-AU/items/backoffice/lines', {
      type: 'markdown',
      value: 'One\n\nTwo',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().result.html).toContain('<p>Two</p>');
    // Elsewhere a line break is still refused (the spec has no other text of many lines).
    const elsewhere = await ed('POST', '/api/cms/items/blog_posts/post_many_lines/publish', { at: '2026\n' });
    expect(elsewhere.statusCode).toBe(400);
  });
});
