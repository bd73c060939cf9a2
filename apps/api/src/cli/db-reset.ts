// `npm run db:reset`: drop and recreate the shop's database (forcing off the running shop's connections), migrate,
// seed. Refuses in production unless --force is given.
import { pathToFileURL } from 'node:url';
import {
  connectDatabase,
  databaseNameOf,
  migrate,
  recreateDatabase,
  SHOP_DATABASE,
  withDatabase,
} from '../db/index.ts';
import { EmbeddedDatabaseError, ensureEmbeddedServer } from '../db/embedded.ts';
import { loadConfig, type AppConfig } from '../env.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { seedDatabase } from '../seed/index.ts';
import { createServices } from '../services.ts';

export async function resetDatabase(config: AppConfig, clock: Clock = systemClock): Promise<{ database: string }> {
  let url: string;
  let adminUrl: string;
  let release: (() => Promise<void>) | undefined;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    // CREATE/DROP DATABASE cannot run while connected to the target; use the server's maintenance database.
    adminUrl = withDatabase(url, 'postgres');
  } else {
    const server = await ensureEmbeddedServer(config.dataDir, { fsync: true });
    release = () => server.release();
    url = server.url(SHOP_DATABASE);
    adminUrl = server.url('postgres');
  }
  const name = databaseNameOf(url);
  try {
    await recreateDatabase(adminUrl, name);
    const database = connectDatabase(url, { max: 2 });
    try {
      await migrate(database);
      await seedDatabase(createServices({ database, clock, config }));
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
  return { database: name };
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--force');
  if (unknown.length) {
    process.stderr.write(`Unknown option ${unknown.join(' ')}. Usage: npm run db:reset [-- --force]\n`);
    return 1;
  }
  const config = loadConfig();
  if (config.nodeEnv === 'production' && !argv.includes('--force')) {
    process.stderr.write(
      'NODE_ENV is production: db:reset would delete every customer record. Add -- --force if you mean it.\n',
    );
    return 1;
  }
  try {
    const { database } = await resetDatabase(config);
    process.stdout.write(`Database "${database}" was reset: migrated and seeded.\n`);
    return 0;
  } catch (e) {
    process.stderr.write(
      `${e instanceof EmbeddedDatabaseError ? e.message : `db:reset failed: ${(e as Error).message}`}\n`,
    );
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
