// Browser journeys of the wallet (issue 5 Done when): add a test card -> deposit $50 -> the balance shows in the account
// button -> withdraw winnings to a bank account; a declined card shows the failure and moves no money.
import { afterEach, describe, expect, it } from 'vitest';
import {
  axeViolations,
  DESKTOP,
  openBrowser,
  PHONE,
  screenshotPath,
  waitForHydration,
  type OpenBrowser,
} from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';
import { creditPrize } from './wallet-helpers.ts';

let open: OpenBrowser | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const WALLY = { firstname: 'Wally', lastname: 'Wallet' };

async function addCard(o: OpenBrowser, number: string) {
  const { page, baseUrl } = o;
  await page.goto(`${baseUrl}/my-account/cards-and-accounts`);
  await waitForHydration(page);
  await page.getByLabel('Name on card').fill('Wally Wallet');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YY)').fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByLabel('Card security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page
    .getByTestId('saved-fund')
    .filter({ hasText: `ending ${number.slice(-4)}` })
    .waitFor();
}

async function deposit(o: OpenBrowser, preset: string) {
  const { page, baseUrl } = o;
  await page.goto(`${baseUrl}/my-account/deposit`);
  await waitForHydration(page);
  await page.getByRole('button', { name: preset }).click();
  const csc = page.getByLabel('Card security code (CVC)');
  if (await csc.count()) await csc.fill('123');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`wallet journey at ${viewport.width} px`, () => {
    it('adds a test card, deposits $50, shows the balance, withdraws winnings to a bank account', async () => {
      open = await openBrowser(viewport, { bypassCSP: true });
      const { page } = open;
      const { customerId } = await signUpAndLogin(open, testCustomer('wallet', WALLY));

      await addCard(open, '4242424242424242');
      await page.screenshot({ path: screenshotPath(`wallet-cards-${name}`), fullPage: true });
      await expect(axeViolations(page)).resolves.toEqual([]);

      await deposit(open, '$50.00');
      await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);
      // The address changes as the client-side navigation starts: wait for the new page's heading itself.
      await page.getByRole('heading', { level: 1, name: 'Deposit successful' }).waitFor();
      await expect(page.getByText('$50.00 has been added to your account.').count()).resolves.toBe(1);
      await page.screenshot({ path: screenshotPath(`wallet-deposit-success-${name}`), fullPage: true });
      await expect(axeViolations(page)).resolves.toEqual([]);
      // The account button in the header carries the available funds (spec features §2 main navigation).
      await expect(page.getByRole('button', { name: /^Account \$50\.00$/ }).count()).resolves.toBeGreaterThan(0);

      // Deposits are not withdrawable; winnings are.
      creditPrize(customerId, 2500);
      await page.goto(`${open.baseUrl}/my-account/cards-and-accounts`);
      await page.getByLabel('Account name').fill('Wally Wallet');
      await page.getByLabel('BSB').fill('062-000');
      await page.getByLabel('Account number').fill('12345678');
      await page.getByRole('button', { name: 'Save bank account' }).click();
      await page.getByTestId('saved-fund').filter({ hasText: 'BSB 062000' }).waitFor();

      // Only verified customers withdraw (responsible gambling): the online check with the simulated provider.
      await page.goto(`${open.baseUrl}/my-account/verify-account`);
      await waitForHydration(page);
      await page.getByLabel('Document number').fill('12345678');
      await page.getByLabel(/I agree to my details being checked/).check();
      await page.getByRole('button', { name: 'Check my details' }).click();
      await page.getByTestId('verification-outcome').waitFor();

      await page.goto(`${open.baseUrl}/my-account/withdraw`);
      await waitForHydration(page);
      await expect(page.getByTestId('withdrawable-funds').textContent()).resolves.toContain('$25.00');
      await page.getByLabel(/Withdrawal amount/).fill('30');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      // The form posts and comes back with the message: wait for it rather than counting at once.
      await page.getByText('Please enter an amount equal to or less than $25.00.').waitFor({ timeout: 15_000 });
      await expect(page.getByText('Please enter an amount equal to or less than $25.00.').count()).resolves.toBe(1);
      await page.getByLabel(/Withdrawal amount/).fill('25');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.waitForURL(/\/my-account\/withdraw\/details\/wdr_[A-Za-z0-9]+$/);
      await page.getByRole('heading', { level: 1, name: 'Withdrawal requested' }).waitFor();
      await page.screenshot({ path: screenshotPath(`wallet-withdraw-${name}`), fullPage: true });
      await expect(axeViolations(page)).resolves.toEqual([]);

      await page.goto(`${open.baseUrl}/my-account/transactions`);
      await expect(page.getByTestId('transaction-row').count()).resolves.toBe(3);
      await expect(axeViolations(page)).resolves.toEqual([]);
    });
  });
}

