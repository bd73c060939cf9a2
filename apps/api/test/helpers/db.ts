// A fresh, migrated and seeded database per call: a copy of the run's template (see ../global-setup.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { connectDatabase, quoteIdent, withDatabase, type Database } from '../../src/db/index.ts';

async function onAdmin(adminUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplateDb');
  const name = `${inject('pgRunPrefix')}_${randomBytes(5).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await onAdmin(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      break;
    } catch (err) {
      // 55006: the template is momentarily in use by another copy being made; copies are quick, so retry.
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await sleep(50 + attempt * 25);
    }
  }
  return connectDatabase(withDatabase(adminUrl, name), {
    max: 5,
    onClose: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  });
}

/**
 * Run a write and resolve once the database's change feed has announced it to this process: what a running API
 * serves from memory is current from then on (the feed's latency is the only staleness there is).
 */
export async function afterChangeOf<T>(database: Database, table: string, write: () => Promise<T>): Promise<T> {
  let announced!: () => void;
  const seen = new Promise<void>((resolve) => (announced = resolve));
  const off = database.changes.on(table, () => announced());
  try {
    await vi.waitFor(() => expect(database.changes.isLive()).toBe(true), { timeout: 10_000 });
    const result = await write();
    await seen;
    return result;
  } finally {
    off();
  }
}
