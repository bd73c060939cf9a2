// The job runner on a real database: tasks run, and two processes' runners never run one task twice at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db.ts';
import type { Database } from '../db/index.ts';
import { startJobs, type JobRunner } from './runner.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const quiet = { error: () => undefined };

describe('job runner', () => {
  it('runs a task and never runs it twice at once across two runners on one database', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const task = (name: string) => ({
      name,
      everySeconds: 1,
      run: async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 300));
        running -= 1;
        runs += 1;
      },
    });
    const runners: JobRunner[] = [];
    try {
      runners.push(await startJobs({ database, tasks: [task('test-tick')], log: quiet, pollingIntervalSeconds: 0.5 }));
      runners.push(await startJobs({ database, tasks: [task('test-tick')], log: quiet, pollingIntervalSeconds: 0.5 }));
      await runners[0]!.trigger('test-tick');
      await runners[1]!.trigger('test-tick');
      expect(await until(() => runs >= 3, 30_000)).toBe(true);
      expect(maxRunning).toBe(1);
    } finally {
      for (const r of runners) await r.stop();
    }
  }, 60_000);

  it('queues a daily task (pg-boss takes an expiry under 24 hours only) and runs it', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const runner = await startJobs({
      database,
      log: { error: (obj: unknown) => errors.push(obj) },
      pollingIntervalSeconds: 0.5,
      tasks: [{ name: 'test-daily', everySeconds: 86_400, run: async () => void (runs += 1) }],
    });
    try {
      await runner.trigger('test-daily');
      const ran = await until(() => runs >= 1, 30_000);
      expect(errors.map((e) => String((e as { err?: Error }).err?.message))).toEqual([]);
      expect(ran).toBe(true);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('keeps running a task after one of its runs fails', async () => {
    let calls = 0;
    const runner = await startJobs({
      database,
      log: quiet,
      pollingIntervalSeconds: 0.5,
      tasks: [
        {
          name: 'test-flaky',
          everySeconds: 1,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('first run fails');
          },
        },
      ],
    });
    try {
      expect(await until(() => calls >= 2, 30_000)).toBe(true);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
