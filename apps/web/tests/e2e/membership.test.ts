// Daily Winners in the browser (issue 17 "Done when"): a new customer sees the navigation dot badge, opts in from
// /daily-winners (the badge for non-members goes with the visit), is entered in today's daily giveaway, unlocks the
// monthly entry (the badge for a locked entry goes with it), deposits to become premium and sees the guaranteed
// entries; the operator runs the draw (`npm run ops -- membership:draw --type daily`); the winner sees the prize in the
// wallet and the giveaway in closed giveaways; and anyone can open the draw's verify page and it checks out. Also: a
// customer on a break is refused with the reason and sees no marketing. Screenshots at 375 px and 1280 px go to
// tmp/screens; axe finds nothing serious or critical on the journey's pages.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  answerConsent,
  axeViolations,
  DESKTOP,
  PHONE,
  screenshotPath,
  useBrowser,
  waitForHydration,
} from './browser.ts';
import { customerToken, signedHeaders, signUpAndLogin, testCustomer } from './customers.ts';

const run = promisify(execFile);
const browse = useBrowser();

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: screenshotPath(`membership-${name}-${label}`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The desktop navigation's Daily Winners item, and whether it carries the dot badge. */
const dots = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('membership-dot').count();

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('Daily Winners', () => {
  it('a new customer joins, unlocks, goes premium, wins the daily draw, and anyone can check it', async () => {
    const o = await browse(DESKTOP, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    // The membership job makes today's giveaways as the shop starts: wait for them (no fixed sleep).
    await vi.waitFor(
      async () => {
        const res = await o.context.request.get(`${baseUrl}/api/rewards/v3/giveaways?status=open`, {
          headers: await signedHeaders('3.0'),
        });
        const body = (await res.json()) as { result: { type: string }[] };
        expect(body.result.map((g) => g.type).sort()).toEqual(expect.arrayContaining(['daily', 'monthly']));
      },
      { timeout: 60_000, interval: 500 },
    );
    await signUpAndLogin(o, testCustomer('dailywinner', { firstname: 'Winnie', state: 'QLD' }));

    // A signed-in non-member who has never opened the page: the dot badge is on the Daily Winners item.
    await open(page, `${baseUrl}/`);
    await answerConsent(page);
    await expect(dots(page)).resolves.toBe(1);
    await expect(page.getByTestId('daily-winners-banner').getAttribute('data-entry-point')).resolves.toBe('home_page');

    // Opening the page is the visit the stored flag records: the badge goes.
    await open(page, `${baseUrl}/daily-winners`);
    await expect(dots(page)).resolves.toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Daily Winners');
    await expect(page.getByTestId('draw-card').count()).resolves.toBeGreaterThanOrEqual(2);
    await shoot(page, 'landing-non-member');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await open(page, `${baseUrl}/`);
    await expect(dots(page)).resolves.toBe(0);

    // Opt in from /daily-winners.
    await open(page, `${baseUrl}/daily-winners`);
    await page.getByTestId('opt-in').getByTestId('join-daily-winners').click();
    await page.getByTestId('membership-summary').waitFor();
    await expect(page.getByTestId('membership-summary').textContent()).resolves.toContain('You are a free member');
    // A member with a locked entry (the monthly giveaway) has the badge again, until it is unlocked.
    await expect(dots(page)).resolves.toBe(1);
    await shoot(page, 'landing-member');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Entered in today's daily giveaway; the monthly entry waits locked.
    await open(page, `${baseUrl}/my-account/current-giveaways`);
    const entryOf = (type: string) =>
      page.locator(`[data-testid="customer-giveaway"][data-type="${type}"]`).getByTestId('entry-status');
    await expect(entryOf('daily').getAttribute('data-status')).resolves.toBe('unlocked');
    await expect(entryOf('monthly').getAttribute('data-status')).resolves.toBe('locked');
    await shoot(page, 'current-giveaways');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Unlock the monthly entry from its page: the sticky call-to-action is free-locked.
    await page.locator('[data-testid="customer-giveaway"][data-type="monthly"] h2 a').click();
    await page.waitForURL(/\/daily-winners\/giveaways\/monthly\/\d+$/);
    await waitForHydration(page);
    await expect(page.getByTestId('sticky-cta').getAttribute('data-kind')).resolves.toBe('free-locked');
    await expect(page.getByTestId('giveaway-permits').textContent()).resolves.toContain('NSW TP/04217');
    await expect(page.getByTestId('countdown').count()).resolves.toBe(1);
    await shoot(page, 'monthly-locked');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByTestId('sticky-cta').getByRole('button', { name: 'Unlock my entry' }).click();
    await expect
      .poll(() => page.getByTestId('entry-status').first().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('unlocked');
    await expect(page.getByTestId('sticky-cta').getAttribute('data-kind')).resolves.toBe('join-premium');
    await expect(dots(page)).resolves.toBe(0);

    // Go premium: a qualifying deposit this month (Google Pay with the test gateway).
    await page.getByTestId('sticky-cta').getByRole('link', { name: 'Go premium' }).click();
    await page.waitForURL(/\/daily-winners\/deposit$/);
    await waitForHydration(page);
    await expect(page.getByTestId('premium-progress').textContent()).resolves.toContain(
      'You have deposited $0.00 of $10.00 this month',
    );
    await shoot(page, 'premium-deposit');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByTestId('premium-deposit').click();
    await page.waitForURL(/\/my-account\/deposit$/);
    await waitForHydration(page);
    await page.getByLabel(/Deposit amount/).fill('20');
    await page.getByTestId('wallet-gp').click();
    await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);
    await page.getByRole('heading', { level: 1, name: 'Deposit successful' }).waitFor();

    await open(page, `${baseUrl}/daily-winners/deposit`);
    await page.getByTestId('premium-now').waitFor();
    // A premium member is offered neither joining nor going premium again.
    await open(page, `${baseUrl}/daily-winners`);
    const onThisPage = page.getByRole('navigation', { name: 'On this page' });
    await expect(onThisPage.getByRole('link', { name: 'Your membership' }).count()).resolves.toBe(1);
    await expect(onThisPage.getByRole('link', { name: 'Join', exact: true }).count()).resolves.toBe(0);
    await expect(page.locator('main a[href="/daily-winners/deposit"]').count()).resolves.toBe(0);
    await open(page, `${baseUrl}/daily-winners/membership-tiers`);
    await expect(page.locator('main a[href="/daily-winners/deposit"]').count()).resolves.toBe(0);
    await open(page, `${baseUrl}/my-account/current-giveaways`);
    await expect(entryOf('daily').getAttribute('data-status')).resolves.toBe('guaranteed');
    await expect(entryOf('monthly').getAttribute('data-status')).resolves.toBe('guaranteed');
    await shoot(page, 'current-giveaways-premium');

    // The operator runs today's daily draw.
    const ops = await run('npm', ['run', 'ops', '--', 'membership:draw', '--type', 'daily'], {
      cwd: inject('repoRoot'),
      env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      timeout: 120_000,
    });
    expect(ops.stdout).toMatch(/Prize 1: entry \d+/);
    const drawn = /daily giveaway (\d+) \(gwy_/.exec(ops.stdout);
    expect(drawn).not.toBeNull();
    const drawNumber = drawn![1];

    // The prize is in the wallet: $20 deposited and $50 of credit.
    await open(page, `${baseUrl}/my-account/closed-giveaways`);
    await expect(page.getByRole('button', { name: /^Account \$70\.00$/ }).count()).resolves.toBeGreaterThan(0);
    const won = page.getByTestId('giveaway-won').first();
    await expect(won.textContent()).resolves.toBe('You won $50 wallet credit: it is in your wallet.');
    await shoot(page, 'closed-giveaways');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The giveaway page lists the winner by first name and state and links the check.
    await open(page, `${baseUrl}/daily-winners/giveaways/daily/${drawNumber}`);
    await expect(page.getByTestId('giveaway-winners').textContent()).resolves.toContain('Winnie, QLD');
    await expect(page.getByTestId('sticky-cta').getAttribute('data-kind')).resolves.toBe('closed-member');
    await shoot(page, 'daily-drawn');
    expect(errors).toEqual([]);

    // Anyone (a fresh, anonymous browser) can open the verify page, and the draw checks out in it.
    const stranger = await browse(PHONE, { bypassCSP: true });
    await open(stranger.page, `${baseUrl}/daily-winners/giveaways/daily/${drawNumber}`);
    await answerConsent(stranger.page);
    await stranger.page.getByTestId('verify-link').click();
    await stranger.page.waitForURL(/\/verify$/);
    await waitForHydration(stranger.page);
    const verdict = stranger.page.getByTestId('verify-verdict');
    await verdict.waitFor();
    await expect(verdict.getAttribute('data-ok')).resolves.toBe('true');
    await expect(verdict.textContent()).resolves.toBe('The draw checks out.');
    await expect(stranger.page.getByText('Entry-list hash').count()).resolves.toBeGreaterThan(0);
    await shoot(stranger.page, 'verify');
    await expect(axeViolations(stranger.page)).resolves.toEqual([]);
    expect(stranger.errors).toEqual([]);
  }, 240_000);

  it('a customer on a break is refused with the reason and gets no Daily Winners marketing', async () => {
    const o = await browse(PHONE, { bypassCSP: true });
    const { page, baseUrl } = o;
    await signUpAndLogin(o, testCustomer('dwbreak'));
    const brk = await o.context.request.post(`${baseUrl}/api/v2/customer/take-a-break`, {
      headers: await signedHeaders('3.0', await customerToken(o.context)),
      data: { period: '24h' },
    });
    expect(brk.status(), await brk.text()).toBe(200);
    await open(page, `${baseUrl}/`);
    await answerConsent(page);
    await expect(page.getByTestId('menu-dot').count()).resolves.toBe(0);
    await expect(page.getByTestId('daily-winners-banner').count()).resolves.toBe(0);
    await open(page, `${baseUrl}/daily-winners`);
    await expect(page.getByTestId('membership-ineligible').textContent()).resolves.toMatch(
      /^Daily Winners is not available while you are taking a break, until /,
    );
    await expect(page.getByTestId('opt-in').getByTestId('join-daily-winners').count()).resolves.toBe(0);
    // A join posted anyway (an old tab) is refused with the reason, and nothing changes.
    await open(page, `${baseUrl}/lotto-tickets`);
    const res = await page.request.post(`${baseUrl}/daily-winners`, {
      form: { intent: 'join', returnTo: '/' },
      headers: { origin: baseUrl },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(422);
    await open(page, `${baseUrl}/my-account/current-giveaways`);
    await expect(page.getByTestId('no-giveaways').count()).resolves.toBe(1);
    await shoot(page, 'on-a-break');
  }, 120_000);

  it('pages of Daily Winners are 404 for unknown giveaways and gated off without the capability', async () => {
    const baseUrl = inject('baseUrl');
    expect((await fetch(`${baseUrl}/daily-winners/giveaways/weekly/1`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/daily-winners/giveaways/daily/999999`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/daily-winners/winners?page=0`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/daily-winners/benefits?token=forged.token.value`)).status).toBe(401);
    const html = await (await fetch(`${baseUrl}/daily-winners/winners`)).text();
    expect(html).toContain('Past winners');
  });

  it('the Daily Winners pages never skip a heading level (a tier is an h2 on the tiers page, an h3 on the home)', async () => {
    const baseUrl = inject('baseUrl');
    for (const path of ['/daily-winners', '/daily-winners/membership-tiers', '/daily-winners/winners']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const main = html.slice(html.indexOf('<main'));
      const levels = [...main.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      const skips = levels.flatMap((l, i) => (i > 0 && l > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${l}`] : []));
      expect(skips, path).toEqual([]);
    }
  });
});
