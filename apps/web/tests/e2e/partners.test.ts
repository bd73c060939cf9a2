// Partner purchase journey (issue 19 item 1 "Done when"): a visitor lands on /purchase/kids-hospital (the seeded
// charity partner) in the partner's branding without the shop's header, signs up inline, saves a test card, deposits
// and buys, and sees the partner receipt; `npm run ops -- partner:list` shows the sale and the commission the ledger
// owes the partner. Also: an unknown partner and /purchase/{slug}/anything are the partner 404 page, and a forged
// autologin token shows the failure notice with no session. axe finds no serious or critical violation.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, shootBothWidths, useBrowser, waitForHydration, PHONE } from './browser.ts';
import { customerToken, register, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-partners';

function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

describe('partner purchase', () => {
  it('a visitor signs up inline on the partner checkout, deposits by card, buys and sees the partner receipt', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, errors } = await browse(PHONE, { bypassCSP: true });
    const base = inject('baseUrl');
    await page.goto(`${base}/purchase/kids-hospital`);
    await waitForHydration(page);
    await answerConsent(page);
    await expect(page.getByTestId('partner-name').textContent()).resolves.toBe("Children's Hospital Foundation");
    // The partner's own layout: none of the shop's header or footer.
    await expect(page.locator('header nav[aria-label="Main"]').count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe(
      "Buy tickets and support Children's Hospital Foundation",
    );
    await expect(page.getByTestId('partner-item').textContent()).resolves.toContain('$125.00');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'checkout-signed-out');

    await register(page, testCustomer('partner'));
    await page.getByRole('button', { name: 'Save card' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/purchase/kids-hospital');
    await page.getByLabel('Name on card').fill('Ann Koala');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YY)').fill('30');
    await page.getByLabel('Card security code (CVC)').first().fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByTestId('deposit-buy-button').waitFor();
    await expect(page.getByTestId('deposit-amount').textContent()).resolves.toBe('$125.00');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'checkout-pay');
    await page.setViewportSize(PHONE);
    const csc = page.locator('#checkout-csc');
    if ((await csc.count()) > 0) await csc.fill('123');
    await page.getByTestId('deposit-buy-button').click();
    await page.waitForURL((url) => /^\/purchase\/kids-hospital\/receipt\/chk_/.test(url.pathname), { timeout: 20_000 });
    await expect(page.getByTestId('partner-thanks').textContent()).resolves.toBe(
      "Thank you for supporting Children's Hospital Foundation.",
    );
    await expect(page.getByTestId('receipt-total').textContent()).resolves.toBe('$125.00');
    await expect(page.getByTestId('partner-name').count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'receipt');

    const listed = ops('partner:list');
    expect(listed).toContain('kids-hospital (kids_hospital)');
    expect(listed).toContain('1 sales, $125.00 sold, $12.50 commission; owed $12.50');
    expect(errors).toEqual([]);
  });

  it('an unknown partner and any other partner path are the partner 404 page; a forged autologin token signs nobody in', async () => {
    const { page, context } = await browse(PHONE, { bypassCSP: true });
    const base = inject('baseUrl');
    const missing = await page.goto(`${base}/purchase/no-such-partner`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('partner-layout').count()).resolves.toBe(1);
    await expect(page.locator('[data-error-code="404"]').count()).resolves.toBe(1);
    const other = await page.goto(`${base}/purchase/kids-hospital/anything/else`);
    expect(other?.status()).toBe(404);
    await expect(page.getByTestId('partner-name').textContent()).resolves.toBe("Children's Hospital Foundation");
    await expect(page.locator('[data-error-code="404"]').count()).resolves.toBe(1);
    await answerConsent(page);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'not-found');

    await page.goto(`${base}/purchase/kids-hospital/autologin/forged-token-123`);
    await page.waitForURL((url) => url.searchParams.get('notice') === 'autologin-failed', { timeout: 20_000 });
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Email link no longer valid');
    expect(await customerToken(context)).toBeNull();
    await shootBothWidths(page, SHOTS, 'autologin-failed');
  });
});
