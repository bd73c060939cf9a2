// Back office, four eyes and identity (issue 21): finance A asks for a $25.00 credit for a customer with a reason and
// cannot approve it (the API's refusal is shown); finance B approves it after the confirmation step (a double click
// moves the money once); the customer's wallet shows +$25.00 once; the ledger report has the day's
// manual_adjustments total and its CSV downloads with that row; a support agent opens the customer's uploaded
// identity document and approves it with a note; the admin's audit log shows the request, the approval, the
// document read and the document approval; support closes an account and another agent reopens it (the customer
// signs in and buys again). axe on each new screen at 390 and 1280 px; screenshots in SHOTS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOperator, PHONE_390, SHOTS, signIn } from './back-office-helpers.ts';
import { axeViolations, DESKTOP, waitForHydration } from './browser.ts';
import { useBrowser } from './browser.ts';
import { signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';
import { addQuickpick } from './shopping.ts';
import { creditPrize } from './wallet-helpers.ts';

const browse = useBrowser();

// A real 2×2 PNG (red, green, blue, white), so the document viewer shows a picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

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

describe('back office: adjustments, the ledger report and identity documents', () => {
  it(
    'a second finance operator approves a credit once; the ledger and its CSV show it; support approves an ID',
    { timeout: 400_000 },
    async () => {
      const open = await browse(DESKTOP, { bypassCSP: true });
      const { page, baseUrl } = open;
      const customer = testCustomer('bo-adjust', { firstname: 'Addie', lastname: 'Adjusted' });
      const { customerId } = await signUpAndLogin(open, customer);

      // The customer uploads a photo of their ID on the customer site.
      await page.goto(`${baseUrl}/my-account/manual-verification`);
      await waitForHydration(page);
      await page
        .getByLabel('Your ID documents')
        .setInputFiles({ name: 'licence-front.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Upload documents' }).click();
      await page.getByText(/We will check your documents/).waitFor();

      // Finance A asks for a $25.00 credit with a reason, and cannot approve it.
      const aEmail = uniqueEmail('finance-a');
      const aSecret = createOperator(aEmail, 'Fay Finance', 'finance');
      await page.goto(`${baseUrl}/back-office/adjustments`);
      await signIn(page, aEmail, await generate({ secret: aSecret }));
      await page.waitForURL(`${baseUrl}/back-office/adjustments`);
      await waitForHydration(page);
      // The URL changes before the screen renders: wait for the screen itself before counting its links.
      await page.getByRole('heading', { name: 'Ask for an adjustment' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Back office' });
      for (const label of ['Adjustments', 'Ledger report', 'Withdrawals'])
        await expect(nav.getByRole('link', { name: label }).count(), label).resolves.toBe(1);
      await expect(nav.getByRole('link', { name: 'Verifications' }).count()).resolves.toBe(0);
      await checkBothWidths(page, 'adjustments-empty');
      await page.getByLabel('Customer id').fill(customerId);
      await page.getByLabel('Amount').fill('25.00');
      await page.getByLabel('Credit or debit').selectOption('credit');
      await page.getByLabel('Reason').fill('Goodwill credit for a delayed payout');
      await page.getByRole('button', { name: 'Ask for approval' }).click();
      const waiting = page.getByText(/is waiting for another finance operator to approve it/);
      await waiting.waitFor();
      const adjustmentId = /adj_[A-Za-z0-9]+/.exec((await waiting.textContent()) ?? '')![0];
      const row = page.getByRole('row').filter({ hasText: customerId });
      await expect(row.textContent()).resolves.toContain('+$25.00');
      await checkBothWidths(page, 'adjustments-pending');
      await row.getByRole('link', { name: 'Approve…' }).click();
      const confirmation = page.getByTestId('adjustment-confirmation');
      await confirmation.waitFor();
      await confirmation.getByRole('button', { name: 'Yes, approve and move the money' }).click();
      await confirmation.getByText('You cannot approve your own adjustment.').waitFor();
      await checkBothWidths(page, 'adjustments-own-refused');
      await signOut(page);

      // Finance B approves it after the confirmation step; a double click moves the money once.
      const bEmail = uniqueEmail('finance-b');
      const bSecret = createOperator(bEmail, 'Bea Books', 'finance');
      await page.goto(`${baseUrl}/back-office/adjustments`);
      await signIn(page, bEmail, await generate({ secret: bSecret }));
      await page.waitForURL(`${baseUrl}/back-office/adjustments`);
      await waitForHydration(page);
      await page.getByRole('row').filter({ hasText: customerId }).getByRole('link', { name: 'Approve…' }).click();
      await confirmation.waitFor();
      await expect(confirmation.textContent()).resolves.toContain('Goodwill credit for a delayed payout');
      await checkBothWidths(page, 'adjustments-confirm');
      await confirmation.getByRole('button', { name: 'Yes, approve and move the money' }).dblclick();
      await page.getByText('The adjustment is approved: the money has moved in the customer’s wallet.').waitFor();
      const approvedRow = page.getByRole('row').filter({ hasText: customerId });
      await expect(approvedRow.count()).resolves.toBe(1);
      await checkBothWidths(page, 'adjustments-approved');

      // The wallet effect in the customer's transactions tab of the back office: one +$25.00 adjustment.
      await approvedRow.getByRole('link').last().click();
      await page.getByRole('table', { name: 'Transactions' }).waitFor();
      const adjustmentRows = page.getByRole('row').filter({ hasText: 'Adjustment: Goodwill credit' });
      await expect(adjustmentRows.count()).resolves.toBe(1);
      await expect(adjustmentRows.textContent()).resolves.toContain('$25.00');

      // The ledger report: today's manual_adjustments total, and its CSV through the web server.
      await page.goto(`${baseUrl}/back-office/ledger`);
      const report = page.getByRole('table', { name: /^Daily totals from/ });
      await report.waitFor();
      const houseRow = page.getByRole('row').filter({ hasText: 'house:manual_adjustments' });
      await expect(houseRow.count()).resolves.toBe(1);
      await expect(houseRow.textContent()).resolves.toContain('$25.00');
      await checkBothWidths(page, 'ledger');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      // RFC 4180 lines (CRLF), the header first.
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('day,account,currency,in_cents,out_cents,entries');
      expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},house:manual_adjustments,AUD,0,2500,1$/.test(l))).toHaveLength(1);
      const head = await page.request.get(`${baseUrl}${await page.getByTestId('ledger-csv').getAttribute('href')}`);
      expect(head.headers()['content-type']).toMatch(/^text\/csv/);
      expect(head.headers()['content-disposition']).toMatch(/^attachment; filename="ledger-/);
      expect(JSON.stringify(head.headers())).not.toContain('bo_session');
      await signOut(page);

      // The customer's own wallet shows the credit once.
      await page.goto(`${baseUrl}/my-account/transactions`);
      const mine = page.locator('main').getByText(/Adjustment: Goodwill credit/);
      await mine.first().waitFor();
      await expect(mine.count()).resolves.toBe(1);
      await expect(page.locator('main').textContent()).resolves.toContain('25.00');

      // Support opens the customer's document from the queue and approves it with a note.
      const sEmail = uniqueEmail('support');
      const sSecret = createOperator(sEmail, 'Sid Support', 'support');
      await page.goto(`${baseUrl}/back-office/verifications`);
      await signIn(page, sEmail, await generate({ secret: sSecret }));
      await page.waitForURL(`${baseUrl}/back-office/verifications`);
      await page.getByRole('table', { name: 'Documents waiting' }).waitFor();
      await checkBothWidths(page, 'verifications');
      await page.getByRole('link', { name: customerId }).click();
      await page.getByRole('heading', { name: 'Identity documents: Addie Adjusted' }).waitFor();
      await checkBothWidths(page, 'documents');
      const view = page.getByRole('link', { name: /View licence-front\.png/ });
      const href = (await view.getAttribute('href'))!;
      const [viewer, shown] = await Promise.all([
        page.context().waitForEvent('page'),
        page.context().waitForEvent('response', (r) => r.url().endsWith(href)),
        view.click(),
      ]);
      await viewer.waitForLoadState();
      expect(shown.headers()).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      expect(shown.headers()['content-disposition']).toMatch(/^inline; filename="licence-front\.png"/);
      expect((await shown.body()).equals(PNG)).toBe(true);
      await viewer.screenshot({ path: path.join(SHOTS, 'document-viewer.png') });
      await viewer.close();
      await page.getByRole('link', { name: 'Approve…' }).click();
      await page.getByTestId('documents-confirmation').waitFor();
      await page.getByRole('button', { name: 'Yes, approve' }).click();
      await page
        .getByText('Write what you checked.')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.getByLabel(/What you checked/).fill('Licence matches name and date of birth');
      await checkBothWidths(page, 'documents-confirm');
      await page.getByRole('button', { name: 'Yes, approve' }).click();
      await page.getByText('The documents are approved: the customer is verified.').waitFor();
      const decided = page.getByRole('row').filter({ hasText: 'licence-front.png' });
      await expect(decided.textContent()).resolves.toMatch(/verified.*Licence matches name and date of birth/);
      await expect(page.getByRole('link', { name: 'Approve…' }).count()).resolves.toBe(0);
      await checkBothWidths(page, 'documents-decided');

      // The customer screen links to the documents, and offers closing the account with a confirmation step.
      await page.getByRole('link', { name: /^Back to Addie Adjusted/ }).click();
      await page.getByTestId('customer-overview').waitFor();
      await expect(page.getByTestId('customer-overview').textContent()).resolves.toContain('verified');
      await expect(page.getByRole('link', { name: 'Identity documents' }).count()).resolves.toBe(1);
      await page.getByRole('link', { name: 'Close the account…' }).click();
      await page.getByTestId('close-confirmation').waitFor();
      await checkBothWidths(page, 'customer-close-confirm');
      await page.getByTestId('close-confirmation').getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('link', { name: 'Close the account…' }).waitFor();
      await signOut(page);

      // The admin's audit log has the request, the approval, the document read and the document approval.
      const adminEmail = uniqueEmail('admin');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');
      await page.goto(`${baseUrl}/back-office/audit`);
      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${baseUrl}/back-office/audit`);
      // Newest first, 25 a page: read the first pages' rows as [when, who, action, target, outcome, detail].
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
      const logged = (action: string, target: string, outcome: string) =>
        rows.filter((r) => r[2] === action && r[3] === target && r[4] === outcome).length;
      expect(logged('adjustment.request', customerId, 'ok')).toBe(1);
      expect(logged('adjustment.approve', adjustmentId, 'denied')).toBe(1);
      expect(logged('adjustment.approve', adjustmentId, 'ok')).toBe(1);
      // The double click sent one approval: a second would be here as failed ("already been decided").
      expect(logged('adjustment.approve', adjustmentId, 'failed')).toBe(0);
      expect(logged('customer.document.read', customerId, 'ok')).toBeGreaterThan(0);
      expect(logged('verification.approve', customerId, 'ok')).toBe(1);
      // The one failed request is finance A's own approval, which the action answers with the API's 403.
      expect(open.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    },
  );

  it(
    'support closes an account that holds money: the customer is signed out and cannot log in; the balance stays',
    { timeout: 300_000 },
    async () => {
      const open = await browse(DESKTOP, { bypassCSP: true });
      const { page, baseUrl } = open;
      const customer = testCustomer('bo-close', { firstname: 'Clem', lastname: 'Closed' });
      const { customerId } = await signUpAndLogin(open, customer);
      creditPrize(customerId, 1234);
      await page.goto(`${baseUrl}/my-account`);
      await page.getByTestId('account-greeting').waitFor();

      const sEmail = uniqueEmail('support-close');
      const sSecret = createOperator(sEmail, 'Cas Support', 'support');
      await page.goto(`${baseUrl}/back-office/customers/${customerId}`);
      await signIn(page, sEmail, await generate({ secret: sSecret }));
      await page.waitForURL(`${baseUrl}/back-office/customers/${customerId}`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Close the account…' }).click();
      const confirmation = page.getByTestId('close-confirmation');
      await confirmation.waitFor();
      await expect(confirmation.textContent()).resolves.toContain('$12.34');
      await confirmation.getByLabel(/^Why/).fill('Customer asked by phone to close the account');
      await confirmation.getByRole('button', { name: 'Yes, close the account' }).dblclick();
      await page.getByText(/The account is closed: the customer can no longer sign in or buy/).waitFor();
      const overview = (await page.getByTestId('customer-overview').textContent()) ?? '';
      expect(overview).toMatch(/closed \d{4}-\d{2}-\d{2}/);
      expect(overview).toContain('$12.34');
      await expect(page.getByRole('link', { name: 'Close the account…' }).count()).resolves.toBe(0);
      await checkBothWidths(page, 'customer-closed');
      await signOut(page);

      // The customer's session ended with the closure, and the password no longer signs in.
      await page.goto(`${baseUrl}/my-account`);
      await page.waitForURL(/\/login\?redirect=%2Fmy-account/);
      await waitForHydration(page);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').filter({ hasText: 'The email or password you entered is incorrect.' }).waitFor();

      // Another support agent reopens the account after its confirmation step (a reason asked for, a double click
      // reopens it once); the customer signs in with their password again and buys from the balance that stayed.
      const rEmail = uniqueEmail('support-reopen');
      const rSecret = createOperator(rEmail, 'Rae Reopen', 'support');
      await page.goto(`${baseUrl}/back-office/customers/${customerId}`);
      await signIn(page, rEmail, await generate({ secret: rSecret }));
      await page.waitForURL(`${baseUrl}/back-office/customers/${customerId}`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Reopen the account…' }).click();
      const reopening = page.getByTestId('reopen-confirmation');
      await reopening.waitFor();
      await expect(reopening.getByRole('heading').textContent()).resolves.toBe('Reopen Clem Closed’s account?');
      await checkBothWidths(page, 'customer-reopen-confirm');
      await reopening.getByLabel(/^Why/).fill('Customer asked by phone to come back');
      await reopening.getByRole('button', { name: 'Yes, reopen the account' }).dblclick();
      await page.getByText(/The account is open again: the customer can sign in with their password and buy/).waitFor();
      const reopened = (await page.getByTestId('customer-overview').textContent()) ?? '';
      expect(reopened).toContain('Statusactive');
      expect(reopened).toContain('$12.34');
      await expect(page.getByRole('link', { name: 'Close the account…' }).count()).resolves.toBe(1);
      await checkBothWidths(page, 'customer-reopened');
      await signOut(page);

      await page.goto(`${baseUrl}/login`);
      await waitForHydration(page);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await addQuickpick(page, baseUrl);
      await page.goto(`${baseUrl}/cart/buy`);
      await waitForHydration(page);
      await page.getByTestId('buy-button').click();
      await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });
      // The one failed request is the refused log-in (the storefront's login action answers it with 400).
      expect(open.errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    },
  );
});
