// Browser journeys of responsible gambling (issue 8 Done when): sign up, set a daily spend limit (bad amounts get field
// errors), fund the wallet with a test deposit, put tickets over the limit in the cart, see the spend_limit blocked
// reason and follow its action to the spend-limit page, which returns to the cart after saving. Also: a raise waits out
// the cooling-off period, the deposit limit help, identity verification (an upload that is not an image is refused by
// name, then the online check), take a break with its confirmation step, and the responsible-gaming page (Gambling
// Help line and the odds of each game). Screenshots at 375 and 1280 px go to /tmp/shots-rg/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, openBrowser, PHONE, waitForHydration, type OpenBrowser } from './browser.ts';
import { customerToken, signedHeaders, signUpAndLogin as signUpAndLoginAs, testCustomer } from './customers.ts';

const SHOTS = '/tmp/shots-rg';

let open: OpenBrowser | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** Signs up and logs in through the real API; the last name picks the verification provider's answer. */
async function signUpAndLogin(o: OpenBrowser, lastname = 'Koala'): Promise<void> {
  await signUpAndLoginAs(o, testCustomer('rg', { firstname: 'Rita', lastname }));
}

async function setLimit(page: Page, label: RegExp, amount: string, button = /^(Set|Update) limit$/) {
  const input = page.getByLabel(label);
  await input.fill(amount);
  const form = page.locator('form', { has: input });
  await form.getByRole('button', { name: button }).click();
}

async function testDeposit(o: OpenBrowser, amount: string) {
  const { page, baseUrl } = o;
  await page.goto(`${baseUrl}/my-account/deposit`);
  await waitForHydration(page);
  await page.getByRole('radio', { name: /Test deposit/ }).check();
  await page.getByLabel(/Deposit amount/).fill(amount);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);
}

