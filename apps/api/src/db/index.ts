// The one way to reach PostgreSQL: DATABASE_URL when set, otherwise the embedded server under DATA_DIR (DESIGN.md §3).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../env.ts';
import { createChangeFeed, type ChangeFeed } from './change-feed.ts';
import { ensureEmbeddedServer } from './embedded.ts';

export type { ChangeFeed } from './change-feed.ts';

export type Db = NodePgDatabase<Record<string, unknown>>;
/** A transaction handle (what `db.transaction(async (tx) => ...)` passes); cross-module writes take one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repository functions that can join a caller's transaction take this. */
export type Executor = Db | Tx;

/**
 * One data-modifying statement (a single INSERT, UPDATE or DELETE, no WITH of its own) handed to another module's
 * statement, which runs it as one of its CTEs: the writes of several modules then cost one round trip (the purchase's
 * last write, issue 22). Every CTE of a statement sees the same snapshot and none sees another's changes, so only
 * writes that do not read each other's rows may go together; each runs exactly once whatever the statement answers.
 */
export type BatchedWrite = SQL;

/** A boolean SQL expression one module hands another module's statement (a condition of its read). */
export type SqlCondition = SQL;

/**
 * One module's read handed to a statement another module composes (issue 22; the read side of BatchedWrite): `sql`
 * is a scalar expression answering one JSON value (a subquery with `row_to_json`/`json_agg`), `read` turns that value
 * into what the module's own read answers, and `key` names it for the module's read to take back.
 */
export interface BatchedRead<T = unknown> {
  key: string;
  sql: SQL;
  read(value: unknown): T;
}

const prefetchedIn = new WeakMap<Executor, Map<string, unknown>>();
const scopes = new WeakSet<object>();

/**
 * A handle for one moment's reads outside any transaction (the checkout's reads, ADR 109): it runs every query on
 * the pool as `db` does, and `prefetch` may keep answers for it as for a transaction. Made per request and dropped
 * with it: whatever it kept is as of the moment its prefetch ran, which the request's guarded write then checks.
 */
export function readScope(db: Db): Db {
  const scope = Object.create(db) as Db;
  scopes.add(scope);
  return scope;
}

/**
 * Runs several modules' reads as ONE statement inside a transaction (or a read scope) and keeps each answer for it,
 * for the module's own read to take (`takePrefetched`) instead of sending a statement. Every part sees the same
 * snapshot, taken when this statement starts: only reads that may be as of this moment go together (the purchase's
 * reads, which its guarded write checks again). On the plain pool it does nothing: a pool has no one caller to keep
 * answers for.
 */
export async function prefetch(tx: Executor, prefix: string, parts: BatchedRead[]): Promise<void> {
  if (!parts.length || !(isTransaction(tx) || scopes.has(tx))) return;
  const kept = prefetchedIn.get(tx) ?? new Map<string, unknown>();
  // Parts kept already (the request's one read had them) are not read again.
  const wanted = parts.filter((p) => !kept.has(p.key));
  if (!wanted.length) return;
  const columns = wanted.map((p, i) => sql`(${p.sql}) as ${sql.raw(`r${i}`)}`);
  const { rows } = await executeNamed<Record<string, unknown>>(tx, prefix, sql`select ${sql.join(columns, sql`, `)}`);
  prefetchedIn.set(tx, kept);
  wanted.forEach((p, i) => kept.set(p.key, p.read(rows[0]?.[`r${i}`] ?? null)));
}

/** The answer `prefetch` kept for this transaction under `key` (once: a second read goes to the database). */
export function takePrefetched<T>(exec: Executor, key: string): { value: T } | undefined {
  const kept = prefetchedIn.get(exec);
  if (!kept?.has(key)) return undefined;
  const value = kept.get(key) as T;
  kept.delete(key);
  return { value };
}

/** The answer `prefetch` kept under `key`, left in place (a read several checks of one request share). */
export function peekPrefetched<T>(exec: Executor, key: string): { value: T } | undefined {
  const kept = prefetchedIn.get(exec);
  return kept?.has(key) ? { value: kept.get(key) as T } : undefined;
}

/**
 * One module's part of a guarded write (ADR 109): named CTEs (each one INSERT, UPDATE, DELETE or locking SELECT; the
 * names unique in the statement, so each module prefixes its own) and the checks that must hold for the statement to
 * stand, each a boolean SQL expression over the part's CTEs (e.g. that a version-checked UPDATE found its rows).
 */
