// Child process of the recurring crash test (recurring.test.ts): runs the recurring processor against the test's
// database and kills itself with SIGKILL (no clean-up, no rollback: like a power cut) at the crash point
// CRASH_POINT ('recurring:purchased' unless given: after the purchase committed and before the autoplay recorded it;
// 'recurring:deposited': a card deposit approved and credited, the purchase with it not run yet;
// 'scheduled:purchased': the same as the first for a scheduled purchase or pre-order, preorder.test.ts).
// Run with `node --import tsx`; env: CRASH_DATABASE_URL, CRASH_NOW (the clock, ISO), CRASH_POINT.
import { connectDatabase } from '../../src/db/index.ts';
import { loadConfig } from '../../src/env.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { onCrashPoint } from '../../src/lib/crash-points.ts';
import { createServices } from '../../src/services.ts';

const { CRASH_DATABASE_URL: url, CRASH_NOW: now, CRASH_POINT: at = 'recurring:purchased' } = process.env;
if (!url || !now) throw new Error('CRASH_DATABASE_URL and CRASH_NOW are required');

const database = connectDatabase(url, { max: 4 });
onCrashPoint((point) => {
  if (point === at) process.kill(process.pid, 'SIGKILL');
});
const services = createServices({
  database,
  clock: fixedClock(now),
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }),
});
await services.recurringProcessor.run();
await database.close();
process.stderr.write('the processor finished without reaching its crash point\n');
process.exit(3);
