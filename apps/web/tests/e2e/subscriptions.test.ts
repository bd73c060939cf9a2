// Subscriptions in the browser (issue 15): a customer subscribes to a charity raffle weekly from its subscription page,
// pays the first entry through the cart and checkout, finds the subscription in My account (next purchase, last
// attempt), pauses and unpauses it; the operator runs the recurring processor as of the next week
// (`npm run ops -- recurring:run --at <time>`, the way the journeys drive time through the CLI), which buys the second
// period's entry once, and it appears in the upcoming tickets; then the customer cancels it (after a confirmation)
// and a later run buys nothing. Screenshots at 375 px and 1280 px go to /tmp/shots-subscriptions.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, PHONE, useBrowser, waitForHydration, settledCount } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const run = promisify(execFile);
const browse = useBrowser();
const SHOTS = '/tmp/shots-subscriptions';
mkdirSync(SHOTS, { recursive: true });
const RAFFLE = 'hospital-prize-home';
const DAY = 86_400_000;

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

/** The operator's recurring:run as of a time (not in production: the e2e shop runs with NODE_ENV=test). */
async function recurringRunAt(customerId: string, at: Date): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'ops', '--', 'recurring:run', '--customer', customerId, '--at', at.toISOString()],
    {
      cwd: inject('repoRoot'),
      env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'test' },
      timeout: 120_000,
    },
  );
  return stdout;
}

describe('subscriptions', () => {
  it('subscribes to a charity raffle, is bought again next period, shows in the tickets, pauses and cancels', async () => {
    const open = await browse(PHONE, { bypassCSP: true });
    const { page, baseUrl, errors } = open;
    const { customerId } = await signUpAndLogin(open, testCustomer('subs', { firstname: 'Sam', lastname: 'Koala' }));

    // Funds for the first entry and the next period's.
    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('radio', { name: /Test deposit/ }).check();
    await page.getByLabel(/Deposit amount/).fill('200');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page
      .waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/, { timeout: 90_000 })
      .catch(async (e: unknown) => {
        const said = await page
          .getByRole('alert')
          .allTextContents()
          .catch(() => []);
        throw new Error(`${String(e)}\nThe deposit page said: ${said.join(' | ') || '(nothing)'}`);
      });
    await page.getByRole('heading', { level: 1, name: 'Deposit successful' }).waitFor({ timeout: 30_000 });

    // From My account's subscriptions (none yet) to the raffle's subscribe page.
    await page.goto(`${baseUrl}/my-account/subscriptions`);
    await waitForHydration(page);
    await page.getByTestId('no-subscriptions').waitFor();
    await page.getByRole('link', { name: "Subscribe to Children's Hospital Prize Home" }).click();
    await page.waitForURL(`**/${RAFFLE}/subscription`);
    await waitForHydration(page);

    // Subscribe weekly to one ticket; the only cause is named.
    await page.getByRole('heading', { level: 1, name: /^Subscribe to / }).waitFor();
    await expect(page.getByText("Supporting Children's Hospital Foundation").count()).resolves.toBe(1);
    await page.getByRole('radio', { name: 'Every week' }).check();
    await page.getByRole('radio', { name: /^1 ticket/ }).check();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shoot(page, 'subscribe');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 20_000 });

    // The cart names the subscription; it is paid like any purchase, from the wallet at checkout.
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await expect(page.getByText(/1 ticket.*, weekly subscription$/).count()).resolves.toBe(1);
    // Said as a subscription, not as an autoplay of every draw.
    await expect(page.getByTestId('cart-subscription').textContent()).resolves.toContain('bought again');
    await expect(page.getByTestId('cart-autoplay').count()).resolves.toBe(0);
    await shoot(page, 'cart');
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByTestId('buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 30_000 });

    // My account → Subscriptions → the subscription.
    await page.goto(`${baseUrl}/my-account`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL('**/my-account/subscriptions');
    await waitForHydration(page);
    await settledCount(page.getByTestId('subscription-row')).toBe(1);
    await shoot(page, 'subscriptions');
    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL(/\/my-account\/subscriptions\/ticket\/rcp_[0-9a-f]+$/);
    await waitForHydration(page);
    await expect(page.getByTestId('subscription-status').textContent()).resolves.toBe('Active');
    await expect(page.getByTestId('subscription-period').textContent()).resolves.toBe('Every week');
    await expect(page.getByTestId('subscription-last-attempt').textContent()).resolves.toMatch(/^Bought, /);
    await expect(page.getByTestId('subscription-next-due').textContent()).resolves.toMatch(/\d{4}/);
    const detailUrl = new URL(page.url()).pathname;

    // The recurring purchases list calls it a subscription and links to this screen (not to an autoplay's).
    await page.goto(`${baseUrl}/my-account/recurring-purchases`);
    await waitForHydration(page);
    const list = page.getByTestId('recurring-purchases');
    await expect(list.textContent()).resolves.toMatch(/Subscription · Active.*Every week, \$[\d.]+ each time · next: /);
    await list.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === detailUrl);
    await waitForHydration(page);

    // Pause, then unpause.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByTestId('subscription-notice').filter({ hasText: 'Your subscription is paused.' }).waitFor();
    await page
      .getByTestId('subscription-status')
      .filter({ hasText: /^Paused$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Unpause' }).click();
    await page.getByTestId('subscription-notice').filter({ hasText: 'active again' }).waitFor();
    await page
      .getByTestId('subscription-status')
      .filter({ hasText: /^Active$/ })
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shoot(page, 'subscription');
    await page.setViewportSize(PHONE);

    // The next period: the processor buys the entry once (a second run in the same period buys nothing).
    const nextWeek = new Date(Date.now() + 7 * DAY + 60_000);
    expect(await recurringRunAt(customerId, nextWeek)).toContain('purchased 1');
    expect(await recurringRunAt(customerId, nextWeek)).toContain('purchased 0');
    await page.goto(`${baseUrl}/my-account/upcoming-tickets`);
    await waitForHydration(page);
    await expect(page.getByTestId('orders').locator('li').count()).resolves.toBe(2);

    // Cancel, after a confirmation; a later run buys nothing.
    await page.goto(`${baseUrl}/my-account/subscriptions`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL(/\/my-account\/subscriptions\/ticket\/rcp_/);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).waitFor();
    await shoot(page, 'subscription-cancel');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.waitForURL('**/my-account/subscriptions?cancelled=1');
    await page.getByTestId('no-subscriptions').waitFor();
    await expect(page.getByTestId('subscription-notice').textContent()).resolves.toContain('cancelled');
    expect(await recurringRunAt(customerId, new Date(Date.now() + 14 * DAY + 60_000))).toContain('purchased 0');
    expect(errors).toEqual([]);
  });
});
