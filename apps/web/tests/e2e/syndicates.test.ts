// Syndicates journey (issue 16 "Done when"), on a phone: the operator makes a Powerball syndicate (System 8, 4 shares
// at $2.50); a customer finds it on /syndicates, buys 2 shares through the cart and checkout (deposit and buy with the
// test card), sees the syndicate's tickets on the share page; `ops draw:advance` draws the syndicate's numbers (a
// forced win) and settles; the share page shows the result and the customer's half of the prize, and the wallet got
// it. Powerball: other journeys advance Oz Lotto and Saturday Lotto, so this draw is ours to advance.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerConsent, axeViolations, PHONE, shootBothWidths, useBrowser, waitForHydration } from './browser.ts';
import { signedHeaders, signUpAndLogin, testCustomer, customerToken } from './customers.ts';
import { ops } from './ops.ts';

const browse = useBrowser();
const SHOTS = '/tmp/shots-syndicates';

describe('syndicates', () => {
  it('buys a syndicate share from /syndicates and sees its tickets, the result and the prize part', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Powerball System 8 = 8 games × $1.20 = $9.60 + $0.40 fee = $10.00 = 4 × $2.50.
    const created = ops(
      'syndicate:create',
      '--offer',
      'powerball',
      '--shares',
      '4',
      '--ticket',
      'system:8',
      '--fee',
      '0.40',
    );
    const id = /Created (syn_[A-Za-z0-9_-]+)/.exec(created)![1]!;
    const drawNo = /Powerball draw (\d+)/.exec(created)![1]!;
    const [mains, pb] = /System 8: ([\d ]+) \| (\d+)/.exec(created)!.slice(1);
    const numbers = mains!.trim().split(' ').map(Number);
    expect(numbers).toHaveLength(8);

    const o = await browse(PHONE, { bypassCSP: true });
    const { page, baseUrl, errors } = o;
    await signUpAndLogin(o, testCustomer('syndicate'));
    await page.goto(`${baseUrl}/syndicates`);
    await waitForHydration(page);
    await answerConsent(page);
    await page.getByRole('heading', { level: 1, name: 'Syndicates' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'syndicates');
    await page.setViewportSize(PHONE);
    await page.locator(`a[href="/powerball/syndicate?syndicate=${id}"]`).click();
    await page.waitForURL((u) => u.pathname === '/powerball/syndicate');
    await waitForHydration(page);
    await expect(page.getByTestId('shares-left').textContent()).resolves.toBe('4 shares left of 4');
    await expect(page.getByTestId('closing-rule').textContent()).resolves.toContain('the shop keeps them');
    await page.getByLabel('Number of shares').selectOption('2');
    await expect(page.locator('#share-cost').textContent()).resolves.toBe('Cost: $5.00');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'syndicate-play');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart', { timeout: 15_000 });

    // Pay: save the test card and deposit-and-buy.
    await page.goto(`${baseUrl}/cart/buy`);
    await waitForHydration(page);
    await page.getByLabel('Name on card').fill('Sam Share');
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

    const api = async (p: string) => {
      const res = await o.context.request.get(`${baseUrl}/api/v2${p}`, {
        headers: await signedHeaders('3.3', await customerToken(o.context)),
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).result;
    };
    const shareId = (await api('/syndicate-shares'))[0].id as string;
    const fundsBefore = (await api('/customer/withdrawable-funds')).available_funds.amount as number;
    await page.goto(`${baseUrl}/my-account/syndicate-tickets/share/${shareId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('shares-held').textContent()).resolves.toBe('2 of 4');
    await expect(page.getByTestId('syndicate-line').first().textContent()).resolves.toContain(numbers.join(' '));
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'share-before');

    // The draw: 7 of the system's 8 numbers and its Powerball. The System 8 is one line (eight games): one game wins
    // division 1 ($1,000.01), the other seven division 3 ($100.01 each), so the line wins $1,700.08. The customer
    // holds 2 of 4 shares (the shop keeps the other 2): half of it, $850.04, into the wallet.
    ops(
      'draw:advance',
      '--offer',
      'powerball',
      '--draw',
      drawNo,
      '--numbers',
      numbers.slice(0, 7).join(','),
      '--powerball',
      pb!,
      '--dividends',
      '1=1000.01,2=500,3=100.01,4=50,5=20,6=10,7=5,8=3,9=2',
    );
    await page.goto(`${baseUrl}/my-account/syndicate-tickets/share/${shareId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('share-prize').textContent()).resolves.toBe(
      'Your part of the prize: $850.04 (the syndicate won $1,700.08). It is in your account.',
    );
    await expect(page.getByTestId('syndicate-result').textContent()).resolves.toContain(numbers.slice(0, 7).join(' '));
    const fundsAfter = (await api('/customer/withdrawable-funds')).available_funds.amount as number;
    expect(Math.round((fundsAfter - fundsBefore) * 100)).toBe(85_004);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'share-after');
    expect(errors).toEqual([]);
  }, 300_000);
});