/** Ten Oz Lotto quickpick games ($15.50): built by the API as the offer page's quick-buy does. */
async function addTicketsToCart(o: OpenBrowser) {
  const res = await o.context.request.post(`${o.baseUrl}/api/v2/cart/build`, {
    headers: await signedHeaders('3.3', await customerToken(o.context)),
    data: { product_offer_key: 'oz-lotto', game_type: 'standard', game_offer: 'standard', num_games: 10 },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('spend limits and the cart', () => {
  it('sets a daily limit, hits it in the cart, follows the blocked reason back to the limit page and returns to the cart', async () => {
    open = await openBrowser(PHONE, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open);

    await page.goto(`${baseUrl}/my-account/spend-limits`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Spend limits' }).waitFor();
    await expect(page.getByText('The maximum deposit in any 7-day period.').count()).resolves.toBe(1);

    // Bad amounts: field errors, nothing saved.
    await setLimit(page, /^Daily limit \(\$\)/, '1.505');
    await page.getByText('Amount must follow format e.g: 1.50').waitFor();
    await shot(page, 'spend-limits-error');
    await setLimit(page, /^Daily limit \(\$\)/, '-5');
    await page.getByText('Please enter an amount equal to or greater than $0.01.').waitFor();
    await setLimit(page, /^Daily limit \(\$\)/, '5000000');
    await page.getByText('Please enter an amount equal to or less than $1,000,000.00.').waitFor();
    await expect(page.getByTestId('limit-usage-daily').count()).resolves.toBe(0);

    await setLimit(page, /^Daily limit \(\$\)/, '5');
    await page.getByTestId('rg-notice').filter({ hasText: 'Your spend limit has been updated.' }).waitFor();
    await expect(page.getByTestId('limit-usage-daily').textContent()).resolves.toContain('$5.00');
    await shot(page, 'spend-limits');
    await expectNoAxeViolations(page);

    await testDeposit(open, '50');
    await addTicketsToCart(open);

    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const blocked = page.getByTestId('blocked-reasons');
    await blocked.waitFor();
    await shot(page, 'cart-blocked');
    const action = blocked.getByRole('link', { name: 'Review your spend limits' });
    await action.click();
    await page.waitForURL(/\/my-account\/spend-limits/);
    await page.getByRole('heading', { level: 1, name: 'Spend limits' }).waitFor();
    await page.getByText('After you save a spend limit we take you back to your cart.', { exact: false }).waitFor();
    await shot(page, 'spend-limits-from-cart');

    // Lowering applies at once, and the page goes back to the cart with the notice.
    await waitForHydration(page);
    await setLimit(page, /^Daily limit \(\$\)/, '4');
    await page.waitForURL(`${baseUrl}/cart`);
  });

  it('goes back to the cart with its notice after saving when the cart sent the customer (?from=cart)', async () => {
    open = await openBrowser(DESKTOP, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open);
    await page.goto(`${baseUrl}/my-account/spend-limits?from=cart`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to cart' }).waitFor();
    await setLimit(page, /^Monthly limit \(\$\)/, '75');
    await page.waitForURL(`${baseUrl}/cart`);
    await page.getByTestId('toast').filter({ hasText: 'You can continue with your cart.' }).waitFor();
    await page.goto(`${baseUrl}/my-account/spend-limits`);
    await expect(page.getByTestId('limit-usage-monthly').textContent()).resolves.toContain('$75.00');
  });

  it('keeps a raise pending through the cooling-off period and saves a deposit limit', async () => {
    open = await openBrowser(DESKTOP, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open);
    await page.goto(`${baseUrl}/my-account/spend-limits`);
    await waitForHydration(page);
    await setLimit(page, /^Weekly limit \(\$\)/, '20');
    await page.getByTestId('rg-notice').waitFor();
    await setLimit(page, /^Weekly limit \(\$\)/, '100');
    await page.getByTestId('pending-weekly').waitFor();
    await expect(page.getByTestId('pending-weekly').textContent()).resolves.toMatch(
      /^Your new limit of \$100\.00 applies from .+\.$/,
    );
    // The raise has no effect yet: the limit in force is still $20.
    await expect(page.getByTestId('limit-usage-weekly').textContent()).resolves.toContain('$20.00');

    await setLimit(page, /^Weekly deposit limit \(\$\)/, '250');
    await page.waitForURL(/\/my-account\/spend-limits#deposit$/);
    await page.getByTestId('toast').filter({ hasText: 'Your deposit limit has been updated.' }).waitFor();
    await expect(page.getByTestId('rg-notice').count()).resolves.toBe(0);
    await expect(page.getByTestId('limit-usage-weekly').count()).resolves.toBe(2);
    await shot(page, 'spend-limits-pending');
    await expectNoAxeViolations(page);

    await page.goto(`${baseUrl}/my-account/precommitment-limit`);
    await waitForHydration(page);
    await page.getByLabel(/^Pre-commitment limit/).fill('300');
    await page.getByRole('button', { name: 'Set pre-commitment' }).click();
    await page.getByTestId('precommitment-current').waitFor();
    await shot(page, 'precommitment');
    await expectNoAxeViolations(page);
  });
});

describe('identity verification', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`refuses a file that is not an image, then verifies online at ${viewport.width} px`, async () => {
      open = await openBrowser(viewport, { bypassCSP: true });
      const { page, baseUrl } = open;
      await signUpAndLogin(open, 'Documents');
      await page.goto(`${baseUrl}/my-account/manual-verification`);
      await waitForHydration(page);
      await page
        .getByLabel('Your ID documents')
        .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
      await page.getByRole('button', { name: 'Upload documents' }).click();
      await page.getByText(/licence\.png is not an image or a PDF/).waitFor();
      await shot(page, 'manual-verification-refused');
      await expectNoAxeViolations(page);

      await page.goto(`${baseUrl}/my-account/verify-account`);
      await waitForHydration(page);
      await expect(page.getByTestId('verification-methods').count()).resolves.toBe(1);
      await page.getByLabel('Document number').fill('12345678');
      await page.getByRole('button', { name: 'Check my details' }).click();
      await page
        .getByText('Please agree to your details being checked with the issuer or official record holder.')
        .waitFor();
      await page.getByLabel(/I agree to my details being checked/).check();
      await page.getByRole('button', { name: 'Check my details' }).click();
      await page.getByTestId('verification-outcome').waitFor();
      await shot(page, 'verify-account');
      await expectNoAxeViolations(page);
    });
  }
});

describe('ConnectID', () => {
  it('goes to the (simulated) bank sign-in and comes back verified on /account-verification', async () => {
    open = await openBrowser(PHONE, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open);
    await page.goto(`${baseUrl}/my-account/verify-account`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Verify with ConnectID' }).click();
    await page.waitForURL(/\/account-verification\?.*code=/);
    await page.getByTestId('verification-outcome').waitFor();
    await page.getByTestId('verified').waitFor();
    await shot(page, 'account-verification');
    await expectNoAxeViolations(page);
  });
});

describe('take a break', () => {
  it('asks for confirmation, says until when, and then blocks', async () => {
    open = await openBrowser(PHONE, { bypassCSP: true });
    const { page, baseUrl } = open;
    await signUpAndLogin(open);
    await page.goto(`${baseUrl}/my-account`);
    await page.getByRole('link', { name: 'Take a break or self-exclude' }).first().click();
    await page.waitForURL(`${baseUrl}/my-account/responsible-gambling`);
    await waitForHydration(page);
    await page.getByLabel('How long would you like a break for?').selectOption('24h');
    await page.locator('#take-a-break').getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByTestId('confirm-exclusion');
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toMatch(
      /You won't be able to buy tickets or deposit until .+\. This can't be undone\./,
    );
    await shot(page, 'take-a-break-confirm');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, start my break' }).click();
    await page.getByTestId('active-exclusion').waitFor();
    await page.reload();
    await page.getByTestId('active-exclusion').waitFor();
    await shot(page, 'take-a-break-active');
  });
});

describe('responsible gaming page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the Gambling Help line and the odds of each game at ${viewport.width} px`, async () => {
      open = await openBrowser(viewport, { bypassCSP: true });
      const { page, baseUrl } = open;
      await page.goto(`${baseUrl}/about/responsible-gaming`);
      await expect(page.getByTestId('gambling-help-line').textContent()).resolves.toContain('1800 858 858');
      const odds = page.getByTestId('game-odds');
      await expect(odds.textContent()).resolves.toContain('1 in 62,891,499');
      await expect(odds.locator('[data-game]').count()).resolves.toBeGreaterThanOrEqual(5);
      await shot(page, 'responsible-gaming');
      await expectNoAxeViolations(page);
    });
  }
});
