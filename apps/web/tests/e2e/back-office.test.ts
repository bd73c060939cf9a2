// Back office (issue 21 "Done when"): the first admin, created with the operator CLI, signs in with the authenticator
// code, creates a finance operator (whose key is shown once), and the audit log shows both sign-ins, the creation and
// the finance operator's refused read; the finance operator sees only their screens; sign-out and an ended session
// land on sign-in with a notice; the operator's cookie is httpOnly and SameSite=Strict; the storefront never links
// here. axe finds no serious or critical violation on each screen; screenshots at 375/390 and 1280 px.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, openBrowser, useBrowser, waitForHydration } from './browser.ts';
import { uniqueEmail } from './customers.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-back-office';
const PASSWORD = 'a long passphrase of the back office 7';
const PHONE_390 = { width: 390, height: 844 };

/** `ops operator:create` with the password in a file; answers the authenticator secret it printed once. */
function firstAdmin(email: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'operator-'));
  try {
    const file = path.join(dir, 'password');
    writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
    const out = ops('operator:create', email, '--name', 'Ada Admin', '--role', 'admin', '--password-file', file);
    return /Authenticator secret \(shown once\): (\S+)/.exec(out)![1]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function signIn(page: Page, email: string, code: string, password = PASSWORD): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** axe on the page, then full-page screenshots at 390 and 1280 px. */
async function checkScreen(page: Page, name: string): Promise<void> {
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

describe('back office', () => {
  it(
    'the first admin signs in with 2FA, creates a finance operator, and the audit log shows it all',
    { timeout: 240_000 },
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      const base = inject('baseUrl');
      const adminEmail = uniqueEmail('ada');
      const financeEmail = uniqueEmail('fin');
      const adminSecret = firstAdmin(adminEmail);
      const { page, context, errors } = await browse(DESKTOP, { bypassCSP: true });

      // The storefront never links to the back office.
      await page.goto(`${base}/`);
      await expect(page.locator('a[href*="back-office"]').count()).resolves.toBe(0);

      // Any back-office address without a session goes to sign-in.
      await page.goto(`${base}/back-office/operators`);
      await page.waitForURL(/\/back-office\/sign-in\?next=%2Fback-office%2Foperators$/);
      await checkScreen(page, 'sign-in');

      // A wrong code: one answer for every failure.
      await signIn(page, adminEmail, '000000');
      await page.getByText('The email, password or authenticator code is not right.').waitFor();

      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${base}/back-office/operators`);
      const cookie = (await context.cookies()).find((c) => c.name === 'bo_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      await expect(page.getByTestId('signed-in-operator').textContent()).resolves.toContain('Ada Admin (Admin)');

      // Create a finance operator: the key and its QR code are shown once.
      await page.getByLabel('Name').fill('Fin Ance');
      await page.getByLabel('Email').fill(financeEmail);
      await page.getByLabel('Role').selectOption('finance');
      await page.getByLabel('First password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create operator' }).click();
      const shown = page.getByTestId('new-operator-secret');
      await shown.waitFor();
      const financeSecret = (await page.getByTestId('new-operator-totp-secret').textContent())!.trim();
      expect(financeSecret).toMatch(/^[A-Z2-7]{16,}$/);
      await expect(shown.locator('svg').count()).resolves.toBe(1);
        await page.getByRole('cell', { name: financeEmail, exact: true }).waitFor();
      await checkScreen(page, 'operators-created');
      // Reloading shows the list, never the key again.
      await page.goto(`${base}/back-office/operators`);
      await expect(page.getByTestId('new-operator-secret').count()).resolves.toBe(0);

      // The finance operator signs in elsewhere: no admin screens offered, and the API's refusal is shown.
      const finance = await openBrowser(PHONE_390, { bypassCSP: true });
      try {
        await finance.page.goto(`${base}/back-office`);
        await signIn(finance.page, financeEmail, await generate({ secret: financeSecret }));
        await finance.page.waitForURL(`${base}/back-office`);
        await finance.page.getByRole('heading', { name: 'Welcome, Fin Ance' }).waitFor();
        const nav = finance.page.getByRole('navigation', { name: 'Back office' });
        await expect(nav.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
        await expect(nav.getByRole('link', { name: 'Audit log' }).count()).resolves.toBe(0);
        await checkScreen(finance.page, 'home-finance');
        const refused = await finance.page.goto(`${base}/back-office/operators`);
        expect(refused?.status()).toBe(403);
        await finance.page.getByText('Your role does not allow this.').waitFor();
        await checkScreen(finance.page, 'not-allowed');
      } finally {
        await finance.close();
      }

      // The audit log: both sign-ins, the creation, the refusal.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
      await page.waitForURL(`${base}/back-office/audit`);
      const table = page.getByRole('table', { name: 'Audit log entries' });
      await table.waitFor();
      const text = (await table.textContent()) ?? '';
      expect(text).toContain('operator.create');
      expect(text).toContain('session.create');
      expect(text).toContain('GET /api/admin/operators');
      expect(text).toContain('denied');
      // The table sorts by a column from the keyboard.
      await page.getByRole('button', { name: 'Action' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('columnheader', { name: 'Action' }).getAttribute('aria-sort')).resolves.toBe(
        'ascending',
      );
      await checkScreen(page, 'audit');

      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Feedback' }).click();
      await page.getByRole('heading', { name: 'Feedback' }).waitFor();
      await checkScreen(page, 'feedback');

      // Sign out: the session ends at the API, the cookie goes, and the screens ask for sign-in again.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You have signed out of the back office.').waitFor();
      expect((await context.cookies()).find((c) => c.name === 'bo_session')).toBeUndefined();
      await page.goto(`${base}/back-office/audit`);
      await page.waitForURL(/\/back-office\/sign-in/);

      // An ended session (the API no longer knows the token) lands on sign-in with the notice.
      await context.addCookies([{ name: 'bo_session', value: 'ended-token', url: `${base}/back-office` }]);
      await page.goto(`${base}/back-office/audit`);
      await page.waitForURL(/\/back-office\/sign-in\?notice=ended/);
      await page.getByText('Your back-office session has ended').waitFor();
      expect(errors).toEqual([]);
    },
  );
});
