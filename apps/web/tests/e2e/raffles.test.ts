// Charity raffles in the browser (issue 7 "Done when"): a visitor finds a cause in the causes directory, opens its
// raffle with the cause chosen, signs up, adds a bundle of tickets, deposits with the test card and buys; the operator
// runs the draw (`npm run ops -- draw:advance --offer <raffle>`, as for lotteries), and the draw page shows the
// published seed and the winners while the verify page recomputes the winners in the browser and says the draw
// checks out. Also: the listing, the raffle page (bundles, cause picker, permits, commitment, pre-order), the results
// tab and the postal-entry flag.
// Screenshots at 375 px and 1280 px go to /tmp/shots-raffles.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, PHONE, useBrowser, waitForHydration } from './browser.ts';
import { register, testCustomer } from './customers.ts';

const run = promisify(execFile);
const browse = useBrowser();
const SHOTS = '/tmp/shots-raffles';
mkdirSync(SHOTS, { recursive: true });
const SURF = 'surf-rescue-car-raffle';
const ANIMAL = 'animal-rescue-cash-raffle';

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

describe('charity raffles', () => {
  it('lists the raffles; the raffle page shows prizes, supply, odds, bundles, causes, permits and the commitment', async () => {
    const { page, baseUrl, errors } = await browse(PHONE);
    const list = await page.goto(`${baseUrl}/charity-tickets`);
    expect(list?.status()).toBe(200);
    await waitForHydration(page);
    await answerConsent(page);
    expect(await page.getByTestId('raffle-card').count()).toBeGreaterThanOrEqual(3);
    await expect(
      page.getByTestId('raffle-card').first().getByTestId('tickets-remaining').textContent(),
    ).resolves.toMatch(/tickets left|Sold out/);
    await shoot(page, 'charity-tickets');

    await page.goto(`${baseUrl}/${ANIMAL}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Animal Rescue Cash Raffle');
    // Pre-order: the draw takes orders before sales open and says when it charges.
    await expect(page.getByTestId('purchase-status').getAttribute('data-status')).resolves.toBe('pre_order');
    await expect(page.getByRole('button', { name: 'Pre-order tickets' }).count()).resolves.toBe(1);
    // Two causes: the buyer chooses one; the bundles start at the default entry.
    const causes = page.getByRole('group', { name: 'Choose the cause you support' });
    await expect(causes.getByRole('radio').count()).resolves.toBe(2);
    await expect(
      page.getByRole('group', { name: 'How many tickets?' }).getByRole('radio', { checked: true }).count(),
    ).resolves.toBe(1);
    await expect(page.getByTestId('odds').textContent()).resolves.toMatch(/^Odds depend on tickets sold: /);
    await expect(page.getByTestId('excluded-regions').textContent()).resolves.toBe('Not available in WA.');
    await expect(page.getByTestId('commitment').textContent()).resolves.toMatch(/Draw commitment: [0-9a-f]{64}/);
    await shoot(page, 'raffle-pre-order');

    await page.goto(`${baseUrl}/hospital-prize-home`);
    await waitForHydration(page);
    await expect(page.getByTestId('first-prize').textContent()).resolves.toContain('Gold Coast prize home');
    await expect(page.getByTestId('early-bird-close').count()).resolves.toBe(1);
    // Features §9: the default entry is the raffle's defaultEntryCount (3 tickets here).
    await expect(page.getByTestId('buy-total').textContent()).resolves.toBe('3 tickets: $125.00');
    await page.getByRole('radio', { name: /10 tickets/ }).check();
    await expect(page.getByTestId('buy-total').textContent()).resolves.toBe('10 tickets: $350.00');
    await shoot(page, 'raffle-offer');
    expect(errors).toEqual([]);
  });

  it('the causes directory searches by name and filters by category without JavaScript', async () => {
    const baseUrl = inject('baseUrl');
    const html = await (await fetch(`${baseUrl}/causes?q=wildlife`)).text();
    expect(html.match(/data-testid="cause-card"/g)?.length).toBe(1);
    expect(html).toContain('Wildlife Rescue Volunteers');
    const animals = await (await fetch(`${baseUrl}/causes?category=animals`)).text();
    expect(animals.match(/data-testid="cause-card"/g)?.length).toBe(2);
    const missing = await fetch(`${baseUrl}/causes/no-such-cause`);
    expect(missing.status).toBe(404);

    const { page } = await browse(DESKTOP, { bypassCSP: true });
    await page.goto(`${baseUrl}/causes`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByLabel('Category').selectOption('health');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'health');
    // The address changes as the navigation starts: wait for the filtered list itself.
    await expect.poll(() => page.getByTestId('cause-card').count(), { timeout: 10_000 }).toBe(1);
    await shoot(page, 'causes');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the buy page explains free postal entry when asked; the raffles results tab lists drawn draws', async () => {
    const baseUrl = inject('baseUrl');
    const raffle = await (await fetch(`${baseUrl}/${SURF}`)).text();
    const action = /action="\/surf-rescue-car-raffle\/draw\/(\d+)\/buy"/.exec(raffle);
    expect(action).not.toBeNull();
    const postal = await (await fetch(`${baseUrl}/${SURF}/draw/${action![1]}/buy?free-postal-entry`)).text();
    expect(postal).toContain('Free postal entry');
    const plain = await (await fetch(`${baseUrl}/${SURF}/draw/${action![1]}/buy`)).text();
    expect(plain).not.toContain('data-testid="postal-entry"');

    const results = await (await fetch(`${baseUrl}/lotto-results/raffles`)).text();
    expect(results).toContain('Surf Rescue Car Raffle draw 1');
    expect(results).toMatch(/data-testid="winning-ticket"[^>]*>\d+</);

    // The raffle's own results page (linked from home and the footer) lists its drawn draws; a draw's results are
    // its draw page, and an archive period leads back to the list.
    const own = await fetch(`${baseUrl}/${SURF}/results`);
    expect(own.status).toBe(200);
    const ownHtml = await own.text();
    expect(ownHtml).toContain('Surf Rescue Car Raffle results</h1>');
    expect(ownHtml).toContain('Surf Rescue Car Raffle draw 1');
    expect(ownHtml).toMatch(/data-testid="winning-ticket"[^>]*>\d+</);
    expect(ownHtml).toContain(`href="/${SURF}/draw/1"`);
    const draw = await fetch(`${baseUrl}/${SURF}/results/draw/1`, { redirect: 'manual' });
    expect(draw.status).toBe(302);
    expect(draw.headers.get('location')).toBe(`/${SURF}/draw/1`);
    const period = await fetch(`${baseUrl}/${SURF}/results/2026`, { redirect: 'manual' });
    expect(period.headers.get('location')).toBe(`/${SURF}/results`);
    expect((await fetch(`${baseUrl}/${SURF}/results?page=9`)).status).toBe(404);
  });

  it('buys tickets for a chosen cause, and after the draw shows the seed and winners, and the draw checks out', async () => {
    const { page, baseUrl, errors } = await browse(DESKTOP);
    // The cause first: its page lists its raffles, each opening with the cause chosen.
    await page.goto(`${baseUrl}/causes/surf-life-saving`);
    await waitForHydration(page);
    await answerConsent(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Surf Life Saving Clubs');
    await page.getByRole('link', { name: /Buy tickets for Surf Rescue Car Raffle/ }).click();
    await page.waitForURL(`**/causes/surf-life-saving/${SURF}`);
    await page.getByTestId('raffle-buy-form').waitFor();
    const action = (await page.getByTestId('raffle-buy-form').getAttribute('action'))!;
    const drawNo = Number(/\/draw\/(\d+)\/buy/.exec(action)![1]);
    await expect(page.getByText('Supporting Surf Life Saving Clubs').count()).resolves.toBe(1);

    // Sign up (the cart and the page follow), then five tickets to the cart.
    await page.goto(
      `${baseUrl}/login?step=register&redirect=${encodeURIComponent(`/causes/surf-life-saving/${SURF}`)}`,
    );
    await waitForHydration(page);
    await register(
      page,
      testCustomer('raffle', {
        firstname: 'Rae',
        lastname: 'Surfer',
        address: '2 Campbell Parade',
        suburb: 'Bondi Beach',
        postcode: '2026',
      }),
    );
    await page.waitForURL(`**/causes/surf-life-saving/${SURF}`, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('radio', { name: /5 tickets/ }).check();
    await expect(page.getByTestId('buy-total').textContent()).resolves.toBe('5 tickets: $45.00');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 })
      .catch(async (e: unknown) => {
        const refused = await page
          .getByTestId('form-errors')
          .textContent()
          .catch(() => null);
        throw new Error(`${String(e)}\nThe buy form said: ${refused ?? '(nothing)'}`);
      });

    // Pay: save the test card and deposit-and-buy.
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByLabel('Name on card').fill('Rae Surfer');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YY)').fill('30');
    await page.getByLabel('Card security code (CVC)').first().fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByTestId('deposit-buy-button').waitFor();
    const csc = page.locator('#checkout-csc');
    if ((await csc.count()) > 0) await csc.fill('123');
    await page.getByTestId('deposit-buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 30_000 });

    // The customer's support: five numbered tickets for the cause.
    await page.goto(`${baseUrl}/${SURF}/your-support`);
    await waitForHydration(page);
    await expect(page.getByTestId('support-summary').textContent()).resolves.toMatch(
      /bought 5 tickets and contributed \$45\.00/,
    );
    const mine = ((await page.getByTestId('support-tickets').first().textContent()) ?? '')
      .split(',')
      .map((s) => Number(s.trim()));
    expect(mine).toHaveLength(5);

    // Before the draw: the commitment is public, the seed is not.
    await page.goto(`${baseUrl}/${SURF}/draw/${drawNo}/verify`);
    await waitForHydration(page);
    await page.getByTestId('verify-pending').waitFor();
    const commitment = (await page.getByTestId('verify-commitment').textContent())!.trim();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    await run('npm', ['run', 'ops', '--', 'draw:advance', '--offer', SURF, '--draw', String(drawNo)], {
      cwd: inject('repoRoot'),
      env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production' },
      timeout: 120_000,
    });

    // The draw page: the seed published next to the commitment, and the winners (every prize went to one of ours).
    await page.goto(`${baseUrl}/${SURF}/draw/${drawNo}?clear_cache`);
    await waitForHydration(page);
    await expect(page.getByTestId('draw-status').textContent()).resolves.toMatch(/^Drawn /);
    const seed = (await page.getByTestId('published-seed').textContent())!.trim();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const winning = await page.getByTestId('winning-ticket').allTextContents();
    expect(winning.length).toBeGreaterThanOrEqual(1);
    for (const t of winning) expect(mine).toContain(Number(t));
    await expect(page.getByTestId('winner').first().textContent()).resolves.toContain('R. S');
    await shoot(page, 'raffle-drawn');

    // The verify page recomputes the winners in the browser from the published data.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Check the draw yourself' }).click();
    await page.waitForURL(`**/${SURF}/draw/${drawNo}/verify`);
    await expect(page.getByTestId('verify-seed').textContent()).resolves.toBe(seed);
    await expect(page.getByTestId('verify-commitment').textContent()).resolves.toBe(commitment);
    const verdict = page.getByTestId('verify-verdict');
    await verdict.waitFor();
    await expect(verdict.textContent()).resolves.toBe('The draw checks out.');
    const recomputed = await page.getByTestId('recomputed-ticket').allTextContents();
    expect(recomputed.map((t) => t.trim())).toEqual(winning.map((t) => t.trim()));
    await shoot(page, 'raffle-verify');

    // A ticket slipped into the list after the close fails visibly.
    await page.setViewportSize(DESKTOP);
    const list = page.getByLabel(/sold ticket numbers, one per line/);
    await list.fill(`${await list.inputValue()}\n499`);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByTestId('verify-verdict').getAttribute('data-ok')).resolves.toBe('false');
    await expect(page.getByTestId('verify-result').textContent()).resolves.toContain(
      'does not match the sold-list hash',
    );
    await shoot(page, 'raffle-verify-tampered');

    // The raffle's winners page lists the draw.
    await page.goto(`${baseUrl}/${SURF}/winners?clear_cache`);
    await waitForHydration(page);
    await expect(
      page
        .getByTestId('winners-draw')
        .filter({ hasText: `Draw ${drawNo} ·` })
        .count(),
    ).resolves.toBe(1);
    expect(errors).toEqual([]);
  });
});
