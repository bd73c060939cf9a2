// Notification feed and toasts (issue 20 "Done when"): a customer's ticket wins (`npm run ops -- draw:advance` with
// the customer's numbers), the next page shows the win as a toast, the header's count is 1, the feed drawer shows the
// win card with a link to the ticket, and opening the feed clears the count. axe finds no serious or critical
// violation with the toast on screen or the feed open. Screenshots at 390 px and 1280 px go to /tmp/shots-feed.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration, settledCount } from './browser.ts';
import { customerToken, signedHeaders, signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-feed';
const PHONE_390 = { width: 390, height: 844 };
const WINNING = { numbers: '3,8,15,22,29,36,41', supps: '5,12,44' };

function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`) });
  }
  await page.setViewportSize(PHONE_390);
}

describe('notification feed and toasts', () => {
  it('a customer wins, gets a toast on the next page, the count goes to 1, the feed links to the ticket', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // CSP bypassed only so that axe can be injected.
    const o = await browse(PHONE_390, { bypassCSP: true });
    const { page, context, baseUrl, errors } = o;
    await signUpAndLogin(o, testCustomer('feed'));
    const post = async (url: string, data: object, extra: Record<string, string> = {}) => {
      const res = await context.request.post(`${baseUrl}/api/v2${url}`, {
        headers: { ...(await signedHeaders('3.3', await customerToken(context))), ...extra },
        data,
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as { result: Record<string, unknown> };
    };
    // The test deposit, an Oz Lotto ticket of 6 of the numbers about to be drawn, bought from the wallet.
    await post('/funds/td/deposit', { amount: 10 }, { 'idempotency-key': `feed-dep-${Date.now()}` });
    await post('/cart/items', {
      item: {
        product_type: 'lottery_ticket',
        product_offer_key: 'oz-lotto',
        game_type: 'standard',
        game_offer: 'standard',
        games: [{ sets: { numbers: [3, 8, 15, 22, 29, 36, 1] } }],
      },
    });
    const bought = await post('/cart/purchase', {}, { 'idempotency-key': `feed-buy-${Date.now()}` });
    expect(bought.result.checkout_id).toBeTruthy();

    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await answerConsent(page);
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('0');

    expect(ops('draw:advance', '--offer', 'oz-lotto', '--numbers', WINNING.numbers, '--supps', WINNING.supps)).toMatch(
      /DRAW_PAID|DRAW_EMAILED/,
    );

    // The next page: the win as a toast that stays until dismissed, and the header's count.
    await page.goto(`${baseUrl}/lotto-tickets`);
    await waitForHydration(page);
    const toast = page.getByTestId('toast').filter({ hasText: 'You won' });
    await toast.waitFor({ timeout: 15_000 });
    await expect(toast.textContent()).resolves.toMatch(/Your Oz Lotto ticket in draw \d+ won \$[\d,]+\.\d{2}/);
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('1');
    await expect(page.getByRole('link', { name: 'Notifications, 1 unviewed' }).count()).resolves.toBe(1);
    // The toast region is announced (Radix: a labelled region, each toast a status message).
    await expect(page.getByRole('region', { name: /Notifications/ }).count()).resolves.toBe(1);
    await shoot(page, 'toast');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast.waitFor({ state: 'detached' });

    // The feed: the win card with a link to the ticket; opening it clears the count.
    await page.getByTestId('notifications-button').click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.waitFor();
    const card = drawer.getByTestId('notification-card').filter({ hasText: 'You won' });
    await card.waitFor();
    const link = card.getByRole('link', { name: 'View your ticket' });
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/my-account\/past-tickets\/ticket\/ord_/);
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('0');
    await shoot(page, 'feed');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/my-account/past-tickets/ticket/ord_'));
    await page.getByTestId('order-prize').waitFor();
    await expect(page.getByTestId('order-prize').textContent()).resolves.toMatch(/\$/);

    // Viewed for good: a fresh page shows 0 and no toast again.
    await page.goto(`${baseUrl}/lotto-tickets`);
    await waitForHydration(page);
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('0');
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('without JavaScript at 390 px: the bell is a link to the feed page, which pages and marks cards viewed by form', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse(PHONE_390, { javaScriptEnabled: false });
    const { page, context, baseUrl } = o;
    await signUpAndLogin(o, testCustomer('feed-nojs'));
    // Eleven limit changes that apply at once: eleven cards, two pages of the feed.
    for (let i = 0; i < 11; i++) {
      const res = await context.request.put(`${baseUrl}/api/v2/deposit-limits/weekly`, {
        headers: await signedHeaders('3.3', await customerToken(context)),
        data: { limit: 200 - i },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto(`${baseUrl}/`);
    const bell = page.getByRole('link', { name: 'Notifications, 11 unviewed' });
    await expect(bell.getAttribute('href')).resolves.toBe('/my-account/notifications');
    await bell.click();
    await page.waitForURL((url) => url.pathname === '/my-account/notifications');
    const feed = page.getByTestId('notifications-page');
    const cards = feed.getByTestId('notification-card');
    await expect(cards.count()).resolves.toBe(10);
    // Newest first.
    await expect(cards.first().textContent()).resolves.toContain('Your weekly deposit limit is now $190.00.');
    await expect(feed.getByText('10 new notifications on this page.').count()).resolves.toBe(1);
    await shoot(page, 'feed-page-nojs');
    await feed.getByRole('button', { name: 'Mark as viewed' }).click();
    await page.waitForURL((url) => url.pathname === '/my-account/notifications');
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('1');
    await expect(feed.getByRole('button', { name: 'Mark as viewed' }).count()).resolves.toBe(0);

    await feed.getByRole('link', { name: 'Older' }).click();
    await page.waitForURL((url) => url.pathname === '/my-account/notifications/2');
    await settledCount(cards).toBe(1);
    await expect(cards.first().textContent()).resolves.toContain('Your weekly deposit limit is now $200.00.');
    await feed.getByRole('button', { name: 'Mark as viewed' }).click();
    await page.waitForURL((url) => url.pathname === '/my-account/notifications/2');
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('0');
    await feed.getByRole('link', { name: 'Newer' }).click();
    await page.waitForURL((url) => url.pathname === '/my-account/notifications');
    // A page past the end is a 404.
    const past = await page.goto(`${baseUrl}/my-account/notifications/3`);
    expect(past?.status()).toBe(404);
  });

  it('with JavaScript the bell opens the drawer; the feed page has no serious accessibility violations', async () => {
    const o = await browse(PHONE_390, { bypassCSP: true });
    const { page, context, baseUrl, errors } = o;
    await signUpAndLogin(o, testCustomer('feed-page'));
    const res = await context.request.put(`${baseUrl}/api/v2/deposit-limits/weekly`, {
      headers: await signedHeaders('3.3', await customerToken(context)),
      data: { limit: 50 },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto(`${baseUrl}/my-account/notifications`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByTestId('notifications-page').getByTestId('notification-card').first().waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('link', { name: 'Notifications, 1 unviewed' }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByTestId('notification-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-account/notifications');
    await expect(page.getByTestId('notifications-count').textContent()).resolves.toBe('0');
    expect(errors).toEqual([]);
  });

  it('a session the shop no longer accepts ends at the login page with the 401 notification', async () => {
    const o = await browse(PHONE_390);
    const { page, context, baseUrl } = o;
    const url = new URL(baseUrl);
    // Tokens the API does not know: the refresh fails, so the customer is signed out.
    await context.addCookies(
      ['web_access_token', 'web_refresh_token'].map((name) => ({
        name,
        value: `stale-${name}`,
        domain: url.hostname,
        path: '/',
        httpOnly: true,
      })),
    );
    await page.goto(`${baseUrl}/my-account/my-details`);
    await page.waitForURL((u) => u.pathname === '/login');
    await waitForHydration(page);
    const toast = page.getByTestId('toast').filter({ hasText: '401 - Something went wrong' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain(
      'Sorry, looks like we had some trouble verifying your login details. Please try again.',
    );
  });
});
