// `npm run start:api` with SHOP_WORKERS=2 (ADR 032), as a real process tree on its own embedded PostgreSQL: both
// workers serve, the primary's one job runner queues and runs each periodic task once per interval, a killed worker is
// replaced, and SIGINT stops the workers, the jobs and then the database, with exit code 0 and nothing left running.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, readPostmaster, readServerState } from '../../src/db/embedded.ts';
import { TASK_SECONDS } from '../../src/jobs/shop-tasks.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
let base: string;
let dataDir: string;
let port: number;
let shop: ChildProcess;
let output = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

const waitFor = async (what: string, predicate: () => boolean | Promise<boolean>, ms = 90_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}. Output so far:\n${output}`);
};

/** The pino lines the processes wrote: every line carries the pid of the process that wrote it. */
const logLines = () =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { pid: number; msg?: string; req?: { url?: string }; reqId?: string });

/** pids of the processes that answered a request of ours (marked by its x-request-id). */
function answeredBy(marker: string): Set<number> {
  return new Set(
    logLines()
      .filter((l) => l.msg === 'request completed' && l.reqId?.startsWith(marker))
      .map((l) => l.pid),
  );
}

/** Each request on a new connection, so the primary hands them to the workers in turn. */
async function healthz(requestId: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/healthz`, {
    headers: { connection: 'close', 'x-request-id': requestId },
  });
  await res.arrayBuffer();
  return res.status;
}

async function query<T>(sql: string): Promise<T[]> {
  const state = readServerState(dataDir)!;
  const c = new pg.Client({
    host: '127.0.0.1',
    port: state.port!,
    user: state.user,
    password: state.password,
    database: 'shop',
  });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

const primaryPid = () => (shop.pid === undefined ? undefined : childPidsOf(shop.pid).find((p) => isNodeServer(p)));
function childPidsOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
}
function isNodeServer(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/api/src/server.ts');
  } catch {
    return false;
  }
}
const workerPids = () => {
  const primary = primaryPid();
  return primary === undefined ? [] : childPidsOf(primary).filter(isNodeServer);
};

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  fs.chmodSync(base, 0o755);
  dataDir = path.join(base, 'data');
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SHOP_WORKERS: '2',
    LOG_LEVEL: 'info',
    JOBS_ENABLED: 'true',
  };
  delete env.DATABASE_URL;
  shop = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], { cwd: repo, env });
  shop.stdout!.on('data', (d) => (output += d));
  shop.stderr!.on('data', (d) => (output += d));
  await waitFor('the ready line', () => output.includes('is ready at'), 110_000);
}, 120_000);

afterAll(async () => {
  if (shop.exitCode === null && shop.signalCode === null) {
    // The server runs in its own process group under start.mjs: find it before start.mjs goes, or it is orphaned.
    const server = [primaryPid(), ...workerPids()].filter((pid): pid is number => pid !== undefined);
    shop.kill('SIGKILL');
    for (const pid of server) process.kill(pid, 'SIGKILL');
  }
  const pm = dataDir ? readPostmaster(path.join(dataDir, 'pg')) : null;
  if (pm?.alive) process.kill(pm.pid, 'SIGINT');
  fs.rmSync(base, { recursive: true, force: true });
});

describe('SHOP_WORKERS=2', () => {
  it('runs a primary and two workers that both serve requests', async () => {
    expect(output).toContain('(2 worker processes)');
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 16; i++) expect(await healthz(`both-${i}`)).toBe(200);
    await waitFor('the request log', () => answeredBy('both-').size === 2);
    expect([...answeredBy('both-')].sort()).toEqual([...workers].sort());
    // The primary serves nothing itself.
    expect(answeredBy('both-').has(primaryPid()!)).toBe(false);
  });

  it('answers a metrics scrape for the whole server, whichever worker takes it', async () => {
    // Each scrape on a new connection: they reach both workers, and each must count all 16 health checks above.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      const line = (await res.text())
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_request_duration_seconds_count{') &&
            l.includes('route="/api/healthz"') &&
            l.includes('status_code="200"'),
        );
      expect(line?.split(' ').at(-1)).toBe('16');
    }
  });

  it('queues and runs each periodic task once per interval, in one job runner', async () => {
    const slotsWanted = 3;
    const countOutbox = async () =>
      (
        await query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'outbox' AND state = 'completed'",
        )
      )[0]!.n;
    await waitFor('three outbox runs', async () => (await countOutbox()) >= slotsWanted, 60_000);
    const slots = await query<{ slot: string; jobs: number }>(
      "SELECT singleton_on::text AS slot, count(*)::int AS jobs FROM pgboss.job WHERE name = 'outbox' GROUP BY 1",
    );
    // One job per interval slot: two processes offering the task would still queue one, but the job rows would say
    // so if the slot key (singletonSeconds) were lost.
    expect(slots.length).toBeGreaterThanOrEqual(slotsWanted);
    for (const s of slots) expect(s).toMatchObject({ jobs: 1 });
    // And the runs match the clock: no more jobs than intervals since the first one was queued (plus the one at start).
    const [span] = await query<{ jobs: number; seconds: number }>(
      `SELECT count(*)::int AS jobs, extract(epoch FROM max(created_on) - min(created_on))::float AS seconds
         FROM pgboss.job WHERE name = 'outbox'`,
    );
    expect(span!.jobs).toBeLessThanOrEqual(Math.floor(span!.seconds / TASK_SECONDS.outbox) + 2);
    expect(logLines().filter((l) => l.msg === 'job failed')).toEqual([]);
  });

  it('replaces a worker that dies, and keeps serving meanwhile', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await waitFor('a replacement worker', () => {
      const now = workerPids();
      return now.length === 2 && !now.includes(victim!) && now.includes(survivor!);
    });
    const replacement = workerPids().find((p) => p !== survivor)!;
    await waitFor('the replacement to serve', async () => {
      for (let i = 0; i < 4; i++) expect(await healthz(`after-${i}-${Date.now()}`)).toBe(200);
      return answeredBy('after-').has(replacement);
    });
    expect(output).toContain('worker process died: starting another');
  });

  it('stops cleanly on SIGINT: workers, jobs, then the embedded database; exit code 0', async () => {
    const workers = workerPids();
    const primary = primaryPid()!;
    const postmaster = readPostmaster(path.join(dataDir, 'pg'))!;
    expect(postmaster.alive).toBe(true);
    const exited = new Promise<number | null>((resolve) => shop.once('exit', (code) => resolve(code)));
    shop.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const pid of [...workers, primary, postmaster.pid]) expect(isProcessAlive(pid)).toBe(false);
    expect(readServerState(dataDir)).toMatchObject({ port: null, ownerPid: null });
    expect(output).not.toMatch(/again: exiting now|shutdown failed/i);
  });
});
