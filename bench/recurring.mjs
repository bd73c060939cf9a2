// Recurring processor throughput (issue 15, Measure): N active Oz Lotto autoplays of N funded customers, all due on
// the draw on sale, bought end to end by recurringProcessor.run() (the same code the `recurring` job and
// `npm run ops -- recurring:run` run: per autoplay a locked transaction and a purchase through purchaseItems), on an
// embedded PostgreSQL (a fresh DATA_DIR, fsync on as `npm start` has it). Beside it, the same purchase called directly
// (purchaseItems, one at a time) for a sample, and the ratio. The target (100,000 in < 60 s, > 1,600/s) needs a
// batch path the processor does not have (ADR 060). Reported, never asserted.
//   node bench/recurring.mjs [autoplays=1000]
import { register } from 'tsx/esm/api';
import { machine, onEmbeddedDatabase } from './lib.mjs';

register();
const db = await import('../apps/api/src/db/index.ts');
const embedded = await import('../apps/api/src/db/embedded.ts');
const { systemClock } = await import('../apps/api/src/lib/clock.ts');
const { loadConfig } = await import('../apps/api/src/env.ts');
const { createServices } = await import('../apps/api/src/services.ts');
const { seedIfEmpty } = await import('../apps/api/src/seed/index.ts');

const N = Number(process.argv[2] ?? 1_000);
const SAMPLE = Math.min(200, N);
const ticket = {
  productType: 'lottery_ticket',
  productOfferKey: 'oz-lotto',
  gameType: 'standard',
  gameOffer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
};

/**
 * Funds every customer with A$100 through the ledger: 4 transactions at a time (a deposit transaction may read through
 * a second pool connection, so more at once can starve the pool), each crediting up to 100 customers (setting up is
 * not what is measured; fewer commits make 100,000 customers take minutes, not a quarter of an hour).
 */
async function fund(s, ids) {
  const chunks = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  for (let i = 0; i < chunks.length; i += 4)
    await Promise.all(
      chunks.slice(i, i + 4).map((chunk) =>
        s.database.db.transaction(async (tx) => {
          for (const customerId of chunk)
            await s.ledger.creditDeposit(tx, {
              customerId,
              amountCents: 10_000,
              currency: 'AUD',
              reference: `bench:${customerId}`,
              description: 'Bench deposit',
            });
        }),
      ),
    );
}

async function run(database) {
  await db.migrate(database);
  const s = createServices({
    database,
    clock: systemClock,
    config: loadConfig({ NODE_ENV: 'test', RECURRING_CONCURRENCY: process.env.RECURRING_CONCURRENCY }),
  });
  await seedIfEmpty(s);
  await database.pool.query(
    `UPDATE catalogue_offers SET recurring_purchase = '{"type":"autoplay","availability":"available"}' WHERE key = 'oz-lotto'`,
  );
  await s.draws.ensureSchedule('oz-lotto');

  // The interactive baseline: the same purchase, called directly, one at a time.
  const direct = Array.from({ length: SAMPLE }, (_, i) => `cus_bench_direct_${i}`);
  await fund(s, direct);
  let t = performance.now();
  for (const id of direct) await s.purchase.purchaseItems(id, `bench-direct:${id}`, [{ ...ticket, numDraws: 1 }]);
  const directRate = SAMPLE / ((performance.now() - t) / 1000);

  // N autoplays, inserted in one statement (setting up is not what is measured), all due on the draw on sale.
  const ids = Array.from({ length: N }, (_, i) => `cus_bench_rcp_${i}`);
  t = performance.now();
  await fund(s, ids);
  await database.pool.query(
    `INSERT INTO recurring_purchases (public_id, customer_id, type, product_type, offer_key, template, description,
       price_cents, currency, status, created_at, updated_at)
     SELECT 'rcp_bench' || i, 'cus_bench_rcp_' || i, 'autoplay', 'lottery_ticket', 'oz-lotto', $1::jsonb,
       'Oz Lotto Standard, 1 game, autoplay', 155, 'AUD', 'active', now(), now()
     FROM generate_series(0, $2::int - 1) AS i`,
    [JSON.stringify({ ...ticket, numDraws: 1 }), N],
  );
  const setupS = (performance.now() - t) / 1000;

  t = performance.now();
  const report = await s.recurringProcessor.run();
  const runS = (performance.now() - t) / 1000;
  t = performance.now();
  const again = await s.recurringProcessor.run();
  const repeatS = (performance.now() - t) / 1000;
  const rate = report.purchased / runS;
  console.log(
    `embedded PostgreSQL, processor concurrency ${s.config.recurringConcurrency}: ${N.toLocaleString('en-AU')} autoplays set up in ${setupS.toFixed(1)} s; the processor bought ` +
      `${report.purchased.toLocaleString('en-AU')} in ${runS.toFixed(1)} s (${Math.round(rate)} purchases/s; ` +
      `${report.softFailures} soft, ${report.hardFailures} hard failures); a repeat run bought ${again.purchased} in ` +
      `${repeatS.toFixed(1)} s. Direct purchaseItems: ${Math.round(directRate)} purchases/s; ratio ${(rate / directRate).toFixed(2)}. ` +
      `At this rate 100,000 would take ${Math.round(100_000 / rate)} s (target < 60 s).`,
  );
}

console.log(machine());
await onEmbeddedDatabase(db, embedded, (database) => run(database));
