// GET /api/cms/changes over a real socket: a web process hears of a content write made by another process (through
// the database's change feed) and of a scheduled item's publish date passing, without any write at that moment.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testServices, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';

let database: Database;
let t: TestApp;
let base: string;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database, now: new Date().toISOString() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
  await database.close();
});

/** Open the stream and collect its events until closed. */
async function openStream() {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/cms/changes`, { headers: t.sign(), signal: controller.signal });
  const events: { event: string; data: { live: boolean } }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(chunk)?.[1];
          const data = /^data: (.+)$/m.exec(chunk)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return { res, events, close: () => controller.abort() };
}

describe('the content change stream', () => {
  it('needs the app signature', async () => {
    const res = await fetch(`${base}/api/cms/changes`);
    expect(res.status).toBe(401);
  });

  it('says ready, then change when another process writes content', async () => {
    await vi.waitFor(() => expect(database.changes.isLive()).toBe(true), { timeout: 10_000 });
    const stream = await openStream();
    try {
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await vi.waitFor(() => expect(stream.events[0]).toEqual({ event: 'ready', data: { live: true } }), {
        timeout: 10_000,
      });
      const other = testServices(database, { clock: fixedClock(new Date()) });
      await other.contentEditor.setSitewideBanner({ text: 'From another process' }, 'test');
      await vi.waitFor(() => expect(stream.events.some((e) => e.event === 'change' && e.data.live)).toBe(true), {
        timeout: 10_000,
      });
    } finally {
      stream.close();
    }
  });

  it('says change when a scheduled post goes live, with no write at that moment', async () => {
    const now = new Date();
    const at = new Date(now.getTime() + 1500);
    t.clock.set(now);
    // The write's own announcement is delivered before the stream opens: the change below can only be the timer's.
    await afterChangeOf(database, 'content_items', () =>
      t.services.contentEditor.create(
        'blog_posts',
        {
          id: 'post_soon',
          status: 'published',
          datePublished: at,
          data: {
            slug: 'soon',
            title: 'Soon',
            seo: { title: 'Soon' },
            sections: [{ kind: 'divider' }],
          },
        },
        'test',
      ),
    );
    const stream = await openStream();
    try {
      await vi.waitFor(() => expect(stream.events[0]?.event).toBe('ready'), { timeout: 10_000 });
      expect(stream.events).toHaveLength(1);
      const seen = stream.events.length;
      await vi.waitFor(() => expect(stream.events.length).toBeGreaterThan(seen), { timeout: 10_000 });
      expect(stream.events.at(-1)!.event).toBe('change');
    } finally {
      stream.close();
    }
  });

  it('ends its open streams when the server closes, so a shutdown is not held up by them', async () => {
    const other = await buildTestApp({ database, now: new Date().toISOString() });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/cms/changes`;
    const res = await fetch(url, { headers: other.sign() });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: ready/);
    // Before the fix the server waited for the stream forever and this close never returned.
    await other.app.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
