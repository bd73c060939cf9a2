// Autoplay in the browser (issue 15 "Done when", phone width): a customer adds an Oz Lotto ticket with "Autoplay" and
// a minimum jackpot at or below the next draws' jackpot, buys it from the wallet; the operator advances the draw
// (`npm run ops -- draw:advance`) and runs the processor (`recurring:run`), which buys the next draw's ticket: it is in
// upcoming tickets. The customer pauses until a date; the next draw closes and the processor buys nothing; the
// customer unpauses, then cancels (after the confirmation step) and the autoplay is gone from the list.
// (The processor's job also runs every minute inside the server: whichever runs first buys, the key makes it once.)
// Screenshots at 375 px and 1280 px go to /tmp/shots-autoplay.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it, vi } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, PHONE, useBrowser, waitForHydration, settledCount } from './browser.ts';
import { signedHeaders, signUpAndLogin, testCustomer } from './customers.ts';

const run = promisify(execFile);
const browse = useBrowser();
const SHOTS = '/tmp/shots-autoplay';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production' },
    timeout: 120_000,
  });
  return stdout;
}

interface OfferDraw {
  draw_no: number;
  prize_pool: { amount: number } | null;
}

async function ozDraws(baseUrl: string): Promise<OfferDraw[]> {
  const res = await fetch(`${baseUrl}/api/v2/pricing/default/product_offers`, { headers: await signedHeaders('3.3') });
  const body = (await res.json()) as { result: Record<string, { draws: OfferDraw[] }> };
  return body.result['oz-lotto']!.draws;
}

