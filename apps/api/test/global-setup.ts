// Global setup of the vitest `api` project: ONE PostgreSQL for the whole run (embedded, fsync off, in a fresh
// directory under os.tmpdir(); or the server of DATABASE_URL) with a migrated + seeded template database that every
// test file copies (helpers/db.ts). Teardown drops what this run created and stops the embedded server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrate, quoteIdent, withDatabase } from '../src/db/index.ts';
import { ensureEmbeddedServer, type EmbeddedServer } from '../src/db/embedded.ts';
import { loadConfig } from '../src/env.ts';
import { systemClock } from '../src/lib/clock.ts';
import { seedDatabase } from '../src/seed/index.ts';
import { createServices } from '../src/services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test server from which CREATE/DROP DATABASE can run. */
    pgAdminUrl: string;
    /** Migrated + seeded template database; copy it, never connect to it. */
    pgTemplateDb: string;
    /** Prefix of every database this run creates, so teardown can drop leftovers. */
    pgRunPrefix: string;
  }
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject) {
  const runPrefix = `shop_t${randomBytes(3).toString('hex')}`;
  const template = `${runPrefix}_template`;
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl: string;

  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-tests-'));
    fs.chmodSync(dir, 0o755);
    server = await ensureEmbeddedServer(dir, { fsync: false });
    adminUrl = server.url('postgres');
  }

  const teardown = async () => {
    await admin(adminUrl, async (c) => {
      const rows = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${runPrefix}\\_%`,
      ]);
      for (const r of rows.rows) await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(r.datname)} WITH (FORCE)`);
    }).catch(() => undefined);
    await server?.release();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
    const database = connectDatabase(withDatabase(adminUrl, template), { max: 2 });
    try {
      await migrate(database);
      const config = loadConfig({ NODE_ENV: 'test' });
      await seedDatabase(createServices({ database, clock: systemClock, config }));
    } finally {
      await database.close();
    }
  } catch (err) {
    await teardown();
    throw err;
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDb', template);
  project.provide('pgRunPrefix', runPrefix);
  return teardown;
}
