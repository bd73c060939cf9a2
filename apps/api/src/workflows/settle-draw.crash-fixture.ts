// Child process of the crash-and-resume test: settles a draw against the database named in the environment and
// kills itself with SIGKILL (no clean-up, no rollback handlers: like a power cut) after SETTLE_CRASH_AFTER_BATCHES
// committed batches: with SETTLE_CRASH_POINT=in_transaction it dies inside the next batch's transaction instead, with
// that batch's credits written but not committed. Run with `node --import tsx`.
import { connectDatabase } from '../db/index.ts';
import { loadConfig } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { createServices } from '../services.ts';

const url = process.env.SETTLE_DATABASE_URL;
const drawId = process.env.SETTLE_DRAW_ID;
const crashAfter = Number(process.env.SETTLE_CRASH_AFTER_BATCHES ?? '0');
const crashInTransaction = process.env.SETTLE_CRASH_POINT === 'in_transaction';
const batchSize = Number(process.env.SETTLE_BATCH_SIZE ?? '100');
if (!url || !drawId) throw new Error('SETTLE_DATABASE_URL and SETTLE_DRAW_ID are required');

const database = connectDatabase(url, { max: 2 });
const { settlement } = createServices({ database, clock: systemClock, config: loadConfig({ NODE_ENV: 'test' }) });
// One batch at a time, so the test knows exactly which batches were committed before the kill.
await settlement.settle(drawId, {
  batchSize,
  concurrency: 1,
  afterBatch: (batches) => {
    if (!crashInTransaction && crashAfter > 0 && batches >= crashAfter) process.kill(process.pid, 'SIGKILL');
  },
  beforeCommit: (batch) => {
    if (crashInTransaction && crashAfter > 0 && batch > crashAfter) process.kill(process.pid, 'SIGKILL');
  },
});
await database.close();