describe('a declined card', () => {
  it('shows the failure on the deposit form and moves no money', async () => {
    open = await openBrowser(PHONE, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open, testCustomer('wallet', WALLY));
    await addCard(open, '4000000000000002');
    await deposit(open, '$20.00');
    await page.getByTestId('form-errors').waitFor();
    await expect(page.getByTestId('form-errors').textContent()).resolves.toContain('Your deposit failed');
    expect(new URL(page.url()).pathname).toBe('/my-account/deposit');
    await page.screenshot({ path: screenshotPath('wallet-deposit-declined-phone'), fullPage: true });
    await expect(axeViolations(page)).resolves.toEqual([]);

    await page.goto(`${baseUrl}/my-account/transactions`);
    await expect(page.getByText('You have no transactions yet.').count()).resolves.toBe(1);
  });
});

describe('the deposit form across a revalidation', () => {
  it('keeps the amount being typed and its idempotency key when the page revalidates (the cookie banner answered)', async () => {
    open = await openBrowser(PHONE, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open, testCustomer('wallet', WALLY));
    await addCard(open, '4242424242424242');
    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    const key = await page.locator('input[name="idempotencyKey"]').first().inputValue();
    await page.getByLabel(/Deposit amount/).fill('35');
    // Answering the cookie banner is a fetcher post: every loader of the page runs again.
    const banner = page.getByTestId('cookie-consent');
    await expect(banner.count()).resolves.toBe(1);
    const revalidated = page.waitForResponse((r) => r.url().includes('.data') && r.request().method() === 'GET');
    await banner.getByRole('button', { name: 'Essential only' }).click();
    await revalidated;
    await banner.waitFor({ state: 'detached' });
    await expect(page.getByLabel(/Deposit amount/).inputValue()).resolves.toBe('35');
    await expect(page.locator('input[name="idempotencyKey"]').first().inputValue()).resolves.toBe(key);
  });
});

describe('digital wallets, BPAY and a cancelled deposit', () => {
  it('links PayPal, deposits with Google Pay (no Apple Pay in Chromium), shows BPAY, and cancels a 3-D Secure deposit', async () => {
    open = await openBrowser(DESKTOP, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open, testCustomer('wallet', WALLY));

    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    await page.getByTestId('wallet-gp').waitFor();
    await expect(page.getByTestId('wallet-ap').count()).resolves.toBe(0);
    await expect(page.getByTestId('bpay-biller-code').textContent()).resolves.toBe('123456');
    await expect(page.getByTestId('bpay-reference').textContent()).resolves.toMatch(/^\d{10}$/);
    await expect(axeViolations(page)).resolves.toEqual([]);

    await page.getByLabel('PayPal email address').fill('wally@example.com');
    await page.getByRole('button', { name: 'Link PayPal' }).click();
    await page.getByText('PayPal wally@example.com').waitFor();
    await expect(page.getByRole('button', { name: 'Link PayPal' }).count()).resolves.toBe(0);

    await waitForHydration(page);
    await page.getByLabel(/Deposit amount/).fill('20');
    await page.getByTestId('wallet-gp').click();
    await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);
    await page.getByRole('heading', { level: 1, name: 'Deposit successful' }).waitFor();
    await expect(page.getByText('$20.00 has been added to your account.').count()).resolves.toBe(1);

    // PayPal, linked first, is the default source: choose the 3-D Secure card.
    await addCard(open, '4000000000003220');
    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    await page.getByLabel(/ending 3220/).check();
    await page.getByLabel(/Deposit amount/).fill('20');
    await page.getByLabel('Card security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.waitForURL(/\/my-account\/deposit\/authorisation\/dep_[A-Za-z0-9]+$/);
    const depositId = new URL(page.url()).pathname.split('/').pop();
    // The provider's cancel return changes nothing by itself (a link cannot cancel): the button does.
    await page.goto(`${baseUrl}/my-account/deposit/${depositId}/cancel`);
    await page.getByRole('heading', { level: 1, name: 'Cancel deposit' }).waitFor();
    await page.goto(`${baseUrl}/my-account/deposit/details/${depositId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit cancelled' }).count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/my-account/deposit/${depositId}/cancel`);
    await page.getByRole('button', { name: 'Cancel deposit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deposit cancelled' }).waitFor();
    await page.goto(`${baseUrl}/my-account/deposit/details/${depositId}`);
    await page.getByRole('heading', { level: 1, name: 'Deposit cancelled' }).waitFor();
    await page.goto(`${baseUrl}/my-account/transactions`);
    await expect(page.getByTestId('transaction-row').count()).resolves.toBe(1);
  });
});
