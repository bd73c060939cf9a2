// Wallet throughput (issue 5 "Measure"): deposits/s (test gateway + ledger credit) and purchases-from-wallet/s
// (ledger debit under the wallet's row locks), on the embedded default and, when DATABASE_URL is set, on that
// server too; beside `pgbench -b tpcb-like` on the same server in the same run (when pgbench exists), with the ratio.
// Runs under tsx (it imports the API's TypeScript): node --import tsx bench/wallet.mjs. Numbers are reported only.
import { loadConfig } from '../apps/api/src/env.ts';
import { migrate, openDatabase, connectDatabase } from '../apps/api/src/db/index.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createServices } from '../apps/api/src/services.ts';
import { pgbenchTpcb, tempDataDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);

async function forDuration(clients, fn) {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < end; i++) {
        try {
          await fn(c, i);
          done++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return { perSecond: done / SECONDS, failed };
}

async function measure(label, database) {
  await migrate(database);
  // Deposits go through the payments service as the shop wires it (deposit limits and exclusions checked).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { ledger, payments } = createServices({ database, clock: systemClock, config });
  const run = Date.now().toString(36);
  // Deposits: each client its own customer (a deposit locks only its wallet).
  const deposits = await forDuration(CLIENTS, (c) =>
    payments.deposits.deposit(`cus_bench${run}d${c}`, 'td', { amount: 10 }),
  );
  // Purchases: clients share 4 wallets, so row locks are contended as on a busy account.
  const wallets = Array.from({ length: 4 }, (_, w) => `cus_bench${run}p${w}`);
  for (const w of wallets)
    await database.db.transaction((tx) =>
      ledger.creditDeposit(tx, {
        customerId: w,
        amountCents: 1_000_000_000,
        currency: 'AUD',
        reference: `bench:${run}:${w}`,
        description: 'Bench float',
      }),
    );
  const purchases = await forDuration(CLIENTS, (c, i) =>
    database.db.transaction((tx) =>
      ledger.debitPurchase(tx, {
        customerId: wallets[c % wallets.length],
        amountCents: 150,
        currency: 'AUD',
        reference: `bench:${run}:${c}:${i}`,
        description: 'Bench purchase',
      }),
    ),
  );
  const pgbench = await pgbenchTpcb(database.url, { clients: CLIENTS, seconds: SECONDS });
  if (pgbench.skipped) console.log(`  pgbench skipped: ${pgbench.skipped}`);
  const tps = pgbench.tps ?? null;
  const verify = await ledger.verify();
  console.log(
    `${label}: deposits ${deposits.perSecond.toFixed(0)}/s, purchases-from-wallet ${purchases.perSecond.toFixed(0)}/s (${CLIENTS} clients, ${SECONDS}s each)`,
  );
  if (tps)
    console.log(
      `  pgbench tpcb-like ${tps.toFixed(0)} tps; deposits at ${((deposits.perSecond / tps) * 100).toFixed(0)}%, purchases at ${((purchases.perSecond / tps) * 100).toFixed(0)}% of it`,
    );
  console.log(`  ledger after: ${JSON.stringify(verify)}`);
}

const data = tempDataDir();
try {
  const embedded = await openDatabase(
    loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: data.dir, LOG_LEVEL: 'silent' }),
    { forTests: false },
  );
  try {
    await measure('embedded', embedded);
  } finally {
    await embedded.close();
  }
  if (process.env.DATABASE_URL) {
    const external = connectDatabase(process.env.DATABASE_URL);
    try {
      await measure('DATABASE_URL', external);
    } finally {
      await external.close();
    }
  }
} finally {
  data.remove();
}
