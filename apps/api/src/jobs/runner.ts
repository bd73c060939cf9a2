// The one job runner (DESIGN.md §8): pg-boss on the shop's own PostgreSQL. Periodic work (the draw clock, the outbox,
// housekeeping) is a task with an interval; every process running jobs offers each task once per interval, and the
// queue's `stately` policy plus a per-interval singleton slot mean that however many processes run, one job per
// slot is queued and at most one runs at a time. Tasks are plain async functions, so tests and the operator CLI call
// them directly.
import PgBoss from 'pg-boss';
import type { Database } from '../db/index.ts';

/** pg-boss accepts a job expiry under 24 hours only, and a singleton slot of its archive interval at most. */
const MAX_EXPIRY_SECONDS = 23 * 60 * 60;
const MAX_SLOT_SECONDS = 12 * 60 * 60;

export interface JobTask {
  name: string;
  everySeconds: number;
  run: () => Promise<void>;
}

export interface JobRunner {
  /** Queue a task now (outside its interval), e.g. after an operator action. */
  trigger(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  database: Database;
  tasks: JobTask[];
  log: { error: (obj: unknown, msg?: string) => void; info?: (msg: string) => void };
  /** How often idle workers look for work; the default suits the draw clock's 10-second resolution. */
  pollingIntervalSeconds?: number;
}

export const JOBS_SCHEMA = 'pgboss';

export async function startJobs({
  database,
  tasks,
  log,
  pollingIntervalSeconds = 2,
}: StartJobsOptions): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: database.url, schema: JOBS_SCHEMA, max: 3, schedule: false });
  boss.on('error', (err) => log.error({ err }, 'job runner error'));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  const offer = async (task: JobTask, singletonSeconds?: number) => {
    try {
      await boss.send(
        task.name,
        {},
        // pg-boss refuses an expiry of 24 hours or more: the daily task (recurring-card-expiry) would never be queued.
        {
          // pg-boss also refuses a singleton slot longer than its archive interval (12 hours): a daily task has
          // 12-hour slots, so two processes starting far apart may both run it once a day (every task is idempotent).
          singletonSeconds: singletonSeconds === undefined ? undefined : Math.min(MAX_SLOT_SECONDS, singletonSeconds),
          retryLimit: 0,
          expireInSeconds: Math.min(MAX_EXPIRY_SECONDS, Math.max(60, task.everySeconds * 10)),
        },
      );
    } catch (err) {
      log.error({ err, task: task.name }, 'could not queue a job');
    }
  };

  for (const task of tasks) {
    await boss.createQueue(task.name, { name: task.name, policy: 'stately' });
    await boss.work(task.name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
      try {
        await task.run();
      } catch (err) {
        // Every task is idempotent and runs again next interval; a failure is logged, not retried in a loop.
        log.error({ err, task: task.name }, 'job failed');
        throw err;
      }
    });
    await offer(task, task.everySeconds);
    const timer = setInterval(() => void offer(task, task.everySeconds), task.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }

  return {
    trigger: async (name) => {
      const task = tasks.find((t) => t.name === name);
      if (!task) throw new Error(`No job named ${name}`);
      await offer(task);
    },
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
