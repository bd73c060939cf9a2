// The change feed and the caches built on it, against a real database: a write from another connection (as the
// operator CLI makes from another process) reaches a running API at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/index.ts';
import { buildTestApp, testServices, TEST_NOW, type TestApp } from '../helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../helpers/db.ts';
import { fixedClock } from '../../src/lib/clock.ts';

let database: Database;
let other: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  other = connectDatabase(database.url, { max: 1 });
  app = await buildTestApp({ database });
});

afterAll(async () => {
  await app?.close();
  await other?.close();
  await database?.close();
});

const get = async (url: string) => {
  const res = await app.injectSigned({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().result;
};

describe('change feed', () => {
  it('announces writes made on another connection, by table', async () => {
    const seen: string[] = [];
    for (const table of ['platform_settings', 'platform_segments', 'content_items'])
      database.changes.on(table, () => seen.push(table));
    // Going live tells every subscriber to forget (writes before LISTEN went unannounced); only then count.
    await vi.waitFor(() => expect(database.changes.isLive()).toBe(true), { timeout: 10_000 });
    seen.length = 0;
    await afterChangeOf(database, 'platform_settings', () =>
      other.pool.query(`UPDATE platform_settings SET updated_at = now()`),
    );
    expect(seen).toEqual(expect.arrayContaining(['platform_settings']));
    expect(seen).not.toContain('platform_segments');
    await afterChangeOf(database, 'content_items', () =>
      other.pool.query(`UPDATE content_items SET updated_at = now() WHERE false`),
    );
    expect(seen).toContain('content_items');
  });

  it('a running API serves the new configuration right after another process changes it', async () => {
    await vi.waitFor(() => expect(database.changes.isLive()).toBe(true), { timeout: 10_000 });
    expect((await get('/api/v2/config')).maintenance_mode).toBe(false);
    expect((await get('/api/v2/config')).maintenance_mode).toBe(false); // now served from memory

    const clock = fixedClock(TEST_NOW);
    const { platform } = testServices(other, { clock });
    await afterChangeOf(database, 'platform_settings', () => platform.setMaintenanceMode(true));
    expect((await get('/api/v2/config')).maintenance_mode).toBe(true);

    expect((await get('/api/v2/capabilities')).segment_name).toBe('default');
    await afterChangeOf(database, 'platform_segments', () => platform.setDefaultSegment('charity'));
    expect((await get('/api/v2/capabilities')).segment_name).toBe('charity');

    expect(await get('/api/cms/items/sitewide_banner')).not.toBeNull();
    await afterChangeOf(database, 'content_items', () =>
      testServices(other, { clock }).contentEditor.clearSitewideBanner('test'),
    );
    expect(await get('/api/cms/items/sitewide_banner')).toBeNull();
  });

  it('stops announcing once closed', async () => {
    const db = connectDatabase(database.url, { max: 1 });
    const calls: number[] = [];
    db.changes.on('platform_settings', () => calls.push(1));
    await vi.waitFor(() => expect(db.changes.isLive()).toBe(true), { timeout: 10_000 });
    await db.close();
    expect(db.changes.isLive()).toBe(false);
  });
});
