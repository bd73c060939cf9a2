// Checkout throughput (issue 6 "Reliability and load"): checkouts per second end to end over HTTP, each checkout
// being add-to-cart (POST /cart/items) + purchase (POST /cart/purchase with an Idempotency-Key), by N signed-up
// customers with funded wallets, C at a time, against the real API process (`node scripts/start.mjs --api-only`) on
// this machine. The database is DATABASE_URL when set, else an embedded PostgreSQL this script starts; beside it,
// `pgbench -b tpcb-like` on the same server in the same run, and the ratio. Numbers are reported, never asserted.
// Run: node --import tsx bench/checkout.mjs
//   BENCH_SECONDS (per measurement), BENCH_CUSTOMERS, BENCH_CONCURRENCY (a list: 8,32,128), BENCH_WORKERS (a list of
//   SHOP_WORKERS values, e.g. 1,2: the API is started once per value on the same database and customers),
//   BENCH_CPU_PROF (a directory for the API processes' CPU profiles).
import { spawn, execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../apps/api/src/env.ts';
import { createDatabaseIfMissing, openDatabase, withDatabase } from '../apps/api/src/db/index.ts';
import { freePort, machine, repoRoot, tempDataDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const list = (value, fallback) =>
  String(value ?? fallback)
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
const CONCURRENCIES = list(process.env.BENCH_CONCURRENCY, '8,32,128');
/** API processes (SHOP_WORKERS); by default what `npm start` runs: one per core. */
const WORKERS = list(process.env.BENCH_WORKERS, String(os.availableParallelism()));
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => existsSync(p));
const APP_KEY = 'web';
const APP_SECRET = 'shop-web-public-signing-secret';

function signed(extra = {}) {
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    'x-app-key': APP_KEY,
    'x-timestamp': ts,
    'x-signature': createHmac('sha256', APP_SECRET).update(`${ts}${APP_KEY}`).digest('hex'),
    'content-type': 'application/json',
    ...extra,
  };
}

