// Migration journey (issue 19): an account with a legacy balance (imported by the operator CLI onto the customer's
// email) is signed in, sees the migrate-account modal, ticks the terms, migrates, and the legacy balance is in the
// wallet once. Screenshots at 390 and 1280 px; axe finds no serious or critical violation on the open modal.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration } from './browser.ts';
import { ops } from './ops.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-migration';

describe('migrate-account modal', () => {
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
