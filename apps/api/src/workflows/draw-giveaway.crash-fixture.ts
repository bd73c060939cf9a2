// Child process of the giveaway reliability tests (draw-giveaway.workflow.test.ts), on the database named in the
// environment with a clock fixed at GIVEAWAY_NOW:
// - GIVEAWAY_MODE=tick runs the membership job's tick once (two of these at once: "two processes, one draw"); it
//   waits until GIVEAWAY_START_AT (epoch ms) so both start together;
// - GIVEAWAY_MODE=draw draws GIVEAWAY_ID and kills itself with SIGKILL (no clean-up, no rollback handlers: like a
//   power cut) at GIVEAWAY_CRASH_POINT: after_winners (winners chosen and committed, nothing paid) or
//   after_prize_order (the free tickets of prize GIVEAWAY_CRASH_RANK bought, the winner not yet marked paid).
// Run with `node --import tsx`.
import { connectDatabase } from '../db/index.ts';
import { loadConfig } from '../env.ts';
import { fixedClock } from '../lib/clock.ts';
import { createServices } from '../services.ts';

const url = process.env.GIVEAWAY_DATABASE_URL;
const now = process.env.GIVEAWAY_NOW;
if (!url || !now) throw new Error('GIVEAWAY_DATABASE_URL and GIVEAWAY_NOW are required');
const mode = process.env.GIVEAWAY_MODE ?? 'tick';
const crash = () => process.kill(process.pid, 'SIGKILL');

const database = connectDatabase(url, { max: 4 });
const { membership } = createServices({
  database,
  clock: fixedClock(now),
  config: loadConfig({ NODE_ENV: 'test' }),
});

if (mode === 'tick') {
  const startAt = Number(process.env.GIVEAWAY_START_AT ?? '0');
  while (Date.now() < startAt) await new Promise((r) => setTimeout(r, 5));
  const report = await membership.giveawayDraws.tick(new Date(now));
  process.stdout.write(JSON.stringify(report));
} else {
  const id = process.env.GIVEAWAY_ID;
  if (!id) throw new Error('GIVEAWAY_ID is required');
  const point = process.env.GIVEAWAY_CRASH_POINT;
  const rank = Number(process.env.GIVEAWAY_CRASH_RANK ?? '0');
  await membership.giveawayDraws.draw(id, {
    afterWinnersChosen: () => {
      if (point === 'after_winners') crash();
    },
    afterPrizeOrder: (r) => {
      if (point === 'after_prize_order' && r === rank) crash();
    },
  });
}
await database.close();
