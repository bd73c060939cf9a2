// Back office, draws and the catalogue (issue 21 "Done when"): an admin (first from the CLI) creates two draw officers
// on the Operators screen; a customer buys a Weekday Windfall ticket with chosen numbers (no other journey buys or
// advances Weekday Windfall, so this one owns its calendar); officer A closes the draw's sales and enters its official
// result in the Draws screen — first one that breaks the game's rules (refused with the reason), then prizes per
// division with a pool division missing (refused) and a negative one (the API's reason, per division) — and settling before
// a second confirmation is refused; officer B confirms and settles (a confirmation step, clicked twice); the winners
// list shows the prize typed for division 4 (and the per-division table its winner), the customer's wallet shows it
// once, and the audit log lists the close, the entry, the
// confirmation and the settlement. A second journey: the admin suspends an offer (storefront: not found, not
// buyable) and resumes it, creates a promotion code (bad input shown per field), sends a notification campaign (the
// segment's audience and a confirmation first; sent again, it posts nothing), and disables an operator, whose session
// ends at once. axe on each new screen at 390 and 1280 px; screenshots in /tmp/shots-back-office.
import type { BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkScreen, createOperator, PASSWORD, PHONE_390, signIn } from './back-office-helpers.ts';
import { DESKTOP, openBrowser, useBrowser, waitForHydration, type OpenBrowser } from './browser.ts';
import { customerToken, signedHeaders, signUpAndLogin, testCustomer, uniqueEmail } from './customers.ts';

const browse = useBrowser();
const OFFER = 'weekday-windfall';
const NEW_PASSWORD = 'My own back-office passphrase 7';
const TICKET = [
  [1, 2, 3, 4, 5, 6],
  [7, 8, 9, 10, 11, 12],
  [13, 14, 15, 16, 17, 18],
  [19, 20, 21, 22, 23, 24],
];
/** Four of the first line's numbers: one line wins division 4, the others nothing. */
const RESULT = { numbers: '1 2 3 4 40 41', supps: '42 43' };

/** The prizes typed with the right result (division 1, a fixed prize, left to the prize table). */
const DIVIDENDS = {
  'Division 2 (5 + supp)': '25000',
  'Division 3 (5)': '1500',
  'Division 4 (4)': '31.40',
  'Division 5 (3 + supp)': '12.10',
  'Division 6 (1 or 2 + both supps)': '4',
};

/** Officer A's result form: the right numbers and these prizes (every other prize emptied). */
async function enterResult(page: Page, prizes: Record<string, string>) {
  await page.getByLabel('Winning numbers').fill(RESULT.numbers);
  await page.getByLabel('Supplementary numbers (if the game has them)').fill(RESULT.supps);
  for (const label of ['Division 1 (6)', ...Object.keys(DIVIDENDS)])
    await page.getByLabel(label, { exact: true }).fill(prizes[label] ?? '');
  await page.getByRole('button', { name: 'Enter result' }).click();
}

/** Creates an operator on the Operators screen (the key is shown once) and answers their authenticator secret. */
async function createOnScreen(page: Page, base: string, name: string, email: string, role: string) {
  await page.goto(`${base}/back-office/operators`);
  await waitForHydration(page);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption(role);
  await page.getByLabel('First password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create operator' }).click();
  await page.getByTestId('new-operator-secret').waitFor();
  return (await page.getByTestId('new-operator-totp-secret').textContent())!.trim();
}

/** A second operator's own browser, signed in. */
async function signedInElsewhere(base: string, email: string, secret: string, next: string): Promise<OpenBrowser> {
  const o = await openBrowser(PHONE_390, { bypassCSP: true });
  await o.page.goto(`${base}${next}`);
  await signIn(o.page, email, await generate({ secret }));
  await o.page.waitForURL(`${base}${next}`);
  return o;
}

