// Emails journey (issue 20 "Done when": the win email in the dev mailbox is HTML with the ticket and prize). A
// customer funds the wallet with the test deposit and buys a quickpick Saturday Lotto ticket (not Oz Lotto: other journeys on the shared server advance Oz Lotto draws, which can make its next draw a pre-order); the receipt email in the dev
// mailbox names the ticket's numbers and draw; the operator draws that draw with exactly those numbers
// (`npm run ops -- draw:advance --numbers …`), so the ticket wins division 1; the draw clock emails the winner, and
// the dev mailbox shows the win email's HTML part (in its sandboxed frame) with the ticket and the prize, and its
// text part. Screenshots at phone and desktop width; axe on the mailbox page.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerConsent, axeViolations, DESKTOP, useBrowser, waitForHydration } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-emails';
const PHONE_390 = { width: 390, height: 844 };

function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

/** The dev mailbox page for one address, reloaded until an email of `kind` is there; its list item. */
async function mailOf(page: Page, email: string, kind: string) {
  const item = page.locator(`[data-testid="dev-mail"][data-kind="${kind}"]`).first();
  for (let attempt = 0; attempt < 30; attempt++) {
    await page.goto(`${inject('baseUrl')}/dev/mailbox?to=${encodeURIComponent(email)}`);
    if (await item.count()) return item;
    await page.waitForTimeout(2_000);
  }
  throw new Error(`No ${kind} email for ${email} in the dev mailbox.`);
}

describe('emails', () => {
  it('the win email in the dev mailbox is HTML with the ticket and the prize, and has a text part', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const o = await browse(PHONE_390, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    const customer = testCustomer('emails', { firstname: 'Winnie' });
    await signUpAndLogin(o, customer);

    await page.goto(`${baseUrl}/my-account/deposit`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('radio', { name: /Test deposit/ }).check();
    await page.getByLabel(/Deposit amount/).fill('20');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.waitForURL(/\/my-account\/deposit\/details\/dep_[A-Za-z0-9]+\/success$/);

    await page.goto(`${baseUrl}/saturday-lotto/standard`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Quickpick all' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByTestId('buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });

    // The deposit and the purchase confirmation are emailed, both with an HTML part.
    const deposit = await mailOf(page, customer.email, 'deposit_approved');
    await expect(deposit.getByTestId('dev-mail-text').textContent()).resolves.toContain('Deposited: $20.00');
    const receipt = await mailOf(page, customer.email, 'receipt');
    const receiptText = (await receipt.getByTestId('dev-mail-text').textContent()) ?? '';
    const drawNo = /Draw: Draw (\d+), /.exec(receiptText)?.[1];
    const line = /Line 1: ([\d ]+)/.exec(receiptText)?.[1]?.trim().split(' ').map(Number);
    expect(drawNo, receiptText).toBeDefined();
    expect(line, receiptText).toHaveLength(6);
    const supps = Array.from({ length: 45 }, (_, i) => i + 1)
      .filter((n) => !line!.includes(n))
      .slice(0, 2);

    // The operator draws the ticket's draw with exactly its numbers: division 1.
    ops(
      'draw:advance',
      '--offer',
      'saturday-lotto',
      '--draw',
      drawNo!,
      '--numbers',
      line!.join(','),
      '--supps',
      supps.join(','),
    );

    const win = await mailOf(page, customer.email, 'draw_winner');
    await expect(win.locator('h2').textContent()).resolves.toMatch(
      new RegExp(`^You won \\$[\\d,]+\\.\\d\\d in Saturday Lotto draw ${drawNo}$`),
    );
    const prize = /You won (\$[\d,]+\.\d\d)/.exec((await win.locator('h2').textContent()) ?? '')![1]!;
    // The HTML part, as a mail client shows it: greeting, the prize, the ticket with its numbers and division.
    const html = win.frameLocator('[data-testid="dev-mail-html"]');
    await html.getByText('Hi Winnie,').waitFor();
    await expect(html.getByText(prize, { exact: true }).count()).resolves.toBeGreaterThan(0);
    const ticketHeading = html.getByText(/^Ticket tkt_/).first();
    await ticketHeading.waitFor();
    await expect(html.getByText(line!.join(' '), { exact: true }).count()).resolves.toBe(1);
    await expect(html.getByRole('link', { name: 'See your ticket' }).getAttribute('href')).resolves.toMatch(
      new RegExp(`^${baseUrl}/my-account/past-tickets/ticket/tkt_`),
    );
    // The frame is sandboxed: no scripts, no access to the shop's origin.
    await expect(win.getByTestId('dev-mail-html').getAttribute('sandbox')).resolves.toBe(
      'allow-popups allow-popups-to-escape-sandbox',
    );
    // The text part: the same email, links written out.
    const text = (await win.getByTestId('dev-mail-text').textContent()) ?? '';
    expect(text).toContain(`Your prize: ${prize}`);
    expect(text).toContain(`Numbers: ${line!.join(' ')}`);
    expect(text).toContain('Division: 1');
    expect(text).toMatch(/See your ticket: http\S+\/my-account\/past-tickets\/ticket\/tkt_/);

    expect(await axeViolations(page)).toEqual([]);
    await win.scrollIntoViewIfNeeded();
    await win.screenshot({ path: path.join(SHOTS, 'win-email-390.png') });
    await page.setViewportSize(DESKTOP);
    await win.screenshot({ path: path.join(SHOTS, 'win-email-1280.png') });
    expect(errors).toEqual([]);
  }, 300_000);
});
