// Browser journey of paying unattended (issue 15, h/rec-pay): an autoplay paid by a declined card with an empty wallet
// fails hard in the recurring processor -> the payment-resolution banner shows site-wide -> the customer adds a working
// card, pays the autoplay from it and retries -> the ticket is bought (one approved deposit, the wallet balanced).
// The setup creates the autoplay (the seed's Oz Lotto sells autoplay) and runs the processor through the services, as
// other journeys set data up.
import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshotPath, useBrowser, waitForHydration } from './browser.ts';
import { signUpAndLogin, testCustomer } from './customers.ts';

const browse = useBrowser();

/** Runs a module script against the journey's shop (its DATA_DIR) with the services; answers what it prints. */
function shopScript(body: string): string {
  const script = `
    import { sql } from 'drizzle-orm';
    import { loadConfig } from './apps/api/src/env.ts';
    import { openDatabase } from './apps/api/src/db/index.ts';
    import { createServices } from './apps/api/src/services.ts';
    import { systemClock } from './apps/api/src/lib/clock.ts';
    const config = loadConfig();
    const database = await openDatabase(config);
    try {
      const services = createServices({ database, clock: systemClock, config });
      ${body}
    } finally { await database.close(); }`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`shop script failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}

/**
 * The customer's Oz Lotto autoplay, paid by a declined card with an empty wallet, made due for the draw on sale (as if
 * it had bought the one before) and run through the processor: it fails hard.
 */
function failedAutoplay(customerId: string): void {
  shopScript(`
    const id = ${JSON.stringify(customerId)};
    const card = await services.payments.funds.addCard(id, {
      cardNumber: '4000000000000002', expiryMonth: 12, expiryYear: new Date().getFullYear() + 3, holderName: 'Rita Recurring',
    });
    await services.identity.preferences.setRecurringPurchaseMethod(id, card.id);
    const ticket = { productType: 'lottery_ticket', productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: 'standard',
      games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }], numDraws: 'autoplay' };
    await database.db.transaction((tx) => services.ledger.creditDeposit(tx, {
      customerId: id, amountCents: 155, currency: 'AUD', reference: 'e2e-autoplay-' + id, description: 'Test deposit' }));
    await services.purchase.purchaseItems(id, 'e2e-autoplay-first', [ticket]);
    await database.db.execute(sql\`update recurring_purchases set last_draw_no = last_draw_no - 1 where customer_id = \${id}\`);
    await services.recurringProcessor.run({ customerId: id });`);
}

/** The customer's money and what was charged: available funds, deposits by status, tickets. */
function moneyOf(customerId: string): { available: number; deposits: string[]; tickets: number } {
  return JSON.parse(
    shopScript(`
      const id = ${JSON.stringify(customerId)};
      const { availableFundsCents } = await services.ledger.fundsSummary(id);
      const deposits = await database.db.execute(sql\`select status, amount_cents from payments_deposits where customer_id = \${id} order by id\`);
      const tickets = await database.db.execute(sql\`select count(*)::int as n from orders_tickets where customer_id = \${id}\`);
      console.log(JSON.stringify({ available: availableFundsCents,
        deposits: deposits.rows.map((d) => d.status + ':' + d.amount_cents), tickets: Number(tickets.rows[0].n) }));`),
  );
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`payment resolution journey at ${viewport.width} px`, () => {
    it('a declined card fails the autoplay; the banner leads to adding a card, paying from it and retrying', async () => {
      const open = await browse(viewport, { bypassCSP: true });
      const { page, baseUrl, errors } = open;
      const { customerId } = await signUpAndLogin(open, testCustomer('recpay', { firstname: 'Rita' }));
      // The shop's own recurring job may be the run that fails it: what counts is what was charged and bought.
      failedAutoplay(customerId);
      expect(moneyOf(customerId)).toEqual({ available: 0, deposits: ['failed:1000'], tickets: 1 });

      // The banner shows on any page of a signed-in customer with a failed recurring payment.
      await page.goto(`${baseUrl}/lotto-tickets`);
      await waitForHydration(page);
      const banner = page.getByTestId('payment-resolution-banner');
      await banner.waitFor();
      await page.screenshot({ path: screenshotPath(`payment-resolution-banner-${name}`) });
      await banner.getByRole('link', { name: 'Fix payment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fix a payment problem' }).waitFor();
      await waitForHydration(page);
      const problem = page.getByTestId('payment-resolution');
      await expect(problem.textContent()).resolves.toContain('Paid from: Visa ending 0002');
      await expect(problem.textContent()).resolves.toContain('Your card was declined.');
      await expect(page.getByTestId('payment-resolution-banner').count()).resolves.toBe(0);
      await page.screenshot({ path: screenshotPath(`payment-resolution-screen-${name}`), fullPage: true });
      await expect(axeViolations(page)).resolves.toEqual([]);

      // Add a working card through the add-card form; the screen comes back.
      await page.getByLabel('Name on card').fill('Rita Recurring');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiry month (MM)').fill('12');
      await page.getByLabel('Expiry year (YY)').fill(String((new Date().getFullYear() + 3) % 100));
      await page.getByLabel('Card security code (CVC)').fill('123');
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.getByRole('option', { name: 'Visa ending 4242' }).waitFor({ state: 'attached' });

      // Pay the autoplay from it, then retry.
      await page.getByLabel('Pay from').selectOption({ label: 'Visa ending 4242' });
      await page.getByRole('button', { name: 'Use this' }).click();
      await page.getByText('Paid from: Visa ending 4242').waitFor();
      await page.getByRole('button', { name: 'I have updated my payment method, try again' }).click();
      await page
        .getByText('Thanks, your payment went through and your ticket was bought.')
        .waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('payment-resolution').count()).resolves.toBe(0);
      await page.screenshot({ path: screenshotPath(`payment-resolution-completed-${name}`), fullPage: true });

      // Bought once: the new card's one deposit paid for the ticket; the rest stays in the wallet.
      expect(moneyOf(customerId)).toEqual({
        available: 1000 - 155,
        deposits: ['failed:1000', 'approved:1000'],
        tickets: 2,
      });
      await page.goto(`${baseUrl}/lotto-tickets`);
      await waitForHydration(page);
      await expect(page.getByTestId('payment-resolution-banner').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });
  });
}
