// Social play in the product list and the navigation (issue 16), at 390 px and 1280 px: the syndicate tile sits at
// position 3 of the product list (features §9) on /lotto-tickets and the home page, showing the seeded standing
// syndicate's cost per share and shares left, and leads to its syndicate play screen; the social-play navigation item
// opens its drawer while the cart holds no share, and links straight to /social-play once it holds a syndicate share
// (features §2). Reads the seeded syndicates and buys nothing: no draw is advanced.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, shootBothWidths, useBrowser, waitForHydration } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-social-play';
const PHONE_390 = { width: 390, height: 844 };

async function goto(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await answerConsent(page);
}

/** The social-play item in the primary navigation drawer: a drawer of its own (summary) or a straight link. */
async function socialPlayItem(page: Page): Promise<{ link: string | null; group: boolean }> {
  await page.getByTestId('menu-toggle').click();
  const nav = page.getByRole('navigation', { name: 'Primary' });
  await nav.waitFor();
  const group = (await nav.locator('summary', { hasText: 'Social play' }).count()) > 0;
  const links = nav.getByRole('link', { name: 'Social play', exact: true });
  const link = (await links.count()) > 0 ? await links.first().getAttribute('href') : null;
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return { link, group };
}

describe('social play', () => {
  it('shows the syndicate tile third in the product list, and the social-play item follows the cart', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse(PHONE_390, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    await signUpAndLogin(o, testCustomer('social-play'));

    // The product list: the third tile is a syndicate tile linking to its lottery's syndicate screen.
    for (const path of ['/lotto-tickets', '/']) {
      await goto(page, `${baseUrl}${path}`);
      for (const viewport of [PHONE_390, DESKTOP]) {
        await page.setViewportSize(viewport);
        const tiles = page.getByTestId('offer-tile');
        expect(await tiles.count()).toBeGreaterThanOrEqual(4);
        await expect(tiles.nth(2).getAttribute('data-offer-type')).resolves.toBe('syndicate_share');
        await expect(tiles.nth(0).getAttribute('data-offer-type')).resolves.toBeNull();
      }
      expect(await axeViolations(page)).toEqual([]);
    }
    await goto(page, `${baseUrl}/lotto-tickets`);
    const tile = page.getByTestId('offer-tile').nth(2);
    await expect(tile.getByTestId('syndicate-shares').textContent()).resolves.toMatch(
      /^\$\d+\.\d\d a share · \d+ of \d+ shares left$/,
    );
    await shootBothWidths(page, SHOTS, 'lotto-tickets', PHONE_390);
    await page.setViewportSize(PHONE_390);
    const href = (await tile.getByRole('link', { name: /Buy a share/ }).getAttribute('href'))!;
    expect(href).toMatch(/^\/[a-z-]+\/syndicate$/);

    // An empty cart: the social-play item opens its drawer (Syndicates, Lotto Party).
    await expect(socialPlayItem(page)).resolves.toEqual({ link: null, group: true });

    // A syndicate share in the cart (the tile's play screen): the item links straight to /social-play.
    await tile.getByRole('link', { name: /Buy a share/ }).click();
    await page.waitForURL((u) => u.pathname === href);
    await waitForHydration(page);
    await page.getByLabel('Number of shares').selectOption('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart', { timeout: 15_000 });
    await waitForHydration(page);
    await expect(socialPlayItem(page)).resolves.toEqual({ link: '/social-play', group: false });
    await page.getByTestId('menu-toggle').click();
    await shootBothWidths(page, SHOTS, 'nav-with-share', PHONE_390);
    await page.setViewportSize(PHONE_390);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Social play' }).click();
    await page.waitForURL((u) => u.pathname === '/social-play');
    expect(errors).toEqual([]);
  }, 240_000);
});
