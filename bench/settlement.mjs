// Settlement end to end (issue 3, Measure): 1,000,000 stored Oz Lotto ticket lines of 10,000 customers, scored and
// every winning line recorded and credited to its wallet (settleDraw, the same code the draw clock runs). On the
// embedded default (a fresh DATA_DIR, fsync on as `npm start` has it) and, when DATABASE_URL is set, on that server
// in a scratch database that is dropped afterwards. Target: settlement under 30 s. Reported, never asserted.
//   node bench/settlement.mjs [lines]
import { register } from 'tsx/esm/api';
import { machine, onEmbeddedDatabase } from './lib.mjs';

register();
const db = await import('../apps/api/src/db/index.ts');
const embedded = await import('../apps/api/src/db/embedded.ts');
const { systemClock } = await import('../apps/api/src/lib/clock.ts');
const { loadConfig } = await import('../apps/api/src/env.ts');
const { createServices } = await import('../apps/api/src/services.ts');
const { createScorer, encodeLineWords, getGame, quickPick, seededRandom, simulateResult } =
  await import('@shop/lottery');

const LINES = Number(process.argv[2] ?? 1_000_000);
const CUSTOMERS = 10_000;
const INSERT_CHUNK = 50_000;
const DIVIDENDS = [
  { division: 1, prizeCents: 1_000_000_000 },
  { division: 2, prizeCents: 4_750_000 },
  { division: 3, prizeCents: 460_000 },
  { division: 4, prizeCents: 37_900 },
  { division: 5, prizeCents: 5_200 },
  { division: 6, prizeCents: 2_600 },
  { division: 7, prizeCents: 1_600 },
];
const int4 = (w) => w | 0;

async function storeLines(database, draw) {
  const game = getGame('oz-lotto', draw.drawNo);
  const rng = seededRandom(20_260_521);
  for (let start = 0; start < LINES; start += INSERT_CHUNK) {
    const n = Math.min(INSERT_CHUNK, LINES - start);
    const cols = { id: [], customer: [], numbers: [], lo: [], hi: [], bonus: [] };
    for (let i = start; i < start + n; i++) {
      const sets = quickPick(game, rng, 'standard').sets;
      const [lo, hi, bonus] = encodeLineWords(game, { sets });
      cols.id.push(`tkt_bench${i.toString(36).padStart(8, '0')}`);
      cols.customer.push(`cus_bench${i % CUSTOMERS}`);
      cols.numbers.push(JSON.stringify(sets));
      cols.lo.push(int4(lo));
      cols.hi.push(int4(hi));
      cols.bonus.push(int4(bonus));
    }
    // One multi-row INSERT ... SELECT FROM unnest per chunk: 6 bind parameters however many rows.
    await database.pool.query(
      `INSERT INTO orders_ticket_lines (public_id, customer_id, draw_id, game_key, game_type, numbers, mask_lo, mask_hi, mask_bonus, games)
       SELECT id, customer, $7, 'oz-lotto', 'standard', numbers, lo, hi, bonus, 1
       FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::int[], $5::int[], $6::int[]) AS t(id, customer, numbers, lo, hi, bonus)`,
      [cols.id, cols.customer, cols.numbers, cols.lo, cols.hi, cols.bonus, draw.id],
    );
  }
}

async function run(label, database) {
  await db.migrate(database);
  const clock = systemClock;
  const { draws, orders, settlement } = createServices({ database, clock, config: loadConfig({ NODE_ENV: 'test' }) });
  await draws.ensureSchedule('oz-lotto');
  const [draw] = await draws.upcomingDraws('oz-lotto', 1);
  const game = getGame('oz-lotto', draw.drawNo);

  let t = performance.now();
  await storeLines(database, draw);
  await database.pool.query('ANALYZE orders_ticket_lines');
  const insertS = (performance.now() - t) / 1000;

  await draws.close(draw.id);
  await draws.recordResult(draw.id, simulateResult(game, seededRandom(7)), DIVIDENDS, 'simulated');
  // Reading and scoring alone (no writes): what settlement costs apart from recording and crediting prizes.
  const scorer = createScorer(game, (await draws.getDraw(draw.id)).result);
  t = performance.now();
  let scored = 0;
  let winning = 0;
  for (let afterId = 0; ;) {
    const { lines, nextAfterId } = await orders.linesForDraw(draw.id, { afterId, limit: 5_000 });
    for (const l of lines) if (scorer.words(l.words[0], l.words[1], l.words[2]) !== 0) winning++;
    scored += lines.length;
    if (nextAfterId === null) break;
    afterId = nextAfterId;
  }
  const scoreS = (performance.now() - t) / 1000;
  console.log(
    `${label}: read and scored ${scored.toLocaleString('en-AU')} lines in ${scoreS.toFixed(1)} s (${winning.toLocaleString('en-AU')} winning), no writes`,
  );

  t = performance.now();
  const report = await settlement.settle(draw.id, {
    batchSize: 5_000,
    concurrency: Number(process.env.SETTLE_CONCURRENCY ?? 4),
  });
  const settleS = (performance.now() - t) / 1000;
  t = performance.now();
  const again = await settlement.settle(draw.id);
  const repeatS = (performance.now() - t) / 1000;

  console.log(
    `${label}: stored ${LINES.toLocaleString('en-AU')} lines in ${insertS.toFixed(1)} s; settled in ${settleS.toFixed(1)} s ` +
      `(${Math.round(report.linesScored / settleS).toLocaleString('en-AU')} lines/s, ${report.prizesRecorded.toLocaleString('en-AU')} prizes recorded and credited, ` +
      `${report.batches} batches) ${settleS < 30 ? 'within' : 'OVER'} the 30 s target; a repeat run recorded ${again.prizesRecorded} in ${repeatS.toFixed(2)} s`,
  );
}

console.log(machine());

await onEmbeddedDatabase(db, embedded, (database) => run('embedded PostgreSQL', database));

if (process.env.DATABASE_URL) {
  const scratch = `bench_settlement_${process.pid}`;
  await db.recreateDatabase(process.env.DATABASE_URL, scratch);
  const database = db.connectDatabase(db.withDatabase(process.env.DATABASE_URL, scratch));
  try {
    await run(`DATABASE_URL server (${new URL(process.env.DATABASE_URL).host})`, database);
  } finally {
    await database.close();
    const admin = db.connectDatabase(process.env.DATABASE_URL, { max: 1 });
    await admin.pool.query(`DROP DATABASE IF EXISTS ${db.quoteIdent(scratch)} WITH (FORCE)`);
    await admin.close();
  }
}
