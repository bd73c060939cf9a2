// Shared helpers for the benchmarks: start the real shop the way `npm start` does, on a free port and a fresh
// DATA_DIR, and measure it from outside. Numbers are reported, never asserted.
import { execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';

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

/**
 * Spawns `node scripts/start.mjs ...args` on `port` and resolves once `probe(base)` answers 200 (within 180 s),
 * with the process's output and a stop function.
 */
async function startScript({ args, port, env, what, probe, intervalMs }) {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await probe(base);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer 200 within 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return {
    base,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts `node scripts/start.mjs` (what `npm start` runs) and resolves when GET / answers 200. */
export async function startShop({ dataDir, port, env = {} }) {
  const started = performance.now();
  const shop = await startScript({
    args: [],
    port,
    env: {
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
    what: 'shop (GET /)',
    probe: (base) => fetch(`${base}/`),
    intervalMs: 50,
  });
  return { url: shop.base, readyMs: performance.now() - started, output: shop.output, stop: shop.stop };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function machine() {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

// ---- The API alone, driven as the storefront's server calls it (bench/checkout.mjs, bench/rush.mjs) ----

/** The API's development signing key of the web app (NODE_ENV=test): benches that start the API alone sign with it. */
const API_APP_KEY = 'web';
const API_APP_SECRET = 'shop-web-public-signing-secret';

export function signedApiHeaders(extra = {}) {
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    'x-app-key': API_APP_KEY,
    'x-timestamp': ts,
    'x-signature': createHmac('sha256', API_APP_SECRET).update(`${ts}${API_APP_KEY}`).digest('hex'),
    'content-type': 'application/json',
    ...extra,
  };
}

/** One signed API call; answers { status, body } whatever the status (the body parsed when it is JSON). */
export async function apiRequest(base, method, path, { body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: signedApiHeaders(headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text };
}

/**
 * A signed API call over node:http with a keep-alive agent, for the load of a throughput bench: the same request as
 * apiRequest (signed, JSON, the answer parsed) at a fraction of fetch's CPU (fetch cost about 1.2 ms of CPU a call
 * on this machine, node:http about a fifth of that), so the bench's own client takes less of the cores it shares
 * with the shop, as pgbench's C client does. It asks for gzip as fetch does (the API compresses the same answers)
 * and throws on 4xx/5xx.
 */
export function httpCall(agent, base, method, path, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...signedApiHeaders(headers),
          'accept-encoding': 'gzip, deflate',
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (
            encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw
          ).toString('utf8');
          if (res.statusCode >= 400) reject(new Error(`${method} ${path} -> ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(text ? JSON.parse(text) : null);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A signed API call that must succeed: throws with the status and the start of the body otherwise. */
export async function apiCall(base, method, path, options) {
  const r = await apiRequest(base, method, path, options);
  if (r.status >= 400) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
}

/**
 * Starts the API alone (`node scripts/start.mjs --api-only`, SHOP_WORKERS passed through from the environment) on
 * the given database and resolves when GET /config answers 200.
 */
export async function startApi({ port, databaseUrl, dataDir, env = {} }) {
  return startScript({
    args: ['--api-only'],
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // 'test': the benches fund wallets with the test deposit, which production does not serve (ADR 027). The mode
      // matters a little: the purchase renders its receipt email with React in the transaction, and 'test' loads
      // React's development build (about 4.1 against 2.9 ms a render, measured on this machine under load).
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      // One client IP drives the whole load: the per-IP limit would measure the limiter, not the shop.
      RATE_LIMIT_MAX: '100000000',
      // Sign-ups only set the bench up; password hashing cost is not what is measured.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    what: 'API (GET /api/v2/config)',
    probe: (base) => fetch(`${base}/api/v2/config`, { headers: signedApiHeaders() }),
    intervalMs: 100,
  });
}

/** Runs fn over items, `size` at a time; answers the results in the items' order. */
export async function inPool(items, size, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * Signs up bench customer i, logs in and deposits `fund` dollars with the test deposit. Answers the customer's public
 * id (cus_…) and the authorization header. Sign-ups are throttled per visitor; the API trusts loopback's X-Forwarded-For (ADR 013),
 * so each bench customer comes from its own address.
 */
export async function signUpFundedCustomer(base, i, { fund = 1000 } = {}) {
  const from = { 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}` };
  const email = `bench.${Date.now().toString(36)}.${i}.${randomBytes(3).toString('hex')}@example.test`;
  const password = 'correct horse battery staple bench';
  await apiCall(base, 'POST', '/api/v2/signup', {
    headers: { version: '3.5', ...from },
    body: {
      firstname: 'Bench',
      lastname: 'Koala',
      email,
      password,
      date_of_birth: '1990-01-15',
      phone: '0412 345 678',
      address: '1 George Street',
      address_line_2: '',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
      marketing_consent: false,
      terms_and_conditions: true,
      metadata: { platform: 'Web' },
    },
  });
  const login = await apiCall(base, 'POST', '/api/v2/login', { headers: from, body: { email, password } });
  const auth = { authorization: `Bearer ${login.result.access_token}` };
  await apiCall(base, 'POST', '/api/v2/funds/td/deposit', {
    headers: { ...auth, 'idempotency-key': `fund-${i}` },
    body: { amount: fund },
  });
  const overview = await apiCall(base, 'GET', '/api/v2/customer', { headers: auth });
  return { id: overview.result.customer_id, auth };
}

// ---- pgbench, the yardstick: what PostgreSQL itself does on the same server in the same run ----

const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => existsSync(p));

/**
 * `pgbench -b tpcb-like` (scale 1, `clients` clients, 2 threads, `seconds` s) in a scratch database `bench_pgbench`
 * on the server of `databaseUrl`. Answers { tps } or { skipped: reason } (pgbench not installed, or it failed).
 */
export async function pgbenchTpcb(databaseUrl, { clients, seconds }) {
  if (!PGBENCH) return { skipped: 'pgbench not installed' };
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const target = new URL(databaseUrl);
  target.pathname = '/bench_pgbench';
  const exec = promisify(execFile);
  const run = (file, args) => exec(file, args, { env: { ...process.env, PGCONNECT_TIMEOUT: '10' } });
  try {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'bench_pgbench'`);
      if (!rowCount) await client.query('CREATE DATABASE bench_pgbench');
    } finally {
      await client.end();
    }
    await run(PGBENCH, ['-i', '-q', '-s', '1', target.toString()]);
    const { stdout } = await run(PGBENCH, [
      ...['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-n', target.toString()],
    ]);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    return Number.isFinite(tps) ? { tps } : { skipped: 'no tps in its output' };
  } catch (err) {
    return { skipped: String(err.message).split('\n')[0] };
  }
}

/**
 * CPU time by part of the system (Linux /proc; null elsewhere): the API's processes (their command line runs
 * scripts/start.mjs or apps/api/src/server.ts), PostgreSQL's (comm `postgres`), this bench process, everything else, and the machine's idle
 * time, in milliseconds since boot. `cpuSince(before)` answers the difference, so a bench can say what one checkout
 * costs each part. Per-process times include the kernel time spent on that process's behalf (its socket writes).
 */
export function cpuSnapshot() {
  if (process.platform !== 'linux') return null;
  const tickMs = 10; // USER_HZ is 100 on Linux
  const parts = { api: 0, postgres: 0, bench: 0, other: 0 };
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat;
    let cmdline;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // the process ended while we read
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime + stime, and cutime + cstime: the time of its children that have ended (a pgbench connection's backend,
    // pgbench itself once the bench has waited for it), which would otherwise vanish with them.
    const ms = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tickMs;
    const part =
      Number(pid) === process.pid
        ? 'bench'
        : comm === 'postgres'
          ? 'postgres'
          : /scripts\/start\.mjs|apps\/api\/src\/server\.ts/.test(cmdline)
            ? 'api'
            : 'other';
    parts[part] += ms;
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { ...parts, idle: (cpu[3] + cpu[4]) * tickMs, at: performance.now() };
}

export function cpuSince(before) {
  const now = cpuSnapshot();
  if (!before || !now) return null;
  const d = {};
  for (const k of ['api', 'postgres', 'bench', 'other', 'idle']) d[k] = now[k] - before[k];
  d.wallMs = now.at - before.at;
  return d;
}
