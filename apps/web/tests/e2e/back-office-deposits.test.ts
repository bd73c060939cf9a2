// Back office, deposits (issue 21): a customer deposits $50.00 by card on the customer site; a finance operator finds
// the deposit by the customer's email, refunds $20.00 of it with a reason after the confirmation step (a double click
// refunds once), and a second refund over the $30.00 left is refused with the API's message; "Reconcile now" runs
// after its confirmation step; the customer's wallet shows $30.00 and the refund line once; the admin's audit log has
// the refund and the refused one; the adjustment form posted twice asks once. axe on each new screen at 390 and
// 1280 px; screenshots in SHOTS.
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOperator, PHONE_390, SHOTS, signIn } from './back-office-helpers.ts';
import { axeViolations, DESKTOP, useBrowser, waitForHydration, type OpenBrowser } from './browser.ts';
import { signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';

const browse = useBrowser();

/** axe at 390 px and at 1280 px (no serious or critical violations), with a full-page screenshot at each. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${name} at ${label} px`).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You have signed out of the back office.').waitFor();
}

/** The customer saves the 4242 test card and deposits $50.00 with it. */
async function depositByCard(o: OpenBrowser): Promise<string> {
  const { page, baseUrl } = o;
  await page.goto(`${baseUrl}/my-account/cards-and-accounts`);
  await waitForHydration(page);
  await page.getByLabel('Name on card').fill('Dee Positor');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YY)').fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByLabel('Card security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByTestId('saved-fund').filter({ hasText: 'ending 4242' }).waitFor();
  await page.goto(`${baseUrl}/my-account/deposit`);
  await waitForHydration(page);
  await page.getByRole('button', { name: '$50.00' }).click();
  const csc = page.getByLabel('Card security code (CVC)');
  if (await csc.count()) await csc.fill('123');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);
  await page.getByRole('heading', { level: 1, name: 'Deposit successful' }).waitFor();
  return /dep_[A-Za-z0-9]+/.exec(page.url())![0];
}

