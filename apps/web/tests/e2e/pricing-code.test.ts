// Pricing code journey (core §1 `p`, issue 19, ADR 081) at 390 px: a visitor lands on `/?p=intro` (a price list
// offered by code, 10% below the base list), the play screen shows that list's price, the cart holds it, the visitor
// signs up at checkout, deposits with a test card and buys, and the receipt's total is the price the play screen
// showed. An unknown code and a hostile one are ignored: no cookie, the base prices. Screenshots in
// /tmp/shots-pricing-code; axe on the play screen.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, openBrowser, waitForHydration, type OpenBrowser } from './browser.ts';
import { register, testCustomer } from './customers.ts';
import { fillCscIfAsked, saveCard } from './shopping.ts';

let opened: OpenBrowser[] = [];
afterEach(async () => {
  await Promise.all(opened.map((o) => o.close()));
  opened = [];
});
/** A fresh browser (its own cookies) at the given width; closed after the test. */
async function browse(viewport: { width: number; height: number }, bypassCSP = false) {
  const o = await openBrowser(viewport, { bypassCSP });
  opened.push(o);
  return o;
}
const SHOTS = '/tmp/shots-pricing-code';
const PHONE_390 = { width: 390, height: 844 };
const OFFER = 'saturday-lotto';

const pricingCookie = async (o: OpenBrowser) =>
  (await o.context.cookies()).find((c) => c.name === 'pricing_id')?.value ?? null;
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/** The play screen's price of a quickpick of every game, after the page loaded with the visitor's cookies. */
async function quickpickPrice(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/${OFFER}/standard`);
  await waitForHydration(page);
  await answerConsent(page);
  await page.getByRole('button', { name: 'Quickpick all' }).click();
  return money(await page.getByTestId('ticket-price').textContent());
}

describe('the p pricing code in the browser', () => {
  it('a visit with ?p=intro shows, carts and charges the intro price', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const plain = await browse(PHONE_390);
    const basePrice = await quickpickPrice(plain.page, plain.baseUrl);
    expect(basePrice).toBeGreaterThan(0);

    const o = await browse(PHONE_390, true);
    const { page, baseUrl } = o;
    await page.goto(`${baseUrl}/?p=intro`);
    await waitForHydration(page);
    await expect(pricingCookie(o)).resolves.toBe('intro');
    const price = await quickpickPrice(page, baseUrl);
    // 10% below, each price block rounded to the cent.
    expect(price).toBeLessThan(basePrice);
    expect(Math.abs(price - basePrice * 0.9)).toBeLessThan(0.2);
    await page.screenshot({ path: path.join(SHOTS, 'play-390.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(SHOTS, 'play-1280.png') });
    await page.setViewportSize(PHONE_390);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    expect(money(await page.getByTestId('cart-item-price').first().textContent())).toBe(price);

    await page.getByTestId('checkout-button').click();
    await page.waitForURL((url) => url.pathname === '/checkout/login');
    await page.getByRole('link', { name: /create (an )?account/i }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'register');
    await waitForHydration(page);
    await register(page, testCustomer('pricing'));
    await page.waitForURL((url) => url.pathname === '/cart/buy', { timeout: 20_000 });
    await waitForHydration(page);
    await saveCard(page, '4242 4242 4242 4242');
    await fillCscIfAsked(page);
    await page.getByTestId('deposit-buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });
    await waitForHydration(page);
    expect(money(await page.getByTestId('receipt-total').textContent())).toBe(price);
    await page.screenshot({ path: path.join(SHOTS, 'receipt-390.png'), fullPage: true });
    // Signed in, the customer stays on the list their code chose while it is kept.
    await expect(pricingCookie(o)).resolves.toBe('intro');
  });

  it('an unknown code and a hostile one are ignored: no cookie, base prices', async () => {
    const plain = await browse(PHONE_390);
    const basePrice = await quickpickPrice(plain.page, plain.baseUrl);
    for (const code of ['summer', 'members', '<script>alert(1)</script>', 'intro; Path=/']) {
      const o = await browse(PHONE_390);
      await o.page.goto(`${o.baseUrl}/?p=${encodeURIComponent(code)}`);
      await waitForHydration(o.page);
      await expect(o.page.locator('main').count()).resolves.toBe(1);
      await expect(pricingCookie(o), code).resolves.toBeNull();
      expect(await quickpickPrice(o.page, o.baseUrl), code).toBe(basePrice);
    }
  });
});
