// Back-office journeys' helpers: operators made with the CLI (the password in a file, the authenticator secret read
// from what it prints once), sign-in with a real authenticator code, and each screen's axe check and screenshots.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { axeViolations, DESKTOP, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';

export const SHOTS = '/tmp/shots-back-office';
export const PASSWORD = 'a long passphrase of the back office 7';
export const PHONE_390 = { width: 390, height: 844 };

/** `ops operator:create` with the password in a file; answers the authenticator secret it printed once. */
export function createOperator(email: string, name: string, role: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'operator-'));
  try {
    const file = path.join(dir, 'password');
    writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
    const out = ops('operator:create', email, '--name', name, '--role', role, '--password-file', file);
    return /Authenticator secret \(shown once\): (\S+)/.exec(out)![1]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function signIn(page: Page, email: string, code: string, password = PASSWORD): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** axe on the page, then full-page screenshots at 390 and 1280 px (axe again at 1280 px). */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  expect(await axeViolations(page), name).toEqual([]);
  for (const [label, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  expect(await axeViolations(page), `${name} at 1280 px`).toEqual([]);
}

/**
 * An unexpected failure recorded in the shop's server-error log as the API's error handler records a 5xx (the same
 * service, ADR 104): no screen makes the API fail on purpose, so the journey records one to see the dashboard list it.
 */
export function recordServerFailure(failure: { requestId: string; route: string; message: string }) {
  const script = `
    import { loadConfig } from './apps/api/src/env.ts';
    import { openDatabase } from './apps/api/src/db/index.ts';
    import { createServerErrorLog } from './apps/api/src/modules/platform/index.ts';
    import { systemClock } from './apps/api/src/lib/clock.ts';
    const database = await openDatabase(loadConfig());
    try {
      await createServerErrorLog({ db: database.db, clock: systemClock }).record(
        { ...${JSON.stringify(failure)}, method: 'GET', status: 500, errorName: 'TypeError' },
        (err) => { throw err; },
      );
    } finally { await database.close(); }`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`recording a server failure failed:\n${res.stdout}\n${res.stderr}`);
}
