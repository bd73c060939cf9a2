// Helpers of the recurring processor's crash tests (recurring.test.ts, preorder.test.ts): run the processor in a
// child process that SIGKILLs itself at a crash point, then wait until the server has dropped its transaction.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/index.ts';
import type { CrashPoint } from '../../src/lib/crash-points.ts';

const CHILD = fileURLToPath(new URL('./recurring-crash-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs recurring-crash-child.ts against the database at the clock `now`; answers the signal that ended it. */
export function crashChild(database: Database, now: string, point: CrashPoint): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: REPO_ROOT,
      env: { ...process.env, CRASH_DATABASE_URL: database.url, CRASH_NOW: now, CRASH_POINT: point },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      signal ? resolve(signal) : reject(new Error(`child exited ${code}: ${stderr}`)),
    );
  });
}

/** The killed child's transaction (and its row lock) is gone once the server has noticed the closed connection. */
export async function childGone(database: Database): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the killed processor still holds a transaction');
}
