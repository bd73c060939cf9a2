// Browser journeys of the lottery screens (issue 3: "browser tests show an offer page, a results page and
// statistics") against the real server and its seeded demo offers and draws, at 375 px and 1280 px.
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshotPath, useBrowser, waitForHydration } from './browser.ts';

const browse = useBrowser();

describe('offer page', () => {
  it('shows the offer with its jackpot, draws to choose and game types with prices; ?firstDrawNo= picks the draw', async () => {
    const { page, baseUrl, errors } = await browse();
    const res = await page.goto(`${baseUrl}/oz-lotto`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oz Lotto');
    await expect(page.getByTestId('jackpot').first().textContent()).resolves.toMatch(
      /^(\$[\d.,]+( Million)?|Win \$\d+k.*|Announced soon)$/,
    );
    await expect(page.getByTestId('countdown').first().textContent()).resolves.toMatch(/Sales close in \d/);

    const picker = page.getByTestId('draw-picker');
    const links = picker.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    await expect(links.first().getAttribute('aria-current')).resolves.toBe('true');
    await expect(links.first().textContent()).resolves.toContain('Next available');
    await expect(links.nth(1).textContent()).resolves.toContain('1st');
    const secondHref = (await links.nth(1).getAttribute('href'))!;
    expect(secondHref).toMatch(/^\/oz-lotto\?firstDrawNo=\d+$/);
    const secondDrawNo = secondHref.split('=')[1]!;

    // Game types with a price and a Play call to action to the builder of that game type. The offer page is the play
    // screen of its first game type (core §2 /:productOfferKey/:gameTypeKey?), so Standard points at the builder above.
    const standard = page
      .getByTestId('game-type')
      .filter({ has: page.getByRole('heading', { name: 'Standard', exact: true }) });
    await expect(standard.textContent()).resolves.toMatch(/\$\d+\.\d{2} per game/);
    await expect(standard.getByRole('link', { name: /^Play Standard/ }).getAttribute('href')).resolves.toBe(
      '#play-heading',
    );
    const systems = page
      .getByTestId('game-type')
      .filter({ has: page.getByRole('heading', { name: 'Systems', exact: true }) });
    await expect(systems.getByRole('link', { name: /^Play Systems/ }).getAttribute('href')).resolves.toBe(
      '/oz-lotto/systems',
    );

    await links.nth(1).click();
    await page.waitForURL(`**${secondHref}`);
    await page.getByText(`Draw ${secondDrawNo} ·`).first().waitFor();
    await expect(picker.getByRole('link').nth(1).getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByText(`Draw ${secondDrawNo} ·`).first().isVisible()).resolves.toBe(true);
    await expect(systems.getByRole('link', { name: /^Play Systems/ }).getAttribute('href')).resolves.toBe(
      `/oz-lotto/systems?firstDrawNo=${secondDrawNo}`,
    );
    expect(errors).toEqual([]);
  });

  it('an unknown offer is the 404 page with HTTP 404; an unknown ?firstDrawNo= shows the next draw', async () => {
    const { page, baseUrl } = await browse();
    const res = await page.goto(`${baseUrl}/no-such-lottery`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Something went wrong.');
    const junk = await page.goto(`${baseUrl}/powerball?firstDrawNo=abc`);
    expect(junk?.status()).toBe(200);
    await expect(page.getByTestId('draw-picker').getByRole('link').first().getAttribute('aria-current')).resolves.toBe(
      'true',
    );
  });

  it('the home page lists the featured offers with jackpots and the next draw countdown', async () => {
    const { page, baseUrl } = await browse();
    await page.goto(`${baseUrl}/`);
    const tiles = page.getByTestId('offer-tile');
    expect(await tiles.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('next-draw').textContent()).resolves.toContain('Next draw:');
    const html = await (await fetch(`${baseUrl}/lotto-tickets`)).text();
    expect(html).toContain('Lotto tickets');
  });
});

describe('results', () => {
  it('/lotto-results is server-rendered, cacheable, five draws a page, with a raffles tab', async () => {
    const baseUrl = inject('baseUrl');
    const res = await fetch(`${baseUrl}/lotto-results`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+/);
    const html = await res.text();
    expect(html.match(/data-testid="result-card"/g)?.length).toBe(5);

    const { page } = await browse();
    await page.goto(`${baseUrl}/lotto-results/raffles`);
    await expect(page.getByRole('link', { name: 'Raffles' }).getAttribute('aria-current')).resolves.toBe('page');
    // The seed has one drawn charity raffle: its card names the winning ticket.
    await expect(page.getByTestId('result-card').first().getByTestId('winning-ticket').textContent()).resolves.toMatch(
      /\d+/,
    );

    await page.goto(`${baseUrl}/lotto-results`);
    await page.getByRole('link', { name: 'Older results' }).click();
    await page.waitForURL('**/lotto-results/2');
    await page.getByRole('link', { name: 'Newer results' }).waitFor();
    await expect(page.getByTestId('result-card').count()).resolves.toBe(5);
  });

  it("an offer's results link to a draw's prizes by division; an unknown draw is a 404", async () => {
    const { page, baseUrl, errors } = await browse();
    const res = await page.goto(`${baseUrl}/powerball/results`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Powerball results');
    const first = page.getByTestId('result-card').first();
    await expect(first.getByRole('list', { name: /^Powerball: \d+$/ }).count()).resolves.toBe(1);
    await first.getByRole('link', { name: /Prizes and winners/ }).click();
    await page.waitForURL(/\/powerball\/results\/draw\/\d+$/);
    // A client-side navigation: wait for the new screen rather than reading the old one.
    await page.getByRole('heading', { level: 1, name: /^Powerball results: draw \d+$/ }).waitFor();
    await expect(page.getByRole('list', { name: /^Winning numbers: (\d+, ){6}\d+$/ }).count()).resolves.toBe(1);
    await expect(page.getByTestId('dividends').getByRole('row').count()).resolves.toBe(10);

    const monthLink = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await monthLink.click();
    await page.waitForURL('**/powerball/results');
    await page.getByRole('heading', { level: 1, name: 'Powerball results', exact: true }).waitFor();
    const byMonth = page.getByRole('navigation', { name: 'Results by month' }).getByRole('link').first();
    await byMonth.click();
    await page.waitForURL(/\/powerball\/results\/[a-z]+-\d{4}$/);
    await page.getByRole('heading', { level: 1, name: /^Powerball results: [A-Z][a-z]+ \d{4}$/ }).waitFor();
    expect(await page.getByTestId('result-card').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);

    const missing = await page.goto(`${baseUrl}/powerball/results/draw/999999999`);
    expect(missing?.status()).toBe(404);
    const junk = await page.goto(`${baseUrl}/powerball/results/smarch-2026`);
    expect(junk?.status()).toBe(404);
  });
});

describe('statistics', () => {
  it('shows hot and cold numbers and a frequency chart with a table of the same figures', async () => {
    const { page, baseUrl, errors } = await browse(PHONE);
    const res = await page.goto(`${baseUrl}/oz-lotto/statistics`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    const chart = page.getByRole('img', { name: /how often each number was drawn/ }).first();
    await expect(chart.isVisible()).resolves.toBe(true);
    // Readable at 375 px: the chart fits the viewport.
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await page.getByText(': the figures as a table').first().click();
    const table = page.getByTestId('frequency-table').first();
    await expect(table.getByRole('row').count()).resolves.toBe(48);
    await expect(page.getByRole('heading', { name: 'Hot numbers' }).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('accessibility and screenshots', () => {
  const screens = [
    ['offer', '/oz-lotto'],
    ['lotto-results', '/lotto-results'],
    ['offer-results', '/powerball/results'],
    ['statistics', '/oz-lotto/statistics'],
    ['home-offers', '/'],
  ] as const;
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`axe finds no serious or critical violation on the lottery screens at ${viewport.width} px, and screenshots them`, async () => {
      const { page, baseUrl } = await browse(viewport, { bypassCSP: true });
      for (const [shot, path] of screens) {
        await page.goto(`${baseUrl}${path}`);
        await waitForHydration(page);
        await page.screenshot({ path: screenshotPath(`lotteries-${shot}-${name}`), fullPage: true });
        expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      }
      const drawLink = await page.goto(`${baseUrl}/powerball/results`).then(() =>
        page
          .getByRole('link', { name: /Prizes and winners/ })
          .first()
          .getAttribute('href'),
      );
      await page.goto(`${baseUrl}${drawLink}`);
      await waitForHydration(page);
      await page.screenshot({ path: screenshotPath(`lotteries-draw-result-${name}`), fullPage: true });
      expect({ path: drawLink, violations: await axeViolations(page) }).toEqual({ path: drawLink, violations: [] });
    });
  }
});
