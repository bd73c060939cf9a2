// Back office, price lists and promotion codes (issue 21): an admin (first from the CLI) changes the price of Lotto
// Strike in the default price list — a zero price refused on its field, the change reviewed on its confirmation step
// (old → new, one game's price after), confirmed with a double click — and the storefront's offer page shows the new
// price; the price is put back the same way. Then the admin changes a promotion code's limits and ends it (asked
// first) while a customer holds it in their cart: the customer's purchase is refused with the promo-code message, the
// cart refuses the code, and the redemptions made are untouched; the audit log has each change. axe on each new
// screen at 390 and 1280 px; screenshots in /tmp/shots-back-office. (No other journey uses Lotto Strike's price.)
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkScreen, createOperator, PHONE_390, signIn } from './back-office-helpers.ts';
import { DESKTOP, openBrowser, useBrowser, waitForHydration } from './browser.ts';
import { customerToken, signedHeaders, signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';

const browse = useBrowser();
const OFFER = 'lotto-strike';
const NAME = 'Lotto Strike';

/** "$1.25" → 125. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The price screen's row of the offer in the default list: its one-game price in cents. */
async function gamePrice(page: Page): Promise<number> {
  const row = page.getByRole('table', { name: 'Prices in default' }).getByRole('row').filter({ hasText: NAME });
  const cells = await row.getByRole('cell').allTextContents();
  return centsOf(cells[3]!);
}

/** Change the price on the screen: the form, its confirmation step, a double click. */
async function changePrice(page: Page, base: string, blockPrice: string, shots?: string) {
  await page.goto(`${base}/back-office/prices?list=default`);
  await page
    .getByRole('table', { name: 'Prices in default' })
    .getByRole('link', { name: `Change the price of ${NAME}…` })
    .click();
  await page.getByRole('heading', { name: `Change the price of ${NAME} (default)` }).waitFor();
  await waitForHydration(page);
  if (shots) {
    await page.getByLabel('New block price in AUD').fill('0');
    await page.getByRole('button', { name: 'Review the change' }).click();
    await page.getByText('The block price must be more than zero.').waitFor();
    await checkScreen(page, `${shots}-invalid`);
  }
  await page.getByLabel('New block price in AUD').fill(blockPrice);
  await page.getByLabel('Games in the block').fill('1');
  await page.getByRole('button', { name: 'Review the change' }).click();
  const confirmation = page.getByTestId('price-confirmation');
  await confirmation.waitFor();
  await expect(confirmation.textContent()).resolves.toContain(`→ $${blockPrice} a game`);
  if (shots) await checkScreen(page, `${shots}-confirm`);
  await confirmation.getByRole('button', { name: 'Yes, change the price' }).dblclick();
  await page.getByText(`${NAME} now costs $${blockPrice} a game in default`).waitFor();
}

describe('back office: price lists and promotion codes', () => {
  it(
    'an admin changes a price (the storefront shows it) and ends a promotion code a cart holds',
    {
      timeout: 300_000,
    },
    async () => {
      const admin = await browse(PHONE_390, { bypassCSP: true });
      const { page, baseUrl: base } = admin;
      const adminEmail = uniqueEmail('bo-prices-admin');
      const secret = createOperator(adminEmail, 'Pat Prices', 'admin');
      await page.goto(`${base}/back-office/prices`);
      await signIn(page, adminEmail, await generate({ secret }));
      await page.waitForURL(`${base}/back-office/prices`);

      // The lists and the default list's prices.
      await page.getByRole('table', { name: 'Price lists' }).waitFor();
      await expect(
        page.getByRole('table', { name: 'Price lists' }).getByRole('row').filter({ hasText: 'intro' }).textContent(),
      ).resolves.toContain('Anyone following a link with ?p=intro');
      await checkScreen(page, 'prices');
      const before = await gamePrice(page);
      const after = before + 15;

      const shop = await openBrowser(DESKTOP);
      try {
        await changePrice(page, base, dollars(after), 'prices');
        expect(await gamePrice(page)).toBe(after);
        await checkScreen(page, 'prices-changed');
        // The storefront's offer page shows the new price (clear_cache skips its own 60 s cache of the catalogue).
        await expect
          .poll(
            async () => {
              await shop.page.goto(`${base}/${OFFER}?clear_cache=1`);
              return shop.page.getByTestId('game-type').first().textContent();
            },
            { timeout: 30_000, interval: 250 },
          )
          .toContain(`$${dollars(after)} per game`);
      } finally {
        await changePrice(page, base, dollars(before));
        await shop.close();
      }
      expect(await gamePrice(page)).toBe(before);

      // A promotion code, held in a customer's cart.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promotions' }).click();
      await page.waitForURL(`${base}/back-office/promotions`);
      await waitForHydration(page);
      const code = `END${Date.now().toString(36).toUpperCase()}`;
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Type').selectOption('voucher_fixed_discount');
      await page.getByLabel('Value').fill('10');
      await page.getByLabel('Description').fill('Ten cents off');
      await page.getByLabel('Uses in all (optional)').fill('50');
      await page.getByRole('button', { name: 'Create code' }).click();
      await page.getByText(`Code ${code} created`).waitFor();

      const customer = await openBrowser(DESKTOP, { bypassCSP: true });
      try {
        await signUpAndLogin(customer, testCustomer('bo-promo'));
        const api = async (url: string, data: object, extra: Record<string, string> = {}) => {
          const res = await customer.context.request.post(`${base}/api/v2${url}`, {
            headers: { ...(await signedHeaders('3.3', await customerToken(customer.context))), ...extra },
            data,
          });
          return { status: res.status(), body: (await res.json()) as { messages?: { code: string; text: string }[] } };
        };
        expect(
          (await api('/funds/td/deposit', { amount: 10 }, { 'idempotency-key': `bo-promo-${Date.now()}` })).status,
        ).toBe(200);
        const added = await api('/cart/items', {
          item: {
            product_type: 'lottery_ticket',
            product_offer_key: 'oz-lotto',
            game_type: 'standard',
            game_offer: 'standard',
            games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
          },
        });
        expect(added.status).toBe(200);
        expect((await api('/cart/promotion', { promotion_code: code })).status).toBe(200);

        // Its limits changed: an empty per-customer limit stays "no limit", a new total limit and minimum spend.
        const row = page.getByRole('row').filter({ hasText: code });
        await row.getByRole('link', { name: `Change the limits of ${code}…` }).click();
        await page.getByRole('heading', { name: `Change the limits of ${code}` }).waitFor();
        await waitForHydration(page);
        await page.getByLabel('Uses in all', { exact: true }).fill('0');
        await page.getByRole('button', { name: 'Save the limits' }).click();
        await page.getByText('From 1 to 10000000, or empty for no limit.').waitFor();
        await checkScreen(page, 'promotions-limits');
        await page.getByLabel('Uses in all', { exact: true }).fill('20');
        await page.getByLabel('Minimum spend', { exact: true }).fill('1.00');
        await page.getByRole('button', { name: 'Save the limits' }).click();
        await page.getByText(`The limits of ${code} are saved.`).waitFor();
        await expect(row.textContent()).resolves.toContain('0 / 20');
        await expect(row.textContent()).resolves.toContain('$1.00');

        // End now, asked first.
        await row.getByRole('link', { name: `End now ${code}…` }).click();
        await page.getByTestId('promotion-end-confirmation').waitFor();
        await checkScreen(page, 'promotions-end-confirm');
        await page.getByRole('button', { name: 'Yes, end it now' }).dblclick();
        await page.getByText(`${code} has ended: the cart refuses it from now on.`).waitFor();
        await expect(row.textContent()).resolves.toContain('Ended');
        await checkScreen(page, 'promotions-ended');

        // The customer's purchase with the ended code is refused with the promo-code message; nothing is bought.
        const refused = await api('/cart/purchase', {}, { 'idempotency-key': `bo-promo-buy-${Date.now()}` });
        expect(refused.status).toBe(422);
        expect(refused.body.messages?.[0]).toMatchObject({
          code: 'promotion_not_added',
          text: 'This promotion code has expired.',
        });
        // The cart screen refuses the code too.
        await customer.page.goto(`${base}/cart`);
        await waitForHydration(customer.page);
        const applied = customer.page.getByRole('button', { name: 'Remove promotion' });
        if (await applied.count()) {
          await applied.click();
          await customer.page.getByLabel(/promotion code/i).waitFor();
        }
        await customer.page.getByLabel(/promotion code/i).fill(code);
        await customer.page.getByRole('button', { name: /^Apply/ }).click();
        await customer.page.getByTestId('promotion-error').waitFor();
        await expect(customer.page.getByTestId('promotion-error').textContent()).resolves.toBe(
          'This promotion code has expired.',
        );
      } finally {
        await customer.close();
      }

      await page.goto(`${base}/back-office/audit`);
      const audit = (await page.getByRole('table', { name: 'Audit log entries' }).textContent()) ?? '';
      for (const action of ['price.change', 'promotion.update', 'promotion.end'])
        expect(audit, action).toContain(action);
      expect(admin.errors).toEqual([]);
    },
  );
});
