// Back office (issue 21 "Done when"): the first admin, created with the operator CLI, signs in with the authenticator
// code, creates a finance operator (whose key is shown once), and the audit log shows both sign-ins, the creation and
// the finance operator's refused read; the finance operator sees only their screens; sign-out and an ended session
// land on sign-in with a notice; the operator's cookie is httpOnly and SameSite=Strict; the storefront never links
// here. axe finds no serious or critical violation on each screen; screenshots at 390 and 1280 px.
import { generate } from 'otplib';
import { describe, expect, inject, it } from 'vitest';
import { checkScreen, createOperator, PASSWORD, PHONE_390, signIn } from './back-office-helpers.ts';
import { DESKTOP, openBrowser, useBrowser } from './browser.ts';
import { uniqueEmail } from './customers.ts';

const browse = useBrowser();
describe('back office', () => {
  it(
    'the first admin signs in with 2FA, creates a finance operator, and the audit log shows it all',
    { timeout: 240_000 },
    async () => {
      const base = inject('baseUrl');
      const adminEmail = uniqueEmail('ada');
      const financeEmail = uniqueEmail('fin');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');
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