describe('back office: deposits', () => {
  it(
    'finance finds a card deposit, refunds part of it once, is refused more than is left; the customer sees it',
    { timeout: 400_000 },
    async () => {
      const open = await browse(DESKTOP, { bypassCSP: true });
      const { page, baseUrl } = open;
      const customer = testCustomer('bo-deposit', { firstname: 'Dee', lastname: 'Positor' });
      const { customerId } = await signUpAndLogin(open, customer);
      const depositId = await depositByCard(open);

      // A finance operator finds the deposit by the customer's email.
      const fEmail = uniqueEmail('finance-dep');
      const fSecret = createOperator(fEmail, 'Fin Deposits', 'finance');
      await page.goto(`${baseUrl}/back-office/deposits`);
      await signIn(page, fEmail, await generate({ secret: fSecret }));
      await page.waitForURL(`${baseUrl}/back-office/deposits`);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Reconciliation' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await expect(nav.getByRole('link', { name: 'Deposits' }).count()).resolves.toBe(1);
      await checkBothWidths(page, 'deposits');
      await page.getByLabel('Customer email, name or id, or deposit id').fill(customer.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('table', { name: `Deposits matching “${customer.email}”` }).waitFor();
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await expect(row.count()).resolves.toBe(1);
      const cells = (await row.textContent()) ?? '';
      for (const text of ['$50.00', 'AUD', 'visa •••• 4242', 'Approved', 'ch_']) expect(cells).toContain(text);
      await checkBothWidths(page, 'deposits-search');

      // Refund $20.00 with a reason, after the confirmation step; a double click refunds once.
      await row.getByRole('link', { name: 'Refund…' }).click();
      const confirmation = page.getByTestId('refund-confirmation');
      await confirmation.waitFor();
      await expect(confirmation.textContent()).resolves.toContain(`Refund deposit ${depositId} of $50.00`);
      await waitForHydration(page);
      await confirmation.getByLabel('Amount to refund').fill('20.00');
      await confirmation.getByLabel('Reason').fill('Customer deposited twice by mistake');
      await checkBothWidths(page, 'deposits-refund-confirm');
      await confirmation.getByRole('button', { name: 'Yes, refund to the card' }).dblclick();
      await page.getByText(/^Refunded \$20\.00 to the card \(rfd_/).waitFor();
      const refunded = page.getByRole('row').filter({ hasText: depositId });
      await expect(refunded.count()).resolves.toBe(1);
      await expect(refunded.textContent()).resolves.toMatch(/\$50\.00.*\$20\.00/);
      await checkBothWidths(page, 'deposits-refunded');

      // A second refund over the $30.00 left is refused with the API's message; nothing moves.
      await refunded.getByRole('link', { name: 'Refund…' }).click();
      await confirmation.waitFor();
      await expect(confirmation.textContent()).resolves.toMatch(/Already refunded \$20\.00; at most \$30\.00 is left/);
      await waitForHydration(page);
      await confirmation.getByLabel('Amount to refund').fill('30.01');
      await confirmation.getByLabel('Reason').fill('Refund the rest');
      await confirmation.getByRole('button', { name: 'Yes, refund to the card' }).click();
      await confirmation.getByText('Only 30.00 AUD of this deposit is left to refund.').waitFor();
      await checkBothWidths(page, 'deposits-refund-refused');

      // Reconcile now, after its confirmation step.
      await page.goto(`${baseUrl}/back-office/deposits`);
      await page.getByRole('link', { name: 'Reconcile now…' }).click();
      const reconcile = page.getByTestId('reconcile-confirmation');
      await reconcile.waitFor();
      await checkBothWidths(page, 'deposits-reconcile-confirm');
      await reconcile.getByRole('button', { name: 'Yes, reconcile now' }).click();
      await page.getByText(/^Reconciled: /).waitFor();

      // The customer's screen links to their deposits.
      await page.goto(`${baseUrl}/back-office/customers/${customerId}`);
      await page.getByRole('link', { name: 'Deposits and refunds' }).click();
      await page.getByRole('table', { name: `Deposits matching “${customerId}”` }).waitFor();
      await expect(page.getByRole('row').filter({ hasText: depositId }).count()).resolves.toBe(1);

      // The adjustment request form carries a one-time key: the same form posted twice at once (no JavaScript, a
      // double submit) makes one waiting request.
      await page.goto(`${baseUrl}/back-office/adjustments?customer=${customerId}`);
      const form = page.locator('form#request-adjustment');
      await form.waitFor();
      const key = await form.locator('input[name="key"]').inputValue();
      expect(key).toMatch(/^bo-[0-9a-f-]{36}$/);
      const fields = { intent: 'request', key, customerId, amount: '5.00', direction: 'credit', reason: 'Goodwill' };
      const post = () => page.request.post(`${baseUrl}/back-office/adjustments`, { form: fields, maxRedirects: 0 });
      const posts = await Promise.all([post(), post()]);
      expect(posts.map((r) => r.status())).toEqual([302, 302]);
      expect(posts[0]!.headers().location).toBe(posts[1]!.headers().location);
      await page.goto(`${baseUrl}/back-office/adjustments?status=pending`);
      await page.getByRole('table', { name: 'Adjustments: pending' }).waitFor();
      await expect(page.getByRole('row').filter({ hasText: customerId }).count()).resolves.toBe(1);
      await signOut(page);

      // The customer's wallet: $30.00 left, and the refund once in the transactions.
      await page.goto(`${baseUrl}/my-account/transactions`);
      const line = page.locator('main').getByText(`Refund of deposit ${depositId} (Credit or debit card)`);
      await line.first().waitFor();
      await expect(line.count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: /^Account \$30\.00$/ }).count()).resolves.toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, 'deposits-customer-transactions.png'), fullPage: true });

      // The admin's audit log: the refund and the refused one.
      const adminEmail = uniqueEmail('admin-dep');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');
      await page.goto(`${baseUrl}/back-office/audit`);
      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${baseUrl}/back-office/audit`);
      const rows: string[][] = [];
      for (let n = 1; n <= 6; n++) {
        if (n > 1) await page.goto(`${baseUrl}/back-office/audit?page=${n}`);
        const log = page.getByRole('table', { name: 'Audit log entries' });
        await log.waitFor();
        rows.push(
          ...(await log
            .locator('tbody tr')
            .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')))),
        );
        if (!(await page.getByRole('link', { name: 'Next page' }).count())) break;
      }
      const logged = (outcome: string) =>
        rows.filter((r) => r[2] === 'deposit.refund' && r[3] === depositId && r[4] === outcome);
      expect(logged('ok').length).toBeGreaterThanOrEqual(1);
      for (const r of logged('ok')) expect(r[5]).toContain('Customer deposited twice by mistake');
      expect(logged('failed')).toHaveLength(1);
      expect(logged('failed')[0]![5]).toContain('Only 30.00 AUD of this deposit is left to refund.');
      expect(rows.some((r) => r[2] === 'deposits.reconcile' && r[4] === 'ok')).toBe(true);
      // The one failed request is the refused refund, which the action answers with the API's 422.
      expect(open.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    },
  );
});
