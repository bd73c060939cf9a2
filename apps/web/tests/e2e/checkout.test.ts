// The shop's main journey (issue 6 "Done when"): an anonymous visitor builds an Oz Lotto quickpick and a System 8,
// applies a promotion in the cart, signs up at checkout (the cart follows), deposits with the 3-D Secure test card
// and buys, sees the receipt and the upcoming tickets; `npm run ops -- draw:advance` settles the draw and the ticket
// shows its result in past tickets with any prize in the wallet. Also: a double-clicked Buy makes one order.
// Screenshots at 375 px and 1280 px go to /tmp/shots-cart.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, PHONE, useBrowser, waitForHydration, settledCount } from './browser.ts';
import { register, testCustomer } from './customers.ts';
import { addQuickpick, fillCscIfAsked, saveCard } from './shopping.ts';

const run = promisify(execFile);
const browse = useBrowser();
const SHOTS = '/tmp/shots-cart';
mkdirSync(SHOTS, { recursive: true });

async function addSystem8(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/oz-lotto/systems`);
  await waitForHydration(page);
  await expect(page.getByTestId('game-offer').inputValue()).resolves.toBe('system-8');
  const grid = page.getByRole('group', { name: 'Game 1 Numbers' });
  for (const n of [2, 6, 10, 14, 18, 22, 26, 30])
    await grid.getByRole('button', { name: String(n), exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
}

describe('checkout', () => {
  it('anonymous cart -> promotion -> sign up -> 3-D Secure deposit-and-buy -> receipt -> tickets -> draw settles', async () => {
    const { page, baseUrl, context } = await browse(PHONE);
    await addQuickpick(page, baseUrl);
    await addSystem8(page, baseUrl);
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-item').count()).resolves.toBe(2);
    await expect(page.getByTestId('cart-count').first().textContent()).resolves.toBe('2');
    const token = (await context.cookies()).find((c) => c.name === 'anonymous_cart_token');
    expect(token?.value).toMatch(/^crt_/);
    // No "Edit": the play screen cannot load an item back into the builder yet (remove it and build it again).
    await expect(page.getByRole('link', { name: /^Edit / }).count()).resolves.toBe(0);

    // The act code: a visitor without the cookie adopts the anonymous cart from the address, and the code goes.
    await context.clearCookies();
    await page.goto(`${baseUrl}/cart?act=${token?.value ?? ''}`);
    await waitForHydration(page);
    expect(new URL(page.url()).searchParams.has('act')).toBe(false);
    expect((await context.cookies()).find((c) => c.name === 'anonymous_cart_token')?.value).toBe(token?.value);
    await expect(page.getByTestId('cart-item').count()).resolves.toBe(2);
    await answerConsent(page);

    // A code that does not exist is refused with the API's message under the field; a real one applies.
    await page.getByLabel('Promotion code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('promotion-error').waitFor();
    await page.getByLabel('Promotion code').fill('WELCOME5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('promotion-applied').waitFor();
    await expect(page.getByTestId('cart-discount').count()).resolves.toBe(1);
    const total = (await page.getByTestId('cart-total').textContent()) ?? '';
    expect(total).toMatch(/^\$\d+\.\d{2}$/);
    await page.screenshot({ path: `${SHOTS}/cart-375.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}/cart-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);

    // Checkout: the login_register step, then sign up; the anonymous cart merges into the new customer's cart.
    await page.getByTestId('checkout-button').click();
    await page.waitForURL((url) => url.pathname === '/checkout/login');
    await page.getByRole('link', { name: /create (an )?account/i }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'register');
    await waitForHydration(page);
    await register(page, testCustomer('cass', { firstname: 'Cass' }));
    await page.waitForURL((url) => url.pathname === '/cart/buy', { timeout: 20_000 });
    expect((await context.cookies()).some((c) => c.name === 'anonymous_cart_token' && c.value)).toBe(false);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-total').textContent()).resolves.toBe(total);

    // An empty wallet: deposit-and-buy with the 3-D Secure card.
    await saveCard(page, '4000 0000 0000 3220');
    await page.screenshot({ path: `${SHOTS}/buy-375.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}/buy-1280.png`, fullPage: true });
    await fillCscIfAsked(page);
    await page.getByTestId('deposit-buy-button').click();
    await page
      .getByRole('heading', { name: 'Test bank: 3-D Secure check' })
      .waitFor({ timeout: 20_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: `${SHOTS}/debug-3ds.png`, fullPage: true });
        throw e;
      });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });
    await waitForHydration(page);
    await settledCount(page.getByTestId('receipt-order')).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('receipt-total').textContent()).resolves.toBe(total);
    const tracking = JSON.parse((await page.getByTestId('receipt').getAttribute('data-tracking')) ?? '{}') as {
      transactionId?: string;
    };
    expect(tracking.transactionId).toBeTruthy();
    await page.screenshot({ path: `${SHOTS}/receipt-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/receipt-375.png`, fullPage: true });
    await expect(page.getByTestId('cart-count').first().textContent()).resolves.toBe('0');

    await page.getByTestId('upcoming-tickets-link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/my-account/upcoming-tickets'));
    await page.getByTestId('orders').waitFor();
    await expect(page.getByTestId('orders').locator('li').count()).resolves.toBe(2);

    // The operator settles the next Oz Lotto draw; the tickets move to past tickets with their result.
    await run('npm', ['run', 'ops', '--', 'draw:advance', '--offer', 'oz-lotto'], {
      cwd: inject('repoRoot'),
      env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production' },
      timeout: 120_000,
    });
    await page.goto(`${baseUrl}/my-account/past-tickets?clear_cache`);
    await waitForHydration(page);
    await page.getByTestId('orders').waitFor();
    const orders = page.getByTestId('orders').locator('li');
    await expect(orders.count()).resolves.toBeGreaterThanOrEqual(1);
    const firstOrder = (await orders.first().textContent()) ?? '';
    expect(firstOrder).toMatch(/No prize|Won \$/);
    const won = /Won (\$[\d,]+\.\d{2})/.exec(firstOrder);
    if (won) {
      // A prize is paid into the wallet: the account button shows the funds.
      await expect(page.getByRole('button', { name: /^Account/ }).textContent()).resolves.toMatch(/\$/);
    }
    await orders.first().getByRole('link').click();
    await page.getByTestId('ticket-status').first().waitFor();
    await expect(page.getByTestId('ticket-status').first().textContent()).resolves.toMatch(
      /Winning ticket|No prize this time/,
    );
  });

  it('a double-clicked Buy makes one order (one Idempotency-Key per attempt); cart and payment pass axe', async () => {
    // CSP bypassed only so axe-core can be injected.
    const { page, baseUrl } = await browse(DESKTOP, { bypassCSP: true });
    await page.goto(`${baseUrl}/login?step=register&redirect=/cart`);
    await waitForHydration(page);
    await register(page, testCustomer('double', { firstname: 'Cass' }));
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByTestId('cart-empty').waitFor();
    await expect(page.getByRole('link', { name: 'Buy lotto tickets' }).getAttribute('href')).resolves.toBe(
      '/lotto-tickets',
    );
    await addQuickpick(page, baseUrl);
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await expect(axeViolations(page)).resolves.toEqual([]);
    // A second card added on the payment step is the one chosen to pay with (not the first, nor the default).
    await saveCard(page, '4000 0000 0000 0002');
    await page.waitForURL((url) => url.searchParams.has('source'));
    const first = new URL(page.url()).searchParams.get('source');
    const addCard = page.getByText('Add a card', { exact: true });
    if ((await page.getByLabel('Card number').isVisible()) === false) await addCard.click();
    await saveCard(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => !!url.searchParams.get('source') && url.searchParams.get('source') !== first);
    await waitForHydration(page);
    await expect(page.locator('input[name="source"]:checked').locator('xpath=..').textContent()).resolves.toContain(
      '4242',
    );
    await fillCscIfAsked(page);
    const posts: string[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST')
        posts.push(
          `${r.status()} ${r.url()} ${r.headers()['location'] ?? ''} ${r.headers()['x-remix-redirect'] ?? ''}`,
        );
    });
    await page.getByTestId('deposit-buy-button').dblclick();
    await page
      .waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: `${SHOTS}/debug-double.png`, fullPage: true });
        throw new Error(`${String(e)}\n${posts.join('\n')}`);
      });
    await page.goto(`${baseUrl}/my-account/upcoming-tickets`);
    await waitForHydration(page);
    await expect(page.getByTestId('orders').locator('li').count()).resolves.toBe(1);

    // With money left in the wallet, a second ticket is paid from it in one click, double-clicked too.
    await addQuickpick(page, baseUrl);
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    // The minimum deposit left more in the wallet than one game costs.
    await page.getByTestId('buy-button').dblclick();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });
    await page.goto(`${baseUrl}/my-account/upcoming-tickets`);
    await waitForHydration(page);
    await expect(page.getByTestId('orders').locator('li').count()).resolves.toBe(2);
  });
});
