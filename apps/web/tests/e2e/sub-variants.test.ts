// Sub-variant journey (issue 19): a guest puts Saturday Lotto in the cart, then arrives with ?sv=qld (the Queensland
// site): the "Cart updated" success notification shows and the cart names the game as Queensland sells it (Gold Lotto),
// the sv cookie keeps it on later pages without a second notification, and a malformed sv changes nothing. axe finds
// no serious or critical violation with the notification on screen. Beyond the cart, the Queensland site's category
// page and footer link Gold Lotto at /gold-lotto, whose page (and the national address) is headed Gold Lotto. Screenshots at 390 px and 1280 px go to
// /tmp/shots-subvariants.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration } from './browser.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-subvariants';
const PHONE_390 = { width: 390, height: 844 };

describe('sub-variants', () => {
  it('a guest with Saturday Lotto in the cart arrives on the Queensland site: cart updated, Gold Lotto', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const baseUrl = inject('baseUrl');
    // CSP bypassed only so that axe can be injected.
    const { page, context, errors } = await browse(PHONE_390, { bypassCSP: true });
    await page.goto(`${baseUrl}/saturday-lotto/standard`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('button', { name: 'Quickpick all' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });

    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const item = page.getByRole('heading', { level: 3, name: 'Saturday Lotto' });
    await item.waitFor();
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);

    // The Queensland site: the cart is read again under it and the visitor is told.
    await page.goto(`${baseUrl}/cart?sv=qld`);
    await waitForHydration(page);
    const toast = page.getByTestId('toast').filter({ hasText: 'Cart updated' });
    await toast.waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 3, name: 'Gold Lotto' }).waitFor();
    await expect(page.getByRole('heading', { level: 3, name: 'Saturday Lotto' }).count()).resolves.toBe(0);
    const sv = (await context.cookies()).find((c) => c.name === 'sv');
    expect(sv?.value).toBe('qld');
    // A year (core §9), give or take the seconds the journey took.
    expect((sv?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    for (const [label, viewport] of [
      ['390', PHONE_390],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(SHOTS, `cart-updated-${label}.png`) });
    }
    await page.setViewportSize(PHONE_390);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The cookie keeps the sub-variant: the next page and the same code again tell nothing new.
    for (const next of ['/cart', '/cart?sv=qld']) {
      await page.goto(`${baseUrl}${next}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 3, name: 'Gold Lotto' }).waitFor();
      await expect(page.getByTestId('toast').filter({ hasText: 'Cart updated' }).count(), next).resolves.toBe(0);
    }

    // A malformed code is ignored: no notification, the Queensland site stays.
    await page.goto(`${baseUrl}/cart?sv=${encodeURIComponent('vic<script>')}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 3, name: 'Gold Lotto' }).waitFor();
    await expect(page.getByTestId('toast').filter({ hasText: 'Cart updated' }).count()).resolves.toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'sv')?.value).toBe('qld');

    // Beyond the cart: the offer's pages, links and footer go by the state's name at its alias address (urlAliases).
    await page.goto(`${baseUrl}/lotto-tickets`);
    await waitForHydration(page);
    await expect(page.locator('main a[href="/gold-lotto"]').count()).resolves.toBeGreaterThanOrEqual(1);
    await expect(page.locator('footer a[href="/gold-lotto"]').count()).resolves.toBeGreaterThanOrEqual(1);
    await expect(page.locator('a[href="/saturday-lotto"]').count()).resolves.toBe(0);
    for (const address of ['/gold-lotto', '/saturday-lotto']) {
      await page.goto(`${baseUrl}${address}`);
      await page.getByRole('heading', { level: 1, name: 'Gold Lotto' }).waitFor();
    }
    await page.screenshot({ path: path.join(SHOTS, 'gold-lotto-390.png') });
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Another state: updated again, under Victoria's name.
    await page.goto(`${baseUrl}/cart?sv=vic`);
    await waitForHydration(page);
    await page.getByTestId('toast').filter({ hasText: 'Cart updated' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 3, name: 'TattsLotto' }).waitFor();
    expect(errors).toEqual([]);
  });
});
