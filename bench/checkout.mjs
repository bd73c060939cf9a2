// Checkout throughput (issue 6 "Reliability and load"): checkouts per second end to end over HTTP, each checkout
// being add-to-cart (POST /cart/items) + purchase (POST /cart/purchase with an Idempotency-Key), by N signed-up
// customers with funded wallets, C at a time, against the real API process (`node scripts/start.mjs --api-only`) on
// this machine. The database is DATABASE_URL when set, else an embedded PostgreSQL this script starts; beside it,
// `pgbench -b tpcb-like` on the same server in the same run, and the ratio. Numbers are reported, never asserted.
// Run: node --import tsx bench/checkout.mjs   (BENCH_SECONDS, BENCH_CUSTOMERS, BENCH_CONCURRENCY)
import { spawn, execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadConfig } from '../apps/api/src/env.ts';
import { createDatabaseIfMissing, openDatabase, withDatabase } from '../apps/api/src/db/index.ts';
import { freePort, machine, repoRoot, tempDataDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
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

async function startApi(port, databaseUrl, dataDir) {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], {
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
      AUTH_SECRET: randomBytes(32).toString('hex'),
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

async function measure(label, databaseUrl, dataDir) {
  const api = await startApi(await freePort(), databaseUrl, dataDir);
  try {
    // The first customer alone: its deposit creates the ledger's house accounts; then 8 at a time.
    const customers = [
      await customer(api.base, 0),
      ...(await pool(
        Array.from({ length: CUSTOMERS - 1 }, (_, i) => i + 1),
        8,
        (i) => customer(api.base, i),
      )),
    ];
    // Warm-up: every customer's first checkout (creates its cart and wallet rows).
    await pool(customers, CONCURRENCY, (auth, i) => checkout(api.base, auth, `w${i}`));
    const latencies = [];
    let failed = 0;
    let firstError = null;
    let n = 0;
    const end = performance.now() + SECONDS * 1000;
    // Each worker owns its customers: a customer has one cart, so two workers on one customer would buy each other's items.
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        const mine = customers.filter((_, i) => i % CONCURRENCY === w);
        for (let k = 0; performance.now() < end; k++) {
          const started = performance.now();
          try {
            await checkout(api.base, mine[k % mine.length], `${w}-${n++}`);
            latencies.push(performance.now() - started);
          } catch (err) {
            failed++;
            firstError ??= err.message;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const rate = latencies.length / SECONDS;
    let tps = null;
    if (PGBENCH) {
      try {
        await createDatabaseIfMissing(withDatabase(databaseUrl, 'postgres'), 'checkout_pgbench');
        const target = withDatabase(databaseUrl, 'checkout_pgbench');
        execFileSync(PGBENCH, ['-i', '-q', '-s', '1', target], { stdio: 'ignore' });
        const out = execFileSync(
          PGBENCH,
          ['-b', 'tpcb-like', '-c', String(Math.min(CONCURRENCY, 16)), '-j', '2', '-T', String(SECONDS), '-n', target],
          { encoding: 'utf8' },
        );
        tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
      } catch (err) {
        console.log(`  pgbench skipped: ${String(err.message).split('\n')[0]}`);
      }
    }
    console.log(
      `${label}: ${rate.toFixed(0)} checkouts/s (add to cart + purchase over HTTP), p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, ${latencies.length} checkouts, ${failed} failed; ${CUSTOMERS} customers, concurrency ${CONCURRENCY}, ${SECONDS} s`,
    );
    if (firstError) console.log(`  first failure: ${firstError}`);
    if (tps)
      console.log(
        `  pgbench tpcb-like ${tps.toFixed(0)} tps on the same server; checkouts at ${((rate / tps) * 100).toFixed(1)}% of it (one checkout is ~2 HTTP calls and 2 transactions)`,
      );
    else console.log('  pgbench not installed: no ratio');
  } finally {
    await api.stop();
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