/** The customer's calls to the shop's API (signed as the storefront signs), in their browser context. */
function customerApi(context: BrowserContext, base: string) {
  return async (url: string, data: object, extra: Record<string, string> = {}) => {
    const res = await context.request.post(`${base}/api/v2${url}`, {
      headers: { ...(await signedHeaders('3.3', await customerToken(context))), ...extra },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { result: Record<string, unknown> };
  };
}

/** The storefront's answer for an address once it has seen the operator's change (the catalogue learns it by feed). */
async function storefrontStatus(page: Page, url: string, status: number) {
  // clear_cache skips the storefront's own 60 s cache of the catalogue.
  await expect
    .poll(async () => (await page.goto(`${url}?clear_cache=1`))?.status(), { timeout: 30_000, interval: 250 })
    .toBe(status);
}

/** The Campaigns screen: bad input refused, the audience and the card shown first, sent; sent again, nothing new. */
async function sendCampaign(page: Page, base: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.waitForURL(`${base}/back-office/campaigns`);
  await waitForHydration(page);
  await checkScreen(page, 'campaigns');
  await page.getByRole('button', { name: 'Review the campaign' }).click();
  await page.getByText('Choose a segment.').waitFor();
  await page.getByLabel('Segment').selectOption('default');
  await page.getByLabel('Title').fill('Weekday jackpots');
  await page.getByLabel('Message').fill('Three draws a week: Monday, Wednesday and Friday.');
  await page.getByLabel('Link (optional)').fill('/weekday-windfall');
  await page.getByRole('button', { name: 'Review the campaign' }).click();
  await page.getByText('A link needs its text.').waitFor();
  await page.getByLabel('Link text (optional)').fill('Play now');
  await page.getByRole('button', { name: 'Review the campaign' }).click();
  const confirmation = page.getByTestId('campaign-confirmation');
  await confirmation.waitFor();
  const heading = (await confirmation.getByRole('heading').textContent()) ?? '';
  const audience = Number(/Send this card to (\d+) customers? of segment default\?/.exec(heading)![1]);
  expect(audience).toBeGreaterThan(0);
  await checkScreen(page, 'campaigns-confirm');
  const confirmUrl = page.url();
  await confirmation.getByRole('button', { name: /^Yes, send to/ }).dblclick();
  await page.getByText(`Sent: ${audience} card${audience === 1 ? '' : 's'} posted to segment default`).waitFor();
  // The same campaign sent again (its confirmation page reopened): nobody gets a second card.
  await page.goto(confirmUrl);
  await page.getByRole('button', { name: /^Yes, send to/ }).click();
  await page.getByText('Sent: 0 cards posted to segment default').waitFor();
}

describe('back office: draws', () => {
  it(
    'two draw officers enter, confirm and settle a result; the winner is paid once; the audit log has it all',
    { timeout: 360_000 },
    async () => {
      const admin = await browse(DESKTOP, { bypassCSP: true });
      const base = admin.baseUrl;
      const adminEmail = uniqueEmail('bo-draws-admin');
      const adminSecret = createOperator(adminEmail, 'Ada Admin', 'admin');
      await admin.page.goto(`${base}/back-office/operators`);
      await signIn(admin.page, adminEmail, await generate({ secret: adminSecret }));
      await admin.page.waitForURL(`${base}/back-office/operators`);
      const emailA = uniqueEmail('officer-a');
      const emailB = uniqueEmail('officer-b');
      const secretA = await createOnScreen(admin.page, base, 'Olive Officer', emailA, 'draw_officer');
      const secretB = await createOnScreen(admin.page, base, 'Otto Officer', emailB, 'draw_officer');

      // The customer's ticket in the next Weekday Windfall draw, with chosen numbers, paid from the wallet.
      const customer = await openBrowser(DESKTOP, { bypassCSP: true });
      const a = await signedInElsewhere(base, emailA, secretA, `/back-office/draws?offer=${OFFER}&status=DRAW_OPEN`);
      let b: OpenBrowser | null = null;
      try {
        const { customerId } = await signUpAndLogin(customer, testCustomer('bo-draws', { firstname: 'Wendy' }));
        const post = customerApi(customer.context, base);
        await post('/funds/td/deposit', { amount: 10 }, { 'idempotency-key': `bo-draws-dep-${Date.now()}` });
        await post('/cart/items', {
          item: {
            product_type: 'lottery_ticket',
            product_offer_key: OFFER,
            game_type: 'standard',
            game_offer: 'standard',
            games: TICKET.map((numbers) => ({ sets: { numbers } })),
          },
        });
        await post('/cart/purchase', {}, { 'idempotency-key': `bo-draws-buy-${Date.now()}` });

        // Officer A: the schedule, the draw on sale, its sales closed after a confirmation step.
        const pa = a.page;
        await pa.getByRole('table', { name: 'Draws' }).waitFor();
        await checkScreen(pa, 'draws-schedule');
        const firstDraw = pa
          .getByRole('table', { name: 'Draws' })
          .getByRole('link', { name: new RegExp(`^${OFFER} `) });
        await firstDraw.first().click();
        const panel = pa.getByTestId('draw-panel');
        await panel.waitFor();
        const drawUrl = new URL(pa.url());
        const drawId = drawUrl.searchParams.get('draw')!;
        const drawPanelUrl = `${base}/back-office/draws?draw=${drawId}`;
        await panel.getByRole('link', { name: 'Close sales now…' }).click();
        await pa.getByTestId('close-confirmation').waitFor();
        await checkScreen(pa, 'draws-close-confirm');
        await pa.getByRole('button', { name: 'Yes, close sales' }).click();
        await pa.getByText('Sales closed: the result can be entered now').waitFor();

        // A result that breaks the game's rules: refused with the reason, nothing entered.
        await waitForHydration(pa);
        await pa.getByLabel('Winning numbers').fill('1 2 3 4 40');
        await pa.getByLabel('Supplementary numbers (if the game has them)').fill(RESULT.supps);
        await pa.getByRole('button', { name: 'Enter result' }).click();
        await pa.getByText(/Weekday Windfall needs 6 main numbers/).waitFor();
        await checkScreen(pa, 'draws-result-refused');
        // The prizes per division: one typed leaves the other pool divisions to type too; a negative one is refused
        // by the API with its reason; division 1 (a fixed prize) left empty takes the prize table's amount.
        await enterResult(pa, { 'Division 4 (4)': '31.40' });
        await pa.getByText('Enter the prize of division 2 too, or leave every prize empty').waitFor();
        await enterResult(pa, { ...DIVIDENDS, 'Division 4 (4)': '-5.00' });
        await pa.getByText('Division 4: A prize cannot be negative.', { exact: true }).waitFor();
        await checkScreen(pa, 'draws-dividends-refused');
        await enterResult(pa, DIVIDENDS);
        await pa.getByText('Result entered. A second operator must confirm it').waitFor();
        await expect(pa.getByTestId('result-proposal').textContent()).resolves.toContain('1 2 3 4 40 41');
        await expect(pa.getByTestId('proposal-dividends').textContent()).resolves.toBe(
          'Prizes: Division 1 $1,000,000.00 · Division 2 $25,000.00 · Division 3 $1,500.00 · Division 4 $31.40 · ' +
            'Division 5 $12.10 · Division 6 $4.00.',
        );

        // Settling before a second operator confirms: refused with the reason; so is confirming one's own entry.
        await pa.getByRole('link', { name: 'Settle…' }).click();
        await pa.getByRole('button', { name: 'Yes, settle and pay' }).click();
        await pa
          .getByText(
            'This draw has no confirmed result yet: a second operator must confirm the result before settlement.',
          )
          .waitFor();
        await pa.goto(drawPanelUrl);
        await pa.getByRole('button', { name: 'Confirm this result' }).click();
        await pa.getByText('A second operator must confirm this result: you entered it.').waitFor();

        // Officer B confirms; then settles, after the confirmation step, with a double click.
        b = await signedInElsewhere(base, emailB, secretB, `/back-office/draws?draw=${drawId}`);
        const pb = b.page;
        await pb.getByTestId('result-proposal').waitFor();
        await checkScreen(pb, 'draws-confirm-result');
        await pb.getByRole('button', { name: 'Confirm this result' }).click();
        await pb.getByText('Result confirmed: it is now the official result.').waitFor();
        // The draw clock settles a drawn draw within seconds too: settlement happens once, whoever asks first.
        const settle = pb.getByRole('link', { name: 'Settle…' });
        if (await settle.count()) {
          await settle.click();
          await pb.getByRole('button', { name: 'Yes, settle and pay' }).waitFor();
          await checkScreen(pb, 'draws-settle-confirm');
          await pb.getByRole('button', { name: 'Yes, settle and pay' }).dblclick();
          await pb.getByText(/^Settled: 1 winning line, \$[\d,.]+ in prizes paid\.$/).waitFor();
        }
        await pb.goto(`${base}/back-office/draws?draw=${drawId}`);
        await expect(pb.getByTestId('draw-panel').getByRole('heading').first().textContent()).resolves.toMatch(
          /DRAW_(PAID|EMAILED)$/,
        );
        const winners = pb.getByRole('table', { name: 'Winning tickets' });
        await winners.waitFor();
        const winnerRows = winners.getByRole('row').filter({ hasText: customerId });
        await expect(winnerRows.count()).resolves.toBe(1);
        const prize = /\$[\d,]+\.\d{2}/.exec((await winnerRows.textContent()) ?? '')![0];
        expect(prize).toBe('$31.40');
        await expect(winnerRows.textContent()).resolves.toContain('4');
        // Per division: the dividend entered, one winning line in division 4 and what it was paid.
        const division4 = pb
          .getByRole('table', { name: 'Winners and prizes per division' })
          .getByRole('row')
          .filter({ has: pb.getByRole('cell', { name: '4', exact: true }) });
        await expect(division4.first().textContent()).resolves.toMatch(/^4\s*4\s*\$31\.40\s*1\s*\$31\.40$/);
        await checkScreen(pb, 'draws-winners');

        // An official results file for the same draw: one breaking the rules and one with the wrong date are refused
        // with every reason and import nothing; the right file finds the result official already (nothing to confirm).
        const drawNo = Number(drawId.split('_').at(-1));
        const feedFor = (date: string, primary: number[]) => ({
          DrawResults: [
            {
              ProductId: 'WeekdayWindfall',
              DrawNumber: drawNo,
              DrawDate: `${date}T00:00:00`,
              PrimaryNumbers: primary,
              SecondaryNumbers: RESULT.supps.split(' ').map(Number),
            },
          ],
        });
        const importFile = async (feed: unknown) => {
          await pa.goto(`${base}/back-office/draws`);
          await waitForHydration(pa);
          await pa.getByLabel('Results file (JSON)').setInputFiles({
            name: 'results.json',
            mimeType: 'application/json',
            buffer: Buffer.from(JSON.stringify(feed)),
          });
          await pa.getByRole('button', { name: 'Import for confirmation' }).click();
        };
        const numbers = RESULT.numbers.split(' ').map(Number);
        await importFile(feedFor('2000-01-01', [1, 2, 3, 4, 40]));
        await pa.getByText('The results file was refused; nothing was imported.').waitFor();
        await pa
          .getByText(new RegExp(`WeekdayWindfall draw ${drawNo}: Weekday Windfall needs 6 main numbers`))
          .waitFor();
        await importFile(feedFor('2000-01-01', numbers));
        const dated = pa.getByText(
          new RegExp(`the file dates it 2000-01-01, the shop's schedule \\d{4}-\\d{2}-\\d{2}`),
        );
        await dated.waitFor();
        await checkScreen(pa, 'draws-import-refused');
        const scheduled = /schedule (\d{4}-\d{2}-\d{2})/.exec((await dated.textContent()) ?? '')![1]!;
        await importFile(feedFor(scheduled, numbers));
        const imported = pa.getByTestId('results-imported');
        await imported.waitFor();
        await expect(imported.textContent()).resolves.toBe(`${OFFER} ${drawNo}: already official, nothing to do`);

        // The customer's wallet shows the prize once.
        await customer.page.goto(`${base}/my-account/transactions`);
        await expect(customer.page.getByTestId('transaction-row').filter({ hasText: prize }).count()).resolves.toBe(1);

        // The audit log: the close, the refused and accepted entries, the confirmation and the settlement.
        await admin.page.goto(`${base}/back-office/audit`);
        const audit = (await admin.page.getByRole('table', { name: 'Audit log entries' }).textContent()) ?? '';
        for (const action of [
          'draw.close',
          'draw.result.propose',
          'draw.result.confirm',
          'draw.settle',
          'draw.result.import',
        ])
          expect(audit, action).toContain(action);
        expect(admin.errors).toEqual([]);
      } finally {
        await b?.close();
        await a.close();
        await customer.close();
      }
    },
  );

  it(
    'the admin suspends and resumes an offer, creates a promotion code, sends a campaign and disables an operator',
    { timeout: 300_000 },
    async () => {
      const admin = await browse(PHONE_390, { bypassCSP: true });
      const { page, baseUrl: base } = admin;
      const adminEmail = uniqueEmail('bo-cat-admin');
      const adminSecret = createOperator(adminEmail, 'Cat Admin', 'admin');
      await page.goto(`${base}/back-office/offers`);
      await signIn(page, adminEmail, await generate({ secret: adminSecret }));
      await page.waitForURL(`${base}/back-office/offers`);

      // Offers: suspend (asked first) → the storefront's page is not found and the offer cannot be bought → resume.
      const shop = await openBrowser(DESKTOP);
      try {
        await storefrontStatus(shop.page, `${base}/${OFFER}`, 200);
        const row = page.getByRole('row').filter({ hasText: 'Weekday Windfall' });
        await expect(row.textContent()).resolves.toContain('On sale');
        await checkScreen(page, 'offers');
        await row.getByRole('link', { name: 'Suspend Weekday Windfall…' }).click();
        await page.getByTestId('offer-confirmation').waitFor();
        await checkScreen(page, 'offers-confirm');
        await page.getByRole('button', { name: 'Yes, suspend it' }).click();
        await page.getByText('Weekday Windfall is suspended: it is off sale in the shop.').waitFor();
        await expect(row.textContent()).resolves.toContain('Suspended');
        try {
          await storefrontStatus(shop.page, `${base}/${OFFER}`, 404);
          await shop.page.goto(`${base}/lotto-tickets?clear_cache=1`);
          await expect(shop.page.locator(`main a[href^="/${OFFER}"]`).count()).resolves.toBe(0);
        } finally {
          await row.getByRole('link', { name: 'Resume Weekday Windfall…' }).click();
          await page.getByRole('button', { name: 'Yes, put it back on sale' }).click();
          await page.getByText('Weekday Windfall is back on sale.').waitFor();
        }
        await storefrontStatus(shop.page, `${base}/${OFFER}`, 200);
      } finally {
        await shop.close();
      }

      // Promotions: bad input shown on its fields; a good code listed with its usage of its limit.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promotions' }).click();
      await page.waitForURL(`${base}/back-office/promotions`);
      await waitForHydration(page);
      const code = `BO${Date.now().toString(36).toUpperCase()}`;
      await page.getByLabel('Code', { exact: true }).fill('x!');
      await page.getByLabel('Type').selectOption('voucher_percent_discount');
      await page.getByLabel('Value').fill('20000');
      await page.getByLabel('Description').fill('Ten percent off');
      await page.getByRole('button', { name: 'Create code' }).click();
      await page.getByText('A code is 3 to 32 letters, digits, - or _.').waitFor();
      await page.getByText('A percent discount is at most 10000 basis points (100%).').waitFor();
      await checkScreen(page, 'promotions-invalid');
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Value').fill('1000');
      await page.getByLabel('Uses in all (optional)').fill('50');
      await page.getByRole('button', { name: 'Create code' }).click();
      await page.getByText(`Code ${code} created`).waitFor();
      const promo = page.getByRole('row').filter({ hasText: code });
      await expect(promo.textContent()).resolves.toContain('0 / 50');
      await expect(promo.textContent()).resolves.toContain('10%');
      await checkScreen(page, 'promotions');

      // Campaigns: the segment's audience and the card first; sent once, however often it is sent.
      const reader = await openBrowser(DESKTOP);
      try {
        await signUpAndLogin(reader, testCustomer('bo-campaign'));
        await sendCampaign(page, base);
        // The customer's feed has the card once.
        const res = await reader.context.request.get(`${base}/api/v2/notifications/cards?limit=50`, {
          headers: await signedHeaders('3.3', await customerToken(reader.context)),
        });
        expect(res.status(), await res.text()).toBe(200);
        const cards = ((await res.json()) as { result: { title: string }[] }).result;
        expect(cards.filter((c) => c.title === 'Weekday jackpots')).toHaveLength(1);
      } finally {
        await reader.close();
      }

      // Disabling an operator: their open session ends at once and sign-in is refused; not one's own account.
      const supportEmail = uniqueEmail('bo-support');
      const supportSecret = createOperator(supportEmail, 'Sue Support', 'support');
      const support = await signedInElsewhere(base, supportEmail, supportSecret, '/back-office/customers');
      try {
        await page.goto(`${base}/back-office/operators`);
        await expect(
          page
            .getByRole('row')
            .filter({ hasText: adminEmail })
            .getByRole('link', { name: /Disable/ })
            .count(),
        ).resolves.toBe(0);
        await page
          .getByRole('row')
          .filter({ hasText: supportEmail })
          .getByRole('link', { name: `Disable ${supportEmail}…` })
          .click();
        await page.getByTestId('operator-confirmation').waitFor();
        await checkScreen(page, 'operators-disable-confirm');
        await page.getByRole('button', { name: 'Yes, disable the account' }).click();
        await page
          .getByText(`${supportEmail} is disabled: their sessions have ended and sign-in is refused.`)
          .waitFor();
        await checkScreen(page, 'operators-disabled');
        await support.page.goto(`${base}/back-office/customers`);
        await support.page.waitForURL(/\/back-office\/sign-in\?notice=ended/);
        // A code of the next time step (never used, and within the accepted window): refused all the same.
        const epoch = Math.floor(Date.now() / 1000) + 30;
        await signIn(support.page, supportEmail, await generate({ secret: supportSecret, epoch }));
        await support.page.getByText('The email, password or authenticator code is not right.').waitFor();
      } finally {
        await support.close();
      }
      // An operator makes the first password (the admin's choice) their own; their phone lost, the admin gives them a
      // new authenticator key, shown once: their session ends and the old codes stop; the new key signs them in.
      const patEmail = uniqueEmail('bo-pat');
      const patSecret = createOperator(patEmail, 'Pat Password', 'support');
      const pat = await signedInElsewhere(base, patEmail, patSecret, '/back-office/customers');
      try {
        await pat.page.getByRole('link', { name: 'Your password' }).click();
        await pat.page.waitForURL(`${base}/back-office/account`);
        await waitForHydration(pat.page);
        await pat.page.getByLabel('Current password').fill('not my password');
        await pat.page.getByLabel('New password').fill(NEW_PASSWORD);
        await pat.page.getByRole('button', { name: 'Change password' }).click();
        await pat.page.getByText('Your current password is not right.').first().waitFor();
        await pat.page.getByLabel('Current password').fill(PASSWORD);
        await pat.page.getByLabel('New password').fill(NEW_PASSWORD);
        await pat.page.getByRole('button', { name: 'Change password' }).click();
        await pat.page.getByText('Your password is changed. Your other back-office sessions have ended.').waitFor();
        await checkScreen(pat.page, 'account-password');

        await page.goto(`${base}/back-office/operators`);
        await page.getByRole('link', { name: `New authenticator for ${patEmail}…` }).click();
        await page.getByTestId('operator-confirmation').waitFor();
        await checkScreen(page, 'operators-reset-confirm');
        await page.getByRole('button', { name: 'Yes, make a new authenticator key' }).click();
        await page.getByRole('heading', { name: 'Pat Password has a new authenticator' }).waitFor();
        const newSecret = (await page.getByTestId('new-operator-totp-secret').textContent())!.trim();
        expect(newSecret).not.toBe(patSecret);
        await expect(page.getByTestId('operator-confirmation').count()).resolves.toBe(0);
        await checkScreen(page, 'operators-reset-done');

        await pat.page.goto(`${base}/back-office/customers`);
        await pat.page.waitForURL(/\/back-office\/sign-in\?notice=ended/);
        const next = Math.floor(Date.now() / 1000) + 30;
        await signIn(pat.page, patEmail, await generate({ secret: patSecret, epoch: next }), NEW_PASSWORD);
        await pat.page.getByText('The email, password or authenticator code is not right.').waitFor();
        await signIn(pat.page, patEmail, await generate({ secret: newSecret }), NEW_PASSWORD);
        await pat.page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      } finally {
        await pat.close();
      }

      await page.goto(`${base}/back-office/audit`);
      const audit = (await page.getByRole('table', { name: 'Audit log entries' }).textContent()) ?? '';
      for (const action of [
        'offer.suspend',
        'offer.resume',
        'promotion.create',
        'notification.campaign',
        'operator.disable',
        'operator.password.change',
        'operator.authenticator.reset',
      ])
        expect(audit, action).toContain(action);
      expect(admin.errors).toEqual([]);
    },
  );
});
