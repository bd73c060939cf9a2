// Migration journeys (issue 19). A legacy customer imported by the operator CLI (`migration:import`, no account in
// the shop before) cannot log in with a password they never set here, sets one with "Forgot password" and the emailed
// link (dev mailbox), logs in, sees the migrate-account modal, migrates, and finds exactly the legacy balance in the
// wallet, once: migrating again moves nothing (one ledger line). And an account with a legacy balance imported onto an
// existing customer's email migrates the same way. Screenshots at 390 and 1280 px; axe on the open modal.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';
import { signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';
import { latestMail } from './dev-server.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-migration';

describe('migrate-account modal', () => {
  it('a legacy customer imported by the CLI sets a password, logs in, migrates, and has the balance once', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse({ width: 390, height: 844 }, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    const email = uniqueEmail('legacy-login');
    const password = 'bilby-numbat-quoll-58';
    const csv = path.join(SHOTS, 'legacy-login.csv');
    writeFileSync(csv, `email,firstname,lastname,date_of_birth,balance\n${email},Lena,Legacy,1971-09-03,37.45\n`);
    expect(ops('migration:import', csv)).toContain('Imported 1 legacy account(s).');

    // The imported account has no password in this shop: logging in is refused like any wrong password.
    await page.goto(`${baseUrl}/login`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The refused login's 400 is the only console error expected on the way.
    errors.splice(0);

    // "Forgot password" emails a reset link to the imported address; the customer chooses their password.
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const { link } = await latestMail(page, baseUrl, email, 'password_reset');
    expect(link).toMatch(/\/forgot-password\?token=/);
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/my-account`, { timeout: 20_000 });
    await waitForHydration(page);
    await expect(page.getByTestId('account-greeting').textContent()).resolves.toBe('Hi Lena');

    const modal = page.getByTestId('migration-modal');
    await modal.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'legacy-login-prompt-390.png') });
    await modal.getByRole('checkbox').check();
    await modal.getByRole('button', { name: 'Migrate my account' }).click();
    await page.locator('[data-testid="migration-modal"][data-view="success"]').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS, 'legacy-login-success-390.png') });
    await modal.getByRole('button', { name: 'Continue' }).click();

    // Migrating again (a second click, a retry) answers "migrated" and moves nothing.
    const again = await page.evaluate(async () => {
      const res = await fetch('/migration/migrate', { method: 'POST', headers: { accept: 'application/json' } });
      return res.status;
    });
    expect(again).toBe(200);
    await page.goto(`${baseUrl}/my-account`);
    await waitForHydration(page);
    await expect(page.getByTestId('migration-modal').count()).resolves.toBe(0);
    const funds = page.locator('dt', { hasText: 'Available funds' }).locator('xpath=following-sibling::dd[1]');
    await expect(funds.textContent()).resolves.toBe('$37.45');
    await page.goto(`${baseUrl}/my-account/transactions`);
    await waitForHydration(page);
    await expect(page.getByText('Balance from your previous account').count()).resolves.toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'legacy-login-transactions-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('a customer with a legacy account migrates and finds the legacy balance in the wallet once', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse({ width: 390, height: 844 }, { bypassCSP: true });
    const customer = testCustomer('legacy');
    await signUpAndLogin(o, customer);
    const { page } = o;
    // Cookie consent first: the modal, once open, makes the rest of the page inert.
    await page.goto(`${inject('baseUrl')}/about`);
    await waitForHydration(page);
    await answerConsent(page);
    const csv = path.join(SHOTS, 'legacy.csv');
    writeFileSync(
      csv,
      `email,firstname,lastname,date_of_birth,balance\n${customer.email},Ann,Koala,1990-04-12,45.20\n`,
    );
    expect(ops('migration:import', csv)).toContain('Imported 1 legacy account(s).');

    await page.goto(`${inject('baseUrl')}/my-account`);
    await waitForHydration(page);
    const modal = page.getByTestId('migration-modal');
    await modal.waitFor();
    const migrate = modal.getByRole('button', { name: 'Migrate my account' });
    await expect(migrate.isDisabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'prompt-390.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(SHOTS, 'prompt-1280.png') });
    await modal.getByRole('checkbox').check();
    await migrate.click();
    await page.locator('[data-testid="migration-modal"][data-view="success"]').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS, 'success-1280.png') });
    await modal.getByRole('button', { name: 'Continue' }).click();

    await page.goto(`${inject('baseUrl')}/my-account/transactions`);
    await expect(page.getByText('Balance from your previous account').count()).resolves.toBeGreaterThanOrEqual(1);
    // Reloading does not open the modal again (migrated), and the status shows one migrated account more.
    await page.goto(`${inject('baseUrl')}/my-account`);
    await waitForHydration(page);
    await expect(page.getByTestId('migration-modal').count()).resolves.toBe(0);
    expect(ops('migration:status')).toMatch(/migrated\s+\d+ account\(s\)/);
  });
});
