// The account journeys need the dev mailbox, which only exists outside production, so they start their own server in
// development mode from the same build, with its own fresh database (the shared e2e server runs in production mode).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export interface DevServer {
  baseUrl: string;
  /** The server's DATA_DIR: operator commands and scripts of a journey run against its database. */
  dataDir: string;
  stop(): Promise<void>;
}

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

/** `env` adds configuration for one journey's server, e.g. `IP_COUNTRY_OVERRIDES` to place its visitors abroad. */
export async function startDevServer(tag: string, env: Record<string, string> = {}): Promise<DevServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${tag}-`));
  // The embedded Postgres runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: inject('repoRoot'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
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
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The development server exited with ${server.exitCode}:\n${log}`);
    }
    const ready = await fetch(`${baseUrl}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseUrl, dataDir, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The development server did not become ready:\n${log}`);
}

/** The newest email of a kind sent to an address, read from the dev mailbox page (polled: delivery is asynchronous). */
export async function latestMail(
  page: Page,
  baseUrl: string,
  email: string,
  kind: string,
  except: string | null = null,
): Promise<{ code: string | null; link: string | null; id: string }> {
  const mailbox = await page.context().newPage();
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      await mailbox.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
      await mailbox.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
      const mail = mailbox.locator(`[data-testid="dev-mail"][data-kind="${kind}"]`).first();
      if ((await mail.count()) > 0) {
        const codes = mail.getByTestId('dev-mail-code');
        const links = mail.getByTestId('dev-mail-link');
        const code = (await codes.count()) > 0 ? ((await codes.first().textContent())?.trim() ?? null) : null;
        const link = (await links.count()) > 0 ? await links.first().getAttribute('href') : null;
        const id = `${code ?? ''}|${link ?? ''}`;
        if (id !== except) return { code, link, id };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`No new ${kind} email for ${email} in the dev mailbox`);
  } finally {
    await mailbox.close();
  }
}
