// Back office, money and support (issue 21 "Done when"): a customer requests a withdrawal on the customer site; a
// finance operator approves it (after the confirmation step) and the customer's withdrawal shows it paid; a support
// agent finds the customer by email and reads their tickets and transactions; the admin's audit log shows the
// approval and the support agent's reads. axe on each back-office screen; screenshots at 390 and 1280 px.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkScreen, createOperator, recordServerFailure, signIn } from './back-office-helpers.ts';
import { DESKTOP, useBrowser, waitForHydration } from './browser.ts';
import { signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';
import { creditPrize } from './wallet-helpers.ts';

const browse = useBrowser();

describe('back office: money and support', () => {
  it(
    'finance pays a withdrawal the customer asked for; support reads the customer; the audit log has it all',
    { timeout: 300_000 },
    async () => {
      const open = await browse(DESKTOP, { bypassCSP: true });
      const { page, baseUrl } = open;
      const customer = testCustomer('bo-money', { firstname: 'Penny', lastname: 'Payout' });
      const { customerId } = await signUpAndLogin(open, customer);

      // The customer's side: winnings, a bank account, a verified identity, then the withdrawal request.
      creditPrize(customerId, 2500);
      await page.goto(`${baseUrl}/my-account/cards-and-accounts`);
      await page.getByLabel('Account name').fill('Penny Payout');
      await page.getByLabel('BSB').fill('062-000');
      await page.getByLabel('Account number').fill('12345678');
      await page.getByRole('button', { name: 'Save bank account' }).click();
      await page.getByTestId('saved-fund').filter({ hasText: 'BSB 062000' }).waitFor();
      await page.goto(`${baseUrl}/my-account/verify-account`);
      await waitForHydration(page);
      await page.getByLabel('Document number').fill('12345678');
      await page.getByLabel(/I agree to my details being checked/).check();
      await page.getByRole('button', { name: 'Check my details' }).click();
      await page.getByTestId('verification-outcome').waitFor();
      await page.goto(`${baseUrl}/my-account/withdraw`);
      await waitForHydration(page);
      await page.getByLabel(/Withdrawal amount/).fill('25');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.waitForURL(/\/my-account\/withdraw\/details\/wdr_[A-Za-z0-9]+$/);
      const withdrawalPage = page.url();
      const withdrawalId = /wdr_[A-Za-z0-9]+$/.exec(withdrawalPage)![0];

      // The finance operator approves it in the back office.
      const financeEmail = uniqueEmail('finance');
      const financeSecret = createOperator(financeEmail, 'Fin Ance', 'finance');
      await page.goto(`${baseUrl}/back-office/withdrawals`);
      await signIn(page, financeEmail, await generate({ secret: financeSecret }));
      await page.waitForURL(`${baseUrl}/back-office/withdrawals`);
      await page.getByRole('table', { name: 'Withdrawals: pending' }).waitFor();
      await checkScreen(page, 'withdrawals');
      await page.getByRole('row').filter({ hasText: customerId }).getByRole('link', { name: 'Approve…' }).click();
      const confirmation = page.getByTestId('withdrawal-confirmation');
      await confirmation.waitFor();
      await expect(confirmation.textContent()).resolves.toContain('$25.00');
      await checkScreen(page, 'withdrawal-confirm');
      await confirmation.getByRole('button', { name: 'Yes, approve and pay' }).dblclick();
      await page.getByText('1 withdrawal approved and paid.').waitFor();
      await page.goto(`${baseUrl}/back-office/withdrawals?status=paid`);
      await page.getByRole('row').filter({ hasText: customerId }).first().waitFor();
      await expect(page.getByRole('row').filter({ hasText: customerId }).count()).resolves.toBe(1);
      await checkScreen(page, 'withdrawals-paid');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You have signed out of the back office.').waitFor();

      // The customer sees it paid.
      await page.goto(withdrawalPage);
      await expect(page.locator('main').textContent()).resolves.toMatch(/paid/i);

      // The support agent finds the customer by email and reads their tickets and transactions.
      const supportEmail = uniqueEmail('support');
      const supportSecret = createOperator(supportEmail, 'Sam Support', 'support');
      await page.goto(`${baseUrl}/back-office/customers`);
      await signIn(page, supportEmail, await generate({ secret: supportSecret }));
      await page.waitForURL(`${baseUrl}/back-office/customers`);
      await page.getByLabel('Email, name or customer id').fill(customer.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: 'Penny Payout' }).click();
      await page.getByTestId('customer-overview').waitFor();
      await expect(page.getByTestId('customer-overview').textContent()).resolves.toContain(customer.email);
      await page.getByRole('navigation', { name: 'Customer records' }).getByRole('link', { name: 'Tickets' }).click();
      await page.getByText('No tickets.').waitFor();
      await checkScreen(page, 'customer-tickets');
      await page
        .getByRole('navigation', { name: 'Customer records' })
        .getByRole('link', { name: 'Transactions' })
        .click();
      await page.getByRole('table', { name: 'Transactions' }).waitFor();
      await checkScreen(page, 'customer-transactions');
      // An unexpected failure of the API (recorded as its error handler records one) is on the dashboard's errors
      // panel with its request id and route pattern.
      const requestId = `req-e2e-${Date.now().toString(36)}`;
      recordServerFailure({
        requestId,
        route: '/api/v2/cart/:cartId',
        message: 'Cannot read the cart of someone@example.com',
      });
      await page.goto(`${baseUrl}/back-office/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const panel = page.getByTestId('dashboard-errors');
      await panel.getByRole('heading', { name: 'Errors in the last 24 hours' }).waitFor();
      const row = panel
        .getByRole('table', { name: /Latest server errors/ })
        .getByRole('row')
        .filter({ hasText: requestId });
      await expect(row.textContent()).resolves.toContain('GET /api/v2/cart/:cartId → 500');
      await expect(row.textContent()).resolves.toContain('TypeError: Cannot read the cart of <email>');
      await checkScreen(page, 'dashboard');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You have signed out of the back office.').waitFor();

      // The admin's audit log: the approval and the support agent's reads of the customer.
      const adminEmail = uniqueEmail('admin');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');
      await page.goto(`${baseUrl}/back-office/audit`);
      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${baseUrl}/back-office/audit`);
      const log = (await page.getByRole('table', { name: 'Audit log entries' }).textContent()) ?? '';
      expect(log).toContain(withdrawalId);
      expect(log).toContain(customerId);
      await page.goto(`${baseUrl}/back-office/draws`);
      await page.getByRole('table', { name: 'Draws' }).waitFor();
      await checkScreen(page, 'draws');
      expect(open.errors).toEqual([]);
    },
  );
});
