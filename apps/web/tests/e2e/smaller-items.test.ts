// Browser journeys of issue 20 item 7: the Android app pages and their store link, the marketing feature banner, the
// address confirmation banner, and the 418 / 503 pages reached by their real conditions (every offer suspended,
// maintenance mode). Its own development server: these switch shop-wide settings other journeys rely on.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, screenshotPath, shootBothWidths, useBrowser, waitForHydration } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';
import { startDevServer, type DevServer } from './dev-server.ts';

const browse = useBrowser();
let server: DevServer;
beforeAll(async () => {
  server = await startDevServer('smaller');
});
afterAll(async () => {
  await server?.stop();
});

function ops(...args: string[]) {
  const res = spawnSync('npm', ['run', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
}

/** Each worker keeps its own 60 s cache of the configuration: ask until the one answering has forgotten it. */
async function gotoUntilStatus(page: Page, url: string, status: number) {
  await expect
    .poll(async () => (await page.goto(`${url}${url.includes('?') ? '&' : '?'}clear_cache=1`))?.status(), {
      timeout: 30_000,
      interval: 250,
    })
    .toBe(status);
}

const shots = () => path.dirname(screenshotPath('smaller'));
const PLAY = 'https://play.google.com/store/apps/details?id=au.com.luckykoala';

describe('the Android app pages', () => {
  it('are 404 without a store link; with one, the download page leads to Google Play and stands alone', async () => {
    const { page, errors } = await browse(DESKTOP, { bypassCSP: true });
    const base = server.baseUrl;
    expect((await page.goto(`${base}/app/android`))?.status()).toBe(404);
    expect((await fetch(`${base}/app/android/install`, { redirect: 'manual' })).status).toBe(404);

    ops('app:links', '--android', PLAY);
    await gotoUntilStatus(page, `${base}/app/android`, 200);
    // The 404s above were expected (the browser logs each one); from here on nothing may fail.
    errors.length = 0;
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Lucky Koala Lotteries for Android',
    );
    // Outside the base layout: no site header or footer.
    await expect(page.locator('header, footer').count()).resolves.toBe(0);
    await expect(page.getByTestId('android-install').getAttribute('href')).resolves.toBe('/app/android/install');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shootBothWidths(page, shots(), 'app-android');

    await expect
      .poll(async () => {
        const res = await fetch(`${base}/app/android/install?clear_cache=1`, { redirect: 'manual' });
        return res.status === 302 ? res.headers.get('location') : res.status;
      })
      .toBe(PLAY);
    // The footer's app download section shows the same link (features §2 Footer).
    await page.goto(`${base}/about/contact-us`);
    await expect(page.getByRole('link', { name: /Get it on Google Play/ }).getAttribute('href')).resolves.toBe(PLAY);
    expect(errors).toEqual([]);
    ops('app:links', '--android', 'none');
  });
});

describe('the marketing feature banner', () => {
  it('shows the featured lottery alone, with its jackpot and a link that opens the offer as the whole page', async () => {
    const { page, errors } = await browse(DESKTOP, { bypassCSP: true });
    const res = await page.goto(`${server.baseUrl}/marketing/feature-banner`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    const banner = page.getByTestId('feature-banner');
    await expect(banner.getByTestId('jackpot').textContent()).resolves.toMatch(/\$|Million|Announced soon/);
    const play = banner.getByRole('link', { name: /^Play / });
    await expect(play.getAttribute('target')).resolves.toBe('_top');
    await expect(page.locator('header, footer').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shootBothWidths(page, shots(), 'feature-banner');
    await play.click();
    await page.waitForURL((url) => url.pathname !== '/marketing/feature-banner');
    await expect(page.locator('header').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

describe('the address confirmation banner', () => {
  it('shows when a confirmation is due; Confirm sends it without leaving the page and says so', async () => {
    const o = await browse(DESKTOP, { bypassCSP: true });
    const customer = testCustomer('confirm-address');
    await signUpAndLogin({ ...o, baseUrl: server.baseUrl }, customer);
    ops('customer:confirm-address', customer.email);

    const { page } = o;
    await page.goto(`${server.baseUrl}/lotto-tickets`);
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Confirm your address' });
    await expect(
      banner.getByText('Is your address still correct? Please confirm it or update your details.').count(),
    ).resolves.toBe(1);
    await expect(banner.getByRole('link', { name: 'Update' }).getAttribute('href')).resolves.toBe(
      '/my-account/my-details',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shootBothWidths(page, shots(), 'confirm-address-banner');

    await banner.getByRole('button', { name: 'Confirm' }).click();
    // The answer is a toast (one message), not a notice in the page.
    await page.getByTestId('toast').filter({ hasText: 'Thank you, your address is confirmed.' }).waitFor();
    await expect(page.getByRole('main').getByText('Thank you, your address is confirmed.').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/lotto-tickets');
    // The customer was fetched again: the address variant is gone, the email one (not yet confirmed) takes its place.
    await page.getByRole('region', { name: 'Confirm your email address' }).waitFor();
    await expect(page.getByRole('region', { name: 'Confirm your address' }).count()).resolves.toBe(0);
    await shootBothWidths(page, shots(), 'confirm-address-done');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Confirm your address' }).count()).resolves.toBe(0);
    expect(o.errors).toEqual([]);
  });
});

describe('error pages by their real conditions', () => {
  it('418 with every offer suspended, and the shop back when they resume', async () => {
    const { page } = await browse(DESKTOP, { bypassCSP: true });
    ops('offer:suspend', '--all');
    try {
      await gotoUntilStatus(page, `${server.baseUrl}/lotto-tickets`, 418);
      await expect(page.title()).resolves.toBe('We have encountered a problem | Lucky Koala Lotteries');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe("It's not you, it's us!");
      await expect(
        page
          .getByText('There are currently no products available, please check back later. Thank you for being patient.')
          .count(),
      ).resolves.toBe(1);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await shootBothWidths(page, shots(), 'error-418');
    } finally {
      ops('offer:resume', '--all');
    }
    await gotoUntilStatus(page, `${server.baseUrl}/lotto-tickets`, 200);
  });

  it('503 maintenance page in maintenance mode', async () => {
    const { page } = await browse(DESKTOP, { bypassCSP: true });
    ops('maintenance', 'on');
    try {
      await gotoUntilStatus(page, `${server.baseUrl}/`, 503);
      await expect(page.title()).resolves.toBe('Site currently under maintenance');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        "There's a spanner in the works!",
      );
      await expect(axeViolations(page)).resolves.toEqual([]);
      await shootBothWidths(page, shots(), 'error-503');
    } finally {
      ops('maintenance', 'off');
    }
    await gotoUntilStatus(page, `${server.baseUrl}/`, 200);
  });
});
