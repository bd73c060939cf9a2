// Checkout throughput (issue 6 "Reliability and load"): checkouts per second end to end over HTTP, each checkout
// being add-to-cart (POST /cart/items) + purchase (POST /cart/purchase with an Idempotency-Key), by N signed-up
// customers with funded wallets, C at a time, against the real API process (`node scripts/start.mjs --api-only`) on
// this machine. The database is DATABASE_URL when set, else an embedded PostgreSQL this script starts; beside it,
// `pgbench -b tpcb-like` on the same server in the same run, and the ratio. Numbers are reported, never asserted.
// Run: node --import tsx bench/checkout.mjs   (BENCH_SECONDS, BENCH_CUSTOMERS, BENCH_CONCURRENCY)
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../apps/api/src/env.ts';
import { openDatabase } from '../apps/api/src/db/index.ts';
import {
  apiCall,
  freePort,
  inPool,
  machine,
  pgbenchTpcb,
  signUpFundedCustomer,
  startApi,
  tempDataDir,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const ITEM = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true }],
};

async function checkout(base, auth, n) {
  await apiCall(base, 'POST', '/api/v2/cart/items', { headers: { ...auth, version: '3.3' }, body: { item: ITEM } });
  await apiCall(base, 'POST', '/api/v2/cart/purchase', {
    headers: { ...auth, version: '3.3', 'idempotency-key': `bench-${n}-${randomBytes(4).toString('hex')}` },
    body: {},
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(label, databaseUrl, dataDir) {
  const api = await startApi({ port: await freePort(), databaseUrl, dataDir });
  try {
    // The first customer alone: its deposit creates the ledger's house accounts; then 8 at a time.
    const customers = [
      (await signUpFundedCustomer(api.base, 0)).auth,
      ...(await inPool(
        Array.from({ length: CUSTOMERS - 1 }, (_, i) => i + 1),
        8,
        async (i) => (await signUpFundedCustomer(api.base, i)).auth,
      )),
    ];
    // Warm-up: every customer's first checkout (creates its cart and wallet rows).
    await inPool(customers, CONCURRENCY, (auth, i) => checkout(api.base, auth, `w${i}`));
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
    const pgbench = await pgbenchTpcb(databaseUrl, { clients: Math.min(CONCURRENCY, 16), seconds: SECONDS });
    if (pgbench.skipped) console.log(`  pgbench skipped: ${pgbench.skipped}`);
    const tps = pgbench.tps ?? null;
    console.log(
      `${label}: ${rate.toFixed(0)} checkouts/s (add to cart + purchase over HTTP), p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, ${latencies.length} checkouts, ${failed} failed; ${CUSTOMERS} customers, concurrency ${CONCURRENCY}, ${SECONDS} s`,
    );
    if (firstError) console.log(`  first failure: ${firstError}`);
    if (tps)
      console.log(
        `  pgbench tpcb-like ${tps.toFixed(0)} tps on the same server; checkouts at ${((rate / tps) * 100).toFixed(1)}% of it (one checkout is ~2 HTTP calls and 2 transactions)`,
      );
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