async function upcomingOrders(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/my-account/upcoming-tickets?clear_cache`);
  await waitForHydration(page);
  if (await page.getByTestId('tickets-empty').count()) return [];
  return page.getByTestId('orders').locator(':scope > li').allInnerTexts();
}

describe('autoplay', () => {
  it('is bought with a minimum jackpot, buys the next draw, skips a draw while paused, unpauses and cancels', async () => {
    const o = await browse(PHONE);
    const { page, baseUrl, errors } = o;
    await signUpAndLogin(o, testCustomer('autoplay', { firstname: 'Abe' }));

    // Fund the wallet with the test deposit.
    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('radio', { name: /Test deposit/ }).check();
    await page.getByLabel(/Deposit amount/).fill('50');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);

    // The draws' jackpots only grow: a minimum at or below the second draw's jackpot buys it.
    const [first, second] = await ozDraws(baseUrl);
    expect(second!.prize_pool?.amount).toBeGreaterThan(0);
    const minimum = String(Math.floor(second!.prize_pool!.amount / 2));

    // The play screen: one quickpick game, "Autoplay" as the number of draws, and the minimum jackpot.
    await page.goto(`${baseUrl}/oz-lotto/standard`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
    await page.getByTestId('num-draws').selectOption('autoplay');
    await expect(page.getByTestId('autoplay-note').textContent()).resolves.toContain('paid from your wallet');
    // A minimum that is not money is refused next to its field, and nothing is added.
    await page.getByLabel(/^Minimum jackpot/).fill('lots');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByTestId('autoplay-options')
      .getByText(/Enter an amount above 0/)
      .waitFor();
    // A fresh play screen (the builder ignores a second Add within a second of the first).
    await page.goto(`${baseUrl}/oz-lotto/standard`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
    await page.getByTestId('num-draws').selectOption('autoplay');
    await page.getByLabel(/^Minimum jackpot/).fill(minimum);
    await shoot(page, 'play-autoplay');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 })
      .catch(async (error: Error) => {
        await page.screenshot({ path: `${SHOTS}/debug-add.png`, fullPage: true });
        throw new Error(`${error.message}\n${(await page.locator('main').innerText()).slice(0, 800)}`);
      });
    if (new URL(page.url()).pathname !== '/cart') await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const line = page.getByTestId('cart-autoplay');
    await expect(line.textContent()).resolves.toContain('Autoplay');
    await expect(page.getByTestId('cart-minimum-jackpot').textContent()).resolves.toMatch(/^Minimum jackpot: \$[\d,]+/);
    await shoot(page, 'cart-autoplay');

    // Buy from the wallet.
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByTestId('buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });

    // My account → Autoplay: the autoplay, active, next draw the second one.
    await page.goto(`${baseUrl}/my-account`);
    await page.getByRole('link', { name: 'Autoplay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-account/autoplay');
    await waitForHydration(page);
    await settledCount(page.getByTestId('autoplay')).toBe(1);
    await expect(page.getByTestId('autoplay-status').textContent()).resolves.toBe('Active');
    await expect(page.getByTestId('autoplay').textContent()).resolves.toContain(`Draw ${second!.draw_no}`);
    await shoot(page, 'autoplay-list');
    await page.goto(`${baseUrl}/my-account/recurring-purchases`);
    await waitForHydration(page);
    await expect(page.getByTestId('recurring-purchases').textContent()).resolves.toContain(
      'Oz Lotto Standard, 1 game, autoplay',
    );
    await shoot(page, 'recurring-purchases');

    // The operator advances the first draw; the processor buys the second draw's ticket.
    await ops('draw:advance', '--offer', 'oz-lotto');
    await ops('recurring:run');
    await expect.poll(() => upcomingOrders(page, baseUrl), { timeout: 30_000 }).toHaveLength(1);
    await page.goto(`${baseUrl}/my-account/autoplay`);
    await page.getByTestId('autoplay').getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/my-account/autoplay/ticket/rcp_'));
    const detailUrl = page.url();
    await waitForHydration(page);
    const detail = page.getByTestId('autoplay-detail');
    await expect(detail.textContent()).resolves.toContain('Bought');
    expect(first!.draw_no).toBeLessThan(second!.draw_no);
    await shoot(page, 'autoplay-ticket');

    // Pause until a date a month away; the next draw closes while paused and nothing is bought.
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    // The earliest day offered is tomorrow where the shop is (Sydney), not in UTC.
    const sydneyDay = (at: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', dateStyle: 'short' }).format(at);
    const tomorrow = new Date(`${sydneyDay(new Date())}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await expect(page.getByLabel('Pause until').getAttribute('min')).resolves.toBe(tomorrow.toISOString().slice(0, 10));
    await page.getByLabel('Pause until').fill(until);
    await page.getByRole('button', { name: 'Pause until this date' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your autoplay is paused.' }).waitFor();
    await expect(page.getByTestId('autoplay-status').textContent()).resolves.toMatch(/^Paused until /);
    await shoot(page, 'autoplay-paused');
    await ops('draw:advance', '--offer', 'oz-lotto');
    await ops('recurring:run');
    expect(await upcomingOrders(page, baseUrl)).toEqual([]);

    // Unpause, then cancel after the confirmation step: gone from the list.
    await page.goto(detailUrl);
    await waitForHydration(page);
    await expect(page.getByTestId('autoplay-status').textContent()).resolves.toMatch(/^Paused until /);
    await page.getByRole('button', { name: 'Unpause' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your autoplay is on again' }).waitFor();
    await expect(page.getByTestId('autoplay-status').textContent()).resolves.toBe('Active');
    // On a phone the question shows where the button was tapped (the page does not jump to its top).
    await page.setViewportSize(PHONE);
    await page.getByTestId('autoplay-cancel-start').click();
    const yes = page.getByRole('button', { name: 'Yes, cancel autoplay' });
    await yes.waitFor();
    await vi.waitFor(async () => {
      const box = (await yes.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    });
    await yes.click();
    await page.waitForURL((url) => url.pathname === '/my-account/autoplay');
    await page.getByTestId('toast').filter({ hasText: 'Your autoplay was cancelled.' }).waitFor();
    await expect(page.getByTestId('autoplay-empty').count()).resolves.toBe(1);
    await expect(page.getByTestId('autoplay').count()).resolves.toBe(0);
    // The one failed load is the refused minimum jackpot (422) above.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });

  it('the autoplay screens pass axe; an unknown autoplay is a 404; the empty lists link to play', async () => {
    const o = await browse(DESKTOP, { bypassCSP: true });
    const { page, baseUrl } = o;
    await signUpAndLogin(o, testCustomer('autoplay-axe', { firstname: 'Ada' }));
    await page.goto(`${baseUrl}/my-account/autoplay`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByTestId('autoplay-empty').waitFor();
    await expect(page.getByRole('link', { name: 'Play a lottery' }).getAttribute('href')).resolves.toBe(
      '/lotto-tickets',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
    const missing = await page.goto(`${baseUrl}/my-account/autoplay/ticket/rcp_0000000000000000`);
    expect(missing?.status()).toBe(404);
    const recurring = await page.goto(`${baseUrl}/my-account/recurring-purchases`);
    expect(recurring?.status()).toBe(200);
    await waitForHydration(page);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shoot(page, 'recurring-purchases-empty');
  });
});