async function call(base, method, path, { body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: signed(headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

// One secret for every API start of the run, so the customers' tokens work across them.
const AUTH_SECRET = randomBytes(32).toString('hex');

async function startApi(port, databaseUrl, dataDir, workers) {
  // BENCH_CPU_PROF=<dir>: the server (each of its processes) writes a V8 CPU profile there on exit; started without
  // the start.mjs wrapper, which would not pass the flag on.
  const profile = process.env.BENCH_CPU_PROF;
  const command = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--import', 'tsx', 'apps/api/src/server.ts', '--api-only']
    : ['scripts/start.mjs', '--api-only'];
  const child = spawn(process.execPath, command, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // 'test': the bench funds wallets with the test deposit, which production does not serve (ADR 027); the API
      // alone renders no React, so nothing measured depends on the mode.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      // One client IP drives the whole load: the per-IP limit would measure the limiter, not checkout.
      RATE_LIMIT_MAX: '100000000',
      // Sign-ups only set the bench up; password hashing cost is not what is measured.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      AUTH_SECRET,
      SHOP_WORKERS: String(workers),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${base}/api/v2/config`, { headers: signed() });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`API did not come up within 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, output: () => output, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

async function pool(items, size, fn) {
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

async function customer(base, i) {
  // Sign-ups are throttled per visitor; the API trusts loopback's X-Forwarded-For (ADR 013), so each bench customer
  // comes from its own address.
  const from = { 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}` };
  const email = `bench.${Date.now().toString(36)}.${i}.${randomBytes(3).toString('hex')}@example.test`;
  const password = 'correct horse battery staple bench';
  await call(base, 'POST', '/api/v2/signup', {
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
  const login = await call(base, 'POST', '/api/v2/login', { headers: from, body: { email, password } });
  const auth = { authorization: `Bearer ${login.result.access_token}` };
  await call(base, 'POST', '/api/v2/funds/td/deposit', {
    headers: { ...auth, 'idempotency-key': `fund-${i}` },
    body: { amount: 1000 },
  });
  return auth;
}

const ITEM = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true }],
};

async function checkout(base, auth, n) {
  await call(base, 'POST', '/api/v2/cart/items', { headers: { ...auth, version: '3.3' }, body: { item: ITEM } });
  await call(base, 'POST', '/api/v2/cart/purchase', {
    headers: { ...auth, version: '3.3', 'idempotency-key': `bench-${n}-${randomBytes(4).toString('hex')}` },
    body: {},
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function signUp(base) {
  // The first customer alone: its deposit creates the ledger's house accounts; then 8 at a time.
  return [
    await customer(base, 0),
    ...(await pool(
      Array.from({ length: CUSTOMERS - 1 }, (_, i) => i + 1),
      8,
      (i) => customer(base, i),
    )),
  ];
}

/** Checkouts for SECONDS at `concurrency`: each bench worker owns its customers (one cart each, never shared). */
async function run(base, customers, concurrency, tag) {
  const latencies = [];
  let failed = 0;
  let firstError = null;
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const mine = customers.filter((_, i) => i % concurrency === w);
      for (let k = 0; performance.now() < end; k++) {
        const started = performance.now();
        try {
          await checkout(base, mine[k % mine.length], `${tag}-${w}-${n++}`);
          latencies.push(performance.now() - started);
        } catch (err) {
          failed++;
          firstError ??= err.message;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / SECONDS,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    n: latencies.length,
    failed,
    firstError,
  };
}

function pgbench(databaseUrl, concurrency) {
  const target = withDatabase(databaseUrl, 'checkout_pgbench');
  const out = execFileSync(
    PGBENCH,
    ['-b', 'tpcb-like', '-c', String(Math.min(concurrency, 16)), '-j', '2', '-T', String(SECONDS), '-n', target],
    { encoding: 'utf8' },
  );
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
}

/** Every BENCH_WORKERS x BENCH_CONCURRENCY pair on one database, then pgbench at each concurrency; one table. */
async function measure(label, databaseUrl, dataDir) {
  if (CUSTOMERS < Math.max(...CONCURRENCIES))
    throw new Error('BENCH_CUSTOMERS must be at least the largest concurrency');
  let customers;
  const rows = [];
  for (const workers of WORKERS) {
    const api = await startApi(await freePort(), databaseUrl, dataDir, workers);
    try {
      customers ??= await signUp(api.base);
      // Warm-up: every customer's checkout once (the first creates its cart and wallet rows; later ones warm this
      // start's caches and connections).
      await pool(customers, 32, (auth, i) => checkout(api.base, auth, `w${workers}-${i}`));
      for (const concurrency of CONCURRENCIES) {
        const r = await run(api.base, customers, concurrency, `${workers}-${concurrency}`);
        rows.push({ workers, concurrency, ...r });
        console.log(
          `  ${label}, ${workers} API process(es), concurrency ${concurrency}: ${r.rate.toFixed(0)} checkouts/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.n} checkouts, ${r.failed} failed`,
        );
        if (r.firstError) console.log(`    first failure: ${r.firstError}`);
      }
    } finally {
      await api.stop();
    }
  }
  const tps = new Map();
  if (PGBENCH) {
    try {
      await createDatabaseIfMissing(withDatabase(databaseUrl, 'postgres'), 'checkout_pgbench');
      execFileSync(PGBENCH, ['-i', '-q', '-s', '1', withDatabase(databaseUrl, 'checkout_pgbench')], {
        stdio: 'ignore',
      });
      for (const c of CONCURRENCIES) tps.set(c, pgbench(databaseUrl, c));
    } catch (err) {
      console.log(`  pgbench skipped: ${String(err.message).split('\n')[0]}`);
    }
  } else console.log('  pgbench not installed: no ratio');
  console.log(
    `\n${label}: ${CUSTOMERS} customers, ${SECONDS} s per row; a checkout = add to cart + purchase over HTTP; pgbench tpcb-like -c min(concurrency, 16) on the same server in the same run\n`,
  );
  console.log(
    '| database | API processes | concurrency | checkouts/s | p50 ms | p99 ms | failed | pgbench tps | ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const t = tps.get(r.concurrency);
    console.log(
      `| ${label} | ${r.workers} | ${r.concurrency} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failed} | ${t ? t.toFixed(0) : '-'} | ${t ? `${((r.rate / t) * 100).toFixed(1)}%` : '-'} |`,
    );
  }
}

console.log(machine());
const data = tempDataDir();
try {
  if (process.env.DATABASE_URL) {
    await measure('DATABASE_URL', process.env.DATABASE_URL, data.dir);
  } else {
    const embedded = await openDatabase(
      loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: data.dir, LOG_LEVEL: 'silent' }),
      { forTests: false },
    );
    try {
      await measure('embedded', embedded.url, data.dir);
    } finally {
      await embedded.close();
    }
  }
} finally {
  data.remove();
}
