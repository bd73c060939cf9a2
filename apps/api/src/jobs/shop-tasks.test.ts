// The scheduled tasks are wired to real services: run each once against a seeded database a day after seeding, and
// the draws that closed in that day are drawn and paid, pending mail leaves, and nothing fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { testServices } from '../../test/helpers/app.ts';
import type { Database } from '../db/index.ts';
import { fixedClock } from '../lib/clock.ts';
import { shopTasks } from './shop-tasks.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('shop tasks', () => {
  it('runs every task once without a failure and moves due draws to paid', async () => {
    const clock = fixedClock(new Date(Date.now() + 2 * 86_400_000).toISOString());
    const warnings: unknown[] = [];
    const tasks = shopTasks({
      services: testServices(database, { clock }),
      log: { warn: (obj) => warnings.push(obj) },
    });
    expect(tasks.map((t) => t.name).sort()).toEqual([
      'deposit-reconciliation',
      'draw-clock',
      'housekeeping',
      'lotto-party',
      'membership',
      'migration',
      'outbox',
      'recurring',
      'recurring-card-expiry',
      'rg-limits',
      'syndicates',
    ]);
    const before = await database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM draws_draws WHERE status = 'DRAW_OPEN' AND stop_at <= $1",
      [clock.now()],
    );
    expect(before.rows[0]!.n).toBeGreaterThan(0);
    for (const task of tasks) await task.run();
    expect(warnings).toEqual([]);
    const stillOpen = await database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM draws_draws WHERE status IN ('DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN') AND draw_at <= $1",
      [clock.now()],
    );
    expect(stillOpen.rows[0]!.n).toBe(0);
  }, 60_000);
});