export interface WritePart {
  ctes: [name: string, body: SQL][];
  checks?: [name: string, holds: SQL][];
}

/** A guarded write was refused by its checks (a row changed since it was read, a draw closed): nothing was written. */
export class GuardFailed extends Error {
  constructor(readonly check: string) {
    super(`guarded write refused: ${check}`);
    this.name = 'GuardFailed';
  }
}

/** SQLSTATE `shop_guard` (migration 0034) raises with the failed check's name as its message. */
const GUARD_FAILED = 'LKG01';

/**
 * Every part's CTEs and checks as ONE statement: `with <ctes> select shop_guard(<checks>)`. PostgreSQL runs every
 * data-modifying CTE exactly once and the whole statement is one unit: when a check is false `shop_guard` raises and
 * nothing of any part stays (on the pool the statement is its own transaction, so this is the write and its COMMIT
 * in one round trip). Throws GuardFailed naming the first check that failed. A plain BatchedWrite is a part of one CTE.
 */
export async function writeGuarded(exec: Executor, prefix: string, parts: (WritePart | BatchedWrite)[]): Promise<void> {
  const ctes: SQL[] = [];
  const checks: [string, SQL][] = [];
  parts.forEach((part, i) => {
    if (!('ctes' in part)) {
      ctes.push(sql`${sql.raw(`w${i}`)} as (${part})`);
      return;
    }
    for (const [name, body] of part.ctes) ctes.push(sql`${sql.raw(name)} as (${body})`);
    checks.push(...(part.checks ?? []));
  });
  const guard = checks.length
    ? sql`select shop_guard(array[${sql.join(
        checks.map(([, holds]) => sql`coalesce((${holds}), false)`),
        sql`, `,
      )}], array[${sql.join(
        checks.map(([name]) => sql.raw(`'${name.replace(/[^a-z0-9_]/gi, '')}'`)),
        sql`, `,
      )}]::text[])`
    : sql`select true`;
  try {
    await executeNamed(exec, prefix, ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${guard}` : guard);
  } catch (err) {
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const pgErr = e.code ? e : e.cause;
    if (pgErr?.code === GUARD_FAILED) throw new GuardFailed(String(pgErr.message));
    throw err;
  }
}

/** Whether `exec` is an open transaction (not the pool, nor a read scope over it). */
export function isTransaction(exec: Executor): boolean {
  return typeof (exec as { rollback?: unknown }).rollback === 'function';
}

/**
 * A row of `table` from its `row_to_json` value: each column's JSON value through the column's own mapping (the
 * JSON text of a timestamp, date, bigint or jsonb column maps as its driver value does); null when the JSON is null.
 */
export function rowFromJson<T extends Table>(table: T, value: unknown): T['$inferSelect'] | null {
  if (value === null || value === undefined) return null;
  const json = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([prop, column]) => {
      const v = json[column.name];
      return [prop, v === null || v === undefined ? null : column.mapFromDriverValue(v)];
    }),
  ) as T['$inferSelect'];
}

/** Distinct statement texts this process names (per connection PostgreSQL keeps each one parsed and planned). */
const NAMED_TEXTS_MAX = 2_000;
const namedTexts = new Map<string, string>();

/**
 * The name of a hot statement's text: the prefix and a hash of the text, so statements whose text varies with their
 * input (rows in an INSERT, windows in a sum) get one name per shape and two texts never share a name. Undefined
 * (run unnamed) once this process has named NAMED_TEXTS_MAX texts: a bound on what each connection keeps.
 */
export function statementName(prefix: string, text: string): string | undefined {
  const known = namedTexts.get(text);
  if (known) return known;
  if (namedTexts.size >= NAMED_TEXTS_MAX) return undefined;
  const name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
  namedTexts.set(text, name);
  return name;
}

/**
 * `exec.execute(query)` as a named prepared statement (issue 22): PostgreSQL parses and plans a named statement once
 * per connection and reuses its plan, where an unnamed one is planned on every call (planning was about 40 % of
 * the checkout's statements' time in PostgreSQL: pg_stat_statements, docs/checkout.md). For the hot path's raw
 * statements; query builders take `.prepare(name)` instead.
 */
export async function executeNamed<T extends Record<string, unknown>>(
  exec: Executor,
  prefix: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const raw = exec.execute<T>(query); // a query promise: nothing is sent until it is awaited
  const built = raw.getQuery();
  const name = statementName(prefix, built.sql);
  if (!name) return (await raw) as unknown as { rows: T[] };
  return (await exec._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  /** Writes to cached tables, announced across processes (LISTEN/NOTIFY); connects on first subscription. */
  changes: ChangeFeed;
  /**
   * A second, small pool on the same server, made on first use and closed with the database: for transactions that
   * wait on work done through the main pool (the recurring processor's row locks, held while the purchase runs), so
   * they can never take the connections that work needs.
   */
  side(max: number): Db;
  close(): Promise<void>;
}

/** Name of the shop's database inside the embedded server. */
export const SHOP_DATABASE = 'shop';
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant key: serialises migrations when several processes start at once. */
const MIGRATION_LOCK_KEY = 72_015_331;

export interface ConnectOptions {
  max?: number;
  onClose?: () => Promise<void>;
}

/** Wrap a connection string in a pool + drizzle handle. */
export function connectDatabase(url: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: 'lottery-shop' });
  // An idle client dies when the server restarts or db:reset drops the database; without a listener that error
  // would crash the process. The pool replaces the client on the next checkout.
  pool.on('error', () => undefined);
  const db = drizzle(pool) as Db;
  const changes = createChangeFeed(url);
  let sidePool: pg.Pool | undefined;
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    url,
    changes,
    side(max) {
      if (!sidePool) {
        sidePool = new pg.Pool({ connectionString: url, max, application_name: 'lottery-shop-side' });
        sidePool.on('error', () => undefined);
      }
      return drizzle(sidePool) as Db;
    },
    close: () =>
      (closing ??= (async () => {
        await changes.close();
        await sidePool?.end();
        await pool.end();
        await options.onClose?.();
      })()),
  };
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  return name;
}

/** The same server, another database (for CREATE/DROP DATABASE, which cannot run inside the target). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createDatabaseIfMissing(adminUrl: string, name: string) {
  await withClient(adminUrl, async (c) => {
    const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (err) {
      // 42P04: created by another process between our check and our CREATE.
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
}

/** Drop (forcing off other sessions, e.g. a running shop) and recreate a database. */
export async function recreateDatabase(adminUrl: string, name: string) {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
}

export async function openDatabase(
  config: AppConfig,
  opts: { forTests?: boolean; log?: (line: string) => void } = {},
): Promise<Database> {
  if (config.databaseUrl) return connectDatabase(config.databaseUrl);
  const server = await ensureEmbeddedServer(config.dataDir, { fsync: !opts.forTests, log: opts.log });
  try {
    await createDatabaseIfMissing(server.url('postgres'), SHOP_DATABASE);
  } catch (err) {
    await server.release();
    throw err;
  }
  return connectDatabase(server.url(SHOP_DATABASE), { onClose: () => server.release() });
}

/** Apply every committed migration not yet applied; safe to run from several processes at once. */
export async function migrate(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await drizzleMigrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/** Which journal entries the database has applied; drizzle records each by its journal timestamp. */
export async function migrationStatus(database: Database): Promise<MigrationStatus> {
  const entries = readJournal();
  let applied = new Set<number>();
  try {
    const rows = await database.pool.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations',
    );
    applied = new Set(rows.rows.map((r) => Number(r.created_at)));
  } catch (err) {
    const code = (err as { code?: string }).code;
    // 42P01 undefined table, 3F000 undefined schema: nothing migrated yet.
    if (code !== '42P01' && code !== '3F000') throw err;
  }
  return {
    applied: entries.filter((e) => applied.has(e.when)).map((e) => e.tag),
    pending: entries.filter((e) => !applied.has(e.when)).map((e) => e.tag),
  };
}

export async function checkReadiness(
  database: Database,
): Promise<{ reachable: boolean; migrated: boolean; detail?: string }> {
  try {
    await database.pool.query('SELECT 1');
  } catch (err) {
    return { reachable: false, migrated: false, detail: `database unreachable: ${(err as Error).message}` };
  }
  try {
    const status = await migrationStatus(database);
    if (status.pending.length)
      return { reachable: true, migrated: false, detail: `pending migrations: ${status.pending.join(', ')}` };
    return { reachable: true, migrated: true };
  } catch (err) {
    return { reachable: true, migrated: false, detail: `migration state unknown: ${(err as Error).message}` };
  }
}
