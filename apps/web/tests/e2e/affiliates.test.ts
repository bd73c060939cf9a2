// Affiliate journey (issue 19 "Done when"): a visitor lands from a partner's link (?aff=PARTNER-7&utm_source=…),
// browses, adds a ticket, signs up at checkout, deposits with a test card and buys; the operator's
// `affiliates:report` then shows PARTNER-7 with the sign-up, the first deposit and the sale. An aff value outside the
// identifier rule (core §5) is ignored: no cookie, and nothing reaches the report.
import { describe, expect, it } from 'vitest';
import { waitForHydration, useBrowser } from './browser.ts';
import { register, testCustomer } from './customers.ts';
import { ops } from './ops.ts';
import { addQuickpick, fillCscIfAsked, saveCard } from './shopping.ts';

const browse = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const affCookie = async (o: { context: { cookies(): Promise<{ name: string; value: string }[]> } }) =>
  (await o.context.cookies()).find((c) => c.name === 'aff')?.value ?? null;
const partnerLine = (report: string) => report.split('\n').find((l) => l.startsWith('PARTNER-7:')) ?? '';

describe('affiliate attribution in the browser', () => {
  it('a visit with ?aff and utm_source that signs up and buys is in the affiliate report', async () => {
    const o = await browse(PHONE_390);
    const { page, baseUrl } = o;
    await page.goto(`${baseUrl}/?aff=PARTNER-7&utm_source=newsletter`);
    await waitForHydration(page);
    await expect(affCookie(o)).resolves.toBe('PARTNER-7');
    // Campaign tags are non-essential: kept once the visitor accepts all cookies on the page they landed on.
    const banner = page.getByTestId('cookie-consent');
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await o.context.cookies()).find((c) => c.name === 'utm_source')?.value)
      .toBe('newsletter');
    // Browsing on: the code is kept (14 days) without being in the address any more.
    await page.goto(`${baseUrl}/lotto-tickets`);
    await waitForHydration(page);
    await addQuickpick(page, baseUrl, 'saturday-lotto');
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-item').count()).resolves.toBe(1);

    await page.getByTestId('checkout-button').click();
    await page.waitForURL((url) => url.pathname === '/checkout/login');
    await page.getByRole('link', { name: /create (an )?account/i }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'register');
    await waitForHydration(page);
    await register(page, testCustomer('affiliate'));
    await page.waitForURL((url) => url.pathname === '/cart/buy', { timeout: 20_000 });
    await waitForHydration(page);
    await saveCard(page, '4242 4242 4242 4242');
    await fillCscIfAsked(page);
    await page.getByTestId('deposit-buy-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/receipt/chk_'), { timeout: 20_000 });
    await waitForHydration(page);
    const total = ((await page.getByTestId('receipt-total').textContent()) ?? '').replace(/[$,]/g, '');
    expect(total).toMatch(/^\d+\.\d{2}$/);

    expect(partnerLine(ops('affiliates:report'))).toMatch(
      new RegExp(`^PARTNER-7: 1 sign-up\\(s\\), 1 first deposit\\(s\\) AUD \\d+\\.\\d{2}, 1 sale\\(s\\) AUD ${total}$`),
    );

    // Core §1 act, for a signed-in customer: the code is removed from the address (the rest stays) and adopts nothing.
    await page.goto(`${baseUrl}/cart?act=crt_someone-else&page=1`);
    await waitForHydration(page);
    expect(new URL(page.url()).searchParams.has('act')).toBe(false);
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    await page.getByTestId('cart-empty').waitFor();
  });

  it('an aff value outside the identifier rule is ignored: no cookie, a kept code stays, nothing is reported', async () => {
    const o = await browse(PHONE_390);
    const { page, baseUrl } = o;
    const before = ops('affiliates:report');
    await page.goto(`${baseUrl}/?aff=${encodeURIComponent('<script>alert(1)</script>')}`);
    await waitForHydration(page);
    await expect(affCookie(o)).resolves.toBeNull();
    await expect(page.locator('main').count()).resolves.toBe(1);
    // A valid code already kept is not replaced by a bad one.
    await page.goto(`${baseUrl}/?aff=KEPT-1`);
    await page.goto(`${baseUrl}/?aff=${encodeURIComponent('bad code!')}`);
    await expect(affCookie(o)).resolves.toBe('KEPT-1');
    await o.context.clearCookies();

    // A bad code, then a sign-up and a ticket in the cart: no code of any kind reaches the report.
    await page.goto(`${baseUrl}/login?step=register&redirect=/cart&aff=${encodeURIComponent('<b>x</b>')}`);
    await waitForHydration(page);
    await register(page, testCustomer('badaff'));
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: 20_000 });
    await addQuickpick(page, baseUrl, 'saturday-lotto');
    await expect(affCookie(o)).resolves.toBeNull();
    const after = ops('affiliates:report');
    expect(after).toBe(before);
    expect(after).not.toMatch(/script|<b>/);
  });
});
