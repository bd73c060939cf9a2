// Experiments and consented analytics (issue 20 items 5 and 6, "Done when"): `?variant=treatment` shows the treatment
// call to action on the play screen (a bogus variant is ignored); with "Essential only" no analytics event is stored
// (and the analytics code is never downloaded); with "Accept all" the page views, the add to cart and the purchase
// are stored, and the visitor's exposure to boost-buy-tickets and their purchase are recorded for the report.
// Screenshots at 390 px and 1280 px go to /tmp/shots-experiments.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration, type OpenBrowser } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-experiments';
mkdirSync(SHOTS, { recursive: true });
const PHONE_390 = { width: 390, height: 844 };

/** Runs a module against the journey server's database with the shop's services; answers what it prints. */
function script(body: string): string {
  const code = `
    import { sql } from 'drizzle-orm';
    import { loadConfig } from './apps/api/src/env.ts';
    import { openDatabase } from './apps/api/src/db/index.ts';
    import { createServices } from './apps/api/src/services.ts';
    import { systemClock } from './apps/api/src/lib/clock.ts';
    const config = loadConfig();
    const database = await openDatabase(config);
    const s = createServices({ database, clock: systemClock, config });
    const rows = async (q) => (await database.db.execute(q)).rows;
    try { ${body} } finally { await database.close(); }`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'test', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`the script failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

const fund = (customerId: string) =>
  script(`await database.db.transaction((tx) => s.ledger.creditDeposit(tx, {
    customerId: ${JSON.stringify(customerId)}, amountCents: 5000, currency: 'AUD',
    reference: ${JSON.stringify(`e2e-analytics-${customerId}`)}, description: 'Test deposit' }));`);

const queryJson = (query: string) =>
  JSON.parse(script(`console.log(JSON.stringify(await rows(sql.raw(${JSON.stringify(query)}))));`));

async function openPlayScreen(page: Page, baseUrl: string, query = '') {
  await page.goto(`${baseUrl}/oz-lotto/standard${query}`);
  await waitForHydration(page);
}

/** Signed in with money in the wallet: quickpick one Oz Lotto game, add it, buy from the wallet; answers the checkout. */
async function buyQuickpick(o: OpenBrowser): Promise<string> {
  const { page, baseUrl } = o;
  await openPlayScreen(page, baseUrl);
  await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
  await page.goto(`${baseUrl}/cart/buy`);
  await waitForHydration(page);
  await page.getByTestId('buy-button').click();
  await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 30_000 });
  await waitForHydration(page);
  return new URL(page.url()).pathname.split('/')[2]!;
}

async function cookieValue(o: OpenBrowser, name: string): Promise<string | null> {
  return (await o.context.cookies()).find((c) => c.name === name)?.value ?? null;
}

describe('experiment boost-buy-tickets', () => {
  it('?variant=treatment shows the treatment call to action; ?variant=bogus is ignored', async () => {
    // CSP bypassed only so that axe can be injected.
    const o = await browse(PHONE_390, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    await openPlayScreen(page, baseUrl, '?variant=treatment');
    await answerConsent(page);
    await waitForHydration(page);
    const cta = page.getByTestId('add-to-cart');
    await expect(cta.getAttribute('data-cta')).resolves.toBe('treatment');
    await page.getByRole('button', { name: 'Quickpick game 1', exact: true }).click();
    await expect(cta.isDisabled()).resolves.toBe(false);
    const price = (await page.getByTestId('ticket-price').textContent())!;
    await expect(cta.textContent()).resolves.toBe(`Add to cart · ${price}`);
    await expect(page.getByText('Nothing is charged until you check out.').isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('ticket-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'treatment-390.png') });
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('ticket-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'treatment-1280.png') });

    await openPlayScreen(page, baseUrl, '?variant=bogus');
    await expect(page.getByTestId('add-to-cart').getAttribute('data-cta')).resolves.toBe('control');
    await expect(page.getByTestId('add-to-cart').textContent()).resolves.toBe('Add to cart');
    await page.getByTestId('ticket-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'control-1280.png') });
    expect(errors).toEqual([]);
  });
});

describe('consented analytics', () => {
  it('"Essential only": nothing is sent or stored, and the analytics code is never downloaded', async () => {
    const o = await browse(PHONE_390);
    const { page, baseUrl, errors } = o;
    const analyticsRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/analytics|analytics-client/.test(r.url())) analyticsRequests.push(r.url());
    });
    const { customerId } = await signUpAndLogin(o, testCustomer('essential'));
    fund(customerId);
    await openPlayScreen(page, baseUrl);
    await answerConsent(page); // "Essential only"
    const checkoutId = await buyQuickpick(o);

    expect(analyticsRequests).toEqual([]);
    expect(await cookieValue(o, 'analytics_id')).toBeNull();
    expect(
      queryJson(`select count(*)::int as n from analytics_events where customer_id = '${customerId}'
      or transaction_id = '${checkoutId}'`),
    ).toEqual([{ n: 0 }]);
    expect(
      queryJson(`select count(*)::int as n from experiments_conversions where checkout_id = '${checkoutId}'`),
    ).toEqual([{ n: 0 }]);
    expect(errors).toEqual([]);
  });

  it('"Accept all": page views, the add to cart and the purchase are stored; the exposure converts', async () => {
    const o = await browse(PHONE_390);
    const { page, baseUrl, errors } = o;
    const { customerId } = await signUpAndLogin(o, testCustomer('accepted'));
    fund(customerId);
    await openPlayScreen(page, baseUrl);
    const banner = page.getByTestId('cookie-consent');
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.cookie.includes('analytics_id='));
    const purchaseSent = page.waitForResponse(
      (r) => r.url().endsWith('/api/analytics/events') && (r.request().postData() ?? '').includes('"purchase"'),
      { timeout: 30_000 },
    );
    const checkoutId = await buyQuickpick(o);
    const answer = await purchaseSent;
    expect(answer.status(), await answer.text()).toBe(200);

    const anonymousId = (await cookieValue(o, 'analytics_id'))!;
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    const events = queryJson(`select type, path, transaction_id, properties from analytics_events
      where anonymous_id = '${anonymousId}' order by id`) as {
      type: string;
      path: string;
      transaction_id: string | null;
      properties: { items?: { lotteryKey: string; numGames: number }[]; currency?: string };
    }[];
    expect(events.map((e) => e.type)).toContain('page_view');
    expect(events.find((e) => e.type === 'add_to_cart')?.properties.items?.[0]).toMatchObject({
      lotteryKey: 'oz-lotto',
      numGames: 1,
    });
    const purchase = events.filter((e) => e.type === 'purchase');
    expect(purchase).toHaveLength(1);
    expect(purchase[0]).toMatchObject({ transaction_id: checkoutId, path: `/receipt/${checkoutId}` });
    expect(purchase[0]!.properties).toMatchObject({ currency: 'AUD', items: [{ lotteryKey: 'oz-lotto' }] });

    // The play screen enrolled this visitor in boost-buy-tickets; the receipt counted their purchase.
    expect(
      queryJson(`select count(*)::int as n from experiments_exposures where visitor_id = '${anonymousId}'`),
    ).toEqual([{ n: 1 }]);
    expect(
      queryJson(`select experiment from experiments_conversions where visitor_id = '${anonymousId}'
        and checkout_id = '${checkoutId}'`),
    ).toEqual([{ experiment: 'boost-buy-tickets' }]);
    expect(errors).toEqual([]);
  });
});
