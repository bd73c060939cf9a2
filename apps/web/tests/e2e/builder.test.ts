// Browser journeys of the ticket builder (issue 6 Build 1, 5): pick numbers by click and keyboard, quickpick, an
// incomplete game keeps Add disabled with the reason, System 8 on Oz Lotto, and Add to cart lands on /cart with the
// ticket in the visitor's (anonymous) cart. Screenshots at 375 px and 1280 px go to /tmp/shots-builder.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser, waitForHydration } from './browser.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-builder';
mkdirSync(SHOTS, { recursive: true });

describe('ticket builder', () => {
  it('picks numbers by click and keyboard with a live count; an incomplete game disables Add with the reason', async () => {
    const { page, baseUrl, errors } = await browse(DESKTOP);
    const res = await page.goto(`${baseUrl}/oz-lotto/standard`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.getByTestId('game-row').count()).toBe(18);
    const add = page.getByRole('button', { name: 'Add to cart' });
    await expect(add.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('add-reason').textContent()).resolves.toBe('Complete at least 1 game');

    const grid = page.getByRole('group', { name: 'Game 1 Numbers' });
    await grid.getByRole('button', { name: '7', exact: true }).click();
    await grid.getByRole('button', { name: '21', exact: true }).click();
    // Keyboard: focus a number and press Enter / Space.
    await grid.getByRole('button', { name: '33', exact: true }).focus();
    await page.keyboard.press('Enter');
    await grid.getByRole('button', { name: '40', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(grid.getByRole('button', { name: '33', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('4 of 7 chosen');
    await expect(page.getByTestId('builder-status').textContent()).resolves.toContain('4 of 7 chosen');
    await expect(page.getByTestId('add-reason').textContent()).resolves.toBe('Game 1 needs 3 more numbers');
    await expect(add.isDisabled()).resolves.toBe(true);

    // Quickpick fills the rest; the price is one Oz Lotto game.
    await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('7 of 7 chosen');
    await expect(add.isDisabled()).resolves.toBe(false);
    await expect(page.getByTestId('ticket-price').textContent()).resolves.toMatch(/^\$\d+\.\d{2}$/);
    // An eighth number is refused (the button stays focusable, so pressing it says why).
    const unpressed = grid.locator('button[aria-pressed="false"]').first();
    await expect(unpressed.getAttribute('aria-disabled')).resolves.toBe('true');
    await unpressed.focus();
    await page.keyboard.press('Enter');
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('7 of 7 chosen');
    await expect(page.getByTestId('builder-status').textContent()).resolves.toContain('Remove a number first');
    await page.screenshot({ path: `${SHOTS}/builder-standard-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('the offer page /oz-lotto is the Standard play screen; another draw from its picker keeps the numbers', async () => {
    const { page, baseUrl, errors } = await browse(PHONE);
    const res = await page.goto(`${baseUrl}/oz-lotto`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oz Lotto');
    await expect(
      page
        .getByRole('navigation', { name: 'Game types' })
        .getByRole('link', { name: 'Standard', exact: true })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');
    expect(await page.getByTestId('game-row').count()).toBe(18);
    const grid = page.getByRole('group', { name: 'Game 1 Numbers' });
    await grid.getByRole('button', { name: '3', exact: true }).click();
    await grid.getByRole('button', { name: '9', exact: true }).click();
    const second = page.getByTestId('draw-picker').getByRole('link').nth(1);
    const href = (await second.getAttribute('href'))!;
    expect(href).toMatch(/^\/oz-lotto\?firstDrawNo=\d+$/);
    await second.click();
    await page.waitForURL(`**${href}`);
    await page.getByTestId('draw-picker').locator(`a[aria-current="true"][href="${href}"]`).waitFor();
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('2 of 7 chosen');
    const ticketDraw = async () =>
      (JSON.parse(await page.locator('input[name="ticket"]').inputValue()) as { firstDrawNo: number | null })
        .firstDrawNo;
    await expect.poll(ticketDraw).toBe(Number(href.split('=')[1]));
    // The phone layout fits 375 px: no sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // One game left cannot be removed.
    while ((await page.getByRole('button', { name: /^Remove game/ }).count()) > 0)
      await page
        .getByRole('button', { name: /^Remove game/ })
        .last()
        .click();
    expect(await page.getByTestId('game-row').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('System 8 on Oz Lotto: pick 8 numbers, price of one System 8, Add to cart lands on /cart', async () => {
    const { page, baseUrl, context } = await browse(PHONE);
    const res = await page.goto(`${baseUrl}/oz-lotto/systems?utm_source=news&utm_campaign=jackpot`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByTestId('game-offer').inputValue()).resolves.toBe('system-8');
    const grid = page.getByRole('group', { name: 'Game 1 Numbers' });
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('0 of 8 chosen');
    for (const n of [1, 5, 9, 13, 17, 21, 25, 29])
      await grid.getByRole('button', { name: String(n), exact: true }).click();
    await expect(grid.getByTestId('chosen-count').textContent()).resolves.toBe('8 of 8 chosen');
    await expect(page.getByTestId('ticket-price').textContent()).resolves.toMatch(/^\$\d+\.\d{2}$/);
    // Switching to System 9 keeps the 8 numbers and asks for one more.
    await page.getByTestId('game-offer').selectOption('system-9');
    await expect(page.getByTestId('add-reason').textContent()).resolves.toBe('Game 1 needs 1 more number');
    await page.getByTestId('game-offer').selectOption('system-8');
    await expect(page.getByTestId('add-reason').textContent()).resolves.toBe('');
    await page.screenshot({ path: `${SHOTS}/builder-system8-375.png`, fullPage: true });

    // The first-visit cookie banner sits at the bottom of the phone screen, over the summary bar, until answered.
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Essential only' }).click();
    await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
    const url = new URL(page.url());
    if (url.pathname === '/cart') {
      expect(url.searchParams.get('utm_source')).toBe('news');
      expect(url.searchParams.get('utm_campaign')).toBe('jackpot');
    }
    const token = (await context.cookies()).find((c) => c.name === 'anonymous_cart_token');
    expect(token?.value).toMatch(/^crt_/);
    expect(token?.httpOnly).toBe(true);
  });

  it('the QuickPick game type needs no numbers; the phone layout keeps the summary bar on screen', async () => {
    const { page, baseUrl } = await browse(PHONE);
    await page.goto(`${baseUrl}/oz-lotto/random`);
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Add to cart' }).isDisabled()).resolves.toBe(false);
    await expect(page.getByTestId('ticket-summary').isVisible()).resolves.toBe(true);
    await page.goto(`${baseUrl}/oz-lotto/standard`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Quickpick all' }).click();
    await expect(page.getByTestId('add-reason').textContent()).resolves.toBe('');
    await page.screenshot({ path: `${SHOTS}/builder-standard-375.png` });
    const unknown = await page.goto(`${baseUrl}/oz-lotto/no-such-way`);
    expect(unknown?.status()).toBe(404);
  });
});
