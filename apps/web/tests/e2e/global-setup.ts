// Browser journeys run against the real server: build the storefront if needed, start
// `node --import tsx apps/api/src/server.ts` on a free port with a fresh DATA_DIR, wait for /api/readyz.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    repoRoot: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForReady(
  url: string,
  server: ChildProcess,
  output: () => string,
  timeoutMs = 150_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready at ${url}:\n${output()}`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build -w @shop/web failed');
  }
  // Every journey's browser is one visitor (127.0.0.1) to the server: with the production per-visitor limits (600
  // requests a minute, 20 sign-ups an hour) the suite would trip them and fail wherever it happened to. The limits
  // themselves are tested in the API suite (test/conventions/rate-limit.test.ts, identity throttling).
  const E2E_LIMITS = { RATE_LIMIT_MAX: '100000', SIGNUP_IP_PER_HOUR: '10000' };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  // The embedded Postgres runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // 'test': production refuses the test gateway and default secrets, and the journeys fund wallets with the
      // loopback-only test deposit (ADR 027), which production does not serve.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...E2E_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForReady(`${baseUrl}/api/readyz`, server, () => log);

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('repoRoot', repoRoot);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
