// Shopping steps the journeys share: a quickpick in the cart, a test card saved at the payment step, and the card
// security code the gateway may ask for.
import type { Page } from 'playwright-core';
import { answerConsent, screenshotPath, waitForHydration } from './browser.ts';

/**
 * Builds a quickpick of an offer (Oz Lotto's first game, or every game of another offer) and adds it to the cart (the
 * page moves on to the cart or its pre-cart). Journeys that run after others advanced Oz Lotto's draws on the shared
 * server use another offer: Oz Lotto's next draw may then be a pre-order.
 */
export async function addQuickpick(page: Page, baseUrl: string, offer = 'oz-lotto') {
  await page.goto(`${baseUrl}/${offer}/standard`);
  await waitForHydration(page);
  await answerConsent(page);
  const quickpick =
    offer === 'oz-lotto'
      ? page.getByRole('button', { name: 'Quickpick game 1', exact: true })
      : page.getByRole('button', { name: 'Quickpick all' });
  await quickpick.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
    // Say what the page shows instead (an error page, no open draw...), not only that a button is missing.
    await page.screenshot({ path: screenshotPath('checkout-no-quickpick'), fullPage: true });
    throw new Error(
      `${error.message}\npage ${page.url()}:\n${(await page.locator('main').innerText()).slice(0, 1500)}`,
    );
  });
  await quickpick.click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL((url) => url.pathname === '/cart' || url.searchParams.has('precart'), { timeout: 15_000 });
}

/** Saves a test card on the payment step (/cart/buy) and waits for the deposit-and-buy button. */
export async function saveCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Cass Koala');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YY)').fill('30');
  await page.getByLabel('Card security code (CVC)').first().fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByTestId('deposit-buy-button').waitFor();
}

/** Fills the card security code of the payment step when the gateway asks for it. */
export async function fillCscIfAsked(page: Page) {
  const csc = page.locator('#checkout-csc');
  if ((await csc.count()) > 0) await csc.fill('123');
}
