// Back-office journeys' helpers: operators made with the CLI (the password in a file, the authenticator secret read
// from what it prints once), sign-in with a real authenticator code, and each screen's axe check and screenshots.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
