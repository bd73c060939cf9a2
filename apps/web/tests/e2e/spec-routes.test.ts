// Spec routes that answered 404 or did nothing (issue 20 item 8), tried as a visitor and a customer would:
// - /app is the home page; the footer lists each offer's play and results links and the regulation images, and links
//   the cookie policy (cookie consent is on in the seeded shop);
// - /{offer}/buy: a raffle's buy screen for the draw on sale now (with the free-postal-entry flag), a lottery's play
//   screen;
// - a customer an operator asks to complete their details (`ops customer:require-upgrade`) is sent from every page to
//   /force-upgrade-account until they save them.
// axe finds no serious or critical violation; screenshots at 375 px and 1280 px go to /tmp/shots-spec-routes.
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import {
  answerConsent,
  axeViolations,
  DESKTOP,
  PHONE,
  shootBothWidths,
  useBrowser,
  waitForHydration,
} from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-spec-routes';
const RAFFLE = 'surf-rescue-car-raffle';

describe('spec routes', () => {
  it('/app is the home page; the footer has per-offer play and results links, regulation images and the cookie policy', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, errors } = await browse(PHONE, { bypassCSP: true });
    const baseUrl = inject('baseUrl');
    await page.goto(`${baseUrl}/`);
    const homeHeading = (await page.locator('h1').first().textContent())?.trim();
    const res = await page.goto(`${baseUrl}/app`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await answerConsent(page);
    expect((await page.locator('h1').first().textContent())?.trim()).toBe(homeHeading);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${baseUrl}/`);

    const footer = page.locator('footer[data-variant="full"]');
    const offers = footer.getByRole('region', { name: 'Play and results' });
    await expect(offers.getByRole('link', { name: 'Oz Lotto', exact: true }).getAttribute('href')).resolves.toBe(
      '/oz-lotto',
    );
    const results = offers.getByRole('link', { name: 'Oz Lotto results', exact: true });
    await expect(results.getAttribute('href')).resolves.toBe('/oz-lotto/results');
    await expect(footer.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).resolves.toBe(
      '/about/cookie-policy',
    );
    const badges = footer.getByTestId('regulation-images');
    await badges.scrollIntoViewIfNeeded();
    // Loaded lazily: visible once scrolled to.
    await badges.getByRole('img', { name: 'Only for people aged 18 and over' }).waitFor({ state: 'visible' });
    await badges.getByRole('img', { name: 'Gambling Help Online: call 1800 858 858' }).waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
    await footer.scrollIntoViewIfNeeded();
    await shootBothWidths(page, SHOTS, 'app-home');
    for (const [label, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await footer.screenshot({ path: `${SHOTS}/footer-${label}.png` });
    }
    await page.setViewportSize(PHONE);

    await results.click();
    await page.waitForURL(`${baseUrl}/oz-lotto/results`);
    await page.getByRole('heading', { level: 1, name: /Oz Lotto/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it("/{offer}/buy: a raffle's buy screen for the draw on sale, free postal entry on request; a lottery's play screen", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, errors } = await browse(DESKTOP, { bypassCSP: true });
    const baseUrl = inject('baseUrl');
    await page.goto(`${baseUrl}/${RAFFLE}/buy`);
    await waitForHydration(page);
    await answerConsent(page);
    const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
    expect(heading).toMatch(/: draw \d+$/);
    const drawNo = /draw (\d+)$/.exec(heading)![1]!;
    // The same screen as the draw's own buy route.
    await expect(page.locator('form[method="post"]').first().getAttribute('action')).resolves.toContain(
      `/${RAFFLE}/draw/${drawNo}/buy`,
    );
    await page.getByRole('link', { name: 'Enter free by post' }).click();
    await page.waitForURL(/free-postal-entry/);
    const postal = page.getByTestId('postal-entry');
    await postal.waitFor();
    await expect(postal.textContent()).resolves.toContain(`draw ${drawNo}`);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'raffle-buy-postal');

    const lottery = await page.goto(`${baseUrl}/oz-lotto/buy?utm_source=news`);
    expect(lottery?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl}/oz-lotto?utm_source=news`);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Oz Lotto');
    expect((await page.goto(`${baseUrl}/no-such-offer/buy`))?.status()).toBe(404);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('a required account upgrade sends the customer to /force-upgrade-account until they save their details', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse(PHONE, { bypassCSP: true });
    const { page, errors } = o;
    const baseUrl = inject('baseUrl');
    const customer = testCustomer('upgrade');
    await signUpAndLogin(o, customer);
    expect(ops('customer:require-upgrade', customer.email)).toContain('must check and complete their details');

    await page.goto(`${baseUrl}/lotto-tickets`);
    await page.waitForURL(`${baseUrl}/force-upgrade-account`);
    await waitForHydration(page);
    await answerConsent(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Upgrade your account');
    // No way around it: the account pages send the customer back too.
    await page.goto(`${baseUrl}/my-account/transactions`);
    await page.waitForURL(`${baseUrl}/force-upgrade-account`);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'force-upgrade-account');
    await page.setViewportSize(PHONE);

    await page.getByLabel('Address', { exact: true }).fill('2 Pitt Street');
    await page.getByRole('button', { name: 'Upgrade my account' }).click();
    await page.waitForURL(`${baseUrl}/my-account`);
    await page.goto(`${baseUrl}/lotto-tickets`);
    expect(page.url()).toBe(`${baseUrl}/lotto-tickets`);
    // Without a required upgrade the page has nothing to do: the account home.
    await page.goto(`${baseUrl}/force-upgrade-account`);
    await page.waitForURL(`${baseUrl}/my-account`);
    expect(errors).toEqual([]);
  });
});
