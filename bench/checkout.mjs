// Checkout throughput (issue 6 "Reliability and load", issue 22): checkouts per second end to end over HTTP, each
// checkout being add-to-cart (POST /cart/items) + purchase (POST /cart/purchase with an Idempotency-Key), by N
// signed-up customers with funded wallets, C at a time, against the real API (`node scripts/start.mjs --api-only`)
// on this machine. The database is DATABASE_URL when set, else an embedded PostgreSQL this script starts; beside it,
// `pgbench -b tpcb-like` on the same server in the same run, and the ratio. Numbers are reported, never asserted.
// Run: node --import tsx bench/checkout.mjs
//   BENCH_SECONDS (per measurement), BENCH_CUSTOMERS, BENCH_CONCURRENCY (a list: 8,32,128), BENCH_WORKERS (a list of
//   SHOP_WORKERS values, e.g. 1,2: the API is started once per value on the same database and customers),
//   BENCH_CPU_PROF (a directory for the API processes' CPU profiles).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { loadConfig } from '../apps/api/src/env.ts';
import { openDatabase } from '../apps/api/src/db/index.ts';
import {
  cpuSince,
  cpuSnapshot,
  freePort,
  httpCall,
  inPool,
  machine,
  pgbenchTpcb,
  signUpFundedCustomer,
  startApi,
  tempDataDir,
} from './lib.mjs';

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
// One secret for every API start of the run, so the customers' tokens work across them.
const AUTH_SECRET = randomBytes(32).toString('hex');

const ITEM = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true }],
};

// The customers' side: node:http with keep-alive (httpCall), not fetch, whose CPU per call was a sixth of the
// machine's work per checkout (the table printed under CPU per checkout shows what the client costs now).
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

async function checkout(base, auth, n) {
  await httpCall(agent, base, 'POST', '/api/v2/cart/items', {
    headers: { ...auth, version: '3.3' },
    body: { item: ITEM },
  });
  await httpCall(agent, base, 'POST', '/api/v2/cart/purchase', {
    headers: { ...auth, version: '3.3', 'idempotency-key': `bench-${n}-${randomBytes(4).toString('hex')}` },
    body: {},
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function start(databaseUrl, dataDir, workers) {
  // BENCH_CPU_PROF=<dir>: every process of the server writes a V8 CPU profile there on exit.
  const profile = process.env.BENCH_CPU_PROF;
  return freePort().then((port) =>
    startApi({
      port,
      databaseUrl,
      dataDir,
      env: {
        AUTH_SECRET,
        SHOP_WORKERS: String(workers),
        ...(profile ? { SHOP_CPU_PROF_DIR: profile } : {}),
      },
    }),
  );
}

async function signUp(base) {
  // The first customer alone: its deposit creates the ledger's house accounts; then 8 at a time.
  return [
    (await signUpFundedCustomer(base, 0)).auth,
    ...(await inPool(
      Array.from({ length: CUSTOMERS - 1 }, (_, i) => i + 1),
      8,
      async (i) => (await signUpFundedCustomer(base, i)).auth,
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
  const cpuBefore = cpuSnapshot();
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
  const cpu = cpuSince(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    cpu,
    rate: latencies.length / SECONDS,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    n: latencies.length,
    failed,
    firstError,
  };
}

/** Every BENCH_WORKERS x BENCH_CONCURRENCY pair on one database, then pgbench at each concurrency; one table. */
async function measure(label, databaseUrl, dataDir) {
  if (CUSTOMERS < Math.max(...CONCURRENCIES))
    throw new Error('BENCH_CUSTOMERS must be at least the largest concurrency');
  let customers;
  const rows = [];
  for (const workers of WORKERS) {
    const api = await start(databaseUrl, dataDir, workers);
    try {
      customers ??= await signUp(api.base);
      // Warm-up: every customer's checkout once (the first creates its cart and wallet rows; later ones warm this
      // start's caches and connections).
      await inPool(customers, 32, (auth, i) => checkout(api.base, auth, `w${workers}-${i}`));
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
  const pgbenchCpu = new Map();
  for (const c of CONCURRENCIES) {
    const cpuBefore = cpuSnapshot();
    const pgbench = await pgbenchTpcb(databaseUrl, { clients: Math.min(c, 16), seconds: SECONDS });
    if (pgbench.skipped) {
      console.log(`  pgbench skipped: ${pgbench.skipped}`);
      break;
    }
    tps.set(c, pgbench.tps);
    // pgbench's set-up (-i) is inside this window too: a slight overstatement of its per-transaction cost.
    const cpu = cpuSince(cpuBefore);
    if (cpu) pgbenchCpu.set(c, { ...cpu, n: pgbench.tps * SECONDS });
  }
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
  printCpu(label, rows, pgbenchCpu);
}

/**
 * Where the machine's CPU went during each row, per checkout: the API, PostgreSQL, this bench (the customers' side:
 * HTTP client and JSON), the rest, and how idle the cores were. What one checkout costs each part bounds the rate
 * the machine can reach: cores x 1000 / (sum of the parts' ms) checkouts/s at 100 % busy.
 */
function printCpu(label, rows, pgbenchCpu) {
  if (!rows.some((r) => r.cpu)) return;
  const cores = os.availableParallelism();
  console.log(`\n${label}: CPU per checkout during each row (ms; user + kernel time on its behalf; /proc)\n`);
  console.log(
    '| API processes | concurrency | API | PostgreSQL | bench client | other | idle | ceiling at 100 % busy |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (!r.cpu || !r.n) continue;
    const per = (ms) => (ms / r.n).toFixed(2);
    const sum = (r.cpu.api + r.cpu.postgres + r.cpu.bench + r.cpu.other) / r.n;
    const idle = (100 * r.cpu.idle) / (r.cpu.wallMs * cores);
    console.log(
      `| ${r.workers} | ${r.concurrency} | ${per(r.cpu.api)} | ${per(r.cpu.postgres)} | ${per(r.cpu.bench)} | ${per(r.cpu.other)} | ${idle.toFixed(0)} % | ${((cores * 1000) / sum).toFixed(0)} checkouts/s |`,
    );
  }
  for (const [c, cpu] of pgbenchCpu) {
    if (!cpu.n) continue;
    console.log(
      `pgbench tpcb-like -c ${Math.min(c, 16)}: per transaction ${(cpu.postgres / cpu.n).toFixed(2)} ms PostgreSQL, ${((cpu.bench + cpu.other) / cpu.n).toFixed(2)} ms pgbench and the rest, idle ${((100 * cpu.idle) / (cpu.wallMs * cores)).toFixed(0)} %`,
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
