// Shared helpers for the benchmarks: start the real shop the way `npm start` does, on a free port and a fresh
// DATA_DIR, and measure it from outside. Numbers are reported, never asserted.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  // As root the embedded PostgreSQL runs as 'postgres', which must be able to enter the (0700) temp dir.
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs fn on a database 'bench' of a fresh embedded PostgreSQL (fsync on, as `npm start` has it) in a temp DATA_DIR,
 * and removes it all after. `db` and `embedded` are the API's db and db/embedded modules (loaded through tsx).
 */
export async function onEmbeddedDatabase(db, embedded, fn) {
  const data = tempDataDir();
  try {
    const server = await embedded.ensureEmbeddedServer(data.dir, { fsync: true });
    await db.createDatabaseIfMissing(server.url('postgres'), 'bench');
    const database = db.connectDatabase(server.url('bench'), { onClose: () => server.release() });
    try {
      await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    data.remove();
  }
}

/** The signing secret of the web app in benchmarked shops (production refuses the development default). */
export const BENCH_APP_SECRET = 'bench-web-signing-secret';
export const BENCH_AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';

/** Starts `node scripts/start.mjs` (what `npm start` runs) and resolves when GET / answers 200. */
export async function startShop({ dataDir, port, env = {} }) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // A production build measured as production runs it: with secrets of its own, and the test gateway and mail
      // allowed explicitly (ADR 027), since production refuses them by default.
      NODE_ENV: 'production',
      ALLOW_TEST_SERVICES: 'true',
      APP_KEYS: `web:${BENCH_APP_SECRET}`,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`shop did not answer 200 on / within 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function machine() {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
