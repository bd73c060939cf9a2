// Migrations, readiness and the seed against a real database copied from the run's template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkReadiness,
  connectDatabase,
  migrate,
  migrationStatus,
  readJournal,
  withDatabase,
  type Database,
} from '../../src/db/index.ts';
import { loadConfig } from '../../src/env.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { seedDatabase, seedIfEmpty } from '../../src/seed/index.ts';
import { createServices } from '../../src/services.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createTestDatabase } from '../helpers/db.ts';
import pg from 'pg';
import { inject } from 'vitest';

const config = loadConfig({ NODE_ENV: 'test' });

async function snapshot(database: Database) {
  const q = async (sql: string) => (await database.pool.query(sql)).rows;
  return {
    settings: await q('SELECT key, value FROM platform_settings ORDER BY key'),
    segments: await q('SELECT segment_name, capabilities, is_default FROM platform_segments ORDER BY segment_name'),
    content: await q(
      'SELECT collection, item_key, status, date_published, data FROM content_items ORDER BY collection, item_key',
    ),
  };
}

describe('a fresh database', () => {
  let emptyUrl: string;
  let empty: Database;
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgRunPrefix')}_empty`;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE "${name}"`);
    await c.end();
    emptyUrl = withDatabase(adminUrl, name);
    empty = connectDatabase(emptyUrl, { max: 3 });
  });
  afterAll(async () => {
    await empty.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });

  it('is reachable but not migrated until every journal entry is applied', async () => {
    const before = await checkReadiness(empty);
    expect(before).toMatchObject({ reachable: true, migrated: false });
    expect(before.detail).toContain(readJournal()[0]!.tag);

    await migrate(empty);
    expect(await checkReadiness(empty)).toEqual({ reachable: true, migrated: true });
    expect((await migrationStatus(empty)).applied).toEqual(readJournal().map((e) => e.tag));
  });

  it('migrates twice at once without failing or applying anything twice', async () => {
    const other = connectDatabase(emptyUrl, { max: 2 });
    try {
      await Promise.all([migrate(empty), migrate(other)]);
    } finally {
      await other.close();
    }
    const rows = await empty.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows.rows[0].n).toBe(readJournal().length);
  });

  it('seeds only when empty, and seeding again changes nothing', async () => {
    const clock = fixedClock('2026-01-10T00:00:00Z');
    expect(await seedIfEmpty(seeding(empty, clock))).toBe(true);
    const first = await snapshot(empty);
    expect(first.settings).toHaveLength(1);
    expect(first.segments.map((s) => s.segment_name)).toEqual(['charity', 'default', 'no_withdrawal']);

    expect(await seedIfEmpty(seeding(empty, clock))).toBe(false);
    expect((await seedDatabase(seeding(empty, clock))).inserted).toBe(0);
    // A day later the only new rows are the draws that entered the 8-week sales window; nothing else is touched.
    clock.advance(86_400_000);
    const drawsBefore = await countDraws(empty);
    const { inserted } = await seedDatabase(seeding(empty, clock));
    expect(inserted).toBeGreaterThan(0);
    expect(inserted).toBe((await countDraws(empty)) - drawsBefore);
    expect(await snapshot(empty)).toEqual(first);
  });

  it('reports an unreachable database instead of throwing', async () => {
    const gone = connectDatabase(withDatabase(adminUrl, `${name}_missing`), { max: 1 });
    try {
      const r = await checkReadiness(gone);
      expect(r.reachable).toBe(false);
      expect(r.migrated).toBe(false);
    } finally {
      await gone.close();
    }
  });
});

async function countDraws(database: Database) {
  return (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM draws_draws')).rows[0]!.n;
}

describe('the test database harness', () => {
  it('hands out separate migrated and seeded copies and drops them on close', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(a.url).not.toBe(b.url);
    expect(await checkReadiness(a)).toEqual({ reachable: true, migrated: true });
    await a.pool.query("UPDATE platform_settings SET value = jsonb_set(value, '{maintenanceMode}', 'true')");
    const inB = await b.pool.query("SELECT value->>'maintenanceMode' AS m FROM platform_settings");
    expect(inB.rows[0].m).toBe('false');

    const dbName = new URL(a.url).pathname.slice(1);
    await a.close();
    await b.close();
    const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await c.connect();
    const left = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    await c.end();
    expect(left.rowCount).toBe(0);
  });
});

/** The seed runs on the composition root's services (read through, as the CLI and npm start's first run do). */
function seeding(database: Parameters<typeof createServices>[0]['database'], clock: Clock) {
  return createServices({ database, clock, config });
}
